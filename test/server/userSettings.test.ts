import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { makePgpTestKey } from '../fixtures/keys/pgpSigner';
import { startServer, type TestServer } from './harness';

interface ErrorBody {
  message: string;
}
interface Settings {
  full_name: string;
  website: string;
  description: string;
  location: string;
  language: string;
  theme: string;
  diff_view_style: string;
  hide_email: boolean;
  hide_activity: boolean;
}

let server: TestServer;
before(async () => {
  server = await startServer();
});
after(async () => {
  await server.stop();
});

describe('user settings', () => {
  test("a new user's settings are Gitea's defaults", async () => {
    const ann = await server.createUser('set-ann');
    const res = await server.request<Settings>('GET', '/user/settings', { token: ann.token });
    assert.equal(res.status, 200);
    assert.deepEqual(res.json, {
      full_name: '',
      website: '',
      description: '',
      location: '',
      language: '',
      theme: 'gitea-auto',
      diff_view_style: '',
      hide_email: false,
      hide_activity: false,
    });
    assert.equal((await server.request('GET', '/user/settings')).status, 401);
  });

  test('a PATCH changes what it names, answers the settings, and the user shows them', async () => {
    const ben = await server.createUser('set-ben');
    const res = await server.request<Settings>('PATCH', '/user/settings', {
      token: ben.token,
      body: { full_name: 'Ben B', website: 'https://ben.example', hide_email: true, theme: 'gitea-dark' },
    });
    assert.equal(res.status, 200);
    assert.equal(res.json.full_name, 'Ben B');
    assert.equal(res.json.website, 'https://ben.example');
    assert.equal(res.json.hide_email, true);
    assert.equal(res.json.theme, 'gitea-dark');
    assert.equal(res.json.location, '');
    const again = await server.request<Settings>('PATCH', '/user/settings', {
      token: ben.token,
      body: { location: 'Graz', hide_activity: true },
    });
    assert.equal(again.json.full_name, 'Ben B', 'fields left out keep their value');
    assert.equal(again.json.hide_activity, true);
    const user = await server.request<{ full_name: string; location: string }>('GET', '/users/set-ben');
    assert.equal(user.json.full_name, 'Ben B');
    assert.equal(user.json.location, 'Graz');
  });

  test('a website that is no URL, or text longer than Gitea allows, answers 422', async () => {
    const cy = await server.createUser('set-cy');
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ website: 'not a url' }, /ValidUrl/],
      [{ location: 'x'.repeat(51) }, /MaxSize\(50\)/],
      [{ full_name: 'x'.repeat(101) }, /MaxSize\(100\)/],
    ];
    for (const [body, message] of cases) {
      const res = await server.request<ErrorBody>('PATCH', '/user/settings', { token: cy.token, body });
      assert.equal(res.status, 422, JSON.stringify(body));
      assert.match(res.json.message, message);
    }
    const settings = await server.request<Settings>('GET', '/user/settings', { token: cy.token });
    assert.equal(settings.json.website, '');
  });
});

