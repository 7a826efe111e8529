import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { startServer, type TestServer } from './harness';
import { runPermissionMatrix } from './permissionWorld';

type RepoRole = 'anonymous' | 'stranger' | 'reader' | 'writer' | 'repoAdmin' | 'owner' | 'siteAdmin';
type OrgRole = 'anonymous' | 'outsider' | 'member' | 'teamAdmin' | 'orgOwner' | 'siteAdmin';
type Operation = 'list' | 'get' | 'create' | 'edit' | 'delete' | 'test';
type Visibility = 'public' | 'private';

const repoRoles: readonly RepoRole[] = [
  'anonymous',
  'stranger',
  'reader',
  'writer',
  'repoAdmin',
  'owner',
  'siteAdmin',
];
const orgRoles: readonly OrgRole[] = [
  'anonymous',
  'outsider',
  'member',
  'teamAdmin',
  'orgOwner',
  'siteAdmin',
];
const repoOperations: readonly Operation[] = ['list', 'get', 'create', 'edit', 'delete', 'test'];
const orgOperations: readonly Operation[] = ['list', 'get', 'create', 'edit', 'delete'];

/**
 * Gitea's rules: hooks are for repository admins (reqAdmin) and organization owners (reqOrgOwnership);
 * anonymous callers get 401 first (every hook route wants a token); those who cannot see a private
 * repository or organization get 404; everyone else who can see it gets 403.
 */
function expected(
  kind: 'repo' | 'org',
  visibility: Visibility,
  role: RepoRole | OrgRole,
  operation: Operation,
): number {
  const allowed = ['repoAdmin', 'owner', 'siteAdmin', 'orgOwner'].includes(role);
  if (role === 'anonymous') return 401;
  if (allowed) {
    if (operation === 'create') return kind === 'repo' ? 200 : 201;
    return operation === 'delete' || operation === 'test' ? 204 : 200;
  }
  if (visibility === 'private' && (role === 'stranger' || role === 'outsider')) return 404;
  return 403;
}

describe('webhook permissions', () => {
  let server: TestServer;
  const tokens = new Map<string, string | undefined>();
  const hookBody = { type: 'gitea', config: { url: 'http://127.0.0.1:9/hook', content_type: 'json' } };

  before(async () => {
    server = await startServer();
    const owner = await server.createUser('hp-owner');
    tokens.set('owner', owner.token);
    tokens.set('orgOwner', owner.token);
    tokens.set('siteAdmin', server.admin.token);
    tokens.set('anonymous', undefined);
    for (const role of ['stranger', 'reader', 'writer', 'repoAdmin', 'member', 'teamAdmin']) {
      tokens.set(role, (await server.createUser(`hp-${role.toLowerCase()}`)).token);
    }
    tokens.set('outsider', tokens.get('stranger'));
    for (const visibility of ['public', 'private'] as const) {
      const repo = await server.request('POST', '/user/repos', {
        token: owner.token,
        body: { name: visibility, private: visibility === 'private', auto_init: true },
      });
      assert.equal(repo.status, 201, repo.text);
      for (const [role, permission] of [
        ['reader', 'read'],
        ['writer', 'write'],
        ['repoAdmin', 'admin'],
      ] as const) {
        const added = await server.request(
          'PUT',
          `/repos/hp-owner/${visibility}/collaborators/hp-${role.toLowerCase()}`,
          {
            token: owner.token,
            body: { permission },
          },
        );
        assert.equal(added.status, 204, added.text);
      }
      const org = `hp-${visibility}-org`;
      const created = await server.request('POST', '/orgs', {
        token: owner.token,
        body: { username: org, visibility },
      });
      assert.equal(created.status, 201, created.text);
      for (const [role, permission] of [
        ['member', 'read'],
        ['teamAdmin', 'admin'],
      ] as const) {
        const team = await server.request<{ id: number }>('POST', `/orgs/${org}/teams`, {
          token: owner.token,
          body: { name: `${role}s`, permission },
        });
        assert.equal(team.status, 201, team.text);
        const joined = await server.request(
          'PUT',
          `/teams/${team.json.id}/members/hp-${role.toLowerCase()}`,
          { token: owner.token },
        );
        assert.equal(joined.status, 204, joined.text);
      }
    }
  });
  after(async () => {
    await server.stop();
  });

  /** A fresh hook made by the owner, for operations that need one. */
  async function ownerHook(base: string): Promise<number> {
    const res = await server.request<{ id: number }>('POST', base, {
      token: tokens.get('owner'),
      body: hookBody,
    });
    assert.ok(res.status === 200 || res.status === 201, res.text);
    return res.json.id;
  }

  async function attempt(
    base: string,
    role: string,
    operation: Operation,
  ): Promise<{ status: number; text: string }> {
    const token = tokens.get(role);
    switch (operation) {
      case 'list':
        return server.request('GET', base, { token });
      case 'create':
        return server.request('POST', base, { token, body: hookBody });
      case 'get':
        return server.request('GET', `${base}/${await ownerHook(base)}`, { token });
      case 'edit':
        return server.request('PATCH', `${base}/${await ownerHook(base)}`, { token, body: { active: true } });
      case 'delete':
        return server.request('DELETE', `${base}/${await ownerHook(base)}`, { token });
      case 'test':
        return server.request('POST', `${base}/${await ownerHook(base)}/tests`, { token });
    }
  }

  const matrix = (
    kind: 'repo' | 'org',
    visibility: Visibility,
  ): [string, readonly string[], readonly Operation[]] =>
    kind === 'repo'
      ? [`/repos/hp-owner/${visibility}/hooks`, repoRoles, repoOperations]
      : [`/orgs/hp-${visibility}-org/hooks`, orgRoles, orgOperations];

  for (const kind of ['repo', 'org'] as const) {
    for (const visibility of ['public', 'private'] as const) {
      test(`every role gets Gitea's status for every ${kind} hook operation on a ${visibility} ${kind === 'repo' ? 'repository' : 'organization'}`, async () => {
        const [base, roles, operations] = matrix(kind, visibility);
        await runPermissionMatrix({
          label: `${kind} ${visibility}`,
          roles,
          operations,
          expected: (role, operation) => expected(kind, visibility, role as RepoRole | OrgRole, operation),
          attempt: (role, operation) => attempt(base, role, operation),
          checkSuccess: (res, want, operation, label) => {
            if (want === 200 || want === 201)
              assert.ok(res.text.startsWith(operation === 'list' ? '[' : '{"id":'), label);
          },
        });
      });
    }
  }
});
