import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { GitWorkspace } from '../helpers/gitFixtures';
import { startServer, type TestServer, type TestUser } from './harness';
import { cloneAs, createRepo, openPull, pushCommit, type PullJson } from './pullsFixture';

let server: TestServer;
let alice: TestUser;
let bob: TestUser;
let carol: TestUser;
const pulls: PullJson[] = [];
const workspaces: GitWorkspace[] = [];
const full = 'sr-alice/app';

before(async () => {
  server = await startServer();
  alice = await server.createUser('sr-alice');
  bob = await server.createUser('sr-bob');
  carol = await server.createUser('sr-carol');
  await createRepo(server, alice, 'app');
  for (const user of ['sr-bob', 'sr-carol']) {
    const res = await server.request('PUT', `/repos/${full}/collaborators/${user}`, {
      token: alice.token,
      body: { permission: 'write' },
    });
    assert.equal(res.status, 204, res.text);
  }
  const ws = cloneAs(server, alice, full);
  workspaces.push(ws);
  for (const topic of ['one', 'two', 'three']) {
    pushCommit(ws, topic, { [`${topic}.txt`]: `${topic}\n` }, topic);
    pulls.push(await openPull(server, alice, full, { head: topic, base: 'main', title: `Topic ${topic}` }));
  }
  const request = async (pull: PullJson, reviewers: string[]) => {
    const res = await server.request('POST', `/repos/${full}/pulls/${pull.number}/requested_reviewers`, {
      token: alice.token,
      body: { reviewers },
    });
    assert.equal(res.status, 201, res.text);
  };
  await request(pulls[0]!, ['sr-bob']);
  await request(pulls[1]!, ['sr-bob', 'sr-carol']);
  // bob approves #2: his request is answered
  const review = await server.request('POST', `/repos/${full}/pulls/${pulls[1]!.number}/reviews`, {
    token: bob.token,
    body: { event: 'APPROVED', body: 'fine' },
  });
  assert.equal(review.status, 200, review.text);
});

after(async () => {
  for (const ws of workspaces) ws.dispose();
  await server.stop();
});

const search = async (user: TestUser, query: string): Promise<number[]> => {
  const res = await server.request<{ number: number }[]>('GET', `/repos/issues/search?${query}`, {
    token: user.token,
  });
  assert.equal(res.status, 200, res.text);
  return res.json.map((issue) => issue.number).sort((a, b) => a - b);
};

test('review_requested=true lists the pull requests whose review is still asked of the caller', async () => {
  assert.deepEqual(await search(bob, 'type=pulls&review_requested=true'), [pulls[0]!.number]);
  assert.deepEqual(await search(carol, 'type=pulls&review_requested=true'), [pulls[1]!.number]);
  // nobody asked alice, and her own pull requests never count
  assert.deepEqual(await search(alice, 'type=pulls&review_requested=true'), []);
});

test('review_requested combines with the other filters, and false filters nothing', async () => {
  assert.deepEqual(await search(bob, 'type=pulls&review_requested=true&q=one'), [pulls[0]!.number]);
  assert.deepEqual(await search(bob, 'type=pulls&review_requested=true&q=two'), []);
  assert.deepEqual(
    await search(bob, 'type=pulls&review_requested=false'),
    pulls.map((pull) => pull.number),
  );
});
