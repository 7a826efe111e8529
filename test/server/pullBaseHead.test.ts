import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { GitWorkspace } from '../helpers/gitFixtures';
import { startServer, type TestServer, type TestUser } from './harness';
import { addCollaborator, cloneAs, createRepo, openPull, pushCommit, type PullJson } from './pullsFixture';

/** `GET /repos/{owner}/{repo}/pulls/{base}/{head}`: a pull request found by its branches, as Gitea. */

let server: TestServer;
const workspaces: GitWorkspace[] = [];
let alice: TestUser;
let bob: TestUser;
let local: PullJson;
let slashed: PullJson;
let fromFork: PullJson;
const upstream = 'bh-alice/upstream';

before(async () => {
  server = await startServer();
  alice = await server.createUser('bh-alice');
  bob = await server.createUser('bh-bob');
  await createRepo(server, alice, 'upstream', { private: true });
  await addCollaborator(server, alice, upstream, bob, 'read');
  const ws = cloneAs(server, alice, upstream);
  workspaces.push(ws);
  pushCommit(ws, 'change', { 'change.txt': 'change\n' }, 'Change');
  pushCommit(ws, 'feature/deep/x', { 'x.txt': 'x\n' }, 'X');
  local = await openPull(server, alice, upstream, { head: 'change', base: 'main', title: 'Change' });
  slashed = await openPull(server, alice, upstream, { head: 'feature/deep/x', base: 'main', title: 'X' });
  const fork = await server.request<{ full_name: string }>('POST', `/repos/${upstream}/forks`, {
    token: bob.token,
    body: {},
  });
  assert.equal(fork.status, 202, fork.text);
  const bobWs = cloneAs(server, bob, fork.json.full_name);
  workspaces.push(bobWs);
  pushCommit(bobWs, 'fix', { 'fix.txt': 'fix\n' }, 'Fix');
  fromFork = await openPull(server, bob, upstream, { head: 'bh-bob:fix', base: 'main', title: 'Fix' });
});
after(async () => {
  for (const ws of workspaces) ws.dispose();
  await server.stop();
});

const get = (path: string, user: TestUser | null = alice) =>
  server.request<PullJson>('GET', `/repos/${upstream}/pulls/${path}`, user ? { token: user.token } : {});

describe('a pull request by base and head', () => {
  test('a branch of the repository itself, with the same JSON as by its number', async () => {
    const res = await get('main/change');
    assert.equal(res.status, 200, res.text);
    assert.equal(res.json.number, local.number);
    const byNumber = await get(String(local.number));
    assert.deepEqual(Object.keys(res.json).sort(), Object.keys(byNumber.json).sort());
    assert.equal(res.json.head.sha, byNumber.json.head.sha);
  });

  test('a head branch with slashes', async () => {
    const res = await get('main/feature/deep/x');
    assert.equal(res.status, 200, res.text);
    assert.equal(res.json.number, slashed.number);
  });

  test("a fork's branch as owner:branch and owner/repo:branch", async () => {
    const short = await get('main/bh-bob:fix');
    assert.equal(short.status, 200, short.text);
    assert.equal(short.json.number, fromFork.number);
    assert.equal(short.json.head.repo?.full_name, 'bh-bob/upstream');
    const long = await get('main/bh-bob/upstream:fix');
    assert.equal(long.status, 200, long.text);
    assert.equal(long.json.number, fromFork.number);
    const own = await get('main/bh-alice:change');
    assert.equal(own.json.number, local.number, "owner:branch names the base's own repository too");
  });

  test('a closed pull request is still found', async () => {
    const closed = await server.request('PATCH', `/repos/${upstream}/pulls/${slashed.number}`, {
      token: alice.token,
      body: { state: 'closed' },
    });
    assert.equal(closed.status, 201, closed.text);
    const res = await get('main/feature/deep/x');
    assert.equal(res.status, 200, res.text);
    assert.equal(res.json.state, 'closed');
  });

  test('404 for an unknown head, base, head owner or head repository; 404 for those who cannot see it', async () => {
    for (const path of [
      'main/nope',
      'other/change',
      'main/nobody:change',
      'main/bh-bob/none:change',
      'main/:change',
    ]) {
      const res = await get(path);
      assert.equal(res.status, 404, `${path}: ${res.text}`);
    }
    assert.equal((await get('main/change', null)).status, 404, 'a private repository');
    const stranger = await server.createUser('bh-stranger');
    assert.equal((await get('main/change', stranger)).status, 404);
    assert.equal((await get('main/change', bob)).status, 200, 'a reader sees it');
  });

  test('the routes below a pull request number keep working beside it', async () => {
    const files = await server.request<{ filename: string }[]>(
      'GET',
      `/repos/${upstream}/pulls/${local.number}/files`,
      {
        token: alice.token,
      },
    );
    assert.equal(files.status, 200, files.text);
    assert.deepEqual(
      files.json.map((f) => f.filename),
      ['change.txt'],
    );
    const commits = await server.request<unknown[]>(
      'GET',
      `/repos/${upstream}/pulls/${local.number}/commits`,
      {
        token: alice.token,
      },
    );
    assert.equal(commits.status, 200, commits.text);
    const isMerged = await server.request('GET', `/repos/${upstream}/pulls/${local.number}/merge`, {
      token: alice.token,
    });
    assert.equal(isMerged.status, 404, 'not merged, not a base/head lookup');
  });
});
