import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
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

async function forkOf(user: TestUser, fullName: string): Promise<{ full_name: string; id: number }> {
  const res = await server.request<{ full_name: string; id: number }>('POST', `/repos/${fullName}/forks`, {
    token: user.token,
    body: {},
  });
  assert.equal(res.status, 202, res.text);
  return res.json;
}

describe('a pull request from a fork', () => {
  let alice: TestUser;
  let bob: TestUser;
  let fork: { full_name: string; id: number };
  let bobWs: GitWorkspace;
  const upstream = 'fk-alice/upstream';

  before(async () => {
    alice = await server.createUser('fk-alice');
    bob = await server.createUser('fk-bob');
    await createRepo(server, alice, 'upstream');
    fork = await forkOf(bob, upstream);
    bobWs = cloneAs(server, bob, fork.full_name);
    workspaces.push(bobWs);
  });

  test('is created, commented, reviewed, labelled, updated and merged, and the base really contains it', async () => {
    const first = pushCommit(bobWs, 'bugfix', { 'fix.txt': 'the fix\n' }, 'Fix the bug');
    const pr = await openPull(server, bob, upstream, {
      head: 'fk-bob:bugfix',
      base: 'main',
      title: 'Fix the bug',
    });
    assert.equal(pr.head.repo?.full_name, 'fk-bob/upstream');
    assert.equal(pr.head.repo_id, fork.id);
    assert.equal(pr.head.sha, first);
    assert.equal(pr.base.repo?.full_name, upstream);
    assert.equal(pr.mergeable, true);
    // The head commit was fetched into the base repository.
    assert.equal(serverGit(server, upstream, 'rev-parse', `refs/pull/${pr.number}/head`), first);
    const listed = await server.request<PullJson[]>('GET', `/repos/${upstream}/pulls`);
    assert.deepEqual(
      listed.json.map((p) => p.number),
      [pr.number],
    );

    const comment = await server.request('POST', `/repos/${upstream}/issues/${pr.number}/comments`, {
      token: alice.token,
      body: { body: 'Thanks! One more thing?' },
    });
    assert.equal(comment.status, 201, comment.text);

    const own = await server.request<{ message: string }>(
      'POST',
      `/repos/${upstream}/pulls/${pr.number}/reviews`,
      {
        token: bob.token,
        body: { event: 'APPROVED' },
      },
    );
    assert.equal(own.status, 422);
    assert.match(own.json.message, /approve your own pull is not allowed/);

    const label = await server.request<{ id: number }>('POST', `/repos/${upstream}/labels`, {
      token: alice.token,
      body: { name: 'bug', color: 'ee0701' },
    });
    const labelled = await server.request('POST', `/repos/${upstream}/issues/${pr.number}/labels`, {
      token: alice.token,
      body: { labels: [label.json.id] },
    });
    assert.equal(labelled.status, 200, labelled.text);

    const second = pushCommit(bobWs, 'bugfix', { 'fix.txt': 'the fix\nand more\n' }, 'Address the review');
    await waitFor(async () => {
      const current = await server.request<PullJson>('GET', `/repos/${upstream}/pulls/${pr.number}`);
      return current.json.head.sha === second;
    }, 10_000);

    const review = await server.request<{ state: string; commit_id: string; user: { login: string } }>(
      'POST',
      `/repos/${upstream}/pulls/${pr.number}/reviews`,
      { token: alice.token, body: { event: 'APPROVED', body: 'Looks good' } },
    );
    assert.equal(review.status, 200, review.text);
    assert.equal(review.json.state, 'APPROVED');
    assert.equal(review.json.commit_id, second);

    const before = await server.request<PullJson>('GET', `/repos/${upstream}/pulls/${pr.number}`);
    assert.equal(before.json.comments, 1);
    assert.deepEqual(
      before.json.labels.map((l) => l.name),
      ['bug'],
    );
    assert.equal(before.json.additions, 2);

    const merged = await server.request('POST', `/repos/${upstream}/pulls/${pr.number}/merge`, {
      token: alice.token,
      body: { Do: 'merge' },
    });
    assert.equal(merged.status, 200, merged.text);
    assert.ok(serverHasAncestor(server, upstream, first, 'refs/heads/main'));
    assert.ok(serverHasAncestor(server, upstream, second, 'refs/heads/main'));
    assert.equal(
      serverGit(server, upstream, 'log', '-1', '--format=%s', 'refs/heads/main'),
      `Merge pull request 'Fix the bug' (#${pr.number}) from fk-bob/upstream:bugfix into main`,
    );
    assert.equal(serverGit(server, upstream, 'show', 'refs/heads/main:fix.txt'), 'the fix\nand more');
    const after = await server.request<PullJson>('GET', `/repos/${upstream}/pulls/${pr.number}`);
    assert.equal(after.json.merged, true);
    assert.equal(after.json.merged_by?.login, 'fk-alice');
  });

  test('a conflicting pull request from the fork is refused with 405 and leaves the base alone', async () => {
    bobWs.git('fetch', '--quiet', 'origin');
    pushCommit(bobWs, 'clash', { 'README.md': 'bob was here\n' }, 'Clash', 'origin/main');
    const pr = await openPull(server, bob, upstream, { head: 'fk-bob:clash', base: 'main', title: 'Clash' });
    const aliceWs = cloneAs(server, alice, upstream);
    workspaces.push(aliceWs);
    const tip = pushCommit(aliceWs, 'main', { 'README.md': 'alice disagrees\n' }, 'Disagree', 'main');
    const res = await server.request<{ message: string }>(
      'POST',
      `/repos/${upstream}/pulls/${pr.number}/merge`,
      {
        token: alice.token,
        body: { Do: 'merge' },
      },
    );
    assert.equal(res.status, 405);
    assert.match(res.json.message, /README\.md/);
    assert.equal(serverGit(server, upstream, 'rev-parse', 'refs/heads/main'), tip);
  });

  test('the head may name the fork as owner/repo:branch; an owner without a fork is 404', async () => {
    pushCommit(bobWs, 'named', { 'named.txt': 'n\n' }, 'Named', 'origin/main');
    const pr = await openPull(server, bob, upstream, {
      head: 'fk-bob/upstream:named',
      base: 'main',
      title: 'Named',
    });
    assert.equal(pr.head.repo?.full_name, 'fk-bob/upstream');
    const carol = await server.createUser('fk-carol');
    const none = await server.request('POST', `/repos/${upstream}/pulls`, {
      token: carol.token,
      body: { head: 'fk-carol:named', base: 'main', title: 'No fork' },
    });
    assert.equal(none.status, 404);
  });
});
