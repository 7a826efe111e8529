import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { giteaApi } from 'gitea-js';
import { makeTempDir } from '../helpers/gitFixtures';
import { mustGit, remoteUrl } from '../helpers/gitRemote';
import { startServer, type TestServer, type TestUser } from './harness';

interface RepoJson {
  id: number;
  name: string;
  full_name: string;
  fork: boolean;
  private: boolean;
  forks_count: number;
  owner: { login: string };
  parent: (RepoJson & { parent: unknown }) | null;
  permissions: { admin: boolean; push: boolean; pull: boolean };
}

let server: TestServer;
let scratch: string;

before(async () => {
  server = await startServer();
  scratch = makeTempDir('teahouse-forks-');
});

after(async () => {
  await server.stop();
  rmSync(scratch, { recursive: true, force: true });
});

async function makeRepository(owner: TestUser, name: string, isPrivate = false): Promise<RepoJson> {
  const res = await server.request<RepoJson>('POST', '/user/repos', {
    token: owner.token,
    body: { name, auto_init: true, private: isPrivate, description: `about ${name}` },
  });
  assert.equal(res.status, 201, res.text);
  return res.json;
}

const fork = (who: TestUser | undefined, fullName: string, body: Record<string, unknown> = {}) =>
  server.request<RepoJson & { message: string }>('POST', `/repos/${fullName}/forks`, {
    token: who?.token,
    body,
  });

