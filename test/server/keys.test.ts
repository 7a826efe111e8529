import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { giteaApi } from 'gitea-js';
import { freshSshKey, rsa2048Rfc4716, sshFixture, sshFixtureNames } from '../fixtures/keys';
import { startServer, type TestServer } from './harness';

interface PublicKeyJson {
  id: number;
  key: string;
  url: string;
  title: string;
  fingerprint: string;
  created_at: string;
  last_used_at: string;
  read_only?: boolean;
  key_type?: string;
  user?: { login: string; id: number };
}

let server: TestServer;
before(async () => {
  server = await startServer();
});
after(async () => {
  await server.stop();
});

const addKey = (token: string, body: unknown) =>
  server.request<PublicKeyJson>('POST', '/user/keys', { token, body });

describe('SSH keys of users', () => {
  // rsa2048 is the RFC 4716 test's key
  const lineFixtures = sshFixtureNames.filter((name) => name !== 'rsa2048');

  test('every kind of key ssh-keygen makes is added with the fingerprint ssh-keygen printed', async () => {
    const amy = await server.createUser('keys-amy');
    for (const name of lineFixtures) {
      const fixture = sshFixture(name);
      const res = await addKey(amy.token, { title: name, key: fixture.line });
      assert.equal(res.status, 201, `${name}: ${res.text}`);
      assert.equal(res.json.fingerprint, fixture.fingerprint, name);
      // stored as `type base64`, the comment dropped
      assert.equal(res.json.key, fixture.content, name);
    }
    const list = await server.request<PublicKeyJson[]>('GET', '/user/keys?limit=50', { token: amy.token });
    assert.equal(list.status, 200);
    assert.equal(list.headers.get('x-total-count'), String(lineFixtures.length));
    assert.deepEqual(
      list.json.map((key) => key.title),
      lineFixtures,
    );
  });

  test('a key in RFC 4716 form is stored as its authorized_keys line, which then counts as the same key', async () => {
    const rfc = await server.createUser('keys-rfc');
    const fixture = sshFixture('rsa2048');
    const added = await addKey(rfc.token, { title: 'converted', key: rsa2048Rfc4716() });
    assert.equal(added.status, 201);
    assert.equal(added.json.fingerprint, fixture.fingerprint);
    assert.equal(added.json.key, fixture.content);
    const again = await server.request<{ message: string }>('POST', '/user/keys', {
      token: rfc.token,
      body: { title: 'line', key: fixture.line },
    });
    assert.equal(again.status, 422);
    assert.equal(again.json.message, 'Key content has been used as non-deploy key');
  });

  test("a new key answers 201 with Gitea's PublicKey fields, the owner's view included", async () => {
    const bob = await server.createUser('keys-bob');
    const line = freshSshKey('bob@laptop');
    const res = await addKey(bob.token, { title: 'laptop', key: line });
    assert.equal(res.status, 201);
    const key = res.json;
    assert.equal(key.title, 'laptop');
    assert.equal(key.key, line.split(' ').slice(0, 2).join(' '));
    assert.match(key.fingerprint, /^SHA256:[A-Za-z0-9+/]{43}$/);
    assert.equal(key.url, `${server.url}api/v1/user/keys/${key.id}`);
    assert.match(key.created_at, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
    assert.equal(key.last_used_at, key.created_at);
    assert.equal(key.key_type, 'user');
    assert.equal(key.read_only, false);
    assert.equal(key.user?.login, 'keys-bob');
    const got = await server.request<PublicKeyJson>('GET', `/user/keys/${key.id}`, { token: bob.token });
    assert.equal(got.status, 200);
    assert.deepEqual(got.json, key);
  });

  test("others see a user's keys without the owner-only fields", async () => {
    const cat = await server.createUser('keys-cat');
    const dan = await server.createUser('keys-dan');
    const added = await addKey(cat.token, { title: 'work', key: freshSshKey() });
    const seen = await server.request<PublicKeyJson[]>('GET', '/users/keys-cat/keys', { token: dan.token });
    assert.equal(seen.status, 200);
    assert.equal(seen.headers.get('x-total-count'), '1');
    assert.equal(seen.json.length, 1);
    assert.equal(seen.json[0]?.id, added.json.id);
    assert.equal(seen.json[0]?.fingerprint, added.json.fingerprint);
    assert.equal(seen.json[0]?.user, undefined);
    assert.equal(seen.json[0]?.key_type, undefined);
    const own = await server.request<PublicKeyJson[]>('GET', '/users/keys-cat/keys', { token: cat.token });
    assert.equal(own.json[0]?.user?.login, 'keys-cat');
  });

  test('the key list pages with X-Total-Count and Link', async () => {
    const eve = await server.createUser('keys-eve');
    for (const title of ['one', 'two', 'three'])
      assert.equal((await addKey(eve.token, { title, key: freshSshKey() })).status, 201);
    const page = await server.request<PublicKeyJson[]>('GET', '/user/keys?limit=2&page=2', {
      token: eve.token,
    });
    assert.equal(page.status, 200);
    assert.deepEqual(
      page.json.map((key) => key.title),
      ['three'],
    );
    assert.equal(page.headers.get('x-total-count'), '3');
    assert.match(page.headers.get('link') ?? '', /rel="first"/);
  });

  test('another user can neither read nor delete my key: it is not found for them', async () => {
    const fay = await server.createUser('keys-fay');
    const gus = await server.createUser('keys-gus');
    const key = (await addKey(fay.token, { title: 'mine', key: freshSshKey() })).json;
    const read = await server.request<{ message: string }>('GET', `/user/keys/${key.id}`, {
      token: gus.token,
    });
    assert.equal(read.status, 404);
    const removed = await server.request('DELETE', `/user/keys/${key.id}`, { token: gus.token });
    assert.equal(removed.status, 404);
    assert.equal((await server.request('GET', `/user/keys/${key.id}`, { token: fay.token })).status, 200);
  });

  test('the owner deletes a key with 204, after which it is gone', async () => {
    const hal = await server.createUser('keys-hal');
    const key = (await addKey(hal.token, { title: 'old', key: freshSshKey() })).json;
    const removed = await server.request('DELETE', `/user/keys/${key.id}`, { token: hal.token });
    assert.equal(removed.status, 204);
    assert.equal(removed.text, '');
    assert.equal((await server.request('GET', `/user/keys/${key.id}`, { token: hal.token })).status, 404);
    assert.equal((await server.request('DELETE', `/user/keys/${key.id}`, { token: hal.token })).status, 404);
    assert.equal((await server.request('GET', '/user/keys/not-a-number', { token: hal.token })).status, 404);
  });

  test("a site admin reaches another user's key through /user/keys/{id}", async () => {
    const ida = await server.createUser('keys-ida');
    const key = (await addKey(ida.token, { title: 'k', key: freshSshKey() })).json;
    const read = await server.request<PublicKeyJson>('GET', `/user/keys/${key.id}`, {
      token: server.admin.token,
    });
    assert.equal(read.status, 200);
    assert.equal(read.json.user?.login, 'keys-ida');
    assert.equal(
      (await server.request('DELETE', `/user/keys/${key.id}`, { token: server.admin.token })).status,
      204,
    );
    assert.equal((await server.request('GET', `/user/keys/${key.id}`, { token: ida.token })).status, 404);
  });

  test('the same key content is refused for anyone, and a title only for the same user', async () => {
    const jo = await server.createUser('keys-jo');
    const kim = await server.createUser('keys-kim');
    const line = freshSshKey();
    assert.equal((await addKey(jo.token, { title: 'a', key: line })).status, 201);
    for (const token of [jo.token, kim.token]) {
      const again = await server.request<{ message: string }>('POST', '/user/keys', {
        token,
        body: { title: 'b', key: line },
      });
      assert.equal(again.status, 422);
      assert.equal(again.json.message, 'Key content has been used as non-deploy key');
    }
    const sameTitle = await server.request<{ message: string }>('POST', '/user/keys', {
      token: jo.token,
      body: { title: 'a', key: freshSshKey() },
    });
    assert.equal(sameTitle.status, 422);
    assert.equal(sameTitle.json.message, 'Key title has been used');
    assert.equal((await addKey(kim.token, { title: 'a', key: freshSshKey() })).status, 201);
  });

  test('bad key content, a missing title or key, and an overlong title are 422s naming the problem', async () => {
    const lea = await server.createUser('keys-lea');
    const cases: Array<[unknown, RegExp]> = [
      [
        { title: 't', key: 'ssh-ed25519 not-base64!' },
        /^Invalid key content: the key data is not valid base64$/,
      ],
      [
        { title: 't', key: `ssh-rsa ${sshFixture('ed25519').line.split(' ')[1]}` },
        /^Invalid key content: .*does not match/,
      ],
      [{ title: 't', key: 'ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIA==' }, /^Invalid key content: /],
      [{ key: freshSshKey() }, /^\[Title\]: Required$/],
      [{ title: '  ', key: freshSshKey() }, /^\[Title\]: Required$/],
      [{ title: 't' }, /^\[Key\]: Required$/],
      [{ title: 'x'.repeat(51), key: freshSshKey() }, /^\[Title\]: MaxSize\(50\)$/],
    ];
    for (const [body, message] of cases) {
      const res = await server.request<{ message: string }>('POST', '/user/keys', { token: lea.token, body });
      assert.equal(res.status, 422, JSON.stringify(body));
      assert.match(res.json.message, message);
    }
    const list = await server.request<unknown[]>('GET', '/user/keys', { token: lea.token });
    assert.deepEqual(list.json, []);
  });

  test('the fingerprint filter finds a key on /user/keys whoever owns it, and only the user’s on /users/{name}/keys', async () => {
    const max = await server.createUser('keys-max');
    const ned = await server.createUser('keys-ned');
    const key = (await addKey(max.token, { title: 'f', key: freshSshKey() })).json;
    const query = `fingerprint=${encodeURIComponent(key.fingerprint)}`;
    const found = await server.request<PublicKeyJson[]>('GET', `/user/keys?${query}`, { token: ned.token });
    assert.equal(found.status, 200);
    assert.deepEqual(
      found.json.map((k) => [k.id, k.user]),
      [[key.id, undefined]],
    );
    const scoped = await server.request<PublicKeyJson[]>('GET', `/users/keys-ned/keys?${query}`, {
      token: ned.token,
    });
    assert.deepEqual(scoped.json, []);
    const owner = await server.request<PublicKeyJson[]>('GET', `/users/keys-max/keys?${query}`, {
      token: ned.token,
    });
    assert.equal(owner.json.length, 1);
  });

  test('anonymous callers get 401, and a private user’s keys are not found by others', async () => {
    const ora = await server.createUser('keys-ora');
    const pia = await server.createUser('keys-pia');
    assert.equal((await server.request('GET', '/user/keys')).status, 401);
    assert.equal(
      (await server.request('POST', '/user/keys', { body: { title: 't', key: freshSshKey() } })).status,
      401,
    );
    assert.equal((await server.request('GET', '/users/keys-ora/keys')).status, 401);
    const hidden = await server.request('PATCH', '/admin/users/keys-ora', {
      token: server.admin.token,
      body: { visibility: 'private' },
    });
    assert.equal(hidden.status, 200);
    assert.equal((await server.request('GET', '/users/keys-ora/keys', { token: pia.token })).status, 404);
    assert.equal((await server.request('GET', '/users/keys-ora/keys', { token: ora.token })).status, 200);
    assert.equal((await server.request('GET', '/users/keys-nobody/keys', { token: pia.token })).status, 404);
  });

  test('a site admin adds and deletes keys for a user; others may not', async () => {
    const quin = await server.createUser('keys-quin');
    const rex = await server.createUser('keys-rex');
    const created = await server.request<PublicKeyJson>('POST', '/admin/users/keys-quin/keys', {
      token: server.admin.token,
      body: { title: 'from admin', key: freshSshKey() },
    });
    assert.equal(created.status, 201);
    assert.equal(created.json.user?.login, 'keys-quin');
    const own = await server.request<PublicKeyJson[]>('GET', '/user/keys', { token: quin.token });
    assert.deepEqual(
      own.json.map((key) => key.title),
      ['from admin'],
    );
    const denied = await server.request('POST', '/admin/users/keys-quin/keys', {
      token: rex.token,
      body: { title: 'nope', key: freshSshKey() },
    });
    assert.equal(denied.status, 403);
    const unknown = await server.request('POST', '/admin/users/keys-nobody/keys', {
      token: server.admin.token,
      body: { title: 'x', key: freshSshKey() },
    });
    assert.equal(unknown.status, 404);
    const wrongUser = await server.request('DELETE', `/admin/users/keys-rex/keys/${created.json.id}`, {
      token: server.admin.token,
    });
    assert.equal(wrongUser.status, 404);
    const removed = await server.request('DELETE', `/admin/users/keys-quin/keys/${created.json.id}`, {
      token: server.admin.token,
    });
    assert.equal(removed.status, 204);
    assert.deepEqual((await server.request('GET', '/user/keys', { token: quin.token })).json, []);
  });

  test('permission matrix for /user/keys/{id}: the owner and site admins reach a key, others do not', async () => {
    const owner = await server.createUser('keysm-owner');
    const stranger = await server.createUser('keysm-stranger');
    const actors: Array<[string, string | undefined, 'allowed' | 401 | 404]> = [
      ['anonymous', undefined, 401],
      ['another user', stranger.token, 404],
      ['the owner', owner.token, 'allowed'],
      ['a site admin', server.admin.token, 'allowed'],
    ];
    let cases = 0;
    for (const [actor, token, want] of actors) {
      const key = (await addKey(owner.token, { title: `for ${actor}`, key: freshSshKey() })).json;
      const read = await server.request<PublicKeyJson>('GET', `/user/keys/${key.id}`, { token });
      assert.equal(read.status, want === 'allowed' ? 200 : want, `get by ${actor}`);
      if (want === 'allowed') assert.equal(read.json.fingerprint, key.fingerprint);
      const removed = await server.request('DELETE', `/user/keys/${key.id}`, { token });
      assert.equal(removed.status, want === 'allowed' ? 204 : want, `delete by ${actor}`);
      const left = await server.request('GET', `/user/keys/${key.id}`, { token: owner.token });
      assert.equal(left.status, want === 'allowed' ? 404 : 200, `key after delete by ${actor}`);
      cases += 2;
    }
    console.log(`user key permission matrix: ${cases} cases`);
    assert.equal(cases, 8);
  });

  test('gitea-js adds, lists and reads a key with the field names it expects', async () => {
    const sam = await server.createUser('keys-sam');
    const api = giteaApi(server.url.replace(/\/$/, ''), { token: sam.token, customFetch: fetch });
    const line = freshSshKey();
    const created = await api.user.userCurrentPostKey({ title: 'via gitea-js', key: line });
    assert.equal(created.status, 201);
    assert.equal(created.data.title, 'via gitea-js');
    assert.equal(created.data.key_type, 'user');
    assert.equal(created.data.user?.login, 'keys-sam');
    const listed = await api.user.userCurrentListKeys();
    assert.deepEqual(
      listed.data.map((key) => key.fingerprint),
      [created.data.fingerprint],
    );
    const read = await api.user.userCurrentGetKey(created.data.id!);
    assert.equal(read.data.key, line.split(' ').slice(0, 2).join(' '));
    await assert.rejects(
      api.user.userCurrentGetKey(999999),
      (error: { status: number }) => error.status === 404,
    );
  });
});
