import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { startServer, type TestResponse, type TestServer } from './harness';

/**
 * The permission matrix of organizations and teams, generated from a table: every operation × every kind
 * of caller × a public and a private organization. Cannot see → 404, anonymous → 401, can see but not
 * allowed → 403, allowed → 2xx.
 */

type Caller = 'anonymous' | 'stranger' | 'member' | 'teamMember' | 'owner' | 'admin';
type OrgKind = 'public' | 'private';
const callers: readonly Caller[] = ['anonymous', 'stranger', 'member', 'teamMember', 'owner', 'admin'];
const orgKinds: readonly OrgKind[] = ['public', 'private'];

/** What a case needs to know of one organization's world. */
interface OrgWorld {
  org: string;
  /** The team concerned: `teamMember` is in it, `member` is only in another (read) team. */
  teamId: number;
  repo: string;
}

interface Call {
  method: string;
  path: string;
  body?: unknown;
}

/** Expected status per caller: one number for both organizations, or [public, private]. */
type Expected = Readonly<Record<Caller, number | readonly [number, number]>>;

interface Operation {
  id: string;
  call: (world: OrgWorld, caseNumber: number) => Call;
  expected: Expected;
  /** Checks the body of a 2xx answer. */
  success: (res: TestResponse<Record<string, unknown>>, world: OrgWorld, caseNumber: number) => void;
}

const seeOnlyIfPublic = [200, 404] as const;
const ownersOnly = (ok: number): Expected => ({
  anonymous: 401,
  stranger: [403, 404],
  member: 403,
  teamMember: 403,
  owner: ok,
  admin: ok,
});
const teamOwnersOnly = (ok: number): Expected => ({
  anonymous: 401,
  stranger: 404,
  member: 403,
  teamMember: 403,
  owner: ok,
  admin: ok,
});
const membersRead: Expected = {
  anonymous: 401,
  stranger: [403, 404],
  member: 200,
  teamMember: 200,
  owner: 200,
  admin: 200,
};
const isList = (res: TestResponse<Record<string, unknown>>): void => assert.ok(Array.isArray(res.json));
const isEmpty = (res: TestResponse<Record<string, unknown>>): void => assert.equal(res.text, '');

const operations: readonly Operation[] = [
  {
    id: 'orgGet',
    call: (w) => ({ method: 'GET', path: `/orgs/${w.org}` }),
    expected: {
      anonymous: seeOnlyIfPublic,
      stranger: seeOnlyIfPublic,
      member: 200,
      teamMember: 200,
      owner: 200,
      admin: 200,
    },
    success: (res, w) => assert.equal(res.json['name'], w.org),
  },
  {
    id: 'orgEdit',
    call: (w, n) => ({ method: 'PATCH', path: `/orgs/${w.org}`, body: { description: `edit ${n}` } }),
    expected: ownersOnly(200),
    success: (res, _w, n) => assert.equal(res.json['description'], `edit ${n}`),
  },
  {
    id: 'orgListMembers',
    call: (w) => ({ method: 'GET', path: `/orgs/${w.org}/members` }),
    expected: { ...membersRead, stranger: seeOnlyIfPublic },
    success: isList,
  },
  {
    // the owner made their membership public: strangers who can see the organization learn it too
    id: 'orgIsMember',
    call: (w) => ({ method: 'GET', path: `/orgs/${w.org}/members/perm-owner` }),
    expected: { anonymous: 401, stranger: [204, 404], member: 204, teamMember: 204, owner: 204, admin: 204 },
    success: isEmpty,
  },
  {
    // the target is not a member: the removal is allowed and changes nothing, as in Gitea
    id: 'orgDeleteMember',
    call: (w) => ({ method: 'DELETE', path: `/orgs/${w.org}/members/perm-bystander` }),
    expected: ownersOnly(204),
    success: isEmpty,
  },
  {
    // only the member themself (and site admins) may publicize a membership
    id: 'orgPublicizeMember',
    call: (w) => ({ method: 'PUT', path: `/orgs/${w.org}/public_members/perm-member` }),
    expected: { anonymous: 401, stranger: [403, 404], member: 204, teamMember: 403, owner: 403, admin: 204 },
    success: isEmpty,
  },
  {
    id: 'orgListTeams',
    call: (w) => ({ method: 'GET', path: `/orgs/${w.org}/teams` }),
    expected: membersRead,
    success: isList,
  },
  {
    id: 'orgCreateTeam',
    call: (w, n) => ({ method: 'POST', path: `/orgs/${w.org}/teams`, body: { name: `team-${n}` } }),
    expected: ownersOnly(201),
    success: (res, _w, n) => assert.equal(res.json['name'], `team-${n}`),
  },
  {
    // teams are seen inside their organization only: 404 outside it, 403 for org members outside the team
    id: 'getTeam',
    call: (w) => ({ method: 'GET', path: `/teams/${w.teamId}` }),
    expected: { anonymous: 401, stranger: 404, member: 403, teamMember: 200, owner: 200, admin: 200 },
    success: (res, w) => assert.equal(res.json['id'], w.teamId),
  },
  {
    id: 'editTeam',
    call: (w, n) => ({
      method: 'PATCH',
      path: `/teams/${w.teamId}`,
      body: { name: 'devs', description: `${n}` },
    }),
    expected: teamOwnersOnly(200),
    success: (res, _w, n) => assert.equal(res.json['description'], `${n}`),
  },
  {
    id: 'teamAddMember',
    call: (w) => ({ method: 'PUT', path: `/teams/${w.teamId}/members/perm-extra` }),
    expected: teamOwnersOnly(204),
    success: isEmpty,
  },
  {
    // needs admin rights on the (public) repository, which the write team does not give
    id: 'teamAddRepo',
    call: (w) => ({ method: 'PUT', path: `/teams/${w.teamId}/repos/${w.org}/${w.repo}` }),
    expected: teamOwnersOnly(204),
    success: isEmpty,
  },
];

