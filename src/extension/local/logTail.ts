import { closeSync, openSync, readSync, statSync, unwatchFile, watchFile, type Stats } from 'node:fs';

/** Shown on joining, so the log has some context: the end of what the server wrote before. */
const backlogBytes = 16 * 1024;

/**
 * Follows the shared server's log file (`serve --log-file`) into a window's output channel: whichever window
 * started the server, every window shows its log. The server empties the file in place when it grows
 * (logFile.ts): a file shorter than what was read starts over.
 */
export class LogTail {
  #offset: number;
  #listener: ((current: Stats) => void) | undefined;

  constructor(
    private readonly file: string,
    private readonly append: (text: string) => void,
    /** Where to start; by default a little before the current end. */
    from?: number,
  ) {
    this.#offset = from ?? Math.max(0, sizeOf(file) - backlogBytes);
  }

  start(): void {
    if (this.#listener) return;
    this.read();
    this.#listener = (current: Stats) => {
      if (current.size !== this.#offset) this.read();
    };
    watchFile(this.file, { interval: 1000, persistent: false }, this.#listener);
  }

  /** Appends what the file gained since the last read. */
  read(): void {
    const size = sizeOf(this.file);
    if (size < this.#offset) this.#offset = 0;
    if (size === this.#offset) return;
    let fd: number;
    try {
      fd = openSync(this.file, 'r');
    } catch {
      return;
    }
    try {
      const buffer = Buffer.alloc(Math.min(size - this.#offset, 1024 * 1024));
      const read = readSync(fd, buffer, 0, buffer.length, this.#offset);
      // a line cut in the middle waits for its end
      const end = buffer.lastIndexOf(0x0a, read - 1) + 1;
      if (end === 0) return;
      this.#offset += end;
      this.append(buffer.subarray(0, end).toString('utf8'));
    } finally {
      closeSync(fd);
    }
  }

  /** What the file gained since `from`, whole (for a start that failed: its reason). */
  static since(file: string, from: number): string {
    let text = '';
    new LogTail(file, (chunk) => (text += chunk), from).read();
    return text;
  }

  dispose(): void {
    if (this.#listener) unwatchFile(this.file, this.#listener);
    this.#listener = undefined;
  }
}

export function sizeOf(file: string): number {
  try {
    return statSync(file).size;
  } catch {
    return 0;
  }
}
