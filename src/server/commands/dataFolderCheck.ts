import { accessSync, constants, mkdirSync } from 'node:fs';
import { CliError } from './cliCommand';

/**
 * The data folder must be writable before the server opens it: on a read-only folder SQLite would fail
 * with "unable to open database file" and a stack trace. Refusing to start with the folder's name and
 * the reason is the clear error. (`access` reports a read-only mount even to root.)
 */
export function assertWritableDataFolder(dataDir: string): void {
  try {
    mkdirSync(dataDir, { recursive: true });
    accessSync(dataDir, constants.W_OK);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? 'error';
    const why =
      code === 'EROFS'
        ? 'it is on a read-only file system'
        : code === 'EACCES' || code === 'EPERM'
          ? 'this user may not write to it'
          : code === 'ENOSPC'
            ? 'the disk is full'
            : (error as Error).message;
    throw new CliError(`cannot use the data folder ${dataDir}: ${why} (${code})`);
  }
}