describe('verifying a GPG key with the token', () => {
  interface GpgKey {
    key_id: string;
    verified: boolean;
  }

  test('the token is 64 hex digits, the same within a minute, and differs per user', async () => {
    const dee = await server.createUser('set-dee');
    const eve = await server.createUser('set-eve');
    const first = await server.request<string>('GET', '/user/gpg_key_token', { token: dee.token });
    assert.equal(first.status, 200);
    assert.match(first.headers.get('content-type') ?? '', /^text\/plain/);
    assert.match(first.text, /^[0-9a-f]{64}$/);
    const other = await server.request<string>('GET', '/user/gpg_key_token', { token: eve.token });
    assert.notEqual(other.text, first.text);
    assert.equal((await server.request('GET', '/user/gpg_key_token')).status, 401);
  });

  test('a signature of the token by the key marks it verified', async () => {
    const fay = await server.createUser('set-fay', { email: 'fay@teahouse.test' });
    const key = makePgpTestKey('Fay <fay@teahouse.test>');
    const added = await server.request<GpgKey>('POST', '/user/gpg_keys', {
      token: fay.token,
      body: { armored_public_key: key.armoredPublicKey },
    });
    assert.equal(added.status, 201, JSON.stringify(added.json));
    const token = (await server.request<string>('GET', '/user/gpg_key_token', { token: fay.token })).text;
    const res = await server.request<GpgKey & ErrorBody>('POST', '/user/gpg_key_verify', {
      token: fay.token,
      body: { key_id: key.keyId, armored_signature: key.signDetached(`${token}\n`) },
    });
    assert.equal(res.status, 200, res.json.message);
    assert.equal(res.json.key_id, key.keyId);
    assert.equal(res.json.verified, true);
  });

  test('a signature of something else answers 422 naming the token; an unknown key 404', async () => {
    const gus = await server.createUser('set-gus', { email: 'gus@teahouse.test' });
    const key = makePgpTestKey('Gus <gus@teahouse.test>');
    const added = await server.request('POST', '/user/gpg_keys', {
      token: gus.token,
      body: { armored_public_key: key.armoredPublicKey },
    });
    assert.equal(added.status, 201);
    const wrong = await server.request<ErrorBody>('POST', '/user/gpg_key_verify', {
      token: gus.token,
      body: { key_id: key.keyId, armored_signature: key.signDetached('not the token') },
    });
    assert.equal(wrong.status, 422);
    assert.match(
      wrong.json.message,
      /^The provided GPG key, signature and token do not match.*: [0-9a-f]{64}$/,
    );
    const stranger = makePgpTestKey('Gus <gus@teahouse.test>');
    const unknown = await server.request<ErrorBody>('POST', '/user/gpg_key_verify', {
      token: gus.token,
      body: { key_id: stranger.keyId, armored_signature: stranger.signDetached('x') },
    });
    assert.equal(unknown.status, 404);
    const zeros = await server.request('POST', '/user/gpg_key_verify', {
      token: gus.token,
      body: { key_id: '0000', armored_signature: key.signDetached('x') },
    });
    assert.equal(zeros.status, 404);
    const garbage = await server.request('POST', '/user/gpg_key_verify', {
      token: gus.token,
      body: { key_id: key.keyId, armored_signature: 'no signature here' },
    });
    assert.equal(garbage.status, 422);
    const missing = await server.request('POST', '/user/gpg_key_verify', { token: gus.token, body: {} });
    assert.equal(missing.status, 422);
  });

  test('a key whose id starts with 0 is found, with or without the zeros (Gitea trims them and finds nothing)', async () => {
    const jo = await server.createUser('set-jo', { email: 'jo@teahouse.test' });
    let key = makePgpTestKey('Jo <jo@teahouse.test>');
    while (!key.keyId.startsWith('0')) key = makePgpTestKey('Jo <jo@teahouse.test>');
    const added = await server.request('POST', '/user/gpg_keys', {
      token: jo.token,
      body: { armored_public_key: key.armoredPublicKey },
    });
    assert.equal(added.status, 201);
    for (const keyId of [key.keyId, key.keyId.replace(/^0+/, '')]) {
      const token = (await server.request<string>('GET', '/user/gpg_key_token', { token: jo.token })).text;
      const res = await server.request<GpgKey & ErrorBody>('POST', '/user/gpg_key_verify', {
        token: jo.token,
        body: { key_id: keyId, armored_signature: key.signDetached(token) },
      });
      assert.equal(res.status, 200, res.json.message);
      assert.equal(res.json.key_id, key.keyId);
    }
  });

  test("another user's key cannot be verified by someone else: 404", async () => {
    const hal = await server.createUser('set-hal', { email: 'hal@teahouse.test' });
    const ida = await server.createUser('set-ida');
    const key = makePgpTestKey('Hal <hal@teahouse.test>');
    await server.request('POST', '/user/gpg_keys', {
      token: hal.token,
      body: { armored_public_key: key.armoredPublicKey },
    });
    const token = (await server.request<string>('GET', '/user/gpg_key_token', { token: ida.token })).text;
    const res = await server.request('POST', '/user/gpg_key_verify', {
      token: ida.token,
      body: { key_id: key.keyId, armored_signature: key.signDetached(token) },
    });
    assert.equal(res.status, 404);
  });
});
