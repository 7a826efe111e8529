import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { startServer, type TestServer } from './harness';

interface TokenBody {
  id: number;
  name: string;
  sha1: string;
  token_last_eight: string;
  scopes: string[];
}
interface ErrorBody {
  message: string;
}

describe('access tokens', () => {
  let server: TestServer;
  before(async () => {
    server = await startServer();
  });
  after(async () => {
    await server.stop();
  });

  test('creating a token answers 201 with a fresh 40-hex sha1 shown once and its last eight characters', async () => {
    const alice = await server.createUser('tok-alice');
    const basic = { username: 'tok-alice', password: alice.password };
    const created = await server.request<TokenBody>('POST', '/users/tok-alice/tokens', {
      basic,
      body: { name: 'laptop', scopes: ['write:repository', 'read:user'] },
    });
    assert.equal(created.status, 201);
    assert.match(created.json.sha1, /^[0-9a-f]{40}$/);
    assert.equal(created.json.name, 'laptop');
    assert.equal(created.json.token_last_eight, created.json.sha1.slice(-8));
    assert.deepEqual(created.json.scopes, ['read:user', 'write:repository']);
    assert.equal(typeof created.json.id, 'number');

    const listed = await server.request<TokenBody[]>('GET', '/users/tok-alice/tokens', { basic });
    assert.equal(listed.status, 200);
    const laptop = listed.json.find((t) => t.name === 'laptop');
    assert.ok(laptop);
    assert.equal(laptop.sha1, '');
    assert.equal(laptop.token_last_eight, created.json.sha1.slice(-8));
    assert.equal(listed.headers.get('x-total-count'), String(listed.json.length));

    const works = await server.request<{ login: string }>('GET', '/user', { token: created.json.sha1 });
    assert.equal(works.status, 200);
    assert.equal(works.json.login, 'tok-alice');
  });

  test('a form-encoded body creates a token too', async () => {
    const bob = await server.createUser('tok-bob');
    const res = await server.request<TokenBody>('POST', '/users/tok-bob/tokens', {
      basic: { username: 'tok-bob', password: bob.password },
      form: { name: 'from-form', scopes: ['read:user', 'read:issue'] },
    });
    assert.equal(res.status, 201);
    assert.equal(res.json.name, 'from-form');
    assert.deepEqual(res.json.scopes, ['read:issue', 'read:user']);
  });

  test('a duplicate name, an empty name, a missing name or an unknown scope answer 422', async () => {
    const carl = await server.createUser('tok-carl');
    const basic = { username: 'tok-carl', password: carl.password };
    const first = await server.request('POST', '/users/tok-carl/tokens', { basic, body: { name: 'ci' } });
    assert.equal(first.status, 201);
    const duplicate = await server.request<ErrorBody>('POST', '/users/tok-carl/tokens', {
      basic,
      body: { name: 'ci' },
    });
    assert.equal(duplicate.status, 422);
    assert.equal(duplicate.json.message, 'access token name has been used already');
    const empty = await server.request<ErrorBody>('POST', '/users/tok-carl/tokens', {
      basic,
      body: { name: '  ' },
    });
    assert.equal(empty.status, 422);
    assert.equal(empty.json.message, '[Name]: Required');
    const missing = await server.request<ErrorBody>('POST', '/users/tok-carl/tokens', { basic, body: {} });
    assert.equal(missing.status, 422);
    assert.equal(missing.json.message, '[Name]: Required');
    const unknown = await server.request<ErrorBody>('POST', '/users/tok-carl/tokens', {
      basic,
      body: { name: 'bad', scopes: ['read:everything'] },
    });
    assert.equal(unknown.status, 422);
    assert.match(unknown.json.message, /read:everything/);
    const wrongType = await server.request<ErrorBody>('POST', '/users/tok-carl/tokens', {
      basic,
      body: { name: 5 },
    });
    assert.equal(wrongType.status, 422);
    assert.equal(wrongType.json.message, '[Name]: must be a string');
  });

  test('another user cannot list or create tokens for someone else (403); an admin can', async () => {
    const dora = await server.createUser('tok-dora');
    await server.createUser('tok-eve');
    const refused = await server.request<ErrorBody>('GET', '/users/tok-eve/tokens', {
      basic: { username: 'tok-dora', password: dora.password },
    });
    assert.equal(refused.status, 403);
    const refusedCreate = await server.request('POST', '/users/tok-eve/tokens', {
      basic: { username: 'tok-dora', password: dora.password },
      body: { name: 'sneaky' },
    });
    assert.equal(refusedCreate.status, 403);
    const admin = { username: server.admin.username, password: server.admin.password };
    const byAdmin = await server.request<TokenBody>('POST', '/users/tok-eve/tokens', {
      basic: admin,
      body: { name: 'by-admin' },
    });
    assert.equal(byAdmin.status, 201);
    const eveSees = await server.request<{ login: string }>('GET', '/user', { token: byAdmin.json.sha1 });
    assert.equal(eveSees.json.login, 'tok-eve');
  });

  test('an unknown user answers 404', async () => {
    const admin = { username: server.admin.username, password: server.admin.password };
    const res = await server.request<ErrorBody>('GET', '/users/tok-nobody/tokens', { basic: admin });
    assert.equal(res.status, 404);
  });

  test('deleting a token by id or by name answers 204 and the token stops working; unknown answers 404', async () => {
    const finn = await server.createUser('tok-finn');
    const basic = { username: 'tok-finn', password: finn.password };
    const one = await server.request<TokenBody>('POST', '/users/tok-finn/tokens', {
      basic,
      body: { name: 'one' },
    });
    const two = await server.request<TokenBody>('POST', '/users/tok-finn/tokens', {
      basic,
      body: { name: 'two' },
    });

    const byId = await server.request('DELETE', `/users/tok-finn/tokens/${one.json.id}`, { basic });
    assert.equal(byId.status, 204);
    assert.equal(byId.text, '');
    const revoked = await server.request<ErrorBody>('GET', '/user', { token: one.json.sha1 });
    assert.equal(revoked.status, 401);

    const byName = await server.request('DELETE', '/users/tok-finn/tokens/two', { basic });
    assert.equal(byName.status, 204);
    assert.equal((await server.request('GET', '/user', { token: two.json.sha1 })).status, 401);

    const again = await server.request<ErrorBody>('DELETE', '/users/tok-finn/tokens/two', { basic });
    assert.equal(again.status, 404);
    const otherUsersId = await server.request('DELETE', `/users/tok-finn/tokens/1`, { basic });
    assert.equal(otherUsersId.status, 404);
  });

  test('tokens are stored hashed: the database file does not contain the token', async () => {
    const gus = await server.createUser('tok-gus');
    const { readFileSync, readdirSync } = await import('node:fs');
    const path = await import('node:path');
    const files = readdirSync(server.dataDir).filter((f) => f.startsWith('teahouse.db'));
    assert.ok(files.length > 0);
    for (const file of files) {
      const bytes = readFileSync(path.join(server.dataDir, file));
      assert.ok(!bytes.includes(gus.token), `${file} holds the token in clear`);
      assert.ok(!bytes.includes(gus.password), `${file} holds the password in clear`);
    }
  });
});
