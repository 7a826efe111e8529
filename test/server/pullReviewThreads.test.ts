import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { GitWorkspace } from '../helpers/gitFixtures';
import { recorded } from '../helpers/gitea122/recorded';
import { startServer, type TestServer, type TestUser } from './harness';
import { addCollaborator, cloneAs, createRepo, openPull, pushCommit, type PullJson } from './pullsFixture';

/** Review comment threads: replies in the thread, resolving and unresolving the conversation. */

let server: TestServer;
const workspaces: GitWorkspace[] = [];

before(async () => {
  server = await startServer();
});
after(async () => {
  for (const ws of workspaces) ws.dispose();
  await server.stop();
});

interface ReviewCommentJson {
  id: number;
  body: string;
  path: string;
  position: number;
  original_position: number;
  commit_id: string;
  diff_hunk: string;
  pull_request_review_id: number;
  html_url: string;
  pull_request_url: string;
  user: { login: string };
  resolver: { login: string } | null;
  message?: string;
}

interface World {
  owner: TestUser;
  author: TestUser;
  reviewer: TestUser;
  reader: TestUser;
  full: string;
  pr: PullJson;
  reviewId: number;
  comment: ReviewCommentJson;
}

const text = (n: number, changed: number): string =>
  Array.from({ length: n }, (_, k) => (k + 1 === changed ? 'changed' : `line ${k + 1}`)).join('\n') + '\n';

/** A pull request by `author` with one submitted review by `reviewer` holding one comment on line 5. */
async function world(prefix: string): Promise<World> {
  const owner = await server.createUser(`${prefix}-owner`);
  const author = await server.createUser(`${prefix}-author`);
  const reviewer = await server.createUser(`${prefix}-reviewer`);
  const reader = await server.createUser(`${prefix}-reader`);
  const repo = await createRepo(server, owner, 'app');
  await addCollaborator(server, owner, repo.full_name, author, 'write');
  await addCollaborator(server, owner, repo.full_name, reviewer, 'write');
  await addCollaborator(server, owner, repo.full_name, reader, 'read');
  const ws = cloneAs(server, owner, repo.full_name);
  workspaces.push(ws);
  pushCommit(ws, 'main', { 'app.txt': text(8, 0) }, 'Add app');
  pushCommit(ws, 'change', { 'app.txt': text(8, 5) }, 'Change app');
  const pr = await openPull(server, author, repo.full_name, {
    head: 'change',
    base: 'main',
    title: 'Change',
  });
  const made = await server.request<{ id: number }>(
    'POST',
    `/repos/${repo.full_name}/pulls/${pr.number}/reviews`,
    {
      token: reviewer.token,
      body: {
        event: 'COMMENT',
        body: 'notes',
        comments: [{ path: 'app.txt', body: 'why?', new_position: 5 }],
      },
    },
  );
  assert.equal(made.status, 200, made.text);
  const comments = await threadOf({ full: repo.full_name, pr, reviewId: made.json.id }, reviewer);
  return {
    owner,
    author,
    reviewer,
    reader,
    full: repo.full_name,
    pr,
    reviewId: made.json.id,
    comment: comments[0]!,
  };
}

async function threadOf(
  w: Pick<World, 'full' | 'pr' | 'reviewId'>,
  user: TestUser,
): Promise<ReviewCommentJson[]> {
  const res = await server.request<ReviewCommentJson[]>(
    'GET',
    `/repos/${w.full}/pulls/${w.pr.number}/reviews/${w.reviewId}/comments`,
    { token: user.token },
  );
  assert.equal(res.status, 200, res.text);
  return res.json;
}

const mark = (w: World, user: TestUser | undefined, id: number, action: 'resolve' | 'unresolve') =>
  server.request(
    'POST',
    `/repos/${w.full}/pulls/comments/${id}/${action}`,
    user ? { token: user.token } : {},
  );

const reply = (w: World, user: TestUser, id: number, body: unknown, index = w.pr.number) =>
  server.request<ReviewCommentJson>('POST', `/repos/${w.full}/pulls/${index}/comments/${id}/replies`, {
    token: user.token,
    body,
  });

