import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { startServer, type TestServer, type TestUser } from './harness';

interface RepoBody {
  id: number;
  name: string;
  full_name: string;
  description: string;
  website: string;
  private: boolean;
  archived: boolean;
  archived_at: string;
  has_issues: boolean;
  internal_tracker: unknown;
  has_wiki: boolean;
  template: boolean;
  default_branch: string;
  default_merge_style: string;
  allow_squash_merge: boolean;
  stars_count: number;
  watchers_count: number;
  permissions: { admin: boolean; push: boolean; pull: boolean };
  message: string;
}

describe('reading, editing and deleting repositories', () => {
  let server: TestServer;
  before(async () => {
    server = await startServer();
  });
  after(async () => {
    await server.stop();
  });

  const gitDir = (owner: string, name: string): string =>
    path.join(server.dataDir, 'repositories', owner.toLowerCase(), `${name.toLowerCase()}.git`);
  const git = (dir: string, ...args: string[]): string =>
    execFileSync('git', ['--git-dir', dir, ...args], { encoding: 'utf8' });
  const createRepo = async (user: TestUser, body: Record<string, unknown>): Promise<RepoBody> => {
    const res = await server.request<RepoBody>('POST', '/user/repos', { token: user.token, body });
    assert.equal(res.status, 201, res.text);
    return res.json;
  };
  const patch = (token: string, full: string, body: Record<string, unknown>) =>
    server.request<RepoBody>('PATCH', `/repos/${full}`, { token, body });

  test('GET /repos/{owner}/{repo} answers case-insensitively with the caller permissions', async () => {
    const ann = await server.createUser('re-ann');
    await createRepo(ann, { name: 'Open' });
    const own = await server.request<RepoBody>('GET', '/repos/RE-ANN/open', { token: ann.token });
    assert.equal(own.status, 200);
    assert.equal(own.json.full_name, 're-ann/Open');
    assert.deepEqual(own.json.permissions, { admin: true, push: true, pull: true });
    const anonymous = await server.request<RepoBody>('GET', '/repos/re-ann/Open');
    assert.equal(anonymous.status, 200);
    assert.deepEqual(anonymous.json.permissions, { admin: false, push: false, pull: true });
    assert.equal((await server.request('GET', '/repos/re-ann/missing')).status, 404);
    assert.equal((await server.request('GET', '/repos/re-nobody/open')).status, 404);
  });

  test('a private repository is 404 to anonymous callers and strangers, 200 to its owner and site admins', async () => {
    const ben = await server.createUser('re-ben');
    const stranger = await server.createUser('re-ben-stranger');
    await createRepo(ben, { name: 'secret', private: true });
    assert.equal((await server.request('GET', '/repos/re-ben/secret')).status, 404);
    assert.equal(
      (await server.request('GET', '/repos/re-ben/secret', { token: stranger.token })).status,
      404,
    );
    assert.equal((await server.request('GET', '/repos/re-ben/secret', { token: ben.token })).status, 200);
    const admin = await server.request<RepoBody>('GET', '/repos/re-ben/secret', {
      token: server.admin.token,
    });
    assert.equal(admin.status, 200);
    assert.deepEqual(admin.json.permissions, { admin: true, push: true, pull: true });
  });

  test('GET /repositories/{id} finds visible repositories and hides the others', async () => {
    const cid = await server.createUser('re-cid');
    const stranger = await server.createUser('re-cid-stranger');
    const open = await createRepo(cid, { name: 'by-id' });
    const hidden = await createRepo(cid, { name: 'by-id-private', private: true });
    const found = await server.request<RepoBody>('GET', `/repositories/${open.id}`, {
      token: stranger.token,
    });
    assert.equal(found.status, 200);
    assert.equal(found.json.full_name, 're-cid/by-id');
    assert.equal(
      (await server.request('GET', `/repositories/${hidden.id}`, { token: stranger.token })).status,
      404,
    );
    assert.equal(
      (await server.request('GET', `/repositories/${hidden.id}`, { token: cid.token })).status,
      200,
    );
    assert.equal((await server.request('GET', '/repositories/999999', { token: cid.token })).status, 404);
    assert.equal((await server.request('GET', '/repositories/abc', { token: cid.token })).status, 404);
    // The catalogue requires a signed-in caller here.
    assert.equal((await server.request('GET', `/repositories/${open.id}`)).status, 401);
  });

  test('PATCH changes only the fields that are sent', async () => {
    const dee = await server.createUser('re-dee');
    await createRepo(dee, { name: 'settings', description: 'before', website: '' });
    const res = await patch(dee.token, 're-dee/settings', {
      website: 'https://example.com',
      private: true,
      has_issues: false,
      template: true,
      allow_squash_merge: false,
      default_merge_style: 'squash',
    });
    assert.equal(res.status, 200);
    assert.equal(res.json.description, 'before');
    assert.equal(res.json.website, 'https://example.com');
    assert.equal(res.json.private, true);
    assert.equal(res.json.has_issues, false);
    assert.equal(res.json.internal_tracker, null);
    assert.equal(res.json.has_wiki, true);
    assert.equal(res.json.template, true);
    assert.equal(res.json.allow_squash_merge, false);
    assert.equal(res.json.default_merge_style, 'squash');
    const reread = await server.request<RepoBody>('GET', '/repos/re-dee/settings', { token: dee.token });
    assert.equal(reread.json.private, true);
    assert.equal((await server.request('GET', '/repos/re-dee/settings')).status, 404);
    const bad = await patch(dee.token, 're-dee/settings', { default_merge_style: 'octopus' });
    assert.equal(bad.status, 422);
    assert.match(bad.json.message, /DefaultMergeStyle/);
    assert.equal((await patch(dee.token, 're-dee/settings', { description: 'x'.repeat(2049) })).status, 422);
  });

  test('archiving sets archived_at and unarchiving clears it', async () => {
    const eve = await server.createUser('re-eve');
    await createRepo(eve, { name: 'old' });
    const archived = await patch(eve.token, 're-eve/old', { archived: true });
    assert.equal(archived.status, 200);
    assert.equal(archived.json.archived, true);
    assert.notEqual(archived.json.archived_at, '0001-01-01T00:00:00Z');
    const back = await patch(eve.token, 're-eve/old', { archived: false });
    assert.equal(back.json.archived, false);
    assert.equal(back.json.archived_at, '0001-01-01T00:00:00Z');
  });

  test('renaming moves the git folder; the old name is gone and taken or invalid names answer 422', async () => {
    const fox = await server.createUser('re-fox');
    await createRepo(fox, { name: 'before', auto_init: true });
    await createRepo(fox, { name: 'taken' });
    const renamed = await patch(fox.token, 're-fox/before', { name: 'After' });
    assert.equal(renamed.status, 200);
    assert.equal(renamed.json.full_name, 're-fox/After');
    assert.equal(existsSync(gitDir('re-fox', 'before')), false);
    assert.equal(git(gitDir('re-fox', 'after'), 'log', '--format=%s', 'main').trim(), 'Initial commit');
    assert.equal((await server.request('GET', '/repos/re-fox/before', { token: fox.token })).status, 404);
    assert.equal((await server.request('GET', '/repos/re-fox/after', { token: fox.token })).status, 200);
    const clash = await patch(fox.token, 're-fox/after', { name: 'TAKEN' });
    assert.equal(clash.status, 422);
    assert.match(clash.json.message, /already exists/);
    assert.equal((await patch(fox.token, 're-fox/after', { name: 'bad name' })).status, 422);
    assert.equal((await patch(fox.token, 're-fox/after', { name: 'x.git' })).status, 422);
    // A change of case only keeps the folder where it is.
    const recased = await patch(fox.token, 're-fox/after', { name: 'AFTER' });
    assert.equal(recased.json.name, 'AFTER');
    assert.equal(existsSync(gitDir('re-fox', 'after')), true);
  });

  test('default_branch: any valid name while empty, an existing branch once there are commits', async () => {
    const gil = await server.createUser('re-gil');
    await createRepo(gil, { name: 'empty' });
    const moved = await patch(gil.token, 're-gil/empty', { default_branch: 'develop' });
    assert.equal(moved.status, 200);
    assert.equal(moved.json.default_branch, 'develop');
    assert.equal(git(gitDir('re-gil', 'empty'), 'symbolic-ref', 'HEAD').trim(), 'refs/heads/develop');
    assert.equal((await patch(gil.token, 're-gil/empty', { default_branch: 'bad..name' })).status, 422);

    await createRepo(gil, { name: 'full', auto_init: true });
    const missing = await patch(gil.token, 're-gil/full', { default_branch: 'feature' });
    assert.equal(missing.status, 422);
    assert.match(missing.json.message, /branch does not exist/);
    const dir = gitDir('re-gil', 'full');
    git(dir, 'update-ref', 'refs/heads/feature', 'refs/heads/main');
    const switched = await patch(gil.token, 're-gil/full', { default_branch: 'feature' });
    assert.equal(switched.status, 200);
    assert.equal(switched.json.default_branch, 'feature');
    assert.equal(git(dir, 'symbolic-ref', 'HEAD').trim(), 'refs/heads/feature');
  });

  test('DELETE removes the repository, its git folder and its stars and watches', async () => {
    const hana = await server.createUser('re-hana');
    const fan = await server.createUser('re-hana-fan');
    await createRepo(hana, { name: 'doomed', auto_init: true });
    assert.equal(
      (await server.request('PUT', '/user/starred/re-hana/doomed', { token: fan.token })).status,
      204,
    );
    const starredBefore = await server.request<{ starred_repos_count: number }>('GET', '/user', {
      token: fan.token,
    });
    assert.equal(starredBefore.json.starred_repos_count, 1);
    assert.equal(existsSync(gitDir('re-hana', 'doomed')), true);

    const res = await server.request('DELETE', '/repos/re-hana/doomed', { token: hana.token });
    assert.equal(res.status, 204);
    assert.equal(res.text, '');
    assert.equal(existsSync(gitDir('re-hana', 'doomed')), false);
    assert.equal((await server.request('GET', '/repos/re-hana/doomed', { token: hana.token })).status, 404);
    const starredAfter = await server.request<{ starred_repos_count: number }>('GET', '/user', {
      token: fan.token,
    });
    assert.equal(starredAfter.json.starred_repos_count, 0);
    const watched = await server.request<unknown[]>('GET', '/user/subscriptions', { token: hana.token });
    assert.deepEqual(watched.json, []);
    // The name is free again.
    await createRepo(hana, { name: 'doomed' });
  });

  test('only owners delete: admin collaborators get 403 "Must have admin rights", those who cannot see get 404', async () => {
    const ivan = await server.createUser('re-ivan');
    const helper = await server.createUser('re-ivan-admin');
    const stranger = await server.createUser('re-ivan-stranger');
    await createRepo(ivan, { name: 'kept', private: true });
    await server.request('PUT', '/repos/re-ivan/kept/collaborators/re-ivan-admin', {
      token: ivan.token,
      body: { permission: 'admin' },
    });
    const denied = await server.request<RepoBody>('DELETE', '/repos/re-ivan/kept', { token: helper.token });
    assert.equal(denied.status, 403);
    assert.equal(denied.json.message, 'Must have admin rights');
    assert.equal(
      (await server.request('DELETE', '/repos/re-ivan/kept', { token: stranger.token })).status,
      404,
    );
    assert.equal((await server.request('DELETE', '/repos/re-ivan/kept')).status, 401);
    assert.equal(existsSync(gitDir('re-ivan', 'kept')), true);
    assert.equal(
      (await server.request('DELETE', '/repos/re-ivan/kept', { token: server.admin.token })).status,
      204,
    );
    assert.equal(existsSync(gitDir('re-ivan', 'kept')), false);
  });
});
