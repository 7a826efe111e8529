import { closeSync, copyFileSync, fstatSync, ftruncateSync, openSync, writeSync } from 'node:fs';

export interface LogFile {
  write(text: string): void;
  close(): void;
}

/** Past this size the log's older half is moved aside, so a server that runs for weeks stays small. */
export const defaultLogFileMaxBytes = 10 * 1024 * 1024;

/**
 * `serve --log-file FILE`: the log appended to FILE (readable by its OS user only). Past `maxBytes` the file
 * is copied to `FILE.1` and emptied in place, not renamed: the extension's shared server also has FILE as
 * its stdout and stderr (appending descriptors the process cannot reopen), and those follow the emptied file.
 * Writes are synchronous, as Node's own writes to a file are, so copying and emptying loses no line.
 */
export function openLogFile(file: string, maxBytes = defaultLogFileMaxBytes): LogFile {
  const fd = openSync(file, 'a', 0o600);
  let size = fstatSync(fd).size;
  return {
    write(text) {
      if (size > maxBytes) {
        copyFileSync(file, `${file}.1`);
        ftruncateSync(fd, 0);
        size = 0;
      }
      size += writeSync(fd, text);
    },
    close: () => closeSync(fd),
  };
}
