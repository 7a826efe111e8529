import { createHmac } from 'node:crypto';
import { closeSync, openSync, readSync } from 'node:fs';
import type { SharedTags } from '../http/conditional';

/** The WAL index's header, kept twice (sqlite.org/walformat.html §2.1): a reader takes it when both agree. */
const headerBytes = 48;

/**
 * The version tags of a server with workers, the same in all its processes: the key derived from the secret
 * the primary gave them, and the data version read from SQLite's WAL index (`teahouse.db-shm`), whose header
 * every commit rewrites — change counter, last frame, checksums, and the salts a restarted log changes — so
 * equal headers mean the same committed data, in whichever process it is read. A header caught while it is
 * rewritten (the two copies differ) gives a version of its own, which only costs a 200 instead of a 304.
 */
export function sharedTags(databaseFile: string, secret: string): SharedTags & { close(): void } {
  const fd = openSync(`${databaseFile}-shm`, 'r');
  const buffer = Buffer.alloc(headerBytes * 2);
  let torn = 0;
  return {
    key: createHmac('sha256', secret).update('teahouse version tags').digest(),
    version: () => {
      for (let attempt = 0; attempt < 3; attempt++) {
        readSync(fd, buffer, 0, buffer.length, 0);
        if (buffer.compare(buffer, 0, headerBytes, headerBytes, headerBytes * 2) === 0)
          return buffer.toString('base64', 0, headerBytes);
      }
      return `torn-${process.pid}-${++torn}`;
    },
    close: () => closeSync(fd),
  };
}
