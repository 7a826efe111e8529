import assert from 'node:assert/strict';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { makeTempDir, removeDirs } from '../helpers/gitFixtures';
import { mustGit, remoteUrl, tryGit } from '../helpers/gitRemote';
import { startServer, type TestServer, type TestUser } from './harness';
import { repositoryWithWriters } from './repoWithWriters';

/** Tag protection rules through the API, and enforced on the tag API, releases and git pushes. */

interface TagProtectionJson {
  id: number;
  name_pattern: string;
  whitelist_usernames: string[];
  whitelist_teams: string[];
  created_at: string;
  updated_at: string;
}

let server: TestServer;
let scratch: string;
let owner: TestUser;
let writer: TestUser;
let trusted: TestUser;
let counter = 0;

const makeRepository = (name: string): Promise<string> =>
  repositoryWithWriters(server, owner, name, [writer, trusted]);

const protect = (repo: string, body: Record<string, unknown>, token = owner.token) =>
  server.request<TagProtectionJson>('POST', `/repos/${repo}/tag_protections`, { token, body });

function cloneAs(repo: string, who: TestUser): string {
  const dir = path.join(scratch, `c${++counter}`);
  const credentials = { username: who.user.login, secret: who.token };
  mustGit(scratch, ['clone', '--quiet', remoteUrl(server.url, repo, credentials), dir]);
  return dir;
}

before(async () => {
  scratch = makeTempDir('teahouse-tagprotect-');
  server = await startServer();
  owner = await server.createUser('tp-owner');
  writer = await server.createUser('tp-writer');
  trusted = await server.createUser('tp-trusted');
});

after(async () => {
  await server.stop();
  removeDirs(scratch);
});

describe('tag protection rules', () => {
  test('are created, listed, read, edited and deleted by an administrator of the repository', async () => {
    const repo = await makeRepository('tp-crud');
    const created = await protect(repo, { name_pattern: ' v* ', whitelist_usernames: ['tp-trusted'] });
    assert.equal(created.status, 201, created.text);
    assert.equal(created.json.name_pattern, 'v*');
    assert.deepEqual(created.json.whitelist_usernames, ['tp-trusted']);
    assert.deepEqual(created.json.whitelist_teams, []);
    const list = await server.request<TagProtectionJson[]>('GET', `/repos/${repo}/tag_protections`, {
      token: owner.token,
    });
    assert.deepEqual(list.json, [created.json]);
    const one = `/repos/${repo}/tag_protections/${created.json.id}`;
    assert.deepEqual((await server.request('GET', one, { token: owner.token })).json, created.json);
    const edited = await server.request<TagProtectionJson>('PATCH', one, {
      token: owner.token,
      body: { name_pattern: '/^rel-/', whitelist_usernames: ['tp-writer', 'tp-trusted'] },
    });
    assert.equal(edited.status, 200, edited.text);
    assert.equal(edited.json.name_pattern, '/^rel-/');
    assert.deepEqual(edited.json.whitelist_usernames, ['tp-writer', 'tp-trusted']);
    assert.equal((await server.request('DELETE', one, { token: owner.token })).status, 204);
    assert.equal((await server.request('GET', one, { token: owner.token })).status, 404);
  });

  test('answer 400 without a pattern or an allow list, 403 for a repeated pattern, 422 for unknown users', async () => {
    const repo = await makeRepository('tp-invalid');
    assert.equal(
      (await protect(repo, { name_pattern: '  ', whitelist_usernames: ['tp-writer'] })).status,
      400,
    );
    assert.equal((await protect(repo, { name_pattern: 'v*' })).status, 400);
    assert.equal(
      (await protect(repo, { name_pattern: 'v*', whitelist_usernames: ['tp-writer'] })).status,
      201,
    );
    assert.equal(
      (await protect(repo, { name_pattern: 'v*', whitelist_usernames: ['tp-writer'] })).status,
      403,
    );
    assert.equal(
      (await protect(repo, { name_pattern: 'x*', whitelist_usernames: ['nobody-here'] })).status,
      422,
    );
    const foreign = await server.request('GET', `/repos/${repo}/tag_protections/999999`, {
      token: owner.token,
    });
    assert.equal(foreign.status, 404);
  });

  test('are for administrators only: a writer is refused, anonymous is 401', async () => {
    const repo = await makeRepository('tp-admin-only');
    assert.equal(
      (await protect(repo, { name_pattern: 'v*', whitelist_usernames: ['tp-writer'] }, writer.token)).status,
      403,
    );
    const list = await server.request('GET', `/repos/${repo}/tag_protections`, { token: writer.token });
    assert.equal(list.status, 403);
    assert.equal((await server.request('GET', `/repos/${repo}/tag_protections`)).status, 401);
  });
});

