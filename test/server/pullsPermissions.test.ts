import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { GitWorkspace } from '../helpers/gitFixtures';
import { startServer, type TestServer, type TestUser } from './harness';
import { cloneAs, createRepo, openPull } from './pullsFixture';

/**
 * Who may do what with pull requests, for every kind of caller on a public and a private repository:
 * anonymous (401 on writes), a signed-in stranger, a read collaborator, a write collaborator, the
 * owner, and a site admin. Invisible repositories answer 404; visible ones refuse writes with 403.
 */

let server: TestServer;
const workspaces: GitWorkspace[] = [];

const roles = ['anonymous', 'stranger', 'reader', 'writer', 'owner', 'admin'] as const;
type Role = (typeof roles)[number];

let users: Record<Exclude<Role, 'anonymous'>, TestUser>;
const tokenOf = (role: Role): string | undefined => (role === 'anonymous' ? undefined : users[role].token);

interface Fixture {
  full: string;
  /** an open pull request by the owner, reviewed (REQUEST_CHANGES) by the writer */
  pr: number;
  reviewId: number;
  /** one open pull request per role, for merging */
  toMerge: Record<Role, number>;
}

before(async () => {
  server = await startServer();
  const owner = await server.createUser('pp-owner');
  users = {
    stranger: await server.createUser('pp-stranger'),
    reader: await server.createUser('pp-reader'),
    writer: await server.createUser('pp-writer'),
    owner,
    admin: await server.createUser('pp-admin', { admin: true }),
  };
});
after(async () => {
  for (const ws of workspaces) ws.dispose();
  await server.stop();
});

async function fixture(name: string, isPrivate: boolean): Promise<Fixture> {
  const owner = users.owner;
  const repo = await createRepo(server, owner, name, { private: isPrivate });
  for (const [role, permission] of [
    ['reader', 'read'],
    ['writer', 'write'],
  ] as const) {
    const res = await server.request(
      'PUT',
      `/repos/${repo.full_name}/collaborators/${users[role].user.login}`,
      {
        token: owner.token,
        body: { permission },
      },
    );
    assert.equal(res.status, 204, res.text);
  }
  const ws = cloneAs(server, owner, repo.full_name);
  workspaces.push(ws);
  // Branches for the pull requests: one to review and edit, one per role to merge or to open.
  for (const branch of ['edit', ...roles.map((r) => `merge-${r}`), ...roles.map((r) => `open-${r}`)]) {
    ws.git('checkout', '--quiet', '-b', branch, 'main');
    ws.write(`${branch}.txt`, `${branch}\n`);
    ws.commit(branch);
  }
  ws.git('push', '--quiet', 'origin', '--all');
  const pr = await openPull(server, owner, repo.full_name, { head: 'edit', base: 'main', title: 'Edit me' });
  const review = await server.request<{ id: number }>(
    'POST',
    `/repos/${repo.full_name}/pulls/${pr.number}/reviews`,
    {
      token: users.writer.token,
      body: { event: 'REQUEST_CHANGES', body: 'changes please' },
    },
  );
  assert.equal(review.status, 200, review.text);
  const toMerge = {} as Record<Role, number>;
  for (const role of roles) {
    toMerge[role] = (
      await openPull(server, owner, repo.full_name, { head: `merge-${role}`, base: 'main', title: role })
    ).number;
  }
  return { full: repo.full_name, pr: pr.number, reviewId: review.json.id, toMerge };
}

type Expectations = Record<Role, number>;
interface Operation {
  name: string;
  run: (f: Fixture, role: Role) => Promise<{ status: number; text: string }>;
  public: Expectations;
  private: Expectations;
}

const everyone = (status: number): Expectations => ({
  anonymous: status,
  stranger: status,
  reader: status,
  writer: status,
  owner: status,
  admin: status,
});
const hidden = (status: number): Expectations => ({ ...everyone(status), anonymous: 404, stranger: 404 });
const signedIn = (expect: Expectations): Expectations => ({ ...expect, anonymous: 401 });

