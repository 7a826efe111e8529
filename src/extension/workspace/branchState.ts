import path from 'node:path';
import type { BranchHead } from './branchPullRequest';
import { parseCommitLog, type CommitMessage } from './pullRequestDraft';
import { gitApi } from './gitExtension';
import { gitFailure, runGit } from './runGit';

/** The checked-out branch of a working copy, or undefined on a detached HEAD. */
export async function currentBranch(cwd: string): Promise<string | undefined> {
  const name = await runGit(cwd, ['symbolic-ref', '--quiet', '--short', 'HEAD']).catch(() => '');
  return name === '' ? undefined : name;
}

/** The checked-out branch and its upstream's name on its remote, for finding its pull request. */
export async function branchHead(rootPath: string, repository: string): Promise<BranchHead | undefined> {
  const branch = await currentBranch(rootPath);
  if (branch === undefined) return undefined;
  // `lstrip=3` turns refs/remotes/<remote>/<name> into <name> (a name may hold slashes)
  const upstream = await runGit(rootPath, [
    'for-each-ref',
    '--format=%(upstream:lstrip=3)',
    '--',
    `refs/heads/${branch}`,
  ]).catch(() => '');
  return { branch, upstream: upstream === '' ? undefined : upstream, repository };
}

/** The branch's upstream (`origin/topic`), or undefined when it has none. */
export async function upstreamOf(cwd: string, branch: string): Promise<string | undefined> {
  const upstream = await runGit(cwd, [
    'rev-parse',
    '--abbrev-ref',
    '--symbolic-full-name',
    `${branch}@{upstream}`,
  ]).catch(() => '');
  return upstream === '' ? undefined : upstream;
}

/** How many commits `ref` has that `from` has not; undefined when either does not resolve. */
export async function commitsAhead(cwd: string, from: string, ref: string): Promise<number | undefined> {
  const count = await runGit(cwd, ['rev-list', '--count', `${from}..${ref}`, '--']).catch(() => undefined);
  return count === undefined ? undefined : Number(count);
}

/** The messages of the commits `ref` has that `base` has not, oldest first; undefined when base is unknown. */
export async function commitsSince(
  cwd: string,
  base: string,
  ref: string,
): Promise<CommitMessage[] | undefined> {
  const log = await runGit(cwd, ['log', '--reverse', '--format=%s%x1f%b%x1e', `${base}..${ref}`, '--']).catch(
    () => undefined,
  );
  return log === undefined ? undefined : parseCommitLog(log);
}

/** Whether `ref` names a commit in the working copy. */
export async function resolves(cwd: string, ref: string): Promise<boolean> {
  return runGit(cwd, ['rev-parse', '--verify', '--quiet', `${ref}^{commit}`]).then(
    () => true,
    () => false,
  );
}

/**
 * Pushes `branch` to `remote` and makes it the upstream: through the git extension (its credential prompt)
 * when it has the repository, else the git CLI. Throws git's own explanation on failure.
 */
export async function pushBranch(rootPath: string, remote: string, branch: string): Promise<void> {
  const repository = (await gitApi())?.repositories.find(
    (candidate) => path.resolve(candidate.rootUri.fsPath) === path.resolve(rootPath),
  );
  try {
    if (repository) await repository.push(remote, branch, true);
    else await runGit(rootPath, ['push', '--set-upstream', '--', remote, branch]);
  } catch (error) {
    throw new Error(gitFailure(error));
  }
}
