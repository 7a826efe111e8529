import { gunzipSync, inflateRawSync } from 'node:zlib';

/**
 * Minimal readers for the archives the server streams, so tests need no unzip or tar on the machine:
 * file names and contents of a zip (stored or deflated entries) and of a gzipped tar.
 */

export interface ArchiveEntry {
  name: string;
  /** Undefined for directories. */
  content?: Buffer;
}

/** Reads a zip through its central directory. */
export function readZip(zip: Buffer): ArchiveEntry[] {
  const endSignature = 0x06054b50;
  let end = zip.length - 22;
  while (end >= 0 && zip.readUInt32LE(end) !== endSignature) end--;
  if (end < 0) throw new Error('not a zip: no end of central directory');
  const count = zip.readUInt16LE(end + 10);
  let at = zip.readUInt32LE(end + 16);
  const entries: ArchiveEntry[] = [];
  for (let i = 0; i < count; i++) {
    if (zip.readUInt32LE(at) !== 0x02014b50) throw new Error('broken central directory');
    const method = zip.readUInt16LE(at + 10);
    const compressedSize = zip.readUInt32LE(at + 20);
    const nameLength = zip.readUInt16LE(at + 28);
    const extraLength = zip.readUInt16LE(at + 30);
    const commentLength = zip.readUInt16LE(at + 32);
    const localOffset = zip.readUInt32LE(at + 42);
    const name = zip.toString('utf8', at + 46, at + 46 + nameLength);
    at += 46 + nameLength + extraLength + commentLength;
    if (name.endsWith('/')) {
      entries.push({ name });
      continue;
    }
    const dataStart =
      localOffset + 30 + zip.readUInt16LE(localOffset + 26) + zip.readUInt16LE(localOffset + 28);
    const data = zip.subarray(dataStart, dataStart + compressedSize);
    entries.push({ name, content: method === 8 ? inflateRawSync(data) : Buffer.from(data) });
  }
  return entries;
}

const field = (block: Buffer, start: number, length: number): string =>
  block.toString('utf8', start, start + length).replace(/\0.*$/s, '');

/** Reads a .tar.gz: ustar headers, pax records for long names; pax global headers are skipped. */
export function readTarGz(archive: Buffer): ArchiveEntry[] {
  const tar = gunzipSync(archive);
  const entries: ArchiveEntry[] = [];
  let at = 0;
  let paxPath: string | undefined;
  while (at + 512 <= tar.length) {
    const header = tar.subarray(at, at + 512);
    if (header.every((byte) => byte === 0)) break;
    const size = parseInt(field(header, 124, 12).trim() || '0', 8);
    const type = String.fromCharCode(header[156]!);
    const prefix = field(header, 345, 155);
    const body = tar.subarray(at + 512, at + 512 + size);
    at += 512 + Math.ceil(size / 512) * 512;
    if (type === 'g') continue;
    if (type === 'x') {
      paxPath = /\d+ path=([^\n]*)\n/.exec(body.toString('utf8'))?.[1];
      continue;
    }
    const name = paxPath ?? (prefix ? `${prefix}/${field(header, 0, 100)}` : field(header, 0, 100));
    paxPath = undefined;
    entries.push(type === '5' ? { name } : { name, content: Buffer.from(body) });
  }
  return entries;
}
