import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { startServer, type TestServer, type TestUser } from './harness';

interface ErrorBody {
  message: string;
}
interface Permissions {
  is_owner: boolean;
  is_admin: boolean;
  can_write: boolean;
  can_read: boolean;
  can_create_repository: boolean;
}

let server: TestServer;
before(async () => {
  server = await startServer();
});
after(async () => {
  await server.stop();
});

async function organization(owner: TestUser, name: string, visibility = 'public'): Promise<void> {
  const res = await server.request('POST', '/orgs', {
    token: owner.token,
    body: { username: name, visibility },
  });
  assert.equal(res.status, 201);
}

async function team(owner: TestUser, org: string, name: string, permission: string, member: string) {
  const res = await server.request<{ id: number }>('POST', `/orgs/${org}/teams`, {
    token: owner.token,
    body: {
      name,
      permission,
      units: ['repo.code', 'repo.issues'],
      can_create_org_repo: permission === 'write',
    },
  });
  assert.equal(res.status, 201, JSON.stringify(res.json));
  const add = await server.request('PUT', `/teams/${res.json.id}/members/${member}`, { token: owner.token });
  assert.equal(add.status, 204);
}

describe('renaming an organization', () => {
  test('an owner renames it: the old name is gone, repositories move along', async () => {
    const ada = await server.createUser('oa-ada');
    await organization(ada, 'oa-old');
    await server.request('POST', '/orgs/oa-old/repos', { token: ada.token, body: { name: 'app' } });
    const res = await server.request('POST', '/orgs/oa-old/rename', {
      token: ada.token,
      body: { new_name: 'oa-new' },
    });
    assert.equal(res.status, 204);
    assert.equal((await server.request('GET', '/orgs/oa-new')).status, 200);
    const repo = await server.request<{ full_name: string }>('GET', '/repos/oa-new/app', {
      token: ada.token,
    });
    assert.equal(repo.status, 200);
    assert.equal(repo.json.full_name, 'oa-new/app');
    assert.ok(existsSync(path.join(server.dataDir, 'repositories', 'oa-new', 'app.git')));
  });

  test('a taken or reserved name answers 422; members and strangers 403; anonymous 401', async () => {
    const bea = await server.createUser('oa-bea');
    const cid = await server.createUser('oa-cid');
    await organization(bea, 'oa-two');
    await team(bea, 'oa-two', 'devs', 'write', 'oa-cid');
    const taken = await server.request<ErrorBody>('POST', '/orgs/oa-two/rename', {
      token: bea.token,
      body: { new_name: 'oa-cid' },
    });
    assert.equal(taken.status, 422);
    assert.match(taken.json.message, /already exists/);
    const reserved = await server.request('POST', '/orgs/oa-two/rename', {
      token: bea.token,
      body: { new_name: 'api' },
    });
    assert.equal(reserved.status, 422);
    const empty = await server.request('POST', '/orgs/oa-two/rename', { token: bea.token, body: {} });
    assert.equal(empty.status, 422);
    const member = await server.request('POST', '/orgs/oa-two/rename', {
      token: cid.token,
      body: { new_name: 'oa-three' },
    });
    assert.equal(member.status, 403);
    const anonymous = await server.request('POST', '/orgs/oa-two/rename', { body: { new_name: 'oa-four' } });
    assert.equal(anonymous.status, 401);
  });
});

describe('deleting all repositories of an organization', () => {
  test('an owner deletes them all (202); with none left it answers 204', async () => {
    const dee = await server.createUser('oa-dee');
    await organization(dee, 'oa-del');
    for (const name of ['one', 'two'])
      await server.request('POST', '/orgs/oa-del/repos', { token: dee.token, body: { name } });
    const res = await server.request('DELETE', '/orgs/oa-del/repos', { token: dee.token });
    assert.equal(res.status, 202);
    const left = await server.request<unknown[]>('GET', '/orgs/oa-del/repos', { token: dee.token });
    assert.deepEqual(left.json, []);
    assert.ok(!existsSync(path.join(server.dataDir, 'repositories', 'oa-del', 'one.git')));
    const again = await server.request('DELETE', '/orgs/oa-del/repos', { token: dee.token });
    assert.equal(again.status, 204);
  });

  test('members may not: 403; a private organization is 404 to strangers', async () => {
    const eli = await server.createUser('oa-eli');
    const fin = await server.createUser('oa-fin');
    const gus = await server.createUser('oa-gus');
    await organization(eli, 'oa-keep', 'private');
    await server.request('POST', '/orgs/oa-keep/repos', { token: eli.token, body: { name: 'kept' } });
    await team(eli, 'oa-keep', 'devs', 'write', 'oa-fin');
    assert.equal((await server.request('DELETE', '/orgs/oa-keep/repos', { token: fin.token })).status, 403);
    assert.equal((await server.request('DELETE', '/orgs/oa-keep/repos', { token: gus.token })).status, 404);
    const still = await server.request('GET', '/repos/oa-keep/kept', { token: eli.token });
    assert.equal(still.status, 200);
  });
});

describe("a user's permissions in an organization", () => {
  test('follow the best team of the user; owners may do everything', async () => {
    const hal = await server.createUser('oa-hal');
    const ivy = await server.createUser('oa-ivy');
    await server.createUser('oa-jo');
    await organization(hal, 'oa-perm');
    await team(hal, 'oa-perm', 'readers', 'read', 'oa-ivy');
    await team(hal, 'oa-perm', 'writers', 'write', 'oa-jo');
    const ask = (user: string) =>
      server.request<Permissions>('GET', `/users/${user}/orgs/oa-perm/permissions`, { token: ivy.token });
    assert.deepEqual((await ask('oa-hal')).json, {
      is_owner: true,
      is_admin: true,
      can_write: true,
      can_read: true,
      can_create_repository: true,
    });
    assert.deepEqual((await ask('oa-ivy')).json, {
      is_owner: false,
      is_admin: false,
      can_write: false,
      can_read: true,
      can_create_repository: false,
    });
    const writer = await ask('oa-jo');
    assert.equal(writer.json.can_write, true);
    assert.equal(writer.json.is_admin, false);
    assert.equal(writer.json.can_create_repository, true);
    const outsider = await server.createUser('oa-kai');
    assert.deepEqual((await ask('oa-kai')).json, {
      is_owner: false,
      is_admin: false,
      can_write: false,
      can_read: false,
      can_create_repository: false,
    });
    assert.ok(outsider.user.id > 0);
  });

  test('a private organization is 404 for users outside it and for callers who cannot see it', async () => {
    const lu = await server.createUser('oa-lu');
    const mo = await server.createUser('oa-mo');
    await organization(lu, 'oa-hidden', 'private');
    const asked = await server.request('GET', '/users/oa-mo/orgs/oa-hidden/permissions', { token: lu.token });
    assert.equal(asked.status, 404, 'the user cannot see it');
    const caller = await server.request('GET', '/users/oa-lu/orgs/oa-hidden/permissions', {
      token: mo.token,
    });
    assert.equal(caller.status, 404, 'the caller cannot see it');
    const unknown = await server.request('GET', '/users/nobody-x/orgs/oa-hidden/permissions', {
      token: lu.token,
    });
    assert.equal(unknown.status, 404);
    assert.equal((await server.request('GET', '/users/oa-lu/orgs/oa-hidden/permissions')).status, 401);
    assert.ok(mo.user.id > 0);
  });
});
