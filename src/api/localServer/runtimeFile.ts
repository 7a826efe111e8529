import { readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The files by which the processes that use one data folder find each other. The server (or a command
 * that must be alone with the folder) holds an operating-system lock on `teahouse.lock` for as long as it
 * runs, and describes itself in `server.json` beside it (readable by its OS user only): who holds the
 * folder, and, once a server listens, its address and the secret of its control path. VS Code windows read
 * it to join the running server instead of starting another.
 */
export const lockFileName = 'teahouse.lock';
export const runtimeFileName = 'server.json';
/** Where the shared server started by the extension writes its log (`serve --log-file`). */
export const serverLogFileName = 'server.log';

/** The control protocol this release speaks (`controlProtocol.ts`); a later one only adds to it. */
export const controlProtocolVersion = 1;

export interface ServerRuntime {
  readonly pid: number;
  /** The command holding the folder: `serve`, `restore` or `doctor --fix`. */
  readonly command: string;
  /** Teahouse's own version (package.json) of the holder. */
  readonly version: string;
  readonly startedAt: string;
  /** The server's root URL (`http://127.0.0.1:PORT/`) once it listens. */
  readonly url?: string;
  /** The bearer secret of the control path, once the server listens. */
  readonly controlToken?: string;
  readonly protocol?: number;
}

export const runtimeFile = (dataDir: string): string => path.join(dataDir, runtimeFileName);
export const lockFile = (dataDir: string): string => path.join(dataDir, lockFileName);

function isServerRuntime(value: unknown): value is ServerRuntime {
  if (typeof value !== 'object' || value === null) return false;
  const record = value as Record<string, unknown>;
  const optionalString = (key: string): boolean =>
    record[key] === undefined || typeof record[key] === 'string';
  return (
    Number.isSafeInteger(record['pid']) &&
    (record['pid'] as number) > 0 &&
    typeof record['command'] === 'string' &&
    typeof record['version'] === 'string' &&
    typeof record['startedAt'] === 'string' &&
    optionalString('url') &&
    optionalString('controlToken') &&
    (record['protocol'] === undefined || Number.isSafeInteger(record['protocol']))
  );
}

/** What `server.json` says, or undefined when it is missing, half-written or not ours. */
export function parseServerRuntime(text: string): ServerRuntime | undefined {
  try {
    const value: unknown = JSON.parse(text);
    return isServerRuntime(value) ? value : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The data folder's runtime file as it is now. It may be stale (its server was killed): only the lock, or
 * an answer on the control path, says whether its holder still runs.
 */
export function readServerRuntime(dataDir: string): ServerRuntime | undefined {
  try {
    return parseServerRuntime(readFileSync(runtimeFile(dataDir), 'utf8'));
  } catch {
    return undefined;
  }
}

/** One line naming who holds a data folder, for a refusal. */
export function describeHolder(dataDir: string, holder: ServerRuntime | undefined): string {
  if (!holder) return `the data folder ${dataDir} is held by another Teahouse process`;
  if (holder.command === 'serve') {
    const where = holder.url ? `at ${holder.url}` : '(still starting)';
    return `the data folder ${dataDir} is held by the Teahouse server with pid ${holder.pid} ${where}`;
  }
  return `the data folder ${dataDir} is held by 'teahouse ${holder.command}' with pid ${holder.pid}`;
}
