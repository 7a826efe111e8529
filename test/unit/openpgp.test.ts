import assert from 'node:assert/strict';
import { test } from 'node:test';
import { crc24, decodeArmor, encodeArmor } from '../../src/server/services/openpgp/armor';
import { OpenPgpError } from '../../src/server/services/openpgp/errors';
import { readPackets } from '../../src/server/services/openpgp/packets';
import { parsePublicKeyPacket } from '../../src/server/services/openpgp/publicKeyPacket';
import {
  readArmoredPublicKeys,
  type PgpKeyWithUsage,
} from '../../src/server/services/openpgp/transferableKey';
import { splitUserId } from '../../src/server/services/openpgp/userId';
import {
  gpgFixture,
  gpgFixtureNames,
  keyFixtureBytes,
  keyFixtureText,
  type GpgColonsKey,
} from '../fixtures/keys';

function assertRejected(armored: string, message: RegExp): void {
  assert.throws(
    () => readArmoredPublicKeys(armored),
    (error: unknown) => error instanceof OpenPgpError && message.test(error.message),
  );
}

/** gpg's usage letters for what we derived. */
const usageLetters = (key: PgpKeyWithUsage): string =>
  (key.capabilities.sign ? 's' : '') +
  (key.capabilities.certify ? 'c' : '') +
  (key.capabilities.encryptCommunications || key.capabilities.encryptStorage ? 'e' : '');

function assertSameKey(ours: PgpKeyWithUsage, gpg: GpgColonsKey): void {
  assert.equal(ours.keyId, gpg.keyId);
  assert.equal(ours.fingerprint, gpg.fingerprint);
  assert.equal(ours.created, gpg.created);
  assert.equal(ours.expires, gpg.expires);
  assert.equal(ours.algorithm, gpg.algorithm);
  assert.equal(ours.bits, gpg.bits);
  assert.equal([...usageLetters(ours)].sort().join(''), [...gpg.usage].sort().join(''));
}

for (const name of gpgFixtureNames) {
  test(`the ${name} key reads as gpg --with-colons lists it`, () => {
    const fixture = gpgFixture(name);
    const [entity, ...others] = readArmoredPublicKeys(fixture.armored);
    assert.ok(entity);
    assert.equal(others.length, 0);
    assertSameKey(entity.primary, fixture.primary);
    assert.equal(entity.subkeys.length, fixture.subkeys.length);
    entity.subkeys.forEach((subkey, index) => assertSameKey(subkey, fixture.subkeys[index]!));
    assert.deepEqual(
      entity.userIds.map((uid) => uid.text),
      fixture.userIds,
    );
    assert.equal(entity.userIds[0]?.primary, true);
  });
}

test('re-armoring a single key reproduces what gpg exported', () => {
  const fixture = gpgFixture('ed25519-cv25519');
  const [entity] = readArmoredPublicKeys(fixture.armored);
  assert.equal(encodeArmor('PUBLIC KEY BLOCK', entity!.packets), fixture.armored);
});

test('a block with two keys yields both, in order, each with its own packets', () => {
  const [rsa, ed] = readArmoredPublicKeys(keyFixtureText('gpg/two-keys.asc'));
  assert.equal(rsa?.primary.keyId, gpgFixture('rsa-with-encryption-subkey').primary.keyId);
  assert.equal(ed?.primary.keyId, gpgFixture('ed25519-cv25519').primary.keyId);
  assert.equal(encodeArmor('PUBLIC KEY BLOCK', ed!.packets), gpgFixture('ed25519-cv25519').armored);
});

test('the RFC 9580 sample v6 certificate (no CRC line) has the fingerprints the RFC states', () => {
  const armored = keyFixtureText('gpg/rfc9580-v6-sample.asc');
  assert.equal(decodeArmor(armored).hadChecksum, false);
  const [entity] = readArmoredPublicKeys(armored);
  assert.equal(entity?.primary.version, 6);
  assert.equal(
    entity?.primary.fingerprint,
    'CB186C4F0609A697E4D52DFA6C722B0C1F1E27C18A56708F6525EC27BAD9ACC9',
  );
  assert.equal(entity?.primary.keyId, 'CB186C4F0609A697');
  assert.deepEqual(entity?.primary.capabilities, {
    sign: true,
    certify: true,
    encryptCommunications: false,
    encryptStorage: false,
  });
  assert.equal(entity?.userIds.length, 0);
  assert.equal(
    entity?.subkeys[0]?.fingerprint,
    '12C83F1E706F6308FE151A417743A1F033790E93E9978488D1DB378DA9930885',
  );
  assert.equal(entity?.subkeys[0]?.capabilities.encryptCommunications, true);
});

