import { OpenPgpError } from './errors';

/** Sequential big-endian reads over one packet body; reading past the end is an OpenPgpError naming the field. */
export class ByteReader {
  private position = 0;

  constructor(
    private readonly data: Buffer,
    private readonly what: string,
  ) {}

  get offset(): number {
    return this.position;
  }

  get remaining(): number {
    return this.data.length - this.position;
  }

  private need(count: number, field: string): number {
    if (count > this.remaining)
      throw new OpenPgpError(`the ${this.what} is truncated (reading its ${field})`);
    const start = this.position;
    this.position += count;
    return start;
  }

  uint8(field: string): number {
    return this.data.readUInt8(this.need(1, field));
  }

  uint16(field: string): number {
    return this.data.readUInt16BE(this.need(2, field));
  }

  uint32(field: string): number {
    return this.data.readUInt32BE(this.need(4, field));
  }

  bytes(count: number, field: string): Buffer {
    const start = this.need(count, field);
    return this.data.subarray(start, start + count);
  }

  /** An MPI (RFC 9580 §3.2): a 2-byte bit count, then that many bits rounded up to bytes. Returns the bit count. */
  mpi(field: string): { bits: number; value: Buffer } {
    const bits = this.uint16(`${field} length`);
    return { bits, value: this.bytes(Math.ceil(bits / 8), field) };
  }

  rest(): Buffer {
    return this.bytes(this.remaining, 'remaining data');
  }

  /** The whole body was understood: trailing bytes mean a malformed packet. */
  end(): void {
    if (this.remaining !== 0)
      throw new OpenPgpError(`the ${this.what} has ${this.remaining} unexpected trailing bytes`);
  }
}
