import { parseCommit, type CommitObject } from './commits';
import { commitIdentityEnv, type CommitPerson } from './identity';
import { branchRef } from './refs';
import { GitError, runGit } from './run';
import {
  assertCommitMessage,
  assertNotOption,
  isObjectId,
  isValidBranchName,
  isValidRefName,
} from './validate';

/**
 * Merging on a bare repository with no worktree: `merge-tree --write-tree` merges two commits into a
 * tree (or names the conflicting paths), `commit-tree` makes the commit, and the caller moves the branch
 * with a compare-and-swap. Needs git 2.38 or later.
 */

export type MergeTreeResult =
  | { readonly kind: 'clean'; readonly tree: string }
  | { readonly kind: 'conflict'; readonly files: readonly string[] }
  | { readonly kind: 'unrelated' };

function assertCommitId(...ids: string[]): void {
  for (const id of ids) if (!isObjectId(id)) throw new Error(`not an object id: ${id}`);
}

/**
 * Merges `theirs` into `ours` as `git merge` would, without touching any reference or worktree. The merged
 * trees are written as objects (`env` from withScratchObjects keeps them out of the repository).
 */
export async function mergeTree(
  gitDir: string,
  ours: string,
  theirs: string,
  env?: Readonly<Record<string, string>>,
): Promise<MergeTreeResult> {
  assertCommitId(ours, theirs);
  const args = ['merge-tree', '--write-tree', '--name-only', '--no-messages', '-z', ours, theirs];
  try {
    const { stdout } = await runGit(args, { gitDir, ...(env ? { env } : {}) });
    return { kind: 'clean', tree: stdout.split('\0')[0]!.trim() };
  } catch (error) {
    if (!(error instanceof GitError)) throw error;
    if (/unrelated histories/.test(error.stderr)) return { kind: 'unrelated' };
    if (error.exitCode !== 1) throw error;
    // Exit status 1: a tree with conflict markers, then the conflicting paths.
    const files = [
      ...new Set(
        error.stdout
          .split('\0')
          .slice(1)
          .filter((path) => path !== ''),
      ),
    ];
    return { kind: 'conflict', files };
  }
}

/** The best common ancestor of two commits, or undefined when their histories are unrelated. */
export async function mergeBase(gitDir: string, a: string, b: string): Promise<string | undefined> {
  assertCommitId(a, b);
  try {
    return (await runGit(['merge-base', a, b], { gitDir })).stdout.trim() || undefined;
  } catch (error) {
    if (error instanceof GitError && error.exitCode === 1) return undefined;
    throw error;
  }
}

/** Whether `ancestor` is reachable from `descendant` (or is it). */
export async function isAncestor(gitDir: string, ancestor: string, descendant: string): Promise<boolean> {
  assertCommitId(ancestor, descendant);
  try {
    await runGit(['merge-base', '--is-ancestor', ancestor, descendant], { gitDir });
    return true;
  } catch (error) {
    if (error instanceof GitError && error.exitCode === 1) return false;
    throw error;
  }
}

/** A commit object read with `git cat-file` (for a few commits; readers serve the hot paths). */
export async function readCommitObject(gitDir: string, sha: string): Promise<CommitObject> {
  assertCommitId(sha);
  const { stdout } = await runGit(['cat-file', 'commit', sha], { gitDir });
  return parseCommit(sha, Buffer.from(stdout, 'utf8'));
}

/** The tree of a commit. */
export async function treeOf(gitDir: string, commit: string): Promise<string> {
  assertCommitId(commit);
  return (await runGit(['rev-parse', `${commit}^{tree}`], { gitDir })).stdout.trim();
}

export interface NewCommit {
  readonly tree: string;
  readonly parents: readonly string[];
  readonly message: string;
  readonly author: CommitPerson;
  readonly committer: CommitPerson;
}

