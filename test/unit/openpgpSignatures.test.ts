import assert from 'node:assert/strict';
import { createHash, generateKeyPairSync, sign, type KeyObject } from 'node:crypto';
import { test } from 'node:test';
import { OpenPgpError } from '../../src/server/services/openpgp/errors';
import { readPackets } from '../../src/server/services/openpgp/packets';
import { readPublicKeys, type PgpEntity } from '../../src/server/services/openpgp/transferableKey';

/**
 * Keys built here from node:crypto keys and signed by hand (RFC 9580 §5.2.4), so that tests can shape
 * self-signatures freely: flags or none, several certifications, revocations, tampering.
 */

const u16 = (n: number): Buffer => Buffer.from([n >> 8, n & 0xff]);
const u32 = (n: number): Buffer => {
  const b = Buffer.alloc(4);
  b.writeUInt32BE(n);
  return b;
};
const packet = (tag: number, body: Buffer): Buffer => {
  assert.ok(body.length < 192);
  return Buffer.concat([Buffer.from([0xc0 | tag, body.length]), body]);
};
const subpacket = (type: number, data: Buffer): Buffer =>
  Buffer.concat([Buffer.from([data.length + 1, type]), data]);
const created = (seconds: number): Buffer => subpacket(2, u32(seconds));
const keyFlags = (flags: number): Buffer => subpacket(27, Buffer.from([flags]));
const userIdBound = (text: string): Buffer =>
  Buffer.concat([Buffer.from([0xb4]), u32(Buffer.byteLength(text)), Buffer.from(text)]);

/** A v4 key packet body: Ed25519 (algorithm 27) or X25519 (25) with its 32 native octets. */
class TestKey {
  readonly body: Buffer;
  readonly hashInput: Buffer;
  readonly keyId: Buffer;
  private readonly privateKey: KeyObject;

  constructor(kind: 'ed25519' | 'x25519' = 'ed25519') {
    const pair = kind === 'ed25519' ? generateKeyPairSync('ed25519') : generateKeyPairSync('x25519');
    this.privateKey = pair.privateKey;
    const raw = Buffer.from(pair.publicKey.export({ format: 'jwk' }).x ?? '', 'base64url');
    this.body = Buffer.concat([
      Buffer.from([4]),
      u32(1700000000),
      Buffer.from([kind === 'ed25519' ? 27 : 25]),
      raw,
    ]);
    this.hashInput = Buffer.concat([Buffer.from([0x99]), u16(this.body.length), this.body]);
    this.keyId = createHash('sha1').update(this.hashInput).digest().subarray(12);
  }

  /** A v4 signature by this key over `signed` (the primary key's hash input and what it binds). */
  signature(type: number, signed: Buffer, hashed: Buffer[], tamper = false): Buffer {
    const area = Buffer.concat(hashed);
    const hashedPart = Buffer.concat([Buffer.from([4, type, 27, 8]), u16(area.length), area]);
    const trailer = Buffer.concat([Buffer.from([4, 0xff]), u32(hashedPart.length)]);
    const digest = createHash('sha256')
      .update(Buffer.concat([signed, hashedPart, trailer]))
      .digest();
    const value = sign(null, digest, this.privateKey);
    if (tamper) value[10] = (value[10] ?? 0) ^ 0xff;
    const unhashed = subpacket(16, this.keyId);
    return packet(
      2,
      Buffer.concat([hashedPart, u16(unhashed.length), unhashed, digest.subarray(0, 2), value]),
    );
  }
}

const read = (...parts: Buffer[]): PgpEntity[] => readPublicKeys(readPackets(Buffer.concat(parts)));

function rejects(parts: Buffer[], message: RegExp): void {
  assert.throws(
    () => read(...parts),
    (error: unknown) => error instanceof OpenPgpError && message.test(error.message),
  );
}

test('without key flags, usage follows the algorithm: Ed25519 signs and certifies, X25519 encrypts', () => {
  const primary = new TestKey();
  const subkey = new TestKey('x25519');
  const uid = 'No Flags <noflags@teahouse.test>';
  const [entity] = read(
    packet(6, primary.body),
    packet(13, Buffer.from(uid)),
    primary.signature(0x13, Buffer.concat([primary.hashInput, userIdBound(uid)]), [created(1700000000)]),
    packet(14, subkey.body),
    primary.signature(0x18, Buffer.concat([primary.hashInput, subkey.hashInput]), [created(1700000000)]),
  );
  assert.deepEqual(entity?.primary.capabilities, {
    sign: true,
    certify: true,
    encryptCommunications: false,
    encryptStorage: false,
  });
  assert.deepEqual(entity?.subkeys[0]?.capabilities, {
    sign: false,
    certify: false,
    encryptCommunications: true,
    encryptStorage: true,
  });
  assert.equal(entity?.userIds[0]?.email, 'noflags@teahouse.test');
});

