import { mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { DatabaseSync } from 'node:sqlite';
import {
  controlProtocolVersion,
  describeHolder,
  lockFile,
  readServerRuntime,
  runtimeFile,
  type ServerRuntime,
} from '../../api/localServer/runtimeFile';
import { teahouseVersion } from '../version';

/** The commands that must be alone with a data folder. */
export type LockingCommand = 'serve' | 'restore' | 'doctor --fix';

/** Another process holds the data folder; `holder` is what its runtime file says, if it says anything. */
export class DataFolderHeld extends Error {
  override readonly name = 'DataFolderHeld';
  constructor(
    readonly dataDir: string,
    readonly holder: ServerRuntime | undefined,
  ) {
    super(describeHolder(dataDir, holder));
  }
}

export interface DataFolderLock {
  readonly dataDir: string;
  /** Records where the server listens and its control secret in the runtime file. */
  announce(details: { readonly url: string; readonly controlToken: string }): void;
  /** Removes the runtime file (if still this process's) and lets the lock go. */
  release(): void;
}

/**
 * Takes the data folder for this process: an exclusive SQLite transaction on `teahouse.lock`, held open
 * until `release()`. SQLite locks the file with the operating system's locks (fcntl, LockFileEx), which
 * the system drops when the process ends however it ends, so a crashed holder never blocks the next one,
 * and other connections inside this process are refused the same way. Throws `DataFolderHeld`.
 */
export function acquireDataFolderLock(dataDir: string, command: LockingCommand): DataFolderLock {
  mkdirSync(dataDir, { recursive: true });
  const connection = new DatabaseSync(lockFile(dataDir));
  try {
    // a probe (`dataFolderHolder`) holds a shared lock for an instant: wait that out, not a real holder
    connection.exec('PRAGMA busy_timeout = 250');
    // nothing is ever written: no journal file beside the lock
    connection.exec('PRAGMA journal_mode = OFF');
    connection.exec('BEGIN EXCLUSIVE');
  } catch (error) {
    connection.close();
    if (isBusy(error)) throw new DataFolderHeld(dataDir, readServerRuntime(dataDir));
    throw error;
  }
  const base: ServerRuntime = {
    pid: process.pid,
    command,
    version: teahouseVersion,
    startedAt: new Date().toISOString(),
    protocol: controlProtocolVersion,
  };
  writeRuntime(dataDir, base);
  let released = false;
  return {
    dataDir,
    announce: (details) => writeRuntime(dataDir, { ...base, ...details }),
    release: () => {
      if (released) return;
      released = true;
      if (readServerRuntime(dataDir)?.pid === process.pid) rmSync(runtimeFile(dataDir), { force: true });
      connection.close();
    },
  };
}

/**
 * Who holds the data folder now, without taking it: undefined when nobody does; the runtime file's
 * description (or undefined inside `DataFolderHeld`) when a process holds it.
 */
export function dataFolderHolder(dataDir: string): DataFolderHeld | undefined {
  let connection: DatabaseSync;
  try {
    connection = new DatabaseSync(lockFile(dataDir), { readOnly: true });
  } catch {
    return undefined; // no lock file: nobody ever held the folder
  }
  try {
    connection.exec('PRAGMA busy_timeout = 0');
    connection.prepare('SELECT count(*) FROM sqlite_master').get();
    return undefined;
  } catch (error) {
    if (isBusy(error)) return new DataFolderHeld(dataDir, readServerRuntime(dataDir));
    throw error;
  } finally {
    connection.close();
  }
}

function isBusy(error: unknown): boolean {
  const code = (error as { errcode?: unknown }).errcode;
  // SQLITE_BUSY, and SQLITE_LOCKED for another connection of this process
  return code === 5 || code === 6;
}

/** Written whole and renamed into place, readable by the folder's OS user only: it holds the control secret. */
function writeRuntime(dataDir: string, runtime: ServerRuntime): void {
  const file = runtimeFile(dataDir);
  const temporary = `${file}.${process.pid}.tmp`;
  writeFileSync(temporary, `${JSON.stringify(runtime, null, 2)}\n`, { mode: 0o600 });
  renameSync(temporary, file);
}
