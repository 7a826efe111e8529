import assert from 'node:assert/strict';
import { test } from 'node:test';
import { decodeArmor } from '../../src/server/services/openpgp/armor';
import { OpenPgpError } from '../../src/server/services/openpgp/errors';
import { readPackets } from '../../src/server/services/openpgp/packets';
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

const subpacket = (type: number, data: Buffer): Buffer =>
  Buffer.concat([Buffer.from([data.length + 1, type]), data]);

/** A v4 signature packet body carrying only the given subpackets (its cryptographic part is a stub). */
function signature(type: number, hashed: Buffer[], unhashed: Buffer[] = []): Buffer {
  const h = Buffer.concat(hashed);
  const u = Buffer.concat(unhashed);
  return newPacket(
    2,
    Buffer.concat([
      Buffer.from([4, type, 22, 8]),
      u16(h.length),
      h,
      u16(u.length),
      u,
      Buffer.from([0, 0, 0, 8, 0xff]),
    ]),
  );
}

const fixture = gpgFixture('ed25519-cv25519');
const fixturePackets = readPackets(decodeArmor(fixture.armored).data);
const primaryBody = fixturePackets.find((p) => p.tag === 6)!.body;
const subkeyBody = fixturePackets.find((p) => p.tag === 14)!.body;
const issuer = subpacket(16, Buffer.from(fixture.primary.keyId, 'hex'));
const created = (seconds: number): Buffer => subpacket(2, u32(seconds));
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

test('without key flags, usage follows the algorithm: EdDSA signs and certifies, ECDH encrypts', () => {
  const [entity] = readPublicKeys(
    readPackets(
      Buffer.concat([
        newPacket(6, primaryBody),
        userId('No Flags <noflags@teahouse.test>'),
        signature(0x13, [created(1700000000)], [issuer]),
        newPacket(14, subkeyBody),
        signature(0x18, [created(1700000000)], [issuer]),
      ]),
    ),
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

test('key flags and expiry come from the newest self-certification, not from others', () => {
  const [entity] = readPublicKeys(
    readPackets(
      Buffer.concat([
        newPacket(6, primaryBody),
        userId('Flags <flags@teahouse.test>'),
        signature(0x13, [created(1700000000), subpacket(27, Buffer.from([0x01]))], [issuer]),
        signature(
          0x13,
          [created(1700000100), subpacket(27, Buffer.from([0x03])), subpacket(9, u32(3600))],
          [issuer],
        ),
        // a third party's certification says "encrypt only" and must not count
        signature(
          0x10,
          [created(1700000200), subpacket(27, Buffer.from([0x0c]))],
          [subpacket(16, Buffer.alloc(8, 0xab))],
        ),
      ]),
    ),
  );
  assert.deepEqual(entity?.primary.capabilities, {
    sign: true,
    certify: true,
    encryptCommunications: false,
    encryptStorage: false,
  });
  assert.equal(entity?.primary.expires, fixture.primary.created + 3600);
});

test('a revoked User ID is left out', () => {
  const [entity] = readPublicKeys(
    readPackets(
      Buffer.concat([
        newPacket(6, primaryBody),
        userId('Kept <kept@teahouse.test>'),
        signature(0x13, [created(1700000000)], [issuer]),
        userId('Gone <gone@teahouse.test>'),
        signature(0x13, [created(1700000000)], [issuer]),
        signature(0x30, [created(1700000050)], [issuer]),
      ]),
    ),
  );
  assert.deepEqual(
    entity?.userIds.map((uid) => uid.email),
    ['kept@teahouse.test'],
  );
});

test('a subkey without a binding signature is refused', () => {
  assert.throws(
    () =>
      readPublicKeys(
        readPackets(
          Buffer.concat([
            newPacket(6, primaryBody),
            userId('X <x@teahouse.test>'),
            signature(0x13, [created(1700000000)], [issuer]),
            newPacket(14, subkeyBody),
          ]),
        ),
      ),
    (error: unknown) => error instanceof OpenPgpError && /has no binding signature/.test(error.message),
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
