import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { giteaApi } from 'gitea-js';
import type { GitWorkspace } from '../helpers/gitFixtures';
import { startServer, waitFor, type TestServer, type TestUser } from './harness';
import {
  cloneAs,
  createRepo,
  openPull,
  pushCommit,
  serverGit,
  serverHasAncestor,
  type PullJson,
} from './pullsFixture';

let server: TestServer;
const workspaces: GitWorkspace[] = [];

before(async () => {
  server = await startServer();
});
after(async () => {
  for (const ws of workspaces) ws.dispose();
  await server.stop();
});

const update = (fullName: string, index: number, token?: string) =>
  server.request<{ message: string }>('POST', `/repos/${fullName}/pulls/${index}/update`, { token });

describe('updating a pull request (merging the base into the head)', () => {
  let alice: TestUser;
  let reader: TestUser;
  let ws: GitWorkspace;
  const full = 'up-alice/app';

  before(async () => {
    alice = await server.createUser('up-alice');
    reader = await server.createUser('up-reader');
    await createRepo(server, alice, 'app');
    await server.request('PUT', `/repos/${full}/collaborators/up-reader`, {
      token: alice.token,
      body: { permission: 'read' },
    });
    ws = cloneAs(server, alice, full);
    workspaces.push(ws);
  });

  test('the head gets a merge commit of the base, the pull request follows it, and it is a push', async () => {
    const head = pushCommit(ws, 'feature', { 'feature.txt': 'feature\n' }, 'Add the feature');
    const pr = await openPull(server, alice, full, { head: 'feature', base: 'main', title: 'Feature' });
    const baseTip = pushCommit(ws, 'main', { 'main.txt': 'more on main\n' }, 'Main moves on');

    const res = await update(full, pr.number, alice.token);
    assert.equal(res.status, 200, res.text);
    const tip = serverGit(server, full, 'rev-parse', 'refs/heads/feature');
    assert.notEqual(tip, head);
    assert.equal(serverGit(server, full, 'rev-parse', `${tip}^1`), head, 'first parent: the old head');
    assert.equal(serverGit(server, full, 'rev-parse', `${tip}^2`), baseTip, 'second parent: the base');
    assert.equal(
      serverGit(server, full, 'log', '-1', '--format=%s', tip),
      "Merge branch 'main' into feature",
    );
    assert.ok(serverHasAncestor(server, full, baseTip, 'refs/heads/feature'));
    assert.equal(serverGit(server, full, 'for-each-ref', 'refs/teahouse'), '', 'no temporary ref is left');
    await waitFor(
      async () => {
        const now = await server.request<PullJson>('GET', `/repos/${full}/pulls/${pr.number}`);
        return now.json.head.sha === tip;
      },
      10_000,
      'the pull request to follow the new head',
    );
    const commits = await server.request<{ sha: string }[]>(
      'GET',
      `/repos/${full}/commits?sha=feature&limit=1`,
    );
    assert.equal(commits.json[0]?.sha, tip);

    const again = await update(full, pr.number, alice.token);
    assert.equal(again.status, 422, 'up to date: nothing to merge');
    assert.match(again.json.message, /up to date/);
  });

  test('a conflict is 409 and the head stays; readers 403; anonymous 401; unknown 404; closed 422', async () => {
    const head = pushCommit(ws, 'clash', { 'shared.txt': 'from the branch\n' }, 'Branch side');
    const pr = await openPull(server, alice, full, { head: 'clash', base: 'main', title: 'Clash' });
    pushCommit(ws, 'main', { 'shared.txt': 'from main\n' }, 'Main side');
    const clash = await update(full, pr.number, alice.token);
    assert.equal(clash.status, 409, clash.text);
    assert.equal(serverGit(server, full, 'rev-parse', 'refs/heads/clash'), head);

    assert.equal((await update(full, pr.number, reader.token)).status, 403);
    assert.equal((await update(full, pr.number)).status, 401);
    assert.equal((await update(full, 999, alice.token)).status, 404);
    const closed = await server.request('PATCH', `/repos/${full}/pulls/${pr.number}`, {
      token: alice.token,
      body: { state: 'closed' },
    });
    assert.equal(closed.status, 201, closed.text);
    assert.equal((await update(full, pr.number, alice.token)).status, 422);
  });

  test('a head from a fork: updated when the doer may write the fork, 403 for the base owner who may not', async () => {
    const bob = await server.createUser('up-bob');
    const forked = await server.request<{ full_name: string }>('POST', `/repos/${full}/forks`, {
      token: bob.token,
      body: {},
    });
    assert.equal(forked.status, 202, forked.text);
    const bobWs = cloneAs(server, bob, forked.json.full_name);
    workspaces.push(bobWs);
    const head = pushCommit(bobWs, 'fix', { 'fix.txt': 'fix\n' }, 'Fix');
    const pr = await openPull(server, bob, full, { head: 'up-bob:fix', base: 'main', title: 'Fix' });
    const baseTip = pushCommit(ws, 'main', { 'later.txt': 'later\n' }, 'Later on main');

    const refused = await update(full, pr.number, alice.token);
    assert.equal(refused.status, 403, 'the base owner cannot write the fork');
    assert.equal(serverGit(server, forked.json.full_name, 'rev-parse', 'refs/heads/fix'), head);

    const api = giteaApi(server.url.replace(/\/$/, ''), { token: bob.token });
    const res = await api.repos.repoUpdatePullRequest('up-alice', 'app', pr.number);
    assert.equal(res.status, 200);
    const tip = serverGit(server, forked.json.full_name, 'rev-parse', 'refs/heads/fix');
    assert.equal(serverGit(server, forked.json.full_name, 'rev-parse', `${tip}^2`), baseTip);
    assert.equal(serverGit(server, forked.json.full_name, 'for-each-ref', 'refs/teahouse'), '');
    await waitFor(
      async () => {
        const now = await server.request<PullJson>('GET', `/repos/${full}/pulls/${pr.number}`);
        return now.json.head.sha === tip;
      },
      10_000,
      'the pull request to follow the fork head',
    );
  });
});
