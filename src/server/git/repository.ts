import { branchRef, isValidBranchName } from './refs';
import { GitError, runGit } from './run';

/** Whether `branch` exists in the repository (`git rev-parse --verify`). */
export async function branchExists(gitDir: string, branch: string): Promise<boolean> {
  if (!isValidBranchName(branch)) return false;
  try {
    await runGit(['rev-parse', '--verify', '--quiet', `${branchRef(branch)}^{commit}`], { gitDir });
    return true;
  } catch (error) {
    // --quiet: a missing reference exits 1 with nothing on stderr; anything else is a real failure.
    if (error instanceof GitError && error.exitCode === 1 && error.stderr.trim() === '') return false;
    throw error;
  }
}

/** Points HEAD at `branch` (the repository's default branch), whether or not the branch exists yet. */
export async function setHeadBranch(gitDir: string, branch: string): Promise<void> {
  if (!isValidBranchName(branch)) throw new Error(`invalid branch name: ${branch}`);
  await runGit(['symbolic-ref', 'HEAD', branchRef(branch)], { gitDir });
}

/** The repository's size on disk in KiB as git counts it: loose objects plus packs. */
export async function repositorySizeKiB(gitDir: string): Promise<number> {
  const { stdout } = await runGit(['count-objects', '-v'], { gitDir });
  let total = 0;
  for (const line of stdout.split('\n')) {
    const match = /^(size|size-pack): (\d+)$/.exec(line.trim());
    if (match) total += Number(match[2]);
  }
  return total;
}
