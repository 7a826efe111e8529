export type LogLevel = 'info' | 'debug';

export interface Logger {
  readonly level: LogLevel;
  info(message: string): void;
  debug(message: string): void;
  /** An unexpected failure, with its stack. */
  error(message: string, error?: unknown): void;
}

/** Writes to stderr: stdout belongs to the lines other tools parse (the listening URL, bootstrap credentials). */
export function createLogger(
  level: LogLevel,
  write: (line: string) => void = (line) => process.stderr.write(line),
): Logger {
  const stamp = (): string => new Date().toISOString();
  return {
    level,
    info: (message) => write(`${stamp()} ${message}\n`),
    debug: (message) => {
      if (level === 'debug') write(`${stamp()} debug ${message}\n`);
    },
    error: (message, error) => {
      const detail =
        error instanceof Error ? (error.stack ?? error.message) : error === undefined ? '' : String(error);
      write(`${stamp()} error ${message}${detail ? `\n${detail}` : ''}\n`);
    },
  };
}
