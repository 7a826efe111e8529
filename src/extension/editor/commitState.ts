import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** Why a permalink to HEAD may not show what the editor shows. */
export type PermalinkCaveat = 'notInCommit' | 'uncommitted' | 'notPushed';

export interface CommitState {
  readonly sha: string;
  readonly caveats: readonly PermalinkCaveat[];
}

/**
 * HEAD of the repository at `rootPath`, and what makes a link to a file there at HEAD differ from the working
 * tree: the file is not in the commit, has uncommitted changes, or HEAD is on no branch of `remoteName` (the
 * server's remote; undefined when the local server hosts the folder itself, so HEAD is always there).
 */
/** The repository has no commit to link to (the message is English; the command says it translated). */
export class NoCommitYet extends Error {
  constructor(readonly folder: string) {
    super(`${folder} has no commit yet: commit the file to link to it.`);
    this.name = 'NoCommitYet';
  }
}

export async function commitState(
  gitPath: string,
  rootPath: string,
  relativePath: string,
  remoteName: string | undefined,
): Promise<CommitState> {
  const git = async (...args: string[]) =>
    (await run(gitPath, ['--literal-pathspecs', ...args], { cwd: rootPath, windowsHide: true })).stdout;
  const sha = await git('rev-parse', '--verify', '--quiet', 'HEAD').then(
    (out) => out.trim(),
    () => {
      throw new NoCommitYet(path.basename(rootPath));
    },
  );
  const caveats: PermalinkCaveat[] = [];
  if ((await git('ls-tree', '--name-only', '-z', sha, '--', relativePath)) === '')
    caveats.push('notInCommit');
  else if ((await git('status', '--porcelain', '-z', '--', relativePath)) !== '') caveats.push('uncommitted');
  if (remoteName !== undefined) {
    const containing = await git(
      'for-each-ref',
      '--contains',
      sha,
      '--format=%(refname)',
      `refs/remotes/${remoteName}`,
    );
    if (containing.trim() === '') caveats.push('notPushed');
  }
  return { sha, caveats };
}
