import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { gpgFixture, keyFixtureText } from '../fixtures/keys';
import { startServer, type TestServer } from './harness';

interface GpgKeyJson {
  id: number;
  primary_key_id: string;
  key_id: string;
  public_key: string;
  emails: Array<{ email: string; verified: boolean }>;
  subkeys: GpgKeyJson[];
  can_sign: boolean;
  can_encrypt_comms: boolean;
  can_encrypt_storage: boolean;
  can_certify: boolean;
  verified: boolean;
  created_at: string;
  expires_at: string;
}

let server: TestServer;
before(async () => {
  server = await startServer();
});
after(async () => {
  await server.stop();
});

const iso = (seconds: number): string =>
  seconds === 0 ? '0001-01-01T00:00:00Z' : new Date(seconds * 1000).toISOString().replace('.000Z', 'Z');

const addGpgKey = (token: string, armored: string) =>
  server.request<GpgKeyJson>('POST', '/user/gpg_keys', { token, body: { armored_public_key: armored } });

describe('GPG keys: what is stored and shown', () => {
  test("an RSA key with an encryption subkey answers 201 with Gitea's GPGKey fields, as gpg lists it", async () => {
    const fixture = gpgFixture('rsa-with-encryption-subkey');
    const rho = await server.createUser('gpg-rho', { email: 'rsa@teahouse.test' });
    const res = await addGpgKey(rho.token, fixture.armored);
    assert.equal(res.status, 201, res.text);
    const key = res.json;
    assert.equal(key.key_id, fixture.primary.keyId);
    assert.equal(key.primary_key_id, '');
    assert.equal(key.public_key, fixture.armored);
    assert.deepEqual(key.emails, [{ email: 'rsa@teahouse.test', verified: true }]);
    assert.equal(key.verified, true);
    assert.deepEqual(
      [key.can_sign, key.can_certify, key.can_encrypt_comms, key.can_encrypt_storage],
      [true, true, false, false],
    );
    assert.equal(key.created_at, iso(fixture.primary.created));
    assert.equal(key.expires_at, '0001-01-01T00:00:00Z');
    assert.equal(key.subkeys.length, 1);
    const [subkey] = key.subkeys;
    assert.equal(subkey?.key_id, fixture.subkeys[0]?.keyId);
    assert.equal(subkey?.primary_key_id, fixture.primary.keyId);
    assert.deepEqual(
      [subkey?.can_sign, subkey?.can_certify, subkey?.can_encrypt_comms, subkey?.can_encrypt_storage],
      [false, false, true, true],
    );
    // as Gitea: a subkey's public_key is the base64 of its key packet
    assert.match(subkey?.public_key ?? '', /^[A-Za-z0-9+/]+=*$/);
    assert.deepEqual(subkey?.emails, []);
    assert.deepEqual(subkey?.subkeys, []);
  });

  test("each User ID's address is verified when it is one of the user's addresses, compared case-insensitively", async () => {
    const fixture = gpgFixture('two-user-ids');
    const sal = await server.createUser('gpg-sal', { email: 'second@teahouse.test' });
    const res = await addGpgKey(sal.token, fixture.armored);
    assert.equal(res.status, 201);
    // the primary User ID first, as gpg lists them
    assert.deepEqual(res.json.emails, [
      { email: 'Second@Teahouse.Test', verified: true },
      { email: 'first@teahouse.test', verified: false },
    ]);
    assert.equal(res.json.verified, true);
    assert.deepEqual(res.json.subkeys, []);
  });

  test("a key none of whose addresses is the user's is refused with Gitea 1.14.1's 404, and accepted once it is", async () => {
    const fixture = gpgFixture('nistp256-ecdh');
    const tam = await server.createUser('gpg-tam');
    const refused = await addGpgKey(tam.token, fixture.armored);
    assert.equal(refused.status, 404);
    assert.equal(
      (refused.json as unknown as { message: string }).message,
      'none of the emails attached to the GPG key could be found: [nist@teahouse.test]',
    );
    assert.deepEqual((await server.request('GET', '/user/gpg_keys', { token: tam.token })).json, []);
    const added = await server.request('POST', '/user/emails', {
      token: tam.token,
      body: { emails: ['NIST@teahouse.test'] },
    });
    assert.equal(added.status, 201);
    const res = await addGpgKey(tam.token, fixture.armored);
    assert.equal(res.status, 201, res.text);
    assert.deepEqual(res.json.emails, [{ email: 'nist@teahouse.test', verified: true }]);
    assert.equal(res.json.verified, true);
    assert.equal(res.json.key_id, fixture.primary.keyId);
    assert.equal(res.json.subkeys[0]?.can_encrypt_comms, true);
  });

  test('expiry dates come from the self-signatures: the key and its subkey each their own', async () => {
    const fixture = gpgFixture('expiring');
    const uma = await server.createUser('gpg-uma', { email: 'expiring@teahouse.test' });
    const res = await addGpgKey(uma.token, fixture.armored);
    assert.equal(res.status, 201);
    assert.ok(fixture.primary.expires > 0);
    assert.equal(res.json.expires_at, iso(fixture.primary.expires));
    assert.equal(res.json.subkeys[0]?.expires_at, iso(fixture.subkeys[0]?.expires ?? -1));
  });

  test('a DSA key with an Elgamal subkey is read, and its key id may be registered only once', async () => {
    const fixture = gpgFixture('dsa-elgamal');
    const val = await server.createUser('gpg-val', { email: 'dsa@teahouse.test' });
    const wes = await server.createUser('gpg-wes');
    const first = await addGpgKey(val.token, fixture.armored);
    assert.equal(first.status, 201);
    assert.equal(first.json.key_id, fixture.primary.keyId);
    assert.equal(first.json.can_sign, true);
    assert.equal(first.json.subkeys[0]?.can_encrypt_storage, true);
    for (const token of [val.token, wes.token]) {
      const again = await server.request<{ message: string }>('POST', '/user/gpg_keys', {
        token,
        body: { armored_public_key: fixture.armored },
      });
      assert.equal(again.status, 422);
      assert.equal(again.json.message, 'A key with the same id already exists');
    }
    const list = await server.request<GpgKeyJson[]>('GET', '/user/gpg_keys', { token: wes.token });
    assert.deepEqual(list.json, []);
  });

  test('the RFC 9580 sample v6 key (no User ID) parses, and is refused for want of an address as in Gitea', async () => {
    const xia = await server.createUser('gpg-xia');
    const res = await addGpgKey(xia.token, keyFixtureText('gpg/rfc9580-v6-sample.asc'));
    // not 422: the key was read; with no User ID none of its addresses can be the user's
    assert.equal(res.status, 404, res.text);
    assert.equal(
      (res.json as unknown as { message: string }).message,
      'none of the emails attached to the GPG key could be found: []',
    );
  });

  test('input that is not a usable public key is a 422 saying why', async () => {
    const yan = await server.createUser('gpg-yan');
    const armored = gpgFixture('expiring').armored;
    const cases: Array<[unknown, RegExp]> = [
      [{ armored_public_key: 'not a key at all' }, /^failed to parse gpg key: no armored OpenPGP data found/],
      [{ armored_public_key: armored.replace(/^=.{4}$/m, '=AAAA') }, /checksum does not match/],
      [{ armored_public_key: armored.slice(0, 200) }, /no END line/],
      [
        { armored_public_key: armored.replace(/PUBLIC KEY BLOCK/g, 'PRIVATE KEY BLOCK') },
        /this is a private key/,
      ],
      [{}, /^\[ArmoredPublicKey\]: Required$/],
      [{ armored_public_key: 42 }, /^\[ArmoredPublicKey\]: must be a string$/],
    ];
    for (const [body, message] of cases) {
      const res = await server.request<{ message: string }>('POST', '/user/gpg_keys', {
        token: yan.token,
        body,
      });
      assert.equal(res.status, 422, JSON.stringify(body).slice(0, 80));
      assert.match(res.json.message, message);
    }
    assert.deepEqual((await server.request('GET', '/user/gpg_keys', { token: yan.token })).json, []);
  });
});
