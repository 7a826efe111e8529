import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { giteaApi } from 'gitea-js';
import type { GitWorkspace } from '../helpers/gitFixtures';
import { startServer, type TestServer, type TestUser } from './harness';
import { cloneAs, createRepo, openPull, pushCommit, type PullJson } from './pullsFixture';

let server: TestServer;
const workspaces: GitWorkspace[] = [];

before(async () => {
  server = await startServer();
});
after(async () => {
  for (const ws of workspaces) ws.dispose();
  await server.stop();
});

interface ReviewJson {
  id: number;
  state: string;
  body: string;
  commit_id: string;
  stale: boolean;
  official: boolean;
  dismissed: boolean;
  comments_count: number;
  user: { login: string };
  team: null;
  html_url: string;
  pull_request_url: string;
  submitted_at: string;
  message?: string;
}

interface ReviewCommentJson {
  id: number;
  body: string;
  path: string;
  position: number;
  original_position: number;
  commit_id: string;
  pull_request_review_id: number;
  user: { login: string };
}

/** A repository of `owner` with an open pull request by `author` (a write collaborator). */
async function pullWorld(prefix: string): Promise<{
  owner: TestUser;
  author: TestUser;
  reader: TestUser;
  full: string;
  pr: PullJson;
  ws: GitWorkspace;
}> {
  const owner = await server.createUser(`${prefix}-owner`);
  const author = await server.createUser(`${prefix}-author`);
  const reader = await server.createUser(`${prefix}-reader`);
  const repo = await createRepo(server, owner, 'app');
  const added = await server.request('PUT', `/repos/${repo.full_name}/collaborators/${author.user.login}`, {
    token: owner.token,
    body: { permission: 'write' },
  });
  assert.equal(added.status, 204, added.text);
  const ws = cloneAs(server, author, repo.full_name);
  workspaces.push(ws);
  pushCommit(ws, 'change', { 'lib.txt': 'line one\nline two\n' }, 'Change lib');
  const pr = await openPull(server, author, repo.full_name, {
    head: 'change',
    base: 'main',
    title: 'Change',
  });
  return { owner, author, reader, full: repo.full_name, pr, ws };
}

const reviewsPath = (full: string, number: number) => `/repos/${full}/pulls/${number}/reviews`;

