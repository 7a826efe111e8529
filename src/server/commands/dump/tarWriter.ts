import { once } from 'node:events';
import { createReadStream } from 'node:fs';
import type { Writable } from 'node:stream';

const block = 512;
/** The largest size the 11 octal digits of a ustar header hold; beyond it a pax `size` record says it. */
const ustarMaxSize = 8 ** 11 - 1;

/**
 * Writes a POSIX tar (ustar, with pax `path`/`size` records for long names and huge files) to `out`,
 * honouring its back-pressure. Only regular files and folders: a dump never holds links.
 */
export class TarWriter {
  constructor(private readonly out: Writable) {}

  async directory(name: string, mode = 0o755): Promise<void> {
    await this.header(name.endsWith('/') ? name : `${name}/`, 0, mode, '5');
  }

  async buffer(name: string, content: Buffer, mode = 0o644): Promise<void> {
    await this.header(name, content.length, mode, '0');
    await this.write(content);
    await this.pad(content.length);
  }

  /** Streams `size` bytes of the file at `source`; fails if it holds fewer (it shrank while read). */
  async file(name: string, source: string, size: number, mode = 0o644): Promise<void> {
    await this.header(name, size, mode, '0');
    let written = 0;
    if (size > 0) {
      for await (const chunk of createReadStream(source, { start: 0, end: size - 1 })) {
        written += (chunk as Buffer).length;
        await this.write(chunk as Buffer);
      }
    }
    if (written !== size) throw new Error(`${source} changed while it was archived`);
    await this.pad(size);
  }

  /** The two zero blocks that end an archive. */
  async finish(): Promise<void> {
    await this.write(Buffer.alloc(2 * block));
  }

  private async header(name: string, size: number, mode: number, type: '0' | '5'): Promise<void> {
    const pax: string[] = [];
    if (Buffer.byteLength(name) > 100) pax.push(paxRecord('path', name));
    if (size > ustarMaxSize) pax.push(paxRecord('size', String(size)));
    if (pax.length > 0) {
      const body = Buffer.from(pax.join(''));
      await this.write(ustarHeader('PaxHeader', body.length, 0o644, 'x'));
      await this.write(body);
      await this.pad(body.length);
    }
    await this.write(ustarHeader(name, Math.min(size, ustarMaxSize), mode, type));
  }

  private async pad(size: number): Promise<void> {
    const rest = size % block;
    if (rest > 0) await this.write(Buffer.alloc(block - rest));
  }

  private async write(chunk: Buffer): Promise<void> {
    if (!this.out.write(chunk)) await once(this.out, 'drain');
  }
}

/** `<length> <key>=<value>\n`, where the length counts its own digits. */
function paxRecord(key: string, value: string): string {
  const rest = ` ${key}=${value}\n`;
  let length = Buffer.byteLength(rest);
  while (String(length).length + Buffer.byteLength(rest) !== length) {
    length = String(length).length + Buffer.byteLength(rest);
  }
  return `${length}${rest}`;
}

function ustarHeader(name: string, size: number, mode: number, type: string): Buffer {
  const header = Buffer.alloc(block);
  header.write(name.slice(0, 100), 0, 100, 'utf8');
  header.write(octal(mode, 7), 100);
  header.write(octal(0, 7), 108);
  header.write(octal(0, 7), 116);
  header.write(octal(size, 11), 124);
  header.write(octal(Math.floor(Date.now() / 1000), 11), 136);
  header.write(' '.repeat(8), 148);
  header.write(type, 156);
  header.write('ustar\u000000', 257);
  let sum = 0;
  for (const byte of header) sum += byte;
  header.write(`${sum.toString(8).padStart(6, '0')}\u0000 `, 148);
  return header;
}

const octal = (value: number, digits: number): string => `${value.toString(8).padStart(digits, '0')}\u0000`;