describe('organization and team permission matrix', () => {
  let server: TestServer;
  /** Each caller's token; none for anonymous. */
  const tokens = new Map<Caller, string | undefined>();
  const worlds = new Map<OrgKind, OrgWorld>();

  async function ok<T>(pending: Promise<TestResponse<T>>, status: number): Promise<T> {
    const res = await pending;
    assert.equal(res.status, status, res.text);
    return res.json;
  }

  before(async () => {
    server = await startServer();
    const owner = await server.createUser('perm-owner');
    const member = await server.createUser('perm-member');
    const teamMember = await server.createUser('perm-teamer');
    tokens.set('anonymous', undefined);
    tokens.set('stranger', (await server.createUser('perm-stranger')).token);
    tokens.set('member', member.token);
    tokens.set('teamMember', teamMember.token);
    tokens.set('owner', owner.token);
    tokens.set('admin', server.admin.token);
    await server.createUser('perm-extra');
    await server.createUser('perm-bystander');
    const as = { token: owner.token };
    for (const kind of orgKinds) {
      const org = `perm-${kind}`;
      await ok(server.request('POST', '/orgs', { ...as, body: { username: org, visibility: kind } }), 201);
      const readers = await ok(
        server.request<{ id: number }>('POST', `/orgs/${org}/teams`, {
          ...as,
          body: { name: 'readers', permission: 'read' },
        }),
        201,
      );
      const devs = await ok(
        server.request<{ id: number }>('POST', `/orgs/${org}/teams`, {
          ...as,
          body: { name: 'devs', permission: 'write' },
        }),
        201,
      );
      await ok(server.request('PUT', `/teams/${readers.id}/members/perm-member`, as), 204);
      await ok(server.request('PUT', `/teams/${devs.id}/members/perm-teamer`, as), 204);
      await ok(server.request('PUT', `/orgs/${org}/public_members/perm-owner`, as), 204);
      await ok(server.request('POST', `/orgs/${org}/repos`, { ...as, body: { name: 'code' } }), 201);
      worlds.set(kind, { org, teamId: devs.id, repo: 'code' });
    }
  });
  after(async () => {
    await server.stop();
  });

  const cases = operations.flatMap((operation) =>
    orgKinds.flatMap((kind) =>
      callers.map((caller) => {
        const expected = operation.expected[caller];
        const status = typeof expected === 'number' ? expected : expected[kind === 'public' ? 0 : 1];
        return { operation, kind, caller, status };
      }),
    ),
  );
  console.log(`organization and team permission matrix: ${cases.length} cases`);

  cases.forEach(({ operation, kind, caller, status }, caseNumber) => {
    test(`${operation.id} by ${caller} on a ${kind} organization answers ${status}`, async () => {
      const world = worlds.get(kind)!;
      const { method, path, body } = operation.call(world, caseNumber);
      const res = await server.request<Record<string, unknown>>(method, path, {
        token: tokens.get(caller),
        body,
      });
      assert.equal(res.status, status, `${method} ${path}: ${res.text}`);
      if (status < 300) operation.success(res, world, caseNumber);
      else assert.equal(typeof res.json['message'], 'string', res.text);
    });
  });
});
