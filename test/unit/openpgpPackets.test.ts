import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { test } from 'node:test';
import { decodeArmor } from '../../src/server/services/openpgp/armor';
import { OpenPgpError } from '../../src/server/services/openpgp/errors';
import { readPackets } from '../../src/server/services/openpgp/packets';
import { parsePublicKeyPacket } from '../../src/server/services/openpgp/publicKeyPacket';
import { readPublicKeys } from '../../src/server/services/openpgp/transferableKey';
import { gpgFixture } from '../fixtures/keys';

const u16 = (n: number): Buffer => Buffer.from([n >> 8, n & 0xff]);
const u32 = (n: number): Buffer => {
  const b = Buffer.alloc(4);
  b.writeUInt32BE(n);
  return b;
};

/** A new-format packet with a one-, two- or five-byte length, as the body size requires. */
function newPacket(tag: number, body: Buffer): Buffer {
  const length =
    body.length < 192
      ? Buffer.from([body.length])
      : body.length < 8384
        ? Buffer.from([((body.length - 192) >> 8) + 192, (body.length - 192) & 0xff])
        : Buffer.concat([Buffer.from([255]), u32(body.length)]);
  return Buffer.concat([Buffer.from([0xc0 | tag]), length, body]);
}

const fixture = gpgFixture('ed25519-cv25519');
const fixturePackets = readPackets(decodeArmor(fixture.armored).data);
const primaryBody = fixturePackets.find((p) => p.tag === 6)!.body;
const userId = (text: string): Buffer => newPacket(13, Buffer.from(text));

test('old-format packets with one-, two- and four-byte lengths are read', () => {
  const body = Buffer.from('a user id');
  const oneByte = Buffer.concat([Buffer.from([0x80 | (13 << 2) | 0, body.length]), body]);
  const twoBytes = Buffer.concat([Buffer.from([0x80 | (13 << 2) | 1]), u16(body.length), body]);
  const fourBytes = Buffer.concat([Buffer.from([0x80 | (13 << 2) | 2]), u32(body.length), body]);
  const packets = readPackets(Buffer.concat([oneByte, twoBytes, fourBytes]));
  assert.deepEqual(
    packets.map((p) => [p.tag, p.body.toString()]),
    [
      [13, 'a user id'],
      [13, 'a user id'],
      [13, 'a user id'],
    ],
  );
});

test('an old-format packet of indeterminate length runs to the end of the data', () => {
  const packets = readPackets(
    Buffer.concat([Buffer.from([0x80 | (11 << 2) | 3]), Buffer.from('rest of it')]),
  );
  assert.equal(packets[0]?.body.toString(), 'rest of it');
});

test('new-format packets with two- and five-byte lengths are read', () => {
  const medium = Buffer.alloc(300, 1);
  const large = Buffer.alloc(9000, 2);
  const packets = readPackets(Buffer.concat([newPacket(13, medium), newPacket(13, large)]));
  assert.deepEqual(
    packets.map((p) => p.body.length),
    [300, 9000],
  );
});

test('partial body lengths of a literal data packet are joined into one body', () => {
  // 0xE1 = a partial chunk of 2 bytes, 0xE0 = of 1 byte, then a final length of 3
  const data = Buffer.concat([
    Buffer.from([0xc0 | 11, 0xe1]),
    Buffer.from('ab'),
    Buffer.from([0xe0]),
    Buffer.from('c'),
    Buffer.from([3]),
    Buffer.from('def'),
  ]);
  const [packet] = readPackets(data);
  assert.equal(packet?.body.toString(), 'abcdef');
  assert.equal(packet?.partial, true);
});

test('partial body lengths on a key packet are refused', () => {
  assert.throws(
    () => readPackets(Buffer.concat([Buffer.from([0xc0 | 6, 0xe1]), Buffer.from('ab'), Buffer.from([0])])),
    (error: unknown) => error instanceof OpenPgpError && /may not use partial/.test(error.message),
  );
});

test('a packet longer than the data is refused', () => {
  assert.throws(
    () => readPackets(Buffer.from([0xc0 | 13, 50, 65, 66])),
    (error: unknown) => error instanceof OpenPgpError && /ends sooner/.test(error.message),
  );
});

test('a secret key packet is refused with a hint to export the public key', () => {
  assert.throws(
    () => readPublicKeys(readPackets(newPacket(5, primaryBody))),
    (error: unknown) => error instanceof OpenPgpError && /private key/.test(error.message),
  );
});

test('a User ID before any key is refused', () => {
  assert.throws(
    () => readPublicKeys(readPackets(userId('Lost <lost@teahouse.test>'))),
    (error: unknown) => error instanceof OpenPgpError && /starts with packet type 13/.test(error.message),
  );
});

test('a truncated key packet is refused naming what is missing', () => {
  assert.throws(
    () => readPublicKeys(readPackets(newPacket(6, primaryBody.subarray(0, 20)))),
    (error: unknown) => error instanceof OpenPgpError && /public key packet is truncated/.test(error.message),
  );
});

test('unknown key algorithms and obsolete key versions are refused', () => {
  const unknownAlgorithm = Buffer.from(primaryBody);
  unknownAlgorithm[5] = 99;
  assert.throws(
    () => readPublicKeys(readPackets(newPacket(6, unknownAlgorithm))),
    (error: unknown) =>
      error instanceof OpenPgpError && /unsupported public-key algorithm 99/.test(error.message),
  );
  const version3 = Buffer.from(primaryBody);
  version3[0] = 3;
  assert.throws(
    () => readPublicKeys(readPackets(newPacket(6, version3))),
    (error: unknown) => error instanceof OpenPgpError && /version 3 keys are obsolete/.test(error.message),
  );
});

test('a version 5 key states its material length, which must match, and is fingerprinted with SHA-256', () => {
  // the v4 Ed25519 material (curve OID and point) repackaged as a LibrePGP v5 key
  const material = primaryBody.subarray(6);
  const v5 = Buffer.concat([Buffer.from([5]), primaryBody.subarray(1, 6), u32(material.length), material]);
  const key = parsePublicKeyPacket(v5);
  const expected = createHash('sha256')
    .update(Buffer.concat([Buffer.from([0x9a]), u32(v5.length), v5]))
    .digest('hex')
    .toUpperCase();
  assert.equal(key.version, 5);
  assert.equal(key.fingerprint, expected);
  assert.equal(key.keyId, expected.slice(0, 16));
  assert.equal(key.curve, 'ed25519');
  const wrongLength = Buffer.concat([
    Buffer.from([5]),
    primaryBody.subarray(1, 6),
    u32(material.length + 1),
    material,
    Buffer.from([0]),
  ]);
  assert.throws(
    () => parsePublicKeyPacket(wrongLength),
    (error: unknown) =>
      error instanceof OpenPgpError &&
      /public key material has 1 unexpected trailing bytes/.test(error.message),
  );
});
