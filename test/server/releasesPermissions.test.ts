import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { startServer, type TestServer } from './harness';
import {
  buildPermissionWorld,
  roles,
  runPermissionMatrix,
  type Role,
  type RoleTokens,
} from './permissionWorld';

interface ReleaseBody {
  id: number;
  tag_name: string;
  name: string;
  message: string;
}

type Operation = 'list' | 'get' | 'getByTag' | 'latest' | 'create' | 'edit' | 'delete';

const operations: readonly Operation[] = ['list', 'get', 'getByTag', 'latest', 'create', 'edit', 'delete'];
const successStatus: Readonly<Record<Operation, number>> = {
  list: 200,
  get: 200,
  getByTag: 200,
  latest: 200,
  create: 201,
  edit: 200,
  delete: 204,
};
const isWrite = (operation: Operation): boolean => ['create', 'edit', 'delete'].includes(operation);

/**
 * What each role gets, following Gitea: reads of a public repository are open; a private repository does not
 * exist (404) for those who cannot read it, except that anonymous writes are refused first (401, the token
 * check comes before the repository); readers and strangers who can see it get 403 for writes.
 */
function expectedStatus(visibility: 'public' | 'private', role: Role, operation: Operation): number {
  const canWrite = role === 'writer' || role === 'owner' || role === 'admin';
  if (isWrite(operation)) {
    if (role === 'anonymous') return 401;
    if (canWrite) return successStatus[operation];
    if (visibility === 'private' && role === 'stranger') return 404;
    return 403;
  }
  if (visibility === 'private' && (role === 'anonymous' || role === 'stranger')) return 404;
  return successStatus[operation];
}