const operations: Operation[] = [
  {
    name: 'list pull requests',
    run: (f, role) => server.request('GET', `/repos/${f.full}/pulls`, { token: tokenOf(role) }),
    public: everyone(200),
    private: hidden(200),
  },
  {
    name: 'get a pull request',
    run: (f, role) => server.request('GET', `/repos/${f.full}/pulls/${f.pr}`, { token: tokenOf(role) }),
    public: everyone(200),
    private: hidden(200),
  },
  {
    name: 'download the diff',
    run: (f, role) => server.request('GET', `/repos/${f.full}/pulls/${f.pr}.diff`, { token: tokenOf(role) }),
    public: everyone(200),
    private: hidden(200),
  },
  {
    name: 'list reviews',
    run: (f, role) =>
      server.request('GET', `/repos/${f.full}/pulls/${f.pr}/reviews`, { token: tokenOf(role) }),
    public: everyone(200),
    private: hidden(200),
  },
  {
    name: 'open a pull request',
    run: (f, role) =>
      server.request('POST', `/repos/${f.full}/pulls`, {
        token: tokenOf(role),
        body: { head: `open-${role}`, base: 'main', title: `opened by ${role}` },
      }),
    public: signedIn(everyone(201)),
    private: signedIn(hidden(201)),
  },
  {
    name: 'edit a pull request of the owner',
    run: (f, role) =>
      server.request('PATCH', `/repos/${f.full}/pulls/${f.pr}`, {
        token: tokenOf(role),
        body: { body: `edited by ${role}` },
      }),
    public: signedIn({ ...everyone(201), stranger: 403, reader: 403 }),
    private: signedIn({ ...hidden(201), reader: 403 }),
  },
  {
    name: 'merge',
    run: (f, role) =>
      server.request('POST', `/repos/${f.full}/pulls/${f.toMerge[role]}/merge`, {
        token: tokenOf(role),
        body: { Do: 'merge' },
      }),
    public: signedIn({ ...everyone(200), stranger: 403, reader: 403 }),
    private: signedIn({ ...hidden(200), reader: 403 }),
  },
  {
    name: 'review',
    run: (f, role) =>
      server.request('POST', `/repos/${f.full}/pulls/${f.pr}/reviews`, {
        token: tokenOf(role),
        body: { event: 'COMMENT', body: `review by ${role}` },
      }),
    public: signedIn(everyone(200)),
    private: signedIn(hidden(200)),
  },
  {
    name: 'dismiss a review',
    run: (f, role) =>
      server.request('POST', `/repos/${f.full}/pulls/${f.pr}/reviews/${f.reviewId}/dismissals`, {
        token: tokenOf(role),
        body: { message: `dismissed by ${role}` },
      }),
    public: signedIn({ ...everyone(403), owner: 200, admin: 200 }),
    private: signedIn({ ...hidden(403), owner: 200, admin: 200 }),
  },
  {
    name: 'check merged (merged pull requests answer 204)',
    run: (f, role) =>
      server.request('GET', `/repos/${f.full}/pulls/${f.toMerge.owner}/merge`, { token: tokenOf(role) }),
    public: everyone(204),
    private: hidden(204),
  },
];

let cases = 0;

for (const visibility of ['public', 'private'] as const) {
  describe(`pull request permissions on a ${visibility} repository`, () => {
    let f: Fixture;
    before(async () => {
      f = await fixture(`perm-${visibility}`, visibility === 'private');
    });
    for (const op of operations) {
      test(`${op.name}: ${roles.map((r) => `${r} ${op[visibility][r]}`).join(', ')}`, async () => {
        for (const role of roles) {
          const res = await op.run(f, role);
          cases++;
          assert.equal(
            res.status,
            op[visibility][role],
            `${op.name} as ${role} on a ${visibility} repository: ${res.text}`,
          );
        }
      });
    }
  });
}

after(() => {
  // The matrix's size, for the record: every (repository, operation, caller) triple asserted.
  assert.equal(cases, 2 * operations.length * roles.length);
});
