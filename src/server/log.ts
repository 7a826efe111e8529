export type LogLevel = 'info' | 'debug';

export interface Logger {
  readonly level: LogLevel;
  info(message: string): void;
  debug(message: string): void;
  /** An unexpected failure, with its stack. */
  error(message: string, error?: unknown): void;
}

/**
 * Collects lines and writes them once per turn of the event loop: a busy server logs a line per request,
 * and one write (a system call, synchronous for files and pipes) per line costs more than the request's own
 * work. What is pending is written before the process exits; a killed process loses at most one turn.
 */
export function batchedWriter(write: (text: string) => void): (text: string, now?: boolean) => void {
  let pending: string[] = [];
  const flush = (): void => {
    if (pending.length === 0) return;
    const text = pending.join('');
    pending = [];
    write(text);
  };
  process.on('exit', flush);
  return (text, now = false) => {
    if (pending.length === 0 && !now) setImmediate(flush);
    pending.push(text);
    if (now) flush();
  };
}

/**
 * Writes to stderr: stdout belongs to the lines other tools parse (the listening URL, bootstrap credentials).
 * `batch`: a turn's lines in one write (the server's log); errors are written at once either way.
 */
export function createLogger(
  level: LogLevel,
  write: (line: string) => void = (line) => process.stderr.write(line),
  options: { readonly batch?: boolean } = {},
): Logger {
  const stamp = (): string => new Date().toISOString();
  const send = options.batch ? batchedWriter(write) : (text: string) => write(text);
  return {
    level,
    info: (message) => send(`${stamp()} ${message}\n`),
    debug: (message) => {
      if (level === 'debug') send(`${stamp()} debug ${message}\n`);
    },
    error: (message, error) => {
      const detail =
        error instanceof Error ? (error.stack ?? error.message) : error === undefined ? '' : String(error);
      send(`${stamp()} error ${message}${detail ? `\n${detail}` : ''}\n`, true);
    },
  };
}