test('the RFC 9580 sample v4 Ed25519 legacy key has the fingerprint the RFC states', () => {
  const [packet] = readPackets(
    Buffer.from('xjMEU/NfCxYJKwYBBAHaRw8BAQdAPwmJlL3ZFu1AUxl5NOSofIBzOhKA1i+AEJkuQ+47JAY=', 'base64'),
  );
  const key = parsePublicKeyPacket(packet!.body);
  assert.equal(key.fingerprint, 'C959BDBAFA32A2F89A153B678CFDE12197965A9A');
  assert.equal(key.keyId, '8CFDE12197965A9A');
  assert.equal(key.curve, 'ed25519');
});

test('the CRC-24 of nothing is its initial value, and gpg checksums are verified', () => {
  assert.equal(crc24(Buffer.alloc(0)), 0xb704ce);
  assert.equal(decodeArmor(gpgFixture('expiring').armored).hadChecksum, true);
});

test('text that is not armored is rejected, binary exports included', () => {
  assertRejected('hello, this is not a key', /no armored OpenPGP data/);
  assertRejected(keyFixtureBytes('gpg/ed25519-cv25519.gpg').toString('latin1'), /no armored OpenPGP data/);
});

test('a wrong checksum line is rejected', () => {
  const armored = gpgFixture('expiring').armored.replace(/^=.{4}$/m, '=AAAA');
  assertRejected(armored, /checksum does not match/);
});

test('a changed character in the body is caught by the checksum', () => {
  const armored = gpgFixture('expiring').armored;
  const lines = armored.split('\n');
  const line = lines[4]!;
  lines[4] = (line[0] === 'A' ? 'B' : 'A') + line.slice(1);
  assertRejected(lines.join('\n'), /checksum does not match/);
});

test('an armor cut short, with no END line, is rejected', () => {
  const armored = gpgFixture('ed25519-cv25519').armored;
  assertRejected(armored.slice(0, armored.length / 2), /no END line/);
});

test('packets cut short are rejected even without a checksum', () => {
  const lines = gpgFixture('ed25519-cv25519')
    .armored.split('\n')
    .filter((line) => !/^=/.test(line));
  // drop the last body line: the 64-character lines before it still decode, but the last packet is cut
  const end = lines.findIndex((line) => line.startsWith('-----END'));
  lines.splice(end - 1, 1);
  assertRejected(lines.join('\n'), /says it has \d+ bytes but the data ends sooner/);
});

test('characters outside base64 in the body are rejected', () => {
  const armored = gpgFixture('expiring').armored.replace(/\n\n(.)/, '\n\n*');
  assertRejected(armored, /not base64/);
});

test('a mismatched END label is rejected', () => {
  const armored = gpgFixture('expiring').armored.replace('END PGP PUBLIC KEY BLOCK', 'END PGP SIGNATURE');
  assertRejected(armored, /different label/);
});

test('a private key block is refused with a hint to export the public key', () => {
  const armored = gpgFixture('expiring').armored.replace(/PUBLIC KEY BLOCK/g, 'PRIVATE KEY BLOCK');
  assertRejected(armored, /private key/);
});

test('a signature block is not a key', () => {
  const armored = gpgFixture('expiring').armored.replace(/PUBLIC KEY BLOCK/g, 'SIGNATURE');
  assertRejected(armored, /expected a PUBLIC KEY BLOCK/);
});

test('a key without any self-certified User ID is rejected', () => {
  const armored = encodeArmor(
    'PUBLIC KEY BLOCK',
    Buffer.from('xjMEU/NfCxYJKwYBBAHaRw8BAQdAPwmJlL3ZFu1AUxl5NOSofIBzOhKA1i+AEJkuQ+47JAY=', 'base64'),
  );
  assertRejected(armored, /no self-certified User ID/);
});

test('data whose first byte lacks the packet high bit is rejected', () => {
  assertRejected(encodeArmor('PUBLIC KEY BLOCK', Buffer.from('plain text')), /not OpenPGP packets/);
});

test('User IDs split into name, comment and address as gpg shows them', () => {
  assert.deepEqual(splitUserId('Two Names (work) <Second@Teahouse.Test>'), {
    name: 'Two Names',
    comment: 'work',
    email: 'Second@Teahouse.Test',
  });
  assert.deepEqual(splitUserId('bare@teahouse.test'), { name: '', comment: '', email: 'bare@teahouse.test' });
  assert.deepEqual(splitUserId('Just A Name'), { name: 'Just A Name', comment: '', email: '' });
});

for (const name of ['rsa-with-encryption-subkey', 'nistp256-ecdh', 'ed25519-cv25519'] as const) {
  test(`a User ID altered after gpg signed it (${name}, re-armored with a fresh checksum) is refused`, () => {
    const data = Buffer.from(decodeArmor(gpgFixture(name).armored).data);
    const at = data.indexOf('Tester');
    assert.ok(at > 0);
    data[at + 1] = 'o'.charCodeAt(0);
    assertRejected(encodeArmor('PUBLIC KEY BLOCK', data), /self-signatures do not verify/);
  });
}