describe('reviews', () => {
  test('a review without commit_id is of the head commit; an approval by a writer is official', async () => {
    const w = await pullWorld('rv-a');
    const res = await server.request<ReviewJson>('POST', reviewsPath(w.full, w.pr.number), {
      token: w.owner.token,
      body: { event: 'APPROVED', body: 'Ship it' },
    });
    assert.equal(res.status, 200, res.text);
    assert.equal(res.json.state, 'APPROVED');
    assert.equal(res.json.commit_id, w.pr.head.sha);
    assert.equal(res.json.official, true);
    assert.equal(res.json.stale, false);
    assert.equal(res.json.dismissed, false);
    assert.equal(res.json.user.login, 'rv-a-owner');
    assert.equal(res.json.team, null);
    assert.equal(res.json.pull_request_url, w.pr.html_url);
    assert.match(res.json.html_url, new RegExp(`^${w.pr.html_url}#issuecomment-\\d+$`));

    const withCommit = await server.request<ReviewJson>('POST', reviewsPath(w.full, w.pr.number), {
      token: w.reader.token,
      body: { event: 'COMMENT', body: 'about an older commit', commit_id: 'abc123' },
    });
    assert.equal(withCommit.status, 200, withCommit.text);
    assert.equal(withCommit.json.commit_id, 'abc123');
    assert.equal(withCommit.json.state, 'COMMENT');
    assert.equal(withCommit.json.official, false);

    const list = await server.request<ReviewJson[]>('GET', reviewsPath(w.full, w.pr.number));
    assert.equal(list.status, 200);
    assert.deepEqual(
      list.json.map((r) => r.state),
      ['APPROVED', 'COMMENT'],
    );
    assert.equal(list.headers.get('x-total-count'), '2');
    const one = await server.request<ReviewJson>('GET', `${reviewsPath(w.full, w.pr.number)}/${res.json.id}`);
    assert.equal(one.json.body, 'Ship it');
  });

  test('authors cannot approve or reject their own pull request, and events need a body as in Gitea', async () => {
    const w = await pullWorld('rv-b');
    const post = (token: string, body: Record<string, unknown>) =>
      server.request<ReviewJson>('POST', reviewsPath(w.full, w.pr.number), { token, body });
    const approve = await post(w.author.token, { event: 'APPROVED' });
    assert.equal(approve.status, 422);
    assert.match(approve.json.message ?? '', /approve your own pull is not allowed/);
    const reject = await post(w.author.token, { event: 'REQUEST_CHANGES', body: 'no' });
    assert.equal(reject.status, 422);
    assert.match(reject.json.message ?? '', /reject your own pull is not allowed/);
    const bare = await post(w.owner.token, { event: 'REQUEST_CHANGES' });
    assert.equal(bare.status, 422);
    assert.match(bare.json.message ?? '', /requires a body/);
    const empty = await post(w.owner.token, { event: 'COMMENT' });
    assert.equal(empty.status, 422);
    const own = await post(w.author.token, { event: 'COMMENT', body: 'a note on my own work' });
    assert.equal(own.status, 200);
    const anonymous = await server.request('POST', reviewsPath(w.full, w.pr.number), {
      body: { event: 'COMMENT', body: 'x' },
    });
    assert.equal(anonymous.status, 401);
  });

  test('a pending review with code comments is private to its reviewer until submitted', async () => {
    const w = await pullWorld('rv-c');
    const pending = await server.request<ReviewJson>('POST', reviewsPath(w.full, w.pr.number), {
      token: w.reader.token,
      body: {
        event: 'PENDING',
        body: 'first thoughts',
        comments: [
          { path: 'lib.txt', body: 'why two lines?', new_position: 2 },
          { path: 'lib.txt', body: 'old side', old_position: 1 },
        ],
      },
    });
    assert.equal(pending.status, 200, pending.text);
    assert.equal(pending.json.state, 'PENDING');
    assert.equal(pending.json.comments_count, 2);
    assert.equal(pending.json.html_url, '');
    const path = `${reviewsPath(w.full, w.pr.number)}/${pending.json.id}`;

    assert.equal((await server.request('GET', path, { token: w.owner.token })).status, 404);
    const othersList = await server.request<ReviewJson[]>('GET', reviewsPath(w.full, w.pr.number), {
      token: w.owner.token,
    });
    assert.equal(othersList.json.length, 0);
    assert.equal(othersList.headers.get('x-total-count'), '0');
    const mine = await server.request<ReviewJson[]>('GET', reviewsPath(w.full, w.pr.number), {
      token: w.reader.token,
    });
    assert.equal(mine.json.length, 1);

    const comments = await server.request<ReviewCommentJson[]>('GET', `${path}/comments`, {
      token: w.reader.token,
    });
    assert.equal(comments.status, 200);
    assert.deepEqual(
      comments.json.map((c) => [c.path, c.body, c.position, c.original_position, c.pull_request_review_id]),
      [
        ['lib.txt', 'why two lines?', 2, 0, pending.json.id],
        ['lib.txt', 'old side', 0, 1, pending.json.id],
      ],
    );
    assert.equal(comments.json[0]!.commit_id, w.pr.head.sha);

    const stay = await server.request<ReviewJson>('POST', path, {
      token: w.reader.token,
      body: { event: 'PENDING', body: 'x' },
    });
    assert.equal(stay.status, 422);
    const submitted = await server.request<ReviewJson>('POST', path, {
      token: w.reader.token,
      body: { event: 'COMMENT', body: 'final thoughts' },
    });
    assert.equal(submitted.status, 200, submitted.text);
    assert.equal(submitted.json.state, 'COMMENT');
    assert.equal(submitted.json.body, 'final thoughts');
    assert.equal((await server.request('GET', path, { token: w.owner.token })).status, 200);
    const again = await server.request<ReviewJson>('POST', path, {
      token: w.reader.token,
      body: { event: 'COMMENT', body: 'y' },
    });
    assert.equal(again.status, 422);
    assert.match(again.json.message ?? '', /only a pending review can be submitted/);
    const pr = await server.request<PullJson>('GET', `/repos/${w.full}/pulls/${w.pr.number}`);
    assert.equal(pr.json.review_comments, 2);
  });

  test('an approval becomes stale when the head moves', async () => {
    const w = await pullWorld('rv-d');
    const review = await server.request<ReviewJson>('POST', reviewsPath(w.full, w.pr.number), {
      token: w.owner.token,
      body: { event: 'APPROVED' },
    });
    pushCommit(w.ws, 'change', { 'lib.txt': 'line one\nline two\nline three\n' }, 'More');
    // Reading the pull request notices the new head.
    await server.request('GET', `/repos/${w.full}/pulls/${w.pr.number}`);
    const after = await server.request<ReviewJson>(
      'GET',
      `${reviewsPath(w.full, w.pr.number)}/${review.json.id}`,
    );
    assert.equal(after.json.stale, true);
  });

  test('only the reviewer (or a site admin) deletes a review; admins of the repository dismiss and restore', async () => {
    const w = await pullWorld('rv-e');
    const review = await server.request<ReviewJson>('POST', reviewsPath(w.full, w.pr.number), {
      token: w.reader.token,
      body: { event: 'REQUEST_CHANGES', body: 'please fix' },
    });
    assert.equal(review.json.state, 'REQUEST_CHANGES');
    const path = `${reviewsPath(w.full, w.pr.number)}/${review.json.id}`;

    const byAuthor = await server.request<ReviewJson>('POST', `${path}/dismissals`, {
      token: w.author.token,
      body: { message: 'not yours' },
    });
    assert.equal(byAuthor.status, 403);
    const dismissed = await server.request<ReviewJson>('POST', `${path}/dismissals`, {
      token: w.owner.token,
      body: { message: 'outdated' },
    });
    assert.equal(dismissed.status, 200, dismissed.text);
    assert.equal(dismissed.json.dismissed, true);
    const restored = await server.request<ReviewJson>('POST', `${path}/undismissals`, {
      token: w.owner.token,
    });
    assert.equal(restored.status, 200);
    assert.equal(restored.json.dismissed, false);

    const comment = await server.request<ReviewJson>('POST', reviewsPath(w.full, w.pr.number), {
      token: w.owner.token,
      body: { event: 'COMMENT', body: 'just a comment' },
    });
    const notVerdict = await server.request(
      'POST',
      `${reviewsPath(w.full, w.pr.number)}/${comment.json.id}/dismissals`,
      {
        token: w.owner.token,
        body: {},
      },
    );
    assert.equal(notVerdict.status, 403);

    assert.equal((await server.request('DELETE', path, { token: w.owner.token })).status, 403);
    assert.equal((await server.request('DELETE', path, { token: w.reader.token })).status, 204);
    assert.equal((await server.request('GET', path)).status, 404);
    assert.equal((await server.request('GET', `${reviewsPath(w.full, w.pr.number)}/999999`)).status, 404);
  });

  test('a review of another pull request is not found under this one', async () => {
    const w = await pullWorld('rv-f');
    pushCommit(w.ws, 'other', { 'o.txt': 'o\n' }, 'Other', 'main');
    const other = await openPull(server, w.author, w.full, { head: 'other', base: 'main', title: 'Other' });
    const review = await server.request<ReviewJson>('POST', reviewsPath(w.full, other.number), {
      token: w.owner.token,
      body: { event: 'COMMENT', body: 'on the other one' },
    });
    assert.equal(
      (await server.request('GET', `${reviewsPath(w.full, w.pr.number)}/${review.json.id}`)).status,
      404,
    );
  });

  test('gitea-js creates and lists reviews with the field names it expects', async () => {
    const w = await pullWorld('rv-g');
    const api = giteaApi(server.url.replace(/\/$/, ''), { token: w.owner.token });
    const created = await api.repos.repoCreatePullReview('rv-g-owner', 'app', w.pr.number, {
      event: 'APPROVED',
      body: 'from gitea-js',
    });
    assert.equal(created.status, 200);
    assert.equal(created.data.state, 'APPROVED');
    assert.equal(created.data.commit_id, w.pr.head.sha);
    const listed = await api.repos.repoListPullReviews('rv-g-owner', 'app', w.pr.number);
    assert.deepEqual(
      listed.data.map((r) => r.body),
      ['from gitea-js'],
    );
  });
});
