import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { commitFileChanges, moveBranch, type FileChange } from './fileCommit';
import type { CommitPerson } from './identity';
import { initBareRepository, type ObjectFormat } from './init';
import { branchRef } from './refs';
import { GitError, runGit } from './run';

// The wiki of a repository is a bare repository of its own (its folder: paths.ts managedWikiDir).

export const wikiExists = (wikiDir: string): boolean => existsSync(wikiDir);

/** One commit of the wiki, with what Gitea's WikiCommit carries. */
export interface WikiCommitInfo {
  readonly sha: string;
  readonly author: { readonly name: string; readonly email: string; readonly date: string };
  readonly committer: { readonly name: string; readonly email: string; readonly date: string };
  readonly message: string;
}

/**
 * The branch the wiki's HEAD names (read from the file: `git symbolic-ref` counts as a reference change and
 * would unsettle every answer's tag); undefined without a wiki or with a detached HEAD.
 */
export function wikiHeadBranch(wikiDir: string): string | undefined {
  try {
    const head = readFileSync(path.join(wikiDir, 'HEAD'), 'utf8').trim();
    return /^ref: refs\/heads\/(.+)$/.exec(head)?.[1];
  } catch {
    return undefined;
  }
}

/** The tip of the wiki's branch; undefined while the wiki has no commit on it. */
export async function wikiTip(wikiDir: string, branch: string): Promise<string | undefined> {
  if (!wikiExists(wikiDir)) return undefined;
  try {
    return (
      await runGit(['rev-parse', '--verify', '--quiet', `${branchRef(branch)}^{commit}`], { gitDir: wikiDir })
    ).stdout.trim();
  } catch (error) {
    if (error instanceof GitError) return undefined;
    throw error;
  }
}

/** One entry at the top of the wiki's tree. */
export interface WikiTreeEntry {
  readonly path: string;
  readonly mode: string;
  readonly type: string;
  readonly id: string;
}

/** Every entry at the top of the wiki's tree, in git's order (Gitea's ListEntries). */
export async function wikiTopEntries(wikiDir: string, commit: string): Promise<WikiTreeEntry[]> {
  const { stdout } = await runGit(['ls-tree', '-z', commit], { gitDir: wikiDir });
  const entries: WikiTreeEntry[] = [];
  for (const record of stdout.split('\0')) {
    const match = /^(\d+) (\w+) ([0-9a-f]+)\t(.+)$/s.exec(record);
    if (match?.[4] !== undefined)
      entries.push({ mode: match[1]!, type: match[2]!, id: match[3]!, path: match[4] });
  }
  return entries;
}

/** The files at the top of the wiki's tree (Gitea lists only those as pages), with their blob ids. */
export async function wikiTopFiles(
  wikiDir: string,
  commit: string,
): Promise<Array<{ path: string; blob: string }>> {
  return (await wikiTopEntries(wikiDir, commit))
    .filter((entry) => entry.type === 'blob')
    .map((entry) => ({ path: entry.path, blob: entry.id }));
}

/** The blob of a file of the wiki at `commit`, by its exact path; undefined when it is not there. */
export async function wikiBlob(
  wikiDir: string,
  commit: string,
  gitPath: string,
): Promise<string | undefined> {
  try {
    // `ls-tree` takes the path literally (no revision syntax), so any page name is safe here.
    const { stdout } = await runGit(['ls-tree', '-z', commit, '--', gitPath], { gitDir: wikiDir });
    const match = /^\d+ blob ([0-9a-f]+)\t(.*)\0/s.exec(stdout);
    // ls-tree also lists a file whose path merely differs by a trailing slash: the name must be the same
    return match?.[1] !== undefined && match[2] === gitPath ? match[1] : undefined;
  } catch (error) {
    if (error instanceof GitError) return undefined;
    throw error;
  }
}

/** A file of the wiki at `commit`, by its exact path; undefined when it is not there. */
export async function wikiFile(
  wikiDir: string,
  commit: string,
  gitPath: string,
): Promise<{ blob: string; content: string } | undefined> {
  const blob = await wikiBlob(wikiDir, commit, gitPath);
  if (blob === undefined) return undefined;
  const { stdout } = await runGit(['cat-file', 'blob', blob], { gitDir: wikiDir });
  // Wiki pages are text (Gitea reads them as strings too).
  return { blob, content: stdout };
}

// A page name is a file name, never a pattern: `*.md` names the page `*`, not every page.
const literalPaths = { GIT_LITERAL_PATHSPECS: '1' };

const logFormat = '%H%x00%an%x00%ae%x00%aI%x00%cn%x00%ce%x00%cI%x00%B%x1e';

/** The commits that touched `gitPath`, newest first, a page of them, and how many there are in all. */
export async function wikiFileCommits(
  wikiDir: string,
  commit: string,
  gitPath: string,
  skip: number,
  limit: number,
): Promise<{ commits: WikiCommitInfo[]; total: number }> {
  const total = Number(
    (
      await runGit(['rev-list', '--count', commit, '--', gitPath], { gitDir: wikiDir, env: literalPaths })
    ).stdout.trim(),
  );
  const { stdout } = await runGit(
    ['log', `--format=${logFormat}`, `--skip=${skip}`, `--max-count=${limit}`, commit, '--', gitPath],
    { gitDir: wikiDir, env: literalPaths },
  );
  const commits = stdout
    .split('\x1e')
    .map((record) => record.replace(/^\n/, ''))
    .filter((record) => record !== '')
    .map((record): WikiCommitInfo => {
      const fields = record.split('\0');
      const at = (i: number): string => fields[i] ?? '';
      return {
        sha: at(0),
        author: { name: at(1), email: at(2), date: at(3) },
        committer: { name: at(4), email: at(5), date: at(6) },
        message: at(7),
      };
    });
  return { commits, total };
}

export interface WikiWrite {
  readonly branch: string;
  readonly objectFormat: ObjectFormat;
  readonly changes: readonly FileChange[];
  readonly message: string;
  readonly author: CommitPerson;
}

/**
 * Commits `changes` on the wiki's branch, creating the wiki's repository on its first page as Gitea does
 * (InitWiki). False when the branch moved meanwhile, so the caller can answer a conflict.
 */
export async function writeWiki(wikiDir: string, write: WikiWrite): Promise<boolean> {
  await initWiki(wikiDir, write.branch, write.objectFormat);
  return commitWiki(wikiDir, await wikiTip(wikiDir, write.branch), write);
}

/** Creates the wiki's bare repository when it has none (Gitea's InitWiki), its HEAD on `branch`. */
export async function initWiki(wikiDir: string, branch: string, objectFormat: ObjectFormat): Promise<void> {
  if (!wikiExists(wikiDir)) await initBareRepository(wikiDir, { defaultBranch: branch, objectFormat });
}

/**
 * Commits `changes` on top of `parent` (the tip the caller read its decisions from) and moves the branch
 * only if it still points there. False when another write came first.
 */
export async function commitWiki(
  wikiDir: string,
  parent: string | undefined,
  write: WikiWrite,
): Promise<boolean> {
  const commit = await commitFileChanges(wikiDir, {
    parent,
    changes: write.changes,
    message: write.message,
    author: write.author,
    committer: write.author,
  });
  return moveBranch(wikiDir, write.branch, commit, parent);
}