describe('release permissions', () => {
  let server: TestServer;
  const tokens: RoleTokens = {};
  before(async () => {
    server = await startServer();
    await buildPermissionWorld(server, tokens, 'rp', { autoInit: true });
  });
  after(async () => {
    await server.stop();
  });

  const ownerCreates = async (repo: string, tag: string): Promise<ReleaseBody> => {
    const res = await server.request<ReleaseBody>('POST', `/repos/rp-owner/${repo}/releases`, {
      token: tokens.owner,
      body: { tag_name: tag },
    });
    assert.equal(res.status, 201, res.text);
    return res.json;
  };

  let counter = 0;
  async function attempt(
    repo: string,
    role: Role,
    operation: Operation,
  ): Promise<{ status: number; text: string }> {
    const token = tokens[role];
    const base = `/repos/rp-owner/${repo}/releases`;
    const n = ++counter;
    switch (operation) {
      case 'list':
        return server.request('GET', base, { token });
      case 'get': {
        const target = await ownerCreates(repo, `get-${n}`);
        return server.request('GET', `${base}/${target.id}`, { token });
      }
      case 'getByTag':
        await ownerCreates(repo, `by-tag-${n}`);
        return server.request('GET', `${base}/tags/by-tag-${n}`, { token });
      case 'latest':
        await ownerCreates(repo, `latest-${n}`);
        return server.request('GET', `${base}/latest`, { token });
      case 'create':
        return server.request('POST', base, { token, body: { tag_name: `made-${n}` } });
      case 'edit': {
        const target = await ownerCreates(repo, `edit-${n}`);
        return server.request('PATCH', `${base}/${target.id}`, {
          token,
          body: { name: `edited by ${role}` },
        });
      }
      case 'delete': {
        const target = await ownerCreates(repo, `delete-${n}`);
        return server.request('DELETE', `${base}/${target.id}`, { token });
      }
    }
  }

  for (const visibility of ['public', 'private'] as const) {
    test(`every role gets Gitea's status for every release operation on a ${visibility} repository`, async () => {
      const repo = visibility === 'public' ? 'pub' : 'priv';
      await runPermissionMatrix({
        label: visibility,
        roles,
        operations,
        expected: (role, operation) => expectedStatus(visibility, role, operation),
        attempt: (role, operation) => attempt(repo, role, operation),
        checkSuccess: (res, expected, _operation, label) => {
          if (expected !== 204) assert.ok(res.text.length > 0, label);
        },
      });
    });
  }

  test('a refused write changes nothing: the release keeps its name and the tag is not released', async () => {
    const target = await ownerCreates('pub', 'kept');
    const refused = await server.request('PATCH', `/repos/rp-owner/pub/releases/${target.id}`, {
      token: tokens.reader,
      body: { name: 'hijacked' },
    });
    assert.equal(refused.status, 403);
    const deleted = await server.request('DELETE', `/repos/rp-owner/pub/releases/${target.id}`, {
      token: tokens.stranger,
    });
    assert.equal(deleted.status, 403);
    const read = await server.request<ReleaseBody>('GET', `/repos/rp-owner/pub/releases/${target.id}`);
    assert.equal(read.status, 200);
    assert.equal(read.json.name, '');
    const created = await server.request('POST', '/repos/rp-owner/pub/releases', {
      token: tokens.reader,
      body: { tag_name: 'sneaky' },
    });
    assert.equal(created.status, 403);
    assert.equal((await server.request('GET', '/repos/rp-owner/pub/releases/tags/sneaky')).status, 404);
  });

  test('on a private repository team units decide: without the releases unit 403, with write on it a release', async () => {
    const org = await server.request('POST', '/orgs', { token: tokens.owner, body: { username: 'rp-org' } });
    assert.equal(org.status, 201, org.text);
    const repo = await server.request('POST', '/orgs/rp-org/repos', {
      token: tokens.owner,
      body: { name: 'shipping', private: true, auto_init: true },
    });
    assert.equal(repo.status, 201, repo.text);
    const coder = await server.createUser('rp-coder');
    const releaser = await server.createUser('rp-releaser');
    for (const [team, user, unitsMap] of [
      ['coders', 'rp-coder', { 'repo.code': 'write' }],
      ['releasers', 'rp-releaser', { 'repo.code': 'read', 'repo.releases': 'write' }],
    ] as const) {
      const created = await server.request<{ id: number }>('POST', '/orgs/rp-org/teams', {
        token: tokens.owner,
        body: { name: team, permission: 'write', units_map: unitsMap },
      });
      assert.equal(created.status, 201, created.text);
      const member = await server.request('PUT', `/teams/${created.json.id}/members/${user}`, {
        token: tokens.owner,
      });
      assert.equal(member.status, 204, member.text);
      const linked = await server.request('PUT', `/teams/${created.json.id}/repos/rp-org/shipping`, {
        token: tokens.owner,
      });
      assert.equal(linked.status, 204, linked.text);
    }
    const coderList = await server.request('GET', '/repos/rp-org/shipping/releases', { token: coder.token });
    assert.equal(coderList.status, 403);
    const coderCreate = await server.request('POST', '/repos/rp-org/shipping/releases', {
      token: coder.token,
      body: { tag_name: 'v1' },
    });
    assert.equal(coderCreate.status, 403);
    const released = await server.request<ReleaseBody>('POST', '/repos/rp-org/shipping/releases', {
      token: releaser.token,
      body: { tag_name: 'v1' },
    });
    assert.equal(released.status, 201, released.text);
    assert.equal(released.json.tag_name, 'v1');
  });

  test('with the releases unit disabled only repository admins reach releases', async () => {
    const created = await server.request('POST', '/user/repos', {
      token: tokens.owner,
      body: { name: 'no-releases', auto_init: true },
    });
    assert.equal(created.status, 201, created.text);
    const disabled = await server.request<{ has_releases: boolean }>('PATCH', '/repos/rp-owner/no-releases', {
      token: tokens.owner,
      body: { has_releases: false },
    });
    assert.equal(disabled.status, 200, disabled.text);
    assert.equal(disabled.json.has_releases, false);
    const asReader = await server.request<ReleaseBody>('GET', '/repos/rp-owner/no-releases/releases', {
      token: tokens.stranger,
    });
    assert.equal(asReader.status, 403);
    assert.match(asReader.json.message, /permission/);
    const asOwner = await server.request('GET', '/repos/rp-owner/no-releases/releases', {
      token: tokens.owner,
    });
    assert.equal(asOwner.status, 200);
  });

  test('an archived repository refuses new releases with 423 but still lists them', async () => {
    await ownerCreates('pub', 'before-archive');
    const archived = await server.request('POST', '/user/repos', {
      token: tokens.owner,
      body: { name: 'old', auto_init: true },
    });
    assert.equal(archived.status, 201);
    const edited = await server.request('PATCH', '/repos/rp-owner/old', {
      token: tokens.owner,
      body: { archived: true },
    });
    assert.equal(edited.status, 200, edited.text);
    const refused = await server.request<ReleaseBody>('POST', '/repos/rp-owner/old/releases', {
      token: tokens.owner,
      body: { tag_name: 'v1' },
    });
    assert.equal(refused.status, 423);
    assert.match(refused.json.message, /archived/);
    const list = await server.request<ReleaseBody[]>('GET', '/repos/rp-owner/old/releases');
    assert.equal(list.status, 200);
    assert.deepEqual(list.json, []);
  });
});