/** Writes a commit object (no reference moves). */
export async function commitTree(gitDir: string, commit: NewCommit): Promise<string> {
  assertCommitId(commit.tree, ...commit.parents);
  assertCommitMessage(commit.message);
  const args = ['commit-tree', '--no-gpg-sign', commit.tree];
  for (const parent of commit.parents) args.push('-p', parent);
  args.push('-F', '-');
  const { stdout } = await runGit(args, {
    gitDir,
    input: commit.message,
    env: commitIdentityEnv(commit.author, commit.committer),
  });
  const id = stdout.trim();
  if (!isObjectId(id)) throw new Error(`git commit-tree answered an unexpected id: ${id}`);
  return id;
}

/** Who makes the throwaway commits a cherry-pick is computed with. */
const scaffoldPerson: CommitPerson = { name: 'Teahouse', email: 'teahouse@localhost', date: '@0 +0000' };

/**
 * The tree of `commit` applied on top of `onto` (a cherry-pick's three-way merge: base = the commit's
 * parent). git 2.39's merge-tree cannot take an explicit base, so the three trees are hung under
 * throwaway commits whose only common ancestor carries the parent's tree.
 */
async function cherryPickTree(gitDir: string, commit: CommitObject, onto: string): Promise<MergeTreeResult> {
  const parent = commit.parents[0];
  const baseTree = parent === undefined ? await emptyTree(gitDir) : await treeOf(gitDir, parent);
  const scaffold = (tree: string, parents: string[]): Promise<string> =>
    commitTree(gitDir, {
      tree,
      parents,
      message: 'scaffold\n',
      author: scaffoldPerson,
      committer: scaffoldPerson,
    });
  const root = await scaffold(baseTree, []);
  const ours = await scaffold(await treeOf(gitDir, onto), [root]);
  const theirs = await scaffold(commit.tree, [root]);
  return mergeTree(gitDir, ours, theirs);
}

async function emptyTree(gitDir: string): Promise<string> {
  return (await runGit(['hash-object', '-t', 'tree', '-w', '--stdin'], { gitDir, input: '' })).stdout.trim();
}

/** The commits of `head` that `base` lacks, oldest first, merges left out (what `git rebase` replays). */
export async function commitsToReplay(gitDir: string, base: string, head: string): Promise<string[]> {
  assertCommitId(base, head);
  const { stdout } = await runGit(
    ['rev-list', '--reverse', '--topo-order', '--no-merges', head, `^${base}`],
    {
      gitDir,
    },
  );
  return stdout.split('\n').filter((line) => line !== '');
}

export type ReplayResult =
  | { readonly kind: 'done'; readonly tip: string }
  | { readonly kind: 'conflict'; readonly commit: string; readonly files: readonly string[] };

/**
 * Rebases: replays `commits` (oldest first) on top of `onto`, keeping each commit's author, date and
 * message and naming `committer`. Commits already sitting on the new base are kept as they are; commits
 * that become empty are dropped, as `git rebase` does.
 */
export async function replayCommits(
  gitDir: string,
  commits: readonly string[],
  onto: string,
  committer: CommitPerson,
): Promise<ReplayResult> {
  let tip = onto;
  for (const id of commits) {
    const commit = await readCommitObject(gitDir, id);
    if (commit.parents[0] === tip) {
      tip = commit.sha;
      continue;
    }
    const merged = await cherryPickTree(gitDir, commit, tip);
    if (merged.kind !== 'clean') {
      return { kind: 'conflict', commit: id, files: merged.kind === 'conflict' ? merged.files : [] };
    }
    if (merged.tree === (await treeOf(gitDir, tip))) continue;
    const { name, email, when, zone } = commit.author;
    tip = await commitTree(gitDir, {
      tree: merged.tree,
      parents: [tip],
      message: commit.message,
      author: { name, email, date: `@${when} ${zone}` },
      committer,
    });
  }
  return { kind: 'done', tip };
}

/**
 * Moves `refs/heads/<branch>` from `expected` to `commit` only if nobody moved it meanwhile (git's
 * compare-and-swap); false when it moved.
 */
export async function advanceBranch(
  gitDir: string,
  branch: string,
  commit: string,
  expected: string,
): Promise<boolean> {
  if (!isValidBranchName(branch)) throw new Error(`invalid branch name: ${branch}`);
  assertCommitId(commit, expected);
  try {
    await runGit(['update-ref', branchRef(branch), commit, expected], { gitDir });
    return true;
  } catch (error) {
    if (error instanceof GitError && /cannot lock ref|is at .* but expected|but expected/.test(error.stderr))
      return false;
    throw error;
  }
}

