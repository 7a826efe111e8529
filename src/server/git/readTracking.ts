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
let refChangesUnderWay = 0;

/**
 * Runs a change of references the server makes or lets in (pushes, merges, branch writes, mirror fetches):
 * the count moves before and after it, and while it runs `refChangeUnderWay` is true.
 */
export async function countedRefChange<T>(change: () => Promise<T>): Promise<T> {
  refChanges++;
  refChangesUnderWay++;
  try {
    return await change();
  } finally {
    refChangesUnderWay--;
    refChanges++;
  }
}

export const refChangeCount = (): number => refChanges;
export const refChangeUnderWay = (): boolean => refChangesUnderWay > 0;
