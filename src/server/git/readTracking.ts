import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * Whether a request read git. An answer built from git may change without a database write (a workspace
 * repository's references move in the folder), so the HTTP layer validates such answers by their content
 * instead of by the data version.
 */
interface GitReads {
  touched: boolean;
}

const current = new AsyncLocalStorage<GitReads>();

/** Runs `task` so that `gitWasRead` tells, within it, whether anything it started read git so far. */
export function trackGitReads<T>(task: () => T): T {
  return current.run({ touched: false }, task);
}

export const gitWasRead = (): boolean => current.getStore()?.touched ?? false;

/** Called where git is read (cat-file readers, git processes). */
export function noteGitRead(): void {
  const reads = current.getStore();
  if (reads) reads.touched = true;
}

let refChanges = 0;

/** Bumped when the server moves or sees moved references (pushes, merges, branch writes, mirror fetches). */
export function noteRefChange(): void {
  refChanges++;
}

export const refChangeCount = (): number => refChanges;
