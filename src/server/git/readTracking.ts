import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * Which repositories a request read through git. The server moves a managed repository's references only
 * through git commands it runs (counted below), but a workspace repository's move in its folder, so the
 * HTTP layer tags an answer read from a workspace repository (or from git without a repository) by its
 * content instead of by the data version.
 */
interface GitReads {
  /** The git directories read; `undefined` among them for a git command run without one. */
  readonly dirs: Set<string | undefined>;
}

const current = new AsyncLocalStorage<GitReads>();

/** Runs `task` so that `gitDirsRead` tells, within it, what anything it started read through git so far. */
export function trackGitReads<T>(task: () => T): T {
  return current.run({ dirs: new Set() }, task);
}

export const gitDirsRead = (): ReadonlySet<string | undefined> => current.getStore()?.dirs ?? new Set();

/** Called where git is read (cat-file readers, git processes). */
export function noteGitRead(gitDir: string | undefined): void {
  current.getStore()?.dirs.add(gitDir);
}

let refChanges = 0;
let refChangesUnderWay = 0;

/**
 * The reference changes of the other processes serving the same data folder (a server with `--workers`,
 * cluster/refClock.ts): their moves count here too, so what is cached by the count is dropped when a
 * worker or the primary moves a reference. Unset, the count is this process's alone.
 */
export interface SharedRefChanges {
  /** This process starts a change (written where the others read it). */
  started(): void;
  /** This process finished one. */
  finished(): void;
  /** The others' starts and finishes. */
  othersCount(): number;
  /** Whether another process is moving references now. */
  othersUnderWay(): boolean;
}

let shared: SharedRefChanges | undefined;

/** Counts the other processes' reference changes too (once, as a cluster process starts). */
export function shareRefChanges(clock: SharedRefChanges): void {
  shared = clock;
}

/**
 * Runs a change of references the server makes or lets in (pushes, merges, branch writes, mirror fetches,
 * and every git command that may move a reference):
 * the count moves before and after it, and while it runs `refChangeUnderWay` is true.
 */
export async function countedRefChange<T>(change: () => Promise<T>): Promise<T> {
  refChanges++;
  refChangesUnderWay++;
  shared?.started();
  try {
    return await change();
  } finally {
    refChangesUnderWay--;
    refChanges++;
    shared?.finished();
  }
}

export const refChangeCount = (): number => refChanges + (shared?.othersCount() ?? 0);
export const refChangeUnderWay = (): boolean => refChangesUnderWay > 0 || shared?.othersUnderWay() === true;
