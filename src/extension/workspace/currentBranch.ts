import type { BranchHead } from './branchPullRequest';
import { runGit } from './runGit';

/** The branch checked out in `rootPath` and its upstream's name; undefined on a detached HEAD. */
export async function currentBranch(rootPath: string, repository: string): Promise<BranchHead | undefined> {
  const branch = await runGit(rootPath, ['symbolic-ref', '--quiet', '--short', 'HEAD']).catch(() => '');
  if (branch === '') return undefined;
  // `lstrip=3` turns refs/remotes/<remote>/<name> into <name> (a name may hold slashes)
  const upstream = await runGit(rootPath, [
    'for-each-ref',
    '--format=%(upstream:lstrip=3)',
    '--',
    `refs/heads/${branch}`,
  ]).catch(() => '');
  return { branch, upstream: upstream === '' ? undefined : upstream, repository };
}
