import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { giteaApi } from 'gitea-js';
import { startServer, type TestServer } from './harness';

let server: TestServer;

before(async () => {
  server = await startServer();
});

after(async () => {
  await server.stop();
});

const userDir = (name: string): string => path.join(server.dataDir, 'repositories', name.toLowerCase());

const rename = (from: string, to: unknown, token = server.admin.token) =>
  server.request('POST', `/admin/users/${from}/rename`, { token, body: { new_username: to } });

test('an admin renames a user: 204, the old name is gone, repositories and their folder follow', async () => {
  const user = await server.createUser('rn-before');
  const made = await server.request('POST', '/user/repos', {
    token: user.token,
    body: { name: 'kept', auto_init: true },
  });
  assert.equal(made.status, 201, made.text);
  assert.ok(existsSync(userDir('rn-before')));

  const res = await rename('rn-before', 'Rn-After');
  assert.equal(res.status, 204, res.text);
  assert.equal(res.text, '');

  const renamed = await server.request<{ login: string; id: number }>('GET', '/users/rn-after');
  assert.equal(renamed.status, 200);
  assert.equal(renamed.json.login, 'Rn-After');
  assert.equal(renamed.json.id, user.user.id);
  assert.equal((await server.request('GET', '/users/rn-before')).status, 404);

  const repo = await server.request<{ full_name: string }>('GET', '/repos/Rn-After/kept', {
    token: user.token,
  });
  assert.equal(repo.status, 200);
  assert.equal(repo.json.full_name, 'Rn-After/kept');
  const branch = await server.request('GET', '/repos/rn-after/kept/branches/main', { token: user.token });
  assert.equal(branch.status, 200, branch.text);
  assert.ok(existsSync(userDir('rn-after')));
  assert.ok(!existsSync(userDir('rn-before')));

  const me = await server.request<{ login: string }>('GET', '/user', { token: user.token });
  assert.equal(me.json.login, 'Rn-After');
});

test('a taken, reserved or malformed new name answers 422 and nothing changes', async () => {
  await server.createUser('rn-one');
  await server.createUser('rn-two');
  const taken = await rename('rn-one', 'RN-TWO');
  assert.equal(taken.status, 422);
  assert.match(taken.text, /user already exists/);
  const reserved = await rename('rn-one', 'admin');
  assert.equal(reserved.status, 422);
  assert.match(reserved.text, /reserved/);
  const malformed = await rename('rn-one', 'bad name!');
  assert.equal(malformed.status, 422);
  const missing = await server.request('POST', '/admin/users/rn-one/rename', {
    token: server.admin.token,
    body: {},
  });
  assert.equal(missing.status, 422);
  assert.equal((await server.request('GET', '/users/rn-one')).status, 200);
});

test('only site admins rename: 401 anonymous, 403 for a user; an unknown user is 404', async () => {
  const plain = await server.createUser('rn-plain');
  const anonymous = await server.request('POST', '/admin/users/rn-plain/rename', {
    body: { new_username: 'rn-plain-2' },
  });
  assert.equal(anonymous.status, 401);
  const self = await rename('rn-plain', 'rn-plain-2', plain.token);
  assert.equal(self.status, 403);
  assert.equal((await server.request('GET', '/users/rn-plain')).status, 200);
  const unknown = await rename('rn-nobody', 'rn-nobody-2');
  assert.equal(unknown.status, 404);
});

test('gitea-js renames a user', async () => {
  await server.createUser('rn-js');
  const api = giteaApi(server.url.replace(/\/$/, ''), { token: server.admin.token });
  const res = await api.admin.adminRenameUser('rn-js', { new_username: 'rn-js-renamed' });
  assert.equal(res.status, 204);
  assert.equal((await server.request('GET', '/users/rn-js-renamed')).status, 200);
});