test('key flags and expiry come from the newest self-certification; third-party ones do not count', () => {
  const primary = new TestKey();
  const stranger = new TestKey();
  const uid = 'Flags <flags@teahouse.test>';
  const signed = Buffer.concat([primary.hashInput, userIdBound(uid)]);
  const [entity] = read(
    packet(6, primary.body),
    packet(13, Buffer.from(uid)),
    primary.signature(0x13, signed, [created(1700000000), keyFlags(0x01)]),
    primary.signature(0x13, signed, [created(1700000100), keyFlags(0x03), subpacket(9, u32(3600))]),
    stranger.signature(0x10, signed, [created(1700000200), keyFlags(0x0c)]),
  );
  assert.deepEqual(entity?.primary.capabilities, {
    sign: true,
    certify: true,
    encryptCommunications: false,
    encryptStorage: false,
  });
  assert.equal(entity?.primary.expires, 1700000000 + 3600);
});

test('a revoked User ID is left out', () => {
  const primary = new TestKey();
  const kept = 'Kept <kept@teahouse.test>';
  const gone = 'Gone <gone@teahouse.test>';
  const [entity] = read(
    packet(6, primary.body),
    packet(13, Buffer.from(kept)),
    primary.signature(0x13, Buffer.concat([primary.hashInput, userIdBound(kept)]), [created(1700000000)]),
    packet(13, Buffer.from(gone)),
    primary.signature(0x13, Buffer.concat([primary.hashInput, userIdBound(gone)]), [created(1700000000)]),
    primary.signature(0x30, Buffer.concat([primary.hashInput, userIdBound(gone)]), [created(1700000050)]),
  );
  assert.deepEqual(
    entity?.userIds.map((uid) => uid.email),
    ['kept@teahouse.test'],
  );
});

test('a self-certification that does not verify is ignored, and a key left without one is refused', () => {
  const primary = new TestKey();
  const uid = 'Forged <forged@teahouse.test>';
  const signed = Buffer.concat([primary.hashInput, userIdBound(uid)]);
  rejects(
    [
      packet(6, primary.body),
      packet(13, Buffer.from(uid)),
      primary.signature(0x13, signed, [created(1)], true),
    ],
    /no self-certified User ID: its self-signatures do not verify/,
  );
  // a User ID changed after signing no longer matches its certification either
  rejects(
    [
      packet(6, primary.body),
      packet(13, Buffer.from(uid.replace('Forged', 'Fooled'))),
      primary.signature(0x13, signed, [created(1)]),
    ],
    /do not verify/,
  );
  const other = 'Other <other@teahouse.test>';
  const [entity] = read(
    packet(6, primary.body),
    packet(13, Buffer.from(uid)),
    primary.signature(0x13, signed, [created(1)], true),
    packet(13, Buffer.from(other)),
    primary.signature(0x13, Buffer.concat([primary.hashInput, userIdBound(other)]), [created(1)]),
  );
  assert.deepEqual(
    entity?.userIds.map((u) => u.email),
    ['other@teahouse.test'],
  );
});

test('a subkey without a valid binding signature is refused', () => {
  const primary = new TestKey();
  const subkey = new TestKey('x25519');
  const uid = 'X <x@teahouse.test>';
  const certified = [
    packet(6, primary.body),
    packet(13, Buffer.from(uid)),
    primary.signature(0x13, Buffer.concat([primary.hashInput, userIdBound(uid)]), [created(1)]),
  ];
  rejects([...certified, packet(14, subkey.body)], /subkey [0-9A-F]{16} has no binding signature$/);
  rejects(
    [
      ...certified,
      packet(14, subkey.body),
      primary.signature(0x18, Buffer.concat([primary.hashInput, subkey.hashInput]), [created(1)], true),
    ],
    /has no binding signature: its self-signatures do not verify/,
  );
});
