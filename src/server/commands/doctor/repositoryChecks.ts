import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { repositoriesDir } from '../../config';
import { repositoryGitDir } from '../../git/paths';
import { GitError, runGit } from '../../git/run';
import type { Database } from '../../store/database';
import {
  protectionRuleNames,
  pullsForDoctor,
  repositoriesForDoctor,
  type RepositoryForDoctor,
} from '../../store/consistency';
import { note, problem, type Finding } from './finding';

/** git against the rows: each repository's objects, its default branch, its pull requests' refs and commits. */
export async function repositoryChecks(db: Database, dataDir: string): Promise<Finding[]> {
  const findings: Finding[] = [];
  for (const repo of repositoriesForDoctor(db)) {
    if (repo.is_missing) continue; // a workspace folder gone away: the workspace sync reports it
    findings.push(...(await checkRepository(db, dataDir, repo)));
  }
  findings.push(...orphanDirectories(db, dataDir));
  return findings;
}

async function checkRepository(db: Database, dataDir: string, repo: RepositoryForDoctor): Promise<Finding[]> {
  const subject = `${repo.owner_name}/${repo.name}`;
  const gitDir = repositoryGitDir(dataDir, repo);
  if (!existsSync(path.join(gitDir, 'HEAD'))) {
    return [
      problem(
        subject,
        `its git directory ${gitDir} is missing (restore it from a backup, or delete the repository)`,
      ),
    ];
  }
  const findings: Finding[] = [];
  try {
    await runGit(['fsck', '--no-progress', '--no-dangling'], { gitDir, timeoutMs: 10 * 60_000 });
  } catch (error) {
    const detail =
      error instanceof GitError ? (error.stderr.trim() || error.stdout.trim()).split('\n').slice(0, 5) : [];
    findings.push(
      problem(
        subject,
        `git fsck failed: ${detail.map((line) => line.replace(/\s+/g, ' ')).join('; ') || (error as Error).message}`,
      ),
    );
  }
  const refs = await refsOf(gitDir);
  const branches = [...refs.keys()]
    .filter((ref) => ref.startsWith('refs/heads/'))
    .map((ref) => ref.slice(11));
  if (!repo.is_empty && !refs.has(`refs/heads/${repo.default_branch}`)) {
    findings.push(
      problem(
        subject,
        `its default branch "${repo.default_branch}" does not exist` +
          (branches.length > 0
            ? ` (branches: ${branches.slice(0, 5).join(', ')}); choose one in the settings`
            : ''),
      ),
    );
  }
  const pulls = pullsForDoctor(db, repo.id);
  const present = await existingCommits(gitDir, [
    ...pulls.map((p) => p.head_commit_id),
    ...pulls.filter((p) => p.has_merged).map((p) => p.merged_commit_id),
  ]);
  for (const pull of pulls) {
    const ref = `refs/pull/${pull.number}/head`;
    if (!refs.has(ref)) {
      const canRecreate = pull.head_commit_id !== '' && present.has(pull.head_commit_id);
      findings.push(
        problem(
          `${subject}#${pull.number}`,
          `the pull request's ${ref} is missing` +
            (canRecreate ? '' : ' and its stored head commit is not in the repository'),
          canRecreate
            ? async () => {
                await runGit(['update-ref', ref, pull.head_commit_id, ''], { gitDir });
                return `recreated ${ref} at ${pull.head_commit_id}`;
              }
            : undefined,
        ),
      );
    }
    if (pull.has_merged && !present.has(pull.merged_commit_id)) {
      findings.push(
        problem(
          `${subject}#${pull.number}`,
          `the merged pull request's merge commit ${pull.merged_commit_id || '(none recorded)'} is not in the repository`,
        ),
      );
    }
  }
  for (const rule of protectionRuleNames(db, repo.id)) {
    if (!/[*?[]/.test(rule) && !branches.includes(rule)) {
      findings.push(note(subject, `the branch protection "${rule}" protects no existing branch`));
    }
  }
  return findings;
}

async function refsOf(gitDir: string): Promise<Map<string, string>> {
  const { stdout } = await runGit(['for-each-ref', '--format=%(refname) %(objectname)'], { gitDir });
  return new Map(
    stdout
      .split('\n')
      .filter((line) => line !== '')
      .map((line) => line.split(' ') as [string, string]),
  );
}

/** Which of `ids` name commits present in the repository (one `cat-file --batch-check`). */
async function existingCommits(gitDir: string, ids: readonly string[]): Promise<Set<string>> {
  const wanted = [...new Set(ids.filter((id) => /^[0-9a-f]{40,64}$/.test(id)))];
  if (wanted.length === 0) return new Set();
  const { stdout } = await runGit(['cat-file', '--batch-check=%(objectname) %(objecttype)'], {
    gitDir,
    input: `${wanted.join('\n')}\n`,
  });
  return new Set(
    stdout
      .split('\n')
      .map((line) => line.split(' '))
      .filter(([, type]) => type === 'commit')
      .map(([id]) => id!),
  );
}

/** Folders under repositories/ that no repository row owns (left by a crash or by hand). */
function orphanDirectories(db: Database, dataDir: string): Finding[] {
  const root = repositoriesDir(dataDir);
  if (!existsSync(root)) return [];
  const owned = new Set(
    repositoriesForDoctor(db)
      .filter((repo) => repo.git_path === null)
      .map((repo) => `${repo.owner_name.toLowerCase()}/${repo.name.toLowerCase()}.git`),
  );
  const findings: Finding[] = [];
  for (const owner of readdirSync(root, { withFileTypes: true })) {
    if (!owner.isDirectory() || owner.name.startsWith('.')) continue;
    for (const entry of readdirSync(path.join(root, owner.name), { withFileTypes: true })) {
      const relative = `${owner.name}/${entry.name}`;
      if (!owned.has(relative)) {
        findings.push(
          problem(
            path.join(root, relative),
            'no repository owns this folder (move it away, or adopt it by creating the repository)',
          ),
        );
      }
    }
  }
  return findings;
}
