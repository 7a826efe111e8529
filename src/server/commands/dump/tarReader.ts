const block = 512;

export interface TarEntry {
  readonly path: string;
  readonly type: 'file' | 'directory';
  readonly mode: number;
  readonly size: number;
  /** The file's bytes; read it before asking for the next entry (what is left unread is skipped). */
  readonly body: AsyncIterable<Buffer>;
}

/** A tar the reader refuses: a bad checksum, a kind of entry a dump never holds, a truncated archive. */
export class TarFormatError extends Error {}

/** Bytes pulled from a stream on demand. */
class Bytes {
  private chunks: Buffer[] = [];
  private length = 0;
  constructor(private readonly source: AsyncIterator<Buffer>) {}

  /** Exactly `n` bytes, or undefined when the stream ends first. */
  async take(n: number): Promise<Buffer | undefined> {
    while (this.length < n) {
      const next = await this.source.next();
      if (next.done) return undefined;
      this.chunks.push(next.value);
      this.length += next.value.length;
    }
    const all = this.chunks.length === 1 ? this.chunks[0]! : Buffer.concat(this.chunks);
    this.chunks = all.length > n ? [all.subarray(n)] : [];
    this.length = all.length - n;
    return all.subarray(0, n);
  }

  /** Between 1 and `n` bytes (what is at hand), or undefined at the end of the stream. */
  async some(n: number): Promise<Buffer | undefined> {
    if (this.length === 0) {
      const next = await this.source.next();
      if (next.done) return undefined;
      this.chunks = [next.value];
      this.length = next.value.length;
    }
    const first = this.chunks[0]!;
    const piece = first.subarray(0, n);
    if (piece.length === first.length) this.chunks.shift();
    else this.chunks[0] = first.subarray(n);
    this.length -= piece.length;
    return piece;
  }
}

/** The entries of a tar written by TarWriter (ustar with pax `path`/`size` records): files and folders only. */
export async function* tarEntries(source: AsyncIterable<Buffer>): AsyncGenerator<TarEntry> {
  const bytes = new Bytes(source[Symbol.asyncIterator]());
  let pax: Record<string, string> = {};
  for (;;) {
    const header = await bytes.take(block);
    if (!header) throw new TarFormatError('the archive ends without its end marker (truncated?)');
    if (header.every((byte) => byte === 0)) return;
    checkChecksum(header);
    const type = String.fromCharCode(header[156]!);
    const size = Number(pax['size'] ?? readOctal(header, 124, 12));
    if (type === 'x') {
      const body = await bytes.take(padded(size));
      if (!body) throw new TarFormatError('the archive is truncated');
      pax = parsePax(body.subarray(0, size));
      continue;
    }
    const prefix = readString(header, 345, 155);
    const name = pax['path'] ?? (prefix ? `${prefix}/` : '') + readString(header, 0, 100);
    pax = {};
    if (type !== '0' && type !== '\u0000' && type !== '5') {
      throw new TarFormatError(`the archive holds "${name}" of a kind a dump never holds (type '${type}')`);
    }
    let left = padded(size);
    let unread = size;
    async function* body(): AsyncGenerator<Buffer> {
      while (unread > 0) {
        const piece = await bytes.some(unread);
        if (!piece) throw new TarFormatError('the archive is truncated');
        unread -= piece.length;
        left -= piece.length;
        yield piece;
      }
    }
    const entry: TarEntry = {
      path: name,
      type: type === '5' ? 'directory' : 'file',
      mode: readOctal(header, 100, 8) & 0o777,
      size,
      body: body(),
    };
    yield entry;
    while (left > 0) {
      const piece = await bytes.some(left);
      if (!piece) throw new TarFormatError('the archive is truncated');
      left -= piece.length;
      unread = Math.max(0, unread - piece.length);
    }
  }
}

const padded = (size: number): number => Math.ceil(size / block) * block;

function readString(header: Buffer, offset: number, length: number): string {
  const field = header.subarray(offset, offset + length);
  const end = field.indexOf(0);
  return field.subarray(0, end < 0 ? length : end).toString('utf8');
}

function readOctal(header: Buffer, offset: number, length: number): number {
  const text = readString(header, offset, length).trim();
  if (!/^[0-7]*$/.test(text)) throw new TarFormatError('the archive has a malformed header');
  return text === '' ? 0 : parseInt(text, 8);
}

function checkChecksum(header: Buffer): void {
  let sum = 0;
  for (let i = 0; i < block; i++) sum += i >= 148 && i < 156 ? 32 : header[i]!;
  if (sum !== readOctal(header, 148, 8))
    throw new TarFormatError('the archive has a header with a bad checksum');
}

function parsePax(body: Buffer): Record<string, string> {
  const records: Record<string, string> = {};
  let at = 0;
  while (at < body.length) {
    const space = body.indexOf(0x20, at);
    const length = Number(body.subarray(at, space).toString());
    if (space < 0 || !Number.isInteger(length) || length <= 0) throw new TarFormatError('bad pax header');
    const record = body.subarray(space + 1, at + length - 1).toString('utf8');
    const equals = record.indexOf('=');
    records[record.slice(0, equals)] = record.slice(equals + 1);
    at += length;
  }
  return records;
}
