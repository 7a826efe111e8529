import { OpenPgpError } from './errors';

/** Packet type IDs (RFC 9580 §5) that a transferable public key may contain, and those we name in errors. */
export const packetTag = {
  signature: 2,
  secretKey: 5,
  publicKey: 6,
  secretSubkey: 7,
  marker: 10,
  trust: 12,
  userId: 13,
  publicSubkey: 14,
  userAttribute: 17,
  padding: 21,
} as const;

export interface Packet {
  tag: number;
  body: Buffer;
  /** Whether the body came in partial-length chunks (new format only). */
  partial: boolean;
  /** The packet as it appeared, header included. */
  raw: Buffer;
}

// Only data packets may be sent in partial chunks (RFC 9580 §4.2.1.4): compressed, encrypted, literal, SEIPD, AEAD.
const partialAllowed = new Set([8, 9, 11, 18, 20]);

class PacketCursor {
  position = 0;

  constructor(readonly data: Buffer) {}

  byte(): number {
    if (this.position >= this.data.length) throw new OpenPgpError('a packet header is truncated');
    return this.data[this.position++] ?? 0;
  }

  take(length: number, tag: number): Buffer {
    if (length > this.data.length - this.position) {
      throw new OpenPgpError(`packet type ${tag} says it has ${length} bytes but the data ends sooner`);
    }
    const start = this.position;
    this.position += length;
    return this.data.subarray(start, this.position);
  }

  uint(bytes: number): number {
    let value = 0;
    for (let i = 0; i < bytes; i++) value = value * 256 + this.byte();
    return value;
  }
}

/** A new-format length (RFC 9580 §4.2.1); `partial` when it is a partial body length. */
function newFormatLength(cursor: PacketCursor): { length: number; partial: boolean } {
  const first = cursor.byte();
  if (first < 192) return { length: first, partial: false };
  if (first < 224) return { length: ((first - 192) << 8) + cursor.byte() + 192, partial: false };
  if (first === 255) return { length: cursor.uint(4), partial: false };
  return { length: 1 << (first & 0x1f), partial: true };
}

type PacketContent = Omit<Packet, 'raw'>;

function readNewFormat(cursor: PacketCursor, tag: number): PacketContent {
  let { length, partial } = newFormatLength(cursor);
  if (!partial) return { tag, body: cursor.take(length, tag), partial: false };
  if (!partialAllowed.has(tag)) throw new OpenPgpError(`packet type ${tag} may not use partial body lengths`);
  const chunks: Buffer[] = [];
  while (partial) {
    chunks.push(cursor.take(length, tag));
    ({ length, partial } = newFormatLength(cursor));
  }
  chunks.push(cursor.take(length, tag));
  return { tag, body: Buffer.concat(chunks), partial: true };
}

function readOldFormat(cursor: PacketCursor, header: number): PacketContent {
  const tag = (header & 0x3c) >> 2;
  const lengthType = header & 0x03;
  // type 3 is an indeterminate length: the packet runs to the end of the data
  const length =
    lengthType === 3 ? cursor.data.length - cursor.position : cursor.uint([1, 2, 4][lengthType] ?? 0);
  return { tag, body: cursor.take(length, tag), partial: false };
}

/** Splits binary OpenPGP data into packets, in both the old (RFC 1991) and the new header formats. */
export function readPackets(data: Buffer): Packet[] {
  const cursor = new PacketCursor(data);
  const packets: Packet[] = [];
  while (cursor.position < data.length) {
    const start = cursor.position;
    const header = cursor.byte();
    if (!(header & 0x80))
      throw new OpenPgpError('the data is not OpenPGP packets (a packet header lacks its high bit)');
    const packet = header & 0x40 ? readNewFormat(cursor, header & 0x3f) : readOldFormat(cursor, header);
    if (packet.tag === 0) throw new OpenPgpError('packet type 0 is reserved and never valid');
    packets.push({ ...packet, raw: data.subarray(start, cursor.position) });
  }
  return packets;
}