describe('forks', () => {
  let alice: TestUser;
  let bob: TestUser;
  let base: RepoJson;

  before(async () => {
    alice = await server.createUser('fork-alice');
    bob = await server.createUser('fork-bob');
    base = await makeRepository(alice, 'upstream');
  });

  test('forking answers 202 with the fork, its parent, and raises the parent’s fork count', async () => {
    const res = await fork(bob, base.full_name);
    assert.equal(res.status, 202, res.text);
    assert.equal(res.json.full_name, 'fork-bob/upstream');
    assert.equal(res.json.fork, true);
    assert.equal(res.json.owner.login, 'fork-bob');
    assert.equal(res.json.parent?.full_name, 'fork-alice/upstream');
    assert.equal(res.json.parent?.parent, null);
    assert.deepEqual(res.json.permissions, { admin: true, push: true, pull: true });
    const parent = await server.request<RepoJson>('GET', `/repos/${base.full_name}`);
    assert.equal(parent.json.forks_count, 1);
    const again = await server.request<RepoJson>('GET', '/repos/fork-bob/upstream', { token: bob.token });
    assert.equal(again.json.parent?.full_name, 'fork-alice/upstream');
  });

  test('the fork has the parent’s commits and accepts pushes of its own', () => {
    const dir = path.join(scratch, 'fork-clone');
    mustGit(scratch, [
      'clone',
      '--quiet',
      remoteUrl(server.url, 'fork-bob/upstream', { username: 'fork-bob', secret: bob.token }),
      dir,
    ]);
    assert.match(readFileSync(path.join(dir, 'README.md'), 'utf8'), /upstream/);
    mustGit(dir, ['commit', '--quiet', '--allow-empty', '--no-gpg-sign', '-m', 'fork work']);
    mustGit(dir, ['push', '--quiet', 'origin', 'HEAD:refs/heads/fork-work']);
    const parentRefs = mustGit(scratch, ['ls-remote', remoteUrl(server.url, base.full_name)]);
    assert.doesNotMatch(parentRefs, /fork-work/);
  });

  test('the fork list shows the fork with X-Total-Count', async () => {
    const res = await server.request<RepoJson[]>('GET', `/repos/${base.full_name}/forks`);
    assert.equal(res.status, 200);
    assert.equal(res.headers.get('x-total-count'), '1');
    assert.deepEqual(
      res.json.map((r) => r.full_name),
      ['fork-bob/upstream'],
    );
  });

  test('forking twice into the same owner is a conflict (409)', async () => {
    const res = await fork(bob, base.full_name, { name: 'second-copy' });
    assert.equal(res.status, 409);
    assert.match(res.json.message, /already forked/);
  });

  test('a name the owner already uses is a conflict; another name works', async () => {
    const carol = await server.createUser('fork-carol');
    await makeRepository(carol, 'upstream');
    const clash = await fork(carol, base.full_name);
    assert.equal(clash.status, 409);
    assert.match(clash.json.message, /already exists/);
    const renamed = await fork(carol, base.full_name, { name: 'upstream-fork' });
    assert.equal(renamed.status, 202, renamed.text);
    assert.equal(renamed.json.full_name, 'fork-carol/upstream-fork');
  });

  test('an invalid fork name is refused with 422', async () => {
    const dave = await server.createUser('fork-dave');
    const res = await fork(dave, base.full_name, { name: 'bad name!' });
    assert.equal(res.status, 422);
  });

  test('forking needs a signed-in user (401) who can see the repository (404)', async () => {
    assert.equal((await fork(undefined, base.full_name)).status, 401);
    const hidden = await makeRepository(alice, 'hidden', true);
    assert.equal((await fork(bob, hidden.full_name)).status, 404);
  });

  test('a fork of a private repository is private', async () => {
    const secret = await makeRepository(alice, 'secret-base', true);
    await server.request('PUT', `/repos/${secret.full_name}/collaborators/fork-bob`, {
      token: alice.token,
      body: { permission: 'read' },
    });
    const res = await fork(bob, secret.full_name);
    assert.equal(res.status, 202, res.text);
    assert.equal(res.json.private, true);
    const anonymous = await server.request('GET', '/repos/fork-bob/secret-base');
    assert.equal(anonymous.status, 404);
  });

  test('forking into an organization needs the right to create repositories there', async () => {
    const org = await server.request('POST', '/orgs', { token: alice.token, body: { username: 'fork-org' } });
    assert.equal(org.status, 201, org.text);
    const team = await server.request<{ id: number }>('POST', '/orgs/fork-org/teams', {
      token: alice.token,
      body: { name: 'readers', permission: 'read', can_create_org_repo: false, units: ['repo.code'] },
    });
    assert.equal(team.status, 201, team.text);
    assert.equal(
      (await server.request('PUT', `/teams/${team.json.id}/members/fork-bob`, { token: alice.token })).status,
      204,
    );

    const refused = await fork(bob, base.full_name, { organization: 'fork-org' });
    assert.equal(refused.status, 403);
    const unknown = await fork(bob, base.full_name, { organization: 'no-such-org' });
    assert.equal(unknown.status, 422);
    const owned = await fork(alice, base.full_name, { organization: 'fork-org' });
    assert.equal(owned.status, 202, owned.text);
    assert.equal(owned.json.full_name, 'fork-org/upstream');
    assert.equal(owned.json.owner.login, 'fork-org');
  });

  test('the search mode filter tells forks from sources', async () => {
    const forks = await server.request<{ data: RepoJson[] }>(
      'GET',
      '/repos/search?q=upstream&mode=fork&limit=50',
    );
    assert.equal(forks.status, 200);
    assert.ok(forks.json.data.length >= 2);
    assert.ok(forks.json.data.every((r) => r.fork));
    const sources = await server.request<{ data: RepoJson[] }>(
      'GET',
      '/repos/search?q=upstream&mode=source&limit=50',
    );
    assert.deepEqual(sources.json.data.map((r) => r.full_name).sort(), [
      'fork-alice/upstream',
      'fork-carol/upstream',
    ]);
  });

  test('gitea-js forks and lists forks with the field names it expects', async () => {
    const erin = await server.createUser('fork-erin');
    const api = giteaApi(server.url.replace(/\/$/, ''), { token: erin.token });
    const created = await api.repos.createFork('fork-alice', 'upstream', { name: 'via-js' });
    assert.equal(created.status, 202);
    assert.equal(created.data.fork, true);
    assert.equal(created.data.parent?.full_name, 'fork-alice/upstream');
    const listed = await api.repos.listForks('fork-alice', 'upstream', { limit: 50 });
    assert.ok(listed.data.some((r) => r.full_name === 'fork-erin/via-js'));
  });
});
