import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { giteaApi } from 'gitea-js';
import { startServer, type TestServer } from './harness';

interface AppBody {
  id: number;
  name: string;
  client_id: string;
  client_secret: string;
  redirect_uris: string[];
  confidential_client: boolean;
  skip_secondary_authorization: boolean;
  created: string;
}
interface ErrorBody {
  message: string;
}

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const secretPattern = /^gto_[a-z2-7]{52}$/;

describe('oauth2 applications of the current user', () => {
  let server: TestServer;
  before(async () => {
    server = await startServer();
  });
  after(async () => {
    await server.stop();
  });

  async function createApp(token: string, name: string): Promise<AppBody> {
    const res = await server.request<AppBody>('POST', '/user/applications/oauth2', {
      token,
      body: { name, redirect_uris: ['https://example.com/callback'] },
    });
    assert.equal(res.status, 201);
    return res.json;
  }

  test('creating an application answers 201 with a UUID client id and a gto_ secret', async () => {
    const alice = await server.createUser('oa-alice');
    const res = await server.request<AppBody>('POST', '/user/applications/oauth2', {
      token: alice.token,
      body: {
        name: 'my app',
        redirect_uris: ['https://example.com/cb', 'com.example.app:/oauth'],
        confidential_client: true,
        skip_secondary_authorization: true,
      },
    });
    assert.equal(res.status, 201);
    assert.equal(res.json.name, 'my app');
    assert.match(res.json.client_id, uuid);
    assert.match(res.json.client_secret, secretPattern);
    assert.deepEqual(res.json.redirect_uris, ['https://example.com/cb', 'com.example.app:/oauth']);
    assert.equal(res.json.confidential_client, true);
    assert.equal(res.json.skip_secondary_authorization, true);
    assert.ok(Number.isInteger(res.json.id) && res.json.id > 0);
    assert.ok(!Number.isNaN(Date.parse(res.json.created)));
  });

  test('the secret is shown only on creation: get and list answer an empty client_secret', async () => {
    const bob = await server.createUser('oa-bob');
    const created = await createApp(bob.token, 'once');
    const got = await server.request<AppBody>('GET', `/user/applications/oauth2/${created.id}`, {
      token: bob.token,
    });
    assert.equal(got.status, 200);
    assert.equal(got.json.client_secret, '');
    assert.equal(got.json.client_id, created.client_id);
    assert.equal(got.json.name, 'once');
    assert.equal(got.json.confidential_client, false);
    const listed = await server.request<AppBody[]>('GET', '/user/applications/oauth2', { token: bob.token });
    assert.equal(listed.status, 200);
    assert.deepEqual(
      listed.json.map((a) => [a.id, a.client_secret]),
      [[created.id, '']],
    );
  });

  test('the client secret is stored hashed: the database files do not contain it', async () => {
    const carl = await server.createUser('oa-carl');
    const created = await createApp(carl.token, 'hashed');
    const files = readdirSync(server.dataDir).filter((f) => f.startsWith('teahouse.db'));
    assert.ok(files.length > 0);
    const all = Buffer.concat(files.map((file) => readFileSync(path.join(server.dataDir, file))));
    // the client id is stored in clear, so finding it proves the files hold the application's row
    assert.ok(all.includes(created.client_id), 'the database files lack the client id');
    assert.ok(!all.includes(created.client_secret), 'the database files hold the client secret in clear');
    assert.ok(!all.includes(created.client_secret.slice(4)), 'the database files hold the secret body');
  });

  test('updating replaces the fields, keeps the client id and regenerates the secret', async () => {
    const dora = await server.createUser('oa-dora');
    const created = await createApp(dora.token, 'before');
    const res = await server.request<AppBody>('PATCH', `/user/applications/oauth2/${created.id}`, {
      token: dora.token,
      body: { name: 'after', redirect_uris: ['http://localhost:8080/cb'], confidential_client: true },
    });
    assert.equal(res.status, 200);
    assert.equal(res.json.id, created.id);
    assert.equal(res.json.name, 'after');
    assert.deepEqual(res.json.redirect_uris, ['http://localhost:8080/cb']);
    assert.equal(res.json.confidential_client, true);
    assert.equal(res.json.client_id, created.client_id);
    assert.match(res.json.client_secret, secretPattern);
    assert.notEqual(res.json.client_secret, created.client_secret);
    const got = await server.request<AppBody>('GET', `/user/applications/oauth2/${created.id}`, {
      token: dora.token,
    });
    assert.equal(got.json.name, 'after');
    assert.equal(got.json.client_secret, '');
  });

  test('deleting answers 204, then the application is gone (404)', async () => {
    const emil = await server.createUser('oa-emil');
    const created = await createApp(emil.token, 'doomed');
    const url = `/user/applications/oauth2/${created.id}`;
    const deleted = await server.request('DELETE', url, { token: emil.token });
    assert.equal(deleted.status, 204);
    assert.equal(deleted.text, '');
    const got = await server.request<ErrorBody>('GET', url, { token: emil.token });
    assert.equal(got.status, 404);
    assert.equal((await server.request('DELETE', url, { token: emil.token })).status, 404);
  });

  test('a missing or blank name, missing or empty redirect_uris and relative URIs answer 422', async () => {
    const finn = await server.createUser('oa-finn');
    const post = (body: unknown) =>
      server.request<ErrorBody>('POST', '/user/applications/oauth2', { token: finn.token, body });
    const noName = await post({ redirect_uris: ['https://example.com/cb'] });
    assert.equal(noName.status, 422);
    assert.equal(noName.json.message, '[Name]: Required');
    const blankName = await post({ name: '  ', redirect_uris: ['https://example.com/cb'] });
    assert.equal(blankName.status, 422);
    assert.equal(blankName.json.message, '[Name]: Required');
    const noUris = await post({ name: 'x' });
    assert.equal(noUris.status, 422);
    assert.equal(noUris.json.message, '[RedirectURIs]: Required');
    const emptyUris = await post({ name: 'x', redirect_uris: [] });
    assert.equal(emptyUris.status, 422);
    assert.equal(emptyUris.json.message, '[RedirectURIs]: Required');
    const relative = await post({ name: 'x', redirect_uris: ['https://ok.example/cb', '/callback'] });
    assert.equal(relative.status, 422);
    assert.match(relative.json.message, /^\[RedirectURIs\]: invalid URL: \/callback$/);
    const spaces = await post({ name: 'x', redirect_uris: ['https://bad example/cb'] });
    assert.equal(spaces.status, 422);
    const wrongType = await post({ name: 'x', redirect_uris: 'https://example.com/cb' });
    assert.equal(wrongType.status, 422);
    const listed = await server.request<AppBody[]>('GET', '/user/applications/oauth2', { token: finn.token });
    assert.deepEqual(listed.json, []);
  });

  test('an invalid update answers 422 and leaves the application unchanged', async () => {
    const gus = await server.createUser('oa-gus');
    const created = await createApp(gus.token, 'stable');
    const url = `/user/applications/oauth2/${created.id}`;
    const bad = await server.request<ErrorBody>('PATCH', url, {
      token: gus.token,
      body: { name: 'renamed', redirect_uris: ['not a uri'] },
    });
    assert.equal(bad.status, 422);
    const got = await server.request<AppBody>('GET', url, { token: gus.token });
    assert.equal(got.json.name, 'stable');
    assert.deepEqual(got.json.redirect_uris, ['https://example.com/callback']);
  });

  test("another user's application answers 404 to get, update and delete, and is not listed", async () => {
    const owner = await server.createUser('oa-owner');
    const other = await server.createUser('oa-other');
    const created = await createApp(owner.token, 'private app');
    const url = `/user/applications/oauth2/${created.id}`;
    const get = await server.request<ErrorBody>('GET', url, { token: other.token });
    assert.equal(get.status, 404);
    const patch = await server.request<ErrorBody>('PATCH', url, {
      token: other.token,
      body: { name: 'stolen', redirect_uris: ['https://evil.example/cb'] },
    });
    assert.equal(patch.status, 404);
    const del = await server.request<ErrorBody>('DELETE', url, { token: other.token });
    assert.equal(del.status, 404);
    const adminGet = await server.request('GET', url, { token: server.admin.token });
    assert.equal(adminGet.status, 404);
    const listed = await server.request<AppBody[]>('GET', '/user/applications/oauth2', {
      token: other.token,
    });
    assert.deepEqual(listed.json, []);
    const still = await server.request<AppBody>('GET', url, { token: owner.token });
    assert.equal(still.status, 200);
    assert.equal(still.json.name, 'private app');
  });

  test('a non-numeric id answers 404', async () => {
    const hal = await server.createUser('oa-hal');
    const res = await server.request('GET', '/user/applications/oauth2/abc', { token: hal.token });
    assert.equal(res.status, 404);
  });

  test('anonymous callers get 401 on every operation', async () => {
    const calls: [string, string][] = [
      ['GET', '/user/applications/oauth2'],
      ['POST', '/user/applications/oauth2'],
      ['GET', '/user/applications/oauth2/1'],
      ['PATCH', '/user/applications/oauth2/1'],
      ['DELETE', '/user/applications/oauth2/1'],
    ];
    for (const [method, url] of calls) {
      const body = method === 'GET' ? undefined : { name: 'x', redirect_uris: ['https://example.com/cb'] };
      const res = await server.request<ErrorBody>(method, url, { body });
      assert.equal(res.status, 401, `${method} ${url}`);
      assert.equal(typeof res.json.message, 'string');
    }
  });

  test('the list is paged with X-Total-Count and Link headers', async () => {
    const ivy = await server.createUser('oa-ivy');
    const ids: number[] = [];
    for (const name of ['one', 'two', 'three']) ids.push((await createApp(ivy.token, name)).id);
    const page = await server.request<AppBody[]>('GET', '/user/applications/oauth2?page=2&limit=2', {
      token: ivy.token,
    });
    assert.equal(page.status, 200);
    assert.deepEqual(
      page.json.map((a) => a.id),
      [ids[2]],
    );
    assert.equal(page.headers.get('x-total-count'), '3');
    const link = page.headers.get('link') ?? '';
    assert.match(link, /rel="first"/);
    assert.match(link, /rel="prev"/);
  });

  test('gitea-js creates, reads, updates, lists and deletes an application with Gitea’s field names', async () => {
    const jay = await server.createUser('oa-jay');
    const api = giteaApi(server.url.replace(/\/$/, ''), { token: jay.token, customFetch: fetch });
    const created = await api.user.userCreateOAuth2Application({
      name: 'client app',
      redirect_uris: ['https://client.example/cb'],
      confidential_client: true,
    });
    assert.equal(created.status, 201);
    assert.match(created.data.client_secret ?? '', secretPattern);
    const id = created.data.id ?? 0;
    const got = await api.user.userGetOAuth2Application(id);
    assert.equal(got.data.name, 'client app');
    assert.equal(got.data.client_id, created.data.client_id);
    assert.equal(got.data.confidential_client, true);
    const updated = await api.user.userUpdateOAuth2Application(id, {
      name: 'renamed app',
      redirect_uris: ['https://client.example/cb2'],
    });
    assert.deepEqual(updated.data.redirect_uris, ['https://client.example/cb2']);
    assert.equal(updated.data.confidential_client, false);
    const listed = await api.user.userGetOauth2Application();
    assert.deepEqual(
      listed.data.map((a) => a.name),
      ['renamed app'],
    );
    const deleted = await api.user.userDeleteOAuth2Application(id);
    assert.equal(deleted.status, 204);
  });
});