describe('review comment replies', () => {
  test('a reply lands in the thread: same review, path, line, commit and diff hunk; 201', async () => {
    const w = await world('rt-a');
    const res = await reply(w, w.author, w.comment.id, { body: 'because' });
    assert.equal(res.status, 201, res.text);
    assert.equal(res.json.body, 'because');
    assert.equal(res.json.user.login, 'rt-a-author');
    assert.equal(res.json.pull_request_review_id, w.reviewId);
    assert.equal(res.json.path, w.comment.path);
    assert.equal(res.json.position, 5);
    assert.equal(res.json.commit_id, w.comment.commit_id);
    assert.equal(res.json.diff_hunk, w.comment.diff_hunk);
    assert.equal(res.json.resolver, null);
    assert.equal(res.json.html_url, `${w.pr.html_url}#issuecomment-${res.json.id}`);
    const thread = await threadOf(w, w.reader);
    assert.deepEqual(
      thread.map((c) => c.body),
      ['why?', 'because'],
    );
  });

  test('a reply needs a body (422), an existing review comment of that pull request (404), a token (401)', async () => {
    const w = await world('rt-b');
    assert.equal((await reply(w, w.author, w.comment.id, { body: '  ' })).status, 422);
    assert.equal((await reply(w, w.author, w.comment.id, {})).status, 422);
    assert.equal((await reply(w, w.author, 999_999, { body: 'x' })).status, 404);
    assert.equal((await reply(w, w.author, w.comment.id, { body: 'x' }, 999)).status, 404);
    const plain = await server.request<{ id: number }>(
      'POST',
      `/repos/${w.full}/issues/${w.pr.number}/comments`,
      {
        token: w.author.token,
        body: { body: 'not on code' },
      },
    );
    assert.equal(plain.status, 201, plain.text);
    assert.equal((await reply(w, w.author, plain.json.id, { body: 'x' })).status, 404);
    const anonymous = await server.request(
      'POST',
      `/repos/${w.full}/pulls/${w.pr.number}/comments/${w.comment.id}/replies`,
      { body: { body: 'x' } },
    );
    assert.equal(anonymous.status, 401);
    assert.equal((await threadOf(w, w.reader)).length, 1, 'nothing was added');
  });

  test("someone else's pending review comment cannot be replied to (404)", async () => {
    const w = await world('rt-c');
    const pending = await server.request<{ id: number }>(
      'POST',
      `/repos/${w.full}/pulls/${w.pr.number}/reviews`,
      {
        token: w.reviewer.token,
        body: { body: 'draft', comments: [{ path: 'app.txt', body: 'draft note', new_position: 5 }] },
      },
    );
    assert.equal(pending.status, 200, pending.text);
    const own = await threadOf({ full: w.full, pr: w.pr, reviewId: pending.json.id }, w.reviewer);
    assert.equal((await reply(w, w.author, own[0]!.id, { body: 'x' })).status, 404);
  });
});

describe('resolving review conversations', () => {
  test('a resolved comment has the fields of a review comment a Gitea 1.22 recorded', async () => {
    const [sample] = recorded
      .filter((a) => a.method === 'GET' && /\/reviews\/\d+\/comments$/.test(a.path))
      .flatMap((a) => (Array.isArray(a.body) ? (a.body as Record<string, unknown>[]) : []));
    assert.ok(sample, 'the recording has a review comment');
    const w = await world('rt-g');
    assert.equal((await mark(w, w.owner, w.comment.id, 'resolve')).status, 204);
    const [ours] = await threadOf(w, w.reader);
    assert.deepEqual(Object.keys(ours!).sort(), Object.keys(sample).sort());
    // the resolver is a User as the poster is (this server's User has 1.27's fields beyond 1.22's)
    assert.deepEqual(Object.keys(ours!.resolver!).sort(), Object.keys(ours!.user).sort());
  });

  test('resolve shows the resolver in the review comments list; unresolve clears it; both 204 and idempotent', async () => {
    const w = await world('rt-d');
    assert.equal((await mark(w, w.reviewer, w.comment.id, 'resolve')).status, 204);
    assert.equal((await threadOf(w, w.reader))[0]!.resolver?.login, 'rt-d-reviewer');
    // resolving again keeps the first resolver, as Gitea's MarkConversation
    assert.equal((await mark(w, w.owner, w.comment.id, 'resolve')).status, 204);
    assert.equal((await threadOf(w, w.reader))[0]!.resolver?.login, 'rt-d-reviewer');
    assert.equal((await mark(w, w.owner, w.comment.id, 'unresolve')).status, 204);
    assert.equal((await threadOf(w, w.reader))[0]!.resolver, null);
    assert.equal((await mark(w, w.owner, w.comment.id, 'unresolve')).status, 204);
  });

  test("the pull request's author may resolve even without write access; a reader may not (403)", async () => {
    const w = await world('rt-e');
    await addCollaborator(server, w.owner, w.full, w.author, 'read');
    assert.equal((await mark(w, w.reader, w.comment.id, 'resolve')).status, 403);
    assert.equal((await threadOf(w, w.reader))[0]!.resolver, null);
    assert.equal((await mark(w, w.author, w.comment.id, 'resolve')).status, 204);
    assert.equal((await threadOf(w, w.reader))[0]!.resolver?.login, 'rt-e-author');
  });

  test('unknown comments are 404, a comment not on code 400, no token 401, an archived repository 403', async () => {
    const w = await world('rt-f');
    assert.equal((await mark(w, w.owner, 999_999, 'resolve')).status, 404);
    assert.equal((await mark(w, undefined, w.comment.id, 'resolve')).status, 401);
    const plain = await server.request<{ id: number }>(
      'POST',
      `/repos/${w.full}/issues/${w.pr.number}/comments`,
      {
        token: w.author.token,
        body: { body: 'not on code' },
      },
    );
    assert.equal((await mark(w, w.owner, plain.json.id, 'resolve')).status, 400);
    const other = await createRepo(server, w.owner, 'other');
    const elsewhere = await server.request(
      'POST',
      `/repos/${other.full_name}/pulls/comments/${w.comment.id}/resolve`,
      {
        token: w.owner.token,
      },
    );
    assert.equal(elsewhere.status, 404, 'a comment of another repository');
    const archived = await server.request('PATCH', `/repos/${w.full}`, {
      token: w.owner.token,
      body: { archived: true },
    });
    assert.equal(archived.status, 200, archived.text);
    assert.equal((await mark(w, w.owner, w.comment.id, 'resolve')).status, 403);
  });
});
