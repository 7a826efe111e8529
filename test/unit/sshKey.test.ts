import assert from 'node:assert/strict';
import { generateKeyPairSync } from 'node:crypto';
import { test } from 'node:test';
import { parseSshPublicKey, SshKeyError } from '../../src/server/services/sshKey';
import { rsa2048Rfc4716, sshFixture, sshFixtureNames, sshString } from '../fixtures/keys';

const blobOf = (line: string): Buffer => Buffer.from(line.split(' ')[1] ?? '', 'base64');
const lineOf = (type: string, blob: Buffer): string => `${type} ${blob.toString('base64')}`;

function assertRejected(input: string, message: RegExp): void {
  assert.throws(
    () => parseSshPublicKey(input),
    (error: unknown) => error instanceof SshKeyError && message.test(error.message),
  );
}

for (const name of sshFixtureNames) {
  test(`the ${name} key gets the fingerprint and size ssh-keygen printed for it`, () => {
    const fixture = sshFixture(name);
    const key = parseSshPublicKey(fixture.line);
    assert.equal(key.fingerprint, fixture.fingerprint);
    assert.equal(key.bits, fixture.bits);
    assert.equal(key.comment, fixture.comment);
    assert.equal(key.content, fixture.content);
    assert.equal(key.type, fixture.line.split(' ')[0]);
  });
}

test('the RFC 4716 form of a key has the same fingerprint as its authorized_keys line', () => {
  const key = parseSshPublicKey(rsa2048Rfc4716());
  assert.equal(key.fingerprint, sshFixture('rsa2048').fingerprint);
  assert.equal(key.content, sshFixture('rsa2048').content);
  assert.match(key.comment, /2048-bit RSA/);
});

test('the base64 alone is enough: the type is read from the key data', () => {
  const fixture = sshFixture('ecdsa384');
  const key = parseSshPublicKey(fixture.line.split(' ')[1] ?? '');
  assert.equal(key.type, 'ecdsa-sha2-nistp384');
  assert.equal(key.fingerprint, fixture.fingerprint);
});

test('a key wrapped over several lines, with CRLF and surrounding blanks, is one key again', () => {
  const fixture = sshFixture('rsa3072');
  const [type, data = ''] = fixture.line.split(' ');
  const wrapped = `\r\n  ${type} ${data.slice(0, 100)}\r\n${data.slice(100, 300)}\r\n${data.slice(300)} a comment  \r\n`;
  const key = parseSshPublicKey(wrapped);
  assert.equal(key.fingerprint, fixture.fingerprint);
  assert.equal(key.comment, 'a comment');
});

test('an empty key is rejected', () => assertRejected('  \n ', /empty/));

test('key data that is not base64 is rejected', () =>
  assertRejected('ssh-ed25519 AAAA$$$$ x', /not valid base64/));

test('a truncated key is rejected', () => {
  const blob = blobOf(sshFixture('ed25519').line);
  assertRejected(lineOf('ssh-ed25519', blob.subarray(0, blob.length - 5)), /longer than the key data/);
  assertRejected(lineOf('ssh-ed25519', blob.subarray(0, 2)), /ends before its key type/);
});

test('a declared type that differs from the key data is rejected', () =>
  assertRejected(
    `ssh-rsa ${sshFixture('ed25519').line.split(' ')[1]}`,
    /"ssh-rsa" does not match .*"ssh-ed25519"/,
  ));

test('trailing bytes after the last field are rejected', () => {
  const blob = Buffer.concat([blobOf(sshFixture('ed25519').line), Buffer.from([0, 0, 0, 0])]);
  assertRejected(lineOf('ssh-ed25519', blob), /4 unexpected trailing bytes/);
});

test('an Ed25519 key of the wrong length is rejected', () =>
  assertRejected(
    lineOf('ssh-ed25519', Buffer.concat([sshString('ssh-ed25519'), sshString(Buffer.alloc(31, 7))])),
    /32 bytes/,
  ));

test('an unknown key type is rejected, and DSA keys are refused', () => {
  assertRejected(
    lineOf('ssh-foo', Buffer.concat([sshString('ssh-foo'), sshString('x')])),
    /unsupported key type "ssh-foo"/,
  );
  assertRejected(
    lineOf('ssh-dss', Buffer.concat([sshString('ssh-dss'), sshString('x')])),
    /DSA .* not allowed/,
  );
});

test('an RSA key below 1024 bits is rejected and its size named', () => {
  const { publicKey } = generateKeyPairSync('rsa', { modulusLength: 768 });
  const jwk = publicKey.export({ format: 'jwk' });
  const mpint = (b64url = ''): Buffer => {
    const bytes = Buffer.from(b64url, 'base64url');
    return sshString((bytes[0] ?? 0) & 0x80 ? Buffer.concat([Buffer.from([0]), bytes]) : bytes);
  };
  const blob = Buffer.concat([sshString('ssh-rsa'), mpint(jwk.e), mpint(jwk.n)]);
  assertRejected(lineOf('ssh-rsa', blob), /768 bits; at least 1024/);
});

test('an ECDSA key whose curve field differs from its type is rejected', () => {
  const blob = blobOf(sshFixture('ecdsa256').line);
  const forged = Buffer.concat([
    sshString('ecdsa-sha2-nistp384'),
    blob.subarray(4 + 'ecdsa-sha2-nistp256'.length),
  ]);
  assertRejected(lineOf('ecdsa-sha2-nistp384', forged), /curve "nistp256" does not match/);
});

test('an ECDSA point that is not on the curve is rejected', () => {
  const blob = Buffer.from(blobOf(sshFixture('ecdsa256').line));
  blob[blob.length - 1] = (blob[blob.length - 1] ?? 0) ^ 0x01;
  assertRejected(lineOf('ecdsa-sha2-nistp256', blob), /not on the curve/);
});

test('authorized_keys options in front of the key are refused', () =>
  assertRejected(`no-pty,command="x" ${sshFixture('ed25519').line}`, /options are not allowed/));

test('an RFC 4716 block without its END line is rejected', () =>
  assertRejected(rsa2048Rfc4716().replace(/---- END.*/, ''), /no END line/));
