import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { giteaApi } from 'gitea-js';
import { startServer, type TestServer, type TestUser } from './harness';

interface PermissionBody {
  permission: string;
  role_name: string;
  user: { login: string };
  message: string;
}
interface RepoBody {
  permissions: { admin: boolean; push: boolean; pull: boolean };
}

describe('collaborators', () => {
  let server: TestServer;
  before(async () => {
    server = await startServer();
  });
  after(async () => {
    await server.stop();
  });

  const createRepo = async (user: TestUser, body: Record<string, unknown>): Promise<void> => {
    const res = await server.request('POST', '/user/repos', { token: user.token, body });
    assert.equal(res.status, 201, res.text);
  };
  const collaborator = (method: string, full: string, name: string, token?: string, body?: unknown) =>
    server.request<{ message: string }>(method, `/repos/${full}/collaborators/${name}`, {
      ...(token === undefined ? {} : { token }),
      ...(body === undefined ? {} : { body }),
    });
  const permissionOf = (full: string, name: string, token: string) =>
    server.request<PermissionBody>('GET', `/repos/${full}/collaborators/${name}/permission`, { token });

  test('PUT adds a collaborator with write by default; they are listed and checked', async () => {
    const ann = await server.createUser('co-ann');
    const bob = await server.createUser('co-bob');
    await createRepo(ann, { name: 'team-work', private: true });
    assert.equal((await server.request('GET', '/repos/co-ann/team-work', { token: bob.token })).status, 404);
    const added = await collaborator('PUT', 'co-ann/team-work', 'co-bob', ann.token, {});
    assert.equal(added.status, 204);
    assert.equal(added.text, '');
    const list = await server.request<{ login: string }[]>('GET', '/repos/co-ann/team-work/collaborators', {
      token: bob.token,
    });
    assert.equal(list.status, 200);
    assert.deepEqual(
      list.json.map((user) => user.login),
      ['co-bob'],
    );
    assert.equal(list.headers.get('x-total-count'), '1');
    assert.equal((await collaborator('GET', 'co-ann/team-work', 'co-bob', ann.token)).status, 204);
    assert.equal((await collaborator('GET', 'co-ann/team-work', 'co-ann', ann.token)).status, 404);
    const seen = await server.request<RepoBody>('GET', '/repos/co-ann/team-work', { token: bob.token });
    assert.deepEqual(seen.json.permissions, { admin: false, push: true, pull: true });
    const permission = await permissionOf('co-ann/team-work', 'co-bob', bob.token);
    assert.equal(permission.status, 200);
    assert.equal(permission.json.permission, 'write');
    assert.equal(permission.json.role_name, 'write');
    assert.equal(permission.json.user.login, 'co-bob');
  });

  test('PUT with a permission changes the mode; an invalid one answers 422', async () => {
    const cat = await server.createUser('co-cat');
    await server.createUser('co-cat-helper');
    await createRepo(cat, { name: 'modes' });
    for (const mode of ['read', 'admin', 'write'] as const) {
      assert.equal(
        (await collaborator('PUT', 'co-cat/modes', 'co-cat-helper', cat.token, { permission: mode })).status,
        204,
      );
      assert.equal((await permissionOf('co-cat/modes', 'co-cat-helper', cat.token)).json.permission, mode);
    }
    const bad = await collaborator('PUT', 'co-cat/modes', 'co-cat-helper', cat.token, {
      permission: 'owner',
    });
    assert.equal(bad.status, 422);
    assert.match(bad.json.message, /Permission/);
  });

  test('unknown users, organizations and the owner cannot be added (422)', async () => {
    const dan = await server.createUser('co-dan');
    await createRepo(dan, { name: 'solo' });
    await server.request('POST', '/orgs', { token: dan.token, body: { username: 'co-dan-org' } });
    for (const name of ['co-nobody', 'co-dan-org', 'co-dan']) {
      const res = await collaborator('PUT', 'co-dan/solo', name, dan.token, { permission: 'read' });
      assert.equal(res.status, 422, name);
    }
    assert.equal((await collaborator('GET', 'co-dan/solo', 'co-nobody', dan.token)).status, 422);
    assert.equal((await collaborator('DELETE', 'co-dan/solo', 'co-nobody', dan.token)).status, 422);
    const list = await server.request<unknown[]>('GET', '/repos/co-dan/solo/collaborators', {
      token: dan.token,
    });
    assert.deepEqual(list.json, []);
  });

  test('DELETE removes the collaborator and their watch; removing a non-collaborator answers 204', async () => {
    const eve = await server.createUser('co-eve');
    const fred = await server.createUser('co-fred');
    await createRepo(eve, { name: 'closing', private: true });
    await collaborator('PUT', 'co-eve/closing', 'co-fred', eve.token, { permission: 'read' });
    assert.equal(
      (await server.request('PUT', '/repos/co-eve/closing/subscription', { token: fred.token })).status,
      200,
    );
    const removed = await collaborator('DELETE', 'co-eve/closing', 'co-fred', eve.token);
    assert.equal(removed.status, 204);
    assert.equal((await collaborator('GET', 'co-eve/closing', 'co-fred', eve.token)).status, 404);
    assert.equal((await server.request('GET', '/repos/co-eve/closing', { token: fred.token })).status, 404);
    const watchers = await server.request<{ login: string }[]>('GET', '/repos/co-eve/closing/subscribers', {
      token: eve.token,
    });
    assert.deepEqual(
      watchers.json.map((user) => user.login),
      ['co-eve'],
    );
    assert.equal((await collaborator('DELETE', 'co-eve/closing', 'co-fred', eve.token)).status, 204);
  });

  test('only repository admins manage collaborators; writers get 403 and strangers of private repos 404', async () => {
    const gia = await server.createUser('co-gia');
    const writer = await server.createUser('co-gia-writer');
    const admin = await server.createUser('co-gia-admin');
    const stranger = await server.createUser('co-gia-stranger');
    await server.createUser('co-gia-new');
    await createRepo(gia, { name: 'guarded', private: true });
    await collaborator('PUT', 'co-gia/guarded', 'co-gia-writer', gia.token, { permission: 'write' });
    await collaborator('PUT', 'co-gia/guarded', 'co-gia-admin', gia.token, { permission: 'admin' });
    const denied = await collaborator('PUT', 'co-gia/guarded', 'co-gia-new', writer.token, {});
    assert.equal(denied.status, 403);
    assert.equal(denied.json.message, 'Must have admin rights');
    assert.equal((await collaborator('PUT', 'co-gia/guarded', 'co-gia-new', stranger.token, {})).status, 404);
    assert.equal((await collaborator('PUT', 'co-gia/guarded', 'co-gia-new', undefined, {})).status, 401);
    assert.equal((await collaborator('PUT', 'co-gia/guarded', 'co-gia-new', admin.token, {})).status, 204);
    assert.equal((await collaborator('DELETE', 'co-gia/guarded', 'co-gia-new', writer.token)).status, 403);
    assert.equal((await collaborator('DELETE', 'co-gia/guarded', 'co-gia-new', admin.token)).status, 204);
  });

  test('the permission endpoint answers self and repository admins; others get 403', async () => {
    const hal = await server.createUser('co-hal');
    const reader = await server.createUser('co-hal-reader');
    const stranger = await server.createUser('co-hal-stranger');
    await createRepo(hal, { name: 'perm' });
    await collaborator('PUT', 'co-hal/perm', 'co-hal-reader', hal.token, { permission: 'read' });
    assert.equal((await permissionOf('co-hal/perm', 'co-hal-reader', reader.token)).json.permission, 'read');
    const denied = await permissionOf('co-hal/perm', 'co-hal', reader.token);
    assert.equal(denied.status, 403);
    assert.match(denied.json.message, /Only admins can query all permissions/);
    assert.equal((await permissionOf('co-hal/perm', 'co-hal', hal.token)).json.permission, 'owner');
    // On a public repository everyone may read: a stranger's own permission is read.
    assert.equal(
      (await permissionOf('co-hal/perm', 'co-hal-stranger', stranger.token)).json.permission,
      'read',
    );
    assert.equal(
      (await permissionOf('co-hal/perm', 'co-hal-stranger', server.admin.token)).json.permission,
      'read',
    );
    assert.equal((await permissionOf('co-hal/perm', 'co-nobody', hal.token)).status, 404);
  });

  test('gitea-js adds, checks and lists collaborators', async () => {
    const ivy = await server.createUser('co-ivy');
    await server.createUser('co-ivy-pal');
    await createRepo(ivy, { name: 'js-collab' });
    const api = giteaApi(server.url.replace(/\/$/, ''), { token: ivy.token });
    const added = await api.repos.repoAddCollaborator('co-ivy', 'js-collab', 'co-ivy-pal', {
      permission: 'read',
    });
    assert.equal(added.status, 204);
    assert.equal((await api.repos.repoCheckCollaborator('co-ivy', 'js-collab', 'co-ivy-pal')).status, 204);
    const list = await api.repos.repoListCollaborators('co-ivy', 'js-collab');
    assert.deepEqual(
      list.data.map((user) => user.login),
      ['co-ivy-pal'],
    );
    const permission = await api.repos.repoGetRepoPermissions('co-ivy', 'js-collab', 'co-ivy-pal');
    assert.equal(permission.data.permission, 'read');
    assert.equal(permission.data.user?.login, 'co-ivy-pal');
  });
});
