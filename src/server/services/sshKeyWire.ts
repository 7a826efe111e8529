/** Raised for any SSH public key that cannot be read; the message says what is wrong with it. */
export class SshKeyError extends Error {
  override readonly name = 'SshKeyError';
}

/**
 * Reads the SSH wire format (RFC 4251 §5): `string` and `mpint` are a 4-byte big-endian length and that
 * many bytes. Every read checks the length against what is left, so a truncated blob fails cleanly.
 */
export class SshWireReader {
  private offset = 0;

  constructor(private readonly data: Buffer) {}

  get remaining(): number {
    return this.data.length - this.offset;
  }

  /** A `string` field as raw bytes. */
  bytes(field: string): Buffer {
    if (this.remaining < 4) throw new SshKeyError(`the key data ends before its ${field}`);
    const length = this.data.readUInt32BE(this.offset);
    if (length > this.remaining - 4) throw new SshKeyError(`the ${field} is longer than the key data`);
    const start = this.offset + 4;
    this.offset = start + length;
    return this.data.subarray(start, this.offset);
  }

  /** A `string` field that holds text (a key type or curve name). */
  text(field: string): string {
    const value = this.bytes(field);
    if (!/^[\x21-\x7e]*$/.test(value.toString('latin1')))
      throw new SshKeyError(`the ${field} is not printable`);
    return value.toString('latin1');
  }

  /** An `mpint` that must be positive; returns its magnitude without the sign byte. */
  positiveMpint(field: string): Buffer {
    const value = this.bytes(field);
    if (value.length === 0 || (value[0] ?? 0) & 0x80)
      throw new SshKeyError(`the ${field} must be a positive number`);
    // a leading zero is allowed only to keep the sign bit clear
    if (value[0] === 0 && (value.length === 1 || !((value[1] ?? 0) & 0x80))) {
      throw new SshKeyError(`the ${field} is not minimally encoded`);
    }
    return value[0] === 0 ? value.subarray(1) : value;
  }

  /** Every field was read: anything after the last field is a malformed key. */
  end(): void {
    if (this.remaining !== 0)
      throw new SshKeyError(`the key data has ${this.remaining} unexpected trailing bytes`);
  }
}

/** The number of significant bits of a big-endian unsigned number. */
export function bitLength(magnitude: Buffer): number {
  let index = 0;
  while (index < magnitude.length && magnitude[index] === 0) index++;
  if (index === magnitude.length) return 0;
  return (magnitude.length - index - 1) * 8 + (32 - Math.clz32(magnitude[index] ?? 0));
}
