import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { commitIdentityEnv, type CommitPerson } from './identity';
import { branchRef } from './refs';
import { GitError, runGit } from './run';
import { assertCommitMessage, isObjectId, isValidBranchName } from './validate';

/** A file to write (content and mode), to point at an existing blob, or to delete, by its normalised path. */
export type FileChange =
  | { readonly kind: 'write'; readonly path: string; readonly content: Buffer; readonly mode: string }
  | { readonly kind: 'blob'; readonly path: string; readonly sha: string; readonly mode: string }
  | { readonly kind: 'delete'; readonly path: string };

/** Why `git apply` refused a patch (its own words), for a 422. */
export class PatchRejected extends Error {}

export interface FileCommitRequest {
  /** The parent commit; undefined for the first commit of an empty repository. */
  readonly parent: string | undefined;
  readonly changes: readonly FileChange[];
  readonly message: string;
  readonly author: CommitPerson;
  readonly committer: CommitPerson;
}

/**
 * Writes a commit with plumbing only, so a bare repository (or a workspace's own `.git`, whose working
 * tree stays untouched) needs no checkout: the parent's tree is read into a temporary index, the changes
 * are applied to it, and the index becomes a tree and then a commit. Answers the new commit id; no
 * reference moves (see `moveBranch`).
 */
export async function commitFileChanges(gitDir: string, request: FileCommitRequest): Promise<string> {
  return commitOnScratchIndex(gitDir, request, async (env, scratch) => {
    const blobs = await writeBlobs(gitDir, scratch, request.changes);
    // One `--index-info` batch (NUL-separated, so any path is taken verbatim): mode 0 removes an entry.
    const records = request.changes.map((change, index) => {
      if (change.kind === 'delete') return `0 ${'0'.repeat(request.parent?.length ?? 40)}\t${change.path}\0`;
      const sha = change.kind === 'blob' ? change.sha : blobs.get(index);
      if (sha === undefined || !isObjectId(sha)) throw new Error(`not a blob id: ${String(sha)}`);
      return `${change.mode} ${sha}\t${change.path}\0`;
    });
    await runGit(['update-index', '-z', '--index-info'], { gitDir, env, input: records.join('') });
  });
}

/**
 * Stores the written files' contents as blobs with one `git hash-object` for all of them (a process per file
 * is most of a 20-file commit's time): each content goes to a numbered file of the scratch folder, whose
 * paths git reads from stdin. `--no-filters`: the bytes are stored as sent, as `--stdin` would store them.
 * Answers the blob id by the change's index.
 */
async function writeBlobs(
  gitDir: string,
  scratch: string,
  changes: readonly FileChange[],
): Promise<Map<number, string>> {
  const written: { index: number; file: string }[] = [];
  changes.forEach((change, index) => {
    if (change.kind !== 'write') return;
    const file = path.join(scratch, `blob-${index}`);
    writeFileSync(file, change.content);
    written.push({ index, file });
  });
  const blobs = new Map<number, string>();
  if (written.length === 0) return blobs;
  const { stdout } = await runGit(['hash-object', '-w', '--no-filters', '--stdin-paths'], {
    gitDir,
    input: written.map(({ file }) => `${file}\n`).join(''),
  });
  const ids = stdout.split('\n').filter((line) => line !== '');
  if (ids.length !== written.length)
    throw new Error(`git hash-object answered ${ids.length} ids for ${written.length} files`);
  written.forEach(({ index }, position) => blobs.set(index, ids[position]!));
  return blobs;
}

/**
 * A commit of a unified diff applied to the parent's tree, as Gitea's ApplyDiffPatch does it (`git apply
 * --cached` on a temporary index: no worktree). Throws `PatchRejected` when the patch does not apply.
 */
export async function commitPatch(
  gitDir: string,
  request: Omit<FileCommitRequest, 'changes' | 'parent'> & {
    readonly parent: string;
    readonly patch: string;
  },
): Promise<string> {
  return commitOnScratchIndex(gitDir, { ...request, changes: [] }, async (env) => {
    try {
      await runGit(
        ['apply', '--cached', '--recount', '--ignore-whitespace', '--whitespace=fix', '--binary', '-'],
        { gitDir, env, input: request.patch },
      );
    } catch (error) {
      if (error instanceof GitError) throw new PatchRejected(error.stderr.trim() || error.message);
      throw error;
    }
  });
}

/** Reads the parent's tree into a temporary index, lets `change` edit it, writes the tree and the commit. */
async function commitOnScratchIndex(
  gitDir: string,
  request: FileCommitRequest,
  change: (env: Record<string, string>, scratch: string) => Promise<void>,
): Promise<string> {
  if (request.parent !== undefined && !isObjectId(request.parent))
    throw new Error(`not a commit id: ${request.parent}`);
  // before any object is written: a refused request leaves the repository as it was
  assertCommitMessage(request.message);
  const scratch = mkdtempSync(path.join(os.tmpdir(), 'teahouse-index-'));
  const env = { GIT_INDEX_FILE: path.join(scratch, 'index') };
  try {
    await runGit(request.parent === undefined ? ['read-tree', '--empty'] : ['read-tree', request.parent], {
      gitDir,
      env,
    });
    await change(env, scratch);
    const tree = (await runGit(['write-tree'], { gitDir, env })).stdout.trim();
    const args = ['commit-tree', '--no-gpg-sign', tree];
    if (request.parent !== undefined) args.push('-p', request.parent);
    args.push('-F', '-');
    const { stdout } = await runGit(args, {
      gitDir,
      input: request.message,
      env: { ...env, ...commitIdentityEnv(request.author, request.committer) },
    });
    const commit = stdout.trim();
    if (!isObjectId(commit)) throw new Error(`git commit-tree answered an unexpected id: ${commit}`);
    return commit;
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

/**
 * Points a branch at `commit` if it still points at `expected` (undefined: only if it does not exist yet),
 * so two writers cannot lose each other's commits. False when the branch moved meanwhile.
 */
export async function moveBranch(
  gitDir: string,
  branch: string,
  commit: string,
  expected: string | undefined,
): Promise<boolean> {
  if (!isValidBranchName(branch) || !isObjectId(commit))
    throw new Error(`invalid branch or commit: ${branch} ${commit}`);
  const old = expected ?? '0'.repeat(commit.length);
  try {
    await runGit(['update-ref', branchRef(branch), commit, old], { gitDir });
    return true;
  } catch (error) {
    if (
      error instanceof GitError &&
      /cannot lock ref|reference already exists|is at .* but expected/.test(error.stderr)
    ) {
      return false;
    }
    throw error;
  }
}