describe('a protected tag', () => {
  test('is created and deleted through the API only by the users its rule allows (422 otherwise)', async () => {
    const repo = await makeRepository('tp-api');
    assert.equal(
      (await protect(repo, { name_pattern: 'v*', whitelist_usernames: ['tp-trusted'] })).status,
      201,
    );
    const refused = await server.request('POST', `/repos/${repo}/tags`, {
      token: writer.token,
      body: { tag_name: 'v1.0' },
    });
    assert.equal(refused.status, 422);
    assert.match(refused.text, /user not allowed to create protected tag/);
    const free = await server.request('POST', `/repos/${repo}/tags`, {
      token: writer.token,
      body: { tag_name: 'x1' },
    });
    assert.equal(free.status, 201, free.text);
    // the glob has no separators: `v*` covers `v2/beta` too
    const nested = await server.request('POST', `/repos/${repo}/tags`, {
      token: writer.token,
      body: { tag_name: 'v2/beta' },
    });
    assert.equal(nested.status, 422);
    const allowed = await server.request('POST', `/repos/${repo}/tags`, {
      token: trusted.token,
      body: { tag_name: 'v1.0' },
    });
    assert.equal(allowed.status, 201, allowed.text);
    const deletion = await server.request('DELETE', `/repos/${repo}/tags/v1.0`, { token: writer.token });
    assert.equal(deletion.status, 422);
    assert.match(deletion.text, /user not allowed to delete protected tag/);
    assert.equal(
      (await server.request('DELETE', `/repos/${repo}/tags/v1.0`, { token: trusted.token })).status,
      204,
    );
  });

  test('refuses a release that would create it for a user the rule does not allow', async () => {
    const repo = await makeRepository('tp-release');
    assert.equal(
      (await protect(repo, { name_pattern: '/^rel-/', whitelist_usernames: ['tp-trusted'] })).status,
      201,
    );
    const refused = await server.request('POST', `/repos/${repo}/releases`, {
      token: writer.token,
      body: { tag_name: 'rel-1', name: 'One' },
    });
    assert.equal(refused.status, 422);
    assert.match(refused.text, /release tag name is protected/);
    const allowed = await server.request('POST', `/repos/${repo}/releases`, {
      token: trusted.token,
      body: { tag_name: 'rel-1', name: 'One' },
    });
    assert.equal(allowed.status, 201, allowed.text);
  });

  test('is refused on a git push unless the pusher is allowed', async () => {
    const repo = await makeRepository('tp-push');
    assert.equal(
      (await protect(repo, { name_pattern: 'v*', whitelist_usernames: ['tp-trusted'] })).status,
      201,
    );
    const refused = cloneAs(repo, writer);
    mustGit(refused, ['tag', 'v9']);
    const outcome = tryGit(refused, ['push', 'origin', 'v9']);
    assert.notEqual(outcome.code, 0);
    assert.match(outcome.stderr, /Tag v9 is protected/);
    assert.equal((await server.request('GET', `/repos/${repo}/tags/v9`)).status, 404);
    mustGit(refused, ['tag', 'other']);
    mustGit(refused, ['push', '--quiet', 'origin', 'other']);

    const allowed = cloneAs(repo, trusted);
    mustGit(allowed, ['tag', 'v9']);
    mustGit(allowed, ['push', '--quiet', 'origin', 'v9']);
    assert.equal((await server.request('GET', `/repos/${repo}/tags/v9`)).status, 200);
    const deletion = tryGit(refused, ['push', 'origin', ':refs/tags/v9']);
    assert.notEqual(deletion.code, 0);
    assert.match(deletion.stderr, /Tag v9 is protected/);
  });
});