export type WorktreeUpdate = 'moved' | 'stale' | 'dirty';

// A constant command line (git runs it through a shell): the receiving side may update a checked-out branch.
const updateInsteadReceivePack = 'git -c receive.denyCurrentBranch=updateInstead receive-pack';

/**
 * Moves a branch of a repository with a working tree (a workspace folder's `.git`) the way a push would:
 * a checked-out branch takes its working tree along when it is clean (`updateInstead`). `stale` when the
 * branch is not an ancestor of `commit` any more (it moved), `dirty` when the checkout has local changes.
 */
export async function advanceBranchWithWorktree(
  gitDir: string,
  branch: string,
  commit: string,
): Promise<WorktreeUpdate> {
  if (!isValidBranchName(branch)) throw new Error(`invalid branch name: ${branch}`);
  assertCommitId(commit);
  assertNotOption(gitDir);
  try {
    await runGit(
      [
        'push',
        '--quiet',
        `--receive-pack=${updateInsteadReceivePack}`,
        gitDir,
        `${commit}:${branchRef(branch)}`,
      ],
      {
        gitDir,
      },
    );
    return 'moved';
  } catch (error) {
    if (!(error instanceof GitError)) throw error;
    if (/Working directory has|unstaged changes|staged changes|would be overwritten/.test(error.stderr))
      return 'dirty';
    if (/non-fast-forward|fetch first|rejected/.test(error.stderr)) return 'stale';
    throw error;
  }
}

/** `refs/pull/<number>/head`, where the base repository keeps a pull request's head commit (as Gitea). */
export const pullHeadRef = (number: number): string => `refs/pull/${number}/head`;

/** Points a reference outside the branches (a pull head) at a commit present in the repository. */
export async function setRef(gitDir: string, ref: string, commit: string): Promise<void> {
  if (!ref.startsWith('refs/') || !isValidRefName(ref.slice('refs/'.length)))
    throw new Error(`invalid ref: ${ref}`);
  assertCommitId(commit);
  await runGit(['update-ref', ref, commit], { gitDir });
}

/**
 * Copies a branch of another repository on this machine (a fork) into `targetRef` of `gitDir`, objects
 * included, and answers the commit it points at.
 */
export async function fetchBranch(
  gitDir: string,
  fromGitDir: string,
  branch: string,
  targetRef: string,
): Promise<string> {
  if (!isValidBranchName(branch)) throw new Error(`invalid branch name: ${branch}`);
  if (!targetRef.startsWith('refs/') || !isValidRefName(targetRef.slice('refs/'.length))) {
    throw new Error(`invalid ref: ${targetRef}`);
  }
  assertNotOption(fromGitDir);
  await runGit(
    [
      'fetch',
      '--quiet',
      '--no-tags',
      '--no-write-fetch-head',
      '--',
      fromGitDir,
      `+${branchRef(branch)}:${targetRef}`,
    ],
    { gitDir },
  );
  return (await runGit(['rev-parse', '--verify', `${targetRef}^{commit}`], { gitDir })).stdout.trim();
}

/** Whether the repository holds this commit. */
export async function hasCommit(gitDir: string, sha: string): Promise<boolean> {
  assertCommitId(sha);
  try {
    await runGit(['cat-file', '-e', `${sha}^{commit}`], { gitDir });
    return true;
  } catch (error) {
    if (error instanceof GitError && error.exitCode !== null) return false;
    throw error;
  }
}

/** Deletes a reference outside the branches (a temporary one); a missing one is no error. */
export async function deleteRef(gitDir: string, ref: string): Promise<void> {
  if (!ref.startsWith('refs/') || ref.startsWith('refs/heads/') || ref.startsWith('refs/tags/')) {
    throw new Error(`refusing to delete ${ref}`);
  }
  await runGit(['update-ref', '-d', ref], { gitDir });
}
