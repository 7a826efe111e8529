import { GitError, GitUnavailableError } from '../git/run';
import { HttpError } from './httpError';

/**
 * Faults of the server's environment, not of the request: a full disk, a read-only data folder, git
 * missing, the database locked by another process. Gitea answers all of them with a bare 500; here each
 * gets its own status and a message saying what is wrong, so a client (and its user) can tell "try again
 * later" from "the request is broken". Nothing was changed: SQLite rolls the transaction back, git
 * leaves refs as they were.
 *
 * - 507 Insufficient Storage: the disk (or quota) is full.
 * - 503 Service Unavailable: the data folder is read-only (or the server may not write to it), git cannot
 *   be started, the database is busy.
 */

/** SQLite's primary result codes (an extended code carries one in its low byte). */
const sqliteBusy = 5;
const sqliteReadOnly = 8;
const sqliteFull = 13;

const outOfSpace = (): HttpError =>
  new HttpError(507, 'the server is out of disk space: nothing was saved; free some space and try again');
const readOnly = (): HttpError =>
  new HttpError(503, "the server's data folder is read-only (or not writable by it): nothing was saved");

function classify(error: Error): HttpError | undefined {
  if (error instanceof GitUnavailableError) {
    return new HttpError(503, 'git is not available on the server (it could not be started)');
  }
  const { code, errcode } = error as Error & { code?: unknown; errcode?: unknown };
  if (code === 'ERR_SQLITE_ERROR' && typeof errcode === 'number') {
    const primary = errcode & 0xff;
    if (primary === sqliteFull) return outOfSpace();
    if (primary === sqliteReadOnly) return readOnly();
    if (primary === sqliteBusy)
      return new HttpError(503, 'the database is busy; try again', { 'Retry-After': '1' });
  }
  if (code === 'ENOSPC' || code === 'EDQUOT') return outOfSpace();
  if (code === 'EROFS' || code === 'EACCES' || code === 'EPERM') return readOnly();
  if (error instanceof GitError) {
    if (/No space left on device|Disk quota exceeded/i.test(error.stderr)) return outOfSpace();
    if (/Read-only file system|Permission denied/i.test(error.stderr)) return readOnly();
  }
  return undefined;
}

/** The clear error for an environment fault anywhere in `error`'s cause chain; undefined for anything else. */
export function serverFault(error: unknown): HttpError | undefined {
  for (let current = error, depth = 0; current instanceof Error && depth < 8; depth++) {
    const found = classify(current);
    if (found) return found;
    current = current.cause;
  }
  return undefined;
}
