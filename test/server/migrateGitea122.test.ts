import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { gitea122Tokens, startGitea122Double, type Gitea122Double } from '../helpers/gitea122Double';
import { startServer, type TestServer, type TestUser } from './harness';
import { migrateTracker, ok } from './migrateTrackerSource';

/**
 * Take Repository Offline from a Gitea 1.22: the local server's `POST /repos/migrate` reads the recorded
 * repository from the double, which answers what the real server answered, `null` lists included (the
 * reactions of every issue and comment without any, `assignees`, `requested_reviewers`, a review comment's
 * `resolver`…).
 */

let local: TestServer;
let alice: TestUser;
let gitea: Gitea122Double;
const repo = '/repos/alice/offline';

before(async () => {
  [local, gitea] = await Promise.all([startServer(), startGitea122Double()]);
  alice = await local.createUser('alice');
});

after(async () => {
  await Promise.all([local?.stop(), gitea?.close()]);
});

test('taking the recorded repository offline from Gitea 1.22 brings its whole tracker (201)', async () => {
  const res = await migrateTracker(local, alice, {
    cloneAddr: `${gitea.url}root/rec-1128165022.git`,
    repoName: 'offline',
    authToken: gitea122Tokens.root,
  });
  assert.equal(res.status, 201, res.text);
  // the reactions of #2 were asked for and answered `null`, as Gitea answers them
  const reactionsOf2 = gitea.requests.find((line) =>
    line.startsWith('GET /repos/root/rec-1128165022/issues/2/reactions'),
  );
  assert.ok(reactionsOf2, gitea.requests.join('\n'));

  const issues = await ok<
    {
      number: number;
      title: string;
      state: string;
      labels: { name: string }[];
      milestone: { title: string } | null;
      user: { login: string };
      original_author: string;
    }[]
  >(local, alice, 'GET', `${repo}/issues?state=all&limit=50`);
  // an author without an account here is an original author (the local administrator may be a root too)
  assert.deepEqual(
    issues
      .map((i) => [
        i.number,
        i.title,
        i.state,
        i.labels.map((l) => l.name),
        i.milestone?.title ?? null,
        i.original_author || i.user.login,
      ])
      .sort(),
    [
      [1, 'Crash on start rec1128165022', 'open', ['bug'], 'v1', 'root'],
      [2, 'Add feature X', 'open', ['feature'], 'v1', 'root'],
      [3, 'Typo in README', 'closed', [], null, 'bob1128165022'],
      [4, 'Add feature X', 'open', ['feature'], 'v1', 'root'],
    ],
  );
  const comments = await ok<{ body: string }[]>(local, alice, 'GET', `${repo}/issues/1/comments`);
  assert.deepEqual(
    comments.map((comment) => comment.body),
    ['Can you share the log?', 'Here it is:\n```\npanic: nil\n```'],
  );
  const reactions = await ok<{ content: string }[]>(local, alice, 'GET', `${repo}/issues/1/reactions`);
  assert.deepEqual(
    reactions.map((reaction) => reaction.content),
    ['+1'],
  );
  assert.deepEqual(await ok(local, alice, 'GET', `${repo}/issues/2/reactions`), []);

  const pull = await ok<{ head: { ref: string }; base: { ref: string }; state: string }>(
    local,
    alice,
    'GET',
    `${repo}/pulls/4`,
  );
  assert.deepEqual([pull.head.ref, pull.base.ref, pull.state], ['feature/x', 'main', 'open']);
  const reviews = await ok<{ id: number; state: string; body: string }[]>(
    local,
    alice,
    'GET',
    `${repo}/pulls/4/reviews`,
  );
  assert.deepEqual(
    reviews.map((review) => [review.state, review.body]),
    [
      ['REQUEST_REVIEW', ''],
      ['COMMENT', 'A couple of remarks'],
      ['APPROVED', 'LGTM'],
    ],
  );
  const lineComments = await ok<{ body: string; path: string }[]>(
    local,
    alice,
    'GET',
    `${repo}/pulls/4/reviews/${reviews[1]!.id}/comments`,
  );
  assert.deepEqual(
    lineComments.map((comment) => [comment.path, comment.body]),
    [['docs/feature-x.md', 'Please reword this line']],
  );

  const labels = await ok<{ name: string }[]>(local, alice, 'GET', `${repo}/labels`);
  assert.deepEqual(labels.map((label) => label.name).sort(), ['bug', 'feature']);
  const releases = await ok<{ tag_name: string; body: string }[]>(local, alice, 'GET', `${repo}/releases`);
  assert.deepEqual(
    releases.map((release) => [release.tag_name, release.body]),
    [['v0.1.0', 'First release']],
  );
});
