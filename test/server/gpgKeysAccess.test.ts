import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { giteaApi } from 'gitea-js';
import { gpgFixture, keyFixtureText } from '../fixtures/keys';
import { startServer, type TestServer } from './harness';

interface GpgKeyJson {
  id: number;
  key_id: string;
  primary_key_id: string;
  subkeys: Array<{ id: number; key_id: string }>;
  emails: Array<{ email: string; verified: boolean }>;
}

let server: TestServer;
before(async () => {
  server = await startServer();
});
after(async () => {
  await server.stop();
});

const addGpgKey = (token: string, armored: string) =>
  server.request<GpgKeyJson>('POST', '/user/gpg_keys', { token, body: { armored_public_key: armored } });

describe('GPG keys: who sees and removes them', () => {
  test('a block with two keys adds both and answers with the first', async () => {
    const ada = await server.createUser('gpga-ada', { email: 'ed@teahouse.test' });
    // every key of the block must carry one of the user's addresses (Gitea 1.14.1 refuses the block otherwise)
    const second = await server.request('POST', '/user/emails', {
      token: ada.token,
      body: { emails: ['rsa@teahouse.test'] },
    });
    assert.equal(second.status, 201);
    const res = await addGpgKey(ada.token, keyFixtureText('gpg/two-keys.asc'));
    assert.equal(res.status, 201);
    assert.equal(res.json.key_id, gpgFixture('rsa-with-encryption-subkey').primary.keyId);
    const list = await server.request<GpgKeyJson[]>('GET', '/user/gpg_keys', { token: ada.token });
    assert.equal(list.status, 200);
    assert.equal(list.headers.get('x-total-count'), '2');
    assert.deepEqual(
      list.json.map((key) => [key.key_id, key.emails[0]?.verified]),
      [
        [gpgFixture('rsa-with-encryption-subkey').primary.keyId, true],
        [gpgFixture('ed25519-cv25519').primary.keyId, true],
      ],
    );
    const page = await server.request<GpgKeyJson[]>('GET', '/user/gpg_keys?limit=1&page=2', {
      token: ada.token,
    });
    assert.deepEqual(
      page.json.map((key) => key.key_id),
      [gpgFixture('ed25519-cv25519').primary.keyId],
    );
    assert.match(page.headers.get('link') ?? '', /rel="prev"/);
  });

  test("another user lists a user's keys; a private user's keys are not found; anonymous is 401", async () => {
    const bo = await server.createUser('gpga-bo', { email: 'first@teahouse.test' });
    const cy = await server.createUser('gpga-cy');
    assert.equal((await addGpgKey(bo.token, gpgFixture('two-user-ids').armored)).status, 201);
    const seen = await server.request<GpgKeyJson[]>('GET', '/users/gpga-bo/gpg_keys', { token: cy.token });
    assert.equal(seen.status, 200);
    assert.deepEqual(
      seen.json.map((key) => key.key_id),
      [gpgFixture('two-user-ids').primary.keyId],
    );
    assert.equal(seen.headers.get('x-total-count'), '1');
    assert.equal((await server.request('GET', '/users/gpga-bo/gpg_keys')).status, 401);
    assert.equal((await server.request('GET', '/user/gpg_keys')).status, 401);
    const hidden = await server.request('PATCH', '/admin/users/gpga-bo', {
      token: server.admin.token,
      body: { visibility: 'private' },
    });
    assert.equal(hidden.status, 200);
    assert.equal((await server.request('GET', '/users/gpga-bo/gpg_keys', { token: cy.token })).status, 404);
    assert.equal(
      (await server.request('GET', '/users/gpga-nobody/gpg_keys', { token: cy.token })).status,
      404,
    );
  });

  test('permission matrix for /user/gpg_keys/{id}: only the owner reads and deletes a key', async () => {
    const owner = await server.createUser('gpgm-owner', { email: 'expiring@teahouse.test' });
    const other = await server.createUser('gpgm-other');
    const armored = gpgFixture('expiring').armored;
    const actors: Array<[string, string | undefined, 'allowed' | 401 | 404]> = [
      ['anonymous', undefined, 401],
      ['another user', other.token, 404],
      // as Gitea: GPG keys are reached by their owner only, site admins included
      ['a site admin', server.admin.token, 404],
      ['the owner', owner.token, 'allowed'],
    ];
    let cases = 0;
    const key = (await addGpgKey(owner.token, armored)).json;
    for (const [actor, token, want] of actors) {
      const read = await server.request<GpgKeyJson>('GET', `/user/gpg_keys/${key.id}`, { token });
      assert.equal(read.status, want === 'allowed' ? 200 : want, `get by ${actor}`);
      if (want === 'allowed') assert.equal(read.json.key_id, key.key_id);
      const removed = await server.request('DELETE', `/user/gpg_keys/${key.id}`, { token });
      assert.equal(removed.status, want === 'allowed' ? 204 : want, `delete by ${actor}`);
      const left = await server.request('GET', `/user/gpg_keys/${key.id}`, { token: owner.token });
      assert.equal(left.status, want === 'allowed' ? 404 : 200, `key after delete by ${actor}`);
      cases += 2;
    }
    console.log(`GPG key permission matrix: ${cases} cases`);
    assert.equal(cases, 8);
  });

  test('deleting a key removes its subkeys too, so the same key can be added again', async () => {
    const dee = await server.createUser('gpga-dee', { email: 'nist@teahouse.test' });
    const armored = gpgFixture('nistp256-ecdh').armored;
    const first = (await addGpgKey(dee.token, armored)).json;
    const subkeyId = first.subkeys[0]?.id ?? 0;
    assert.ok(subkeyId > 0);
    // a subkey is no key of its own at this address
    assert.equal(
      (await server.request('GET', `/user/gpg_keys/${subkeyId}`, { token: dee.token })).status,
      404,
    );
    assert.equal(
      (await server.request('DELETE', `/user/gpg_keys/${first.id}`, { token: dee.token })).status,
      204,
    );
    assert.deepEqual((await server.request('GET', '/user/gpg_keys', { token: dee.token })).json, []);
    assert.equal(
      (await server.request('DELETE', `/user/gpg_keys/${first.id}`, { token: dee.token })).status,
      404,
    );
    const again = await addGpgKey(dee.token, armored);
    assert.equal(again.status, 201);
    assert.equal(again.json.subkeys[0]?.key_id, first.subkeys[0]?.key_id);
    assert.notEqual(again.json.id, first.id);
  });

  test('gitea-js adds and lists a GPG key with the field names it expects', async () => {
    const eve = await server.createUser('gpga-eve', { email: 'dsa@teahouse.test' });
    const api = giteaApi(server.url.replace(/\/$/, ''), { token: eve.token, customFetch: fetch });
    const fixture = gpgFixture('dsa-elgamal');
    const created = await api.user.userCurrentPostGpgKey({ armored_public_key: fixture.armored });
    assert.equal(created.status, 201);
    assert.equal(created.data.key_id, fixture.primary.keyId);
    assert.equal(created.data.emails?.[0]?.verified, true);
    assert.equal(created.data.subkeys?.[0]?.key_id, fixture.subkeys[0]?.keyId);
    const listed = await api.user.userCurrentListGpgKeys();
    assert.deepEqual(
      listed.data.map((key) => key.id),
      [created.data.id],
    );
    const read = await api.user.userCurrentGetGpgKey(created.data.id!);
    assert.equal(read.data.can_sign, true);
  });
});
