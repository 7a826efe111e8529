export type LogLevel = 'info' | 'debug';

export interface Logger {
  readonly level: LogLevel;
  info(message: string): void;
  /** The line of one answered request (written with the others of its turn when the logger batches). */
  access(message: string): void;
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
 * `batch`: the request lines of a turn go out in one write (the server's log); every other line at once,
 * with the request lines before it.
 */
export function createLogger(
  level: LogLevel,
  write: (line: string) => void = (line) => process.stderr.write(line),
  options: { readonly batch?: boolean } = {},
): Logger {
  const stamp = (): string => new Date().toISOString();
  const send = options.batch ? batchedWriter(write) : (text: string) => write(text);
  const now = (text: string): void => send(text, true);
  return {
    level,
    info: (message) => now(`${stamp()} ${message}\n`),
    access: (message) => send(`${stamp()} ${message}\n`),
    debug: (message) => {
      if (level === 'debug') now(`${stamp()} debug ${message}\n`);
    },
    error: (message, error) => {
      const detail =
        error instanceof Error ? (error.stack ?? error.message) : error === undefined ? '' : String(error);
      now(`${stamp()} error ${message}${detail ? `\n${detail}` : ''}\n`);
    },
  };
}
