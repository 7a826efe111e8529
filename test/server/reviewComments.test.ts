import assert from 'node:assert/strict';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { after, before, describe, test } from 'node:test';
import type { GitWorkspace } from '../helpers/gitFixtures';
import { startServer, waitFor, type TestServer, type TestUser } from './harness';
import { cloneAs, createRepo, openPull, pushCommit, type PullJson } from './pullsFixture';

/** Review comments as Gitea anchors them: path, sides, diff_hunk, commit_id; outdated after a push. */

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
  comments_count: number;
  message?: string;
}

interface ReviewCommentJson {
  id: number;
  body: string;
  path: string;
  position: number;
  original_position: number;
  commit_id: string;
  original_commit_id: string;
  diff_hunk: string;
  pull_request_review_id: number;
  html_url: string;
  pull_request_url: string;
  user: { login: string };
}

const lines = (n: number, edit: (i: number) => string | string[] = (i) => `line ${i}`): string =>
  Array.from({ length: n }, (_, k) => edit(k + 1))
    .flat()
    .join('\n') + '\n';

/** main has app.txt of twelve lines; the pull request rewrites line 6 and inserts a line after line 9. */
const changed = lines(12, (i) => (i === 6 ? 'line six' : i === 9 ? ['line 9', 'inserted'] : `line ${i}`));

interface World {
  owner: TestUser;
  author: TestUser;
  reviewer: TestUser;
  full: string;
  pr: PullJson;
  ws: GitWorkspace;
  mainCommit: string;
  changeCommit: string;
}

async function world(prefix: string): Promise<World> {
  const owner = await server.createUser(`${prefix}-owner`);
  const author = await server.createUser(`${prefix}-author`);
  const reviewer = await server.createUser(`${prefix}-reviewer`);
  const repo = await createRepo(server, owner, 'app');
  for (const login of [author.user.login, reviewer.user.login]) {
    const added = await server.request('PUT', `/repos/${repo.full_name}/collaborators/${login}`, {
      token: owner.token,
      body: { permission: 'write' },
    });
    assert.equal(added.status, 204, added.text);
  }
  const ws = cloneAs(server, owner, repo.full_name);
  workspaces.push(ws);
  const mainCommit = pushCommit(ws, 'main', { 'app.txt': lines(12) }, 'Add app');
  const changeCommit = pushCommit(ws, 'change', { 'app.txt': changed }, 'Change app');
  const pr = await openPull(server, author, repo.full_name, {
    head: 'change',
    base: 'main',
    title: 'Change',
  });
  return { owner, author, reviewer, full: repo.full_name, pr, ws, mainCommit, changeCommit };
}

const reviewsPath = (w: World) => `/repos/${w.full}/pulls/${w.pr.number}/reviews`;

async function review(
  w: World,
  user: TestUser,
  body: Record<string, unknown>,
): Promise<{ review: ReviewJson; comments: ReviewCommentJson[] }> {
  const res = await server.request<ReviewJson>('POST', reviewsPath(w), { token: user.token, body });
  assert.equal(res.status, 200, res.text);
  const comments = await server.request<ReviewCommentJson[]>(
    'GET',
    `${reviewsPath(w)}/${res.json.id}/comments`,
    { token: user.token },
  );
  assert.equal(comments.status, 200, comments.text);
  return { review: res.json, comments: comments.json };
}

/** The stored `invalidated` flag of each code comment (the API does not show it, as in Gitea). */
function invalidated(ids: readonly number[]): boolean[] {
  const db = new DatabaseSync(path.join(server.dataDir, 'teahouse.db'), { readOnly: true });
  try {
    return ids.map((id) => {
      const row = db.prepare('SELECT invalidated FROM comment WHERE id = ?').get(id) as {
        invalidated: number;
      };
      return row.invalidated === 1;
    });
  } finally {
    db.close();
  }
}

describe('review comments', () => {
  test('a new-side comment: position, diff_hunk cut to the four lines ending at it, commit_id by blame', async () => {
    const w = await world('rc-a');
    const { review: made, comments } = await review(w, w.reviewer, {
      event: 'COMMENT',
      body: 'notes',
      comments: [{ path: 'app.txt', body: 'why insert?', new_position: 10 }],
    });
    assert.equal(made.state, 'COMMENT');
    assert.equal(comments.length, 1);
    const [comment] = comments;
    assert.equal(comment!.path, 'app.txt');
    assert.equal(comment!.position, 10);
    assert.equal(comment!.original_position, 0);
    assert.equal(comment!.diff_hunk, '@@ -7,3 +7,4 @@\n line 7\n line 8\n line 9\n+inserted');
    assert.equal(comment!.commit_id, w.changeCommit);
    assert.equal(comment!.original_commit_id, w.pr.head.sha, 'the head it was made on');
    assert.equal(comment!.pull_request_review_id, made.id);
    assert.equal(comment!.user.login, 'rc-a-reviewer');
    assert.equal(comment!.pull_request_url, w.pr.html_url);
    assert.equal(comment!.html_url, `${w.pr.html_url}#issuecomment-${comment!.id}`);
  });

  test('an old-side comment: original_position, a short hunk kept whole, commit_id the head', async () => {
    const w = await world('rc-b');
    const { comments } = await review(w, w.reviewer, {
      event: 'PENDING',
      body: 'draft',
      comments: [
        { path: 'app.txt', body: 'was fine', old_position: 6 },
        // old_position wins over new_position, as in Gitea
        { path: 'app.txt', body: 'both given', old_position: 6, new_position: 3 },
      ],
    });
    for (const comment of comments) {
      assert.equal(comment.position, 0);
      assert.equal(comment.original_position, 6);
      assert.equal(comment.commit_id, w.pr.head.sha);
      // A hunk short enough keeps git's own header, with its section heading.
      assert.equal(comment.diff_hunk, '@@ -3,10 +3,11 @@ line 2\n line 3\n line 4\n line 5\n-line 6');
    }
  });

  test('a line outside the hunks, a file not in the diff, a missing file or line: 200 without a diff_hunk', async () => {
    const w = await world('rc-c');
    const { comments } = await review(w, w.reviewer, {
      event: 'COMMENT',
      body: 'odd places',
      comments: [
        { path: 'app.txt', body: 'unchanged line', new_position: 1 },
        { path: 'README.md', body: 'not in the diff', new_position: 1 },
        { path: 'nope.txt', body: 'no such file', new_position: 2 },
        { path: 'app.txt', body: 'past the end', new_position: 999 },
        { path: '../outside', body: 'not a path git takes', new_position: 1 },
      ],
    });
    assert.deepEqual(
      comments.map((c) => [c.body, c.position, c.diff_hunk]),
      [
        ['unchanged line', 1, ''],
        ['not in the diff', 1, ''],
        ['no such file', 2, ''],
        ['past the end', 999, ''],
        ['not a path git takes', 1, ''],
      ],
    );
    assert.equal(comments[0]!.commit_id, w.mainCommit, 'an unchanged line is blamed on main');
    for (const comment of comments.slice(2)) assert.equal(comment.commit_id, w.pr.head.sha);
  });

  test('a second comment on the same line of a pending review shares the first one’s anchor', async () => {
    const w = await world('rc-d');
    const first = await review(w, w.reviewer, {
      event: 'PENDING',
      body: 'start',
      comments: [{ path: 'app.txt', body: 'one', new_position: 6 }],
    });
    const second = await review(w, w.reviewer, {
      event: 'PENDING',
      body: 'more',
      comments: [{ path: 'app.txt', body: 'two', new_position: 6 }],
    });
    assert.equal(second.review.id, first.review.id, 'comments join the pending review');
    assert.equal(second.review.comments_count, 2);
    const [a, b] = second.comments;
    assert.equal(a!.diff_hunk, b!.diff_hunk);
    assert.equal(b!.commit_id, w.changeCommit);
    assert.equal(b!.diff_hunk, '@@ -4,3 +4,3 @@\n line 4\n line 5\n-line 6\n+line six');
  });

  test('a push outdates the comments whose line it changed, and only those', async () => {
    const w = await world('rc-e');
    const { comments } = await review(w, w.reviewer, {
      event: 'COMMENT',
      body: 'before the push',
      comments: [
        { path: 'app.txt', body: 'kept: inserted line', new_position: 10 },
        { path: 'app.txt', body: 'outdated: line 11 changes', new_position: 12 },
        { path: 'app.txt', body: 'kept: old side', old_position: 6 },
        { path: 'app.txt', body: 'outdated: the file gets shorter', new_position: 13 },
      ],
    });
    const ids = comments.map((c) => c.id);
    assert.deepEqual(invalidated(ids), [false, false, false, false]);
    const edited = lines(12, (i) => (i === 6 ? 'line six' : i === 9 ? ['line 9', 'inserted'] : `line ${i}`))
      .replace('line 11\n', 'line eleven\n')
      .replace('line 12\n', '');
    pushCommit(w.ws, 'change', { 'app.txt': edited }, 'Edit line 11, drop line 12');
    await waitFor(
      async () => {
        await server.request('GET', `/repos/${w.full}/pulls/${w.pr.number}`);
        return invalidated(ids).some(Boolean);
      },
      10_000,
      'the comments to be outdated',
    );
    assert.deepEqual(invalidated(ids), [false, true, false, true]);
    // The API still answers them where they were made, as Gitea's does.
    const after = await server.request<ReviewCommentJson[]>(
      'GET',
      `${reviewsPath(w)}/${comments[0]!.pull_request_review_id}/comments`,
    );
    assert.deepEqual(
      after.json.map((c) => [
        c.position,
        c.original_position,
        c.commit_id,
        c.original_commit_id,
        c.diff_hunk,
      ]),
      comments.map((c) => [c.position, c.original_position, c.commit_id, w.pr.head.sha, c.diff_hunk]),
    );
  });

  test('a force-push that rewrites the commented line outdates it', async () => {
    const w = await world('rc-f');
    const { comments } = await review(w, w.reviewer, {
      event: 'COMMENT',
      body: 'on the first version',
      comments: [{ path: 'app.txt', body: 'this line', new_position: 6 }],
    });
    w.ws.git('checkout', '--quiet', 'change');
    w.ws.write('app.txt', changed.replace('line six', 'line 6 rewritten'));
    w.ws.git('commit', '--quiet', '--amend', '-a', '-m', 'Change app, again');
    w.ws.git('push', '--quiet', '--force', 'origin', 'change');
    await waitFor(
      async () => {
        await server.request('GET', `/repos/${w.full}/pulls/${w.pr.number}`);
        return invalidated([comments[0]!.id])[0]!;
      },
      10_000,
      'the comment to be outdated',
    );
  });

  test("someone else's pending review and its comments are not found; a site admin sees them", async () => {
    const w = await world('rc-g');
    const { review: pending } = await review(w, w.reviewer, {
      event: 'PENDING',
      body: 'mine alone',
      comments: [{ path: 'app.txt', body: 'draft', new_position: 10 }],
    });
    const one = `${reviewsPath(w)}/${pending.id}`;
    for (const token of [w.owner.token, w.author.token, undefined]) {
      assert.equal((await server.request('GET', one, { token })).status, 404);
      assert.equal((await server.request('GET', `${one}/comments`, { token })).status, 404);
      const submit = await server.request('POST', one, { token, body: { event: 'COMMENT', body: 'x' } });
      assert.ok([401, 404].includes(submit.status), `${submit.status}`);
    }
    const pr = await server.request<PullJson>('GET', `/repos/${w.full}/pulls/${w.pr.number}`);
    assert.equal(pr.json.review_comments, 0, 'pending comments are not counted');
    assert.equal((await server.request('GET', `${one}/comments`, { token: server.admin.token })).status, 200);
  });

  test("a line comment's text is edited through issues/comments/{id}, as current Gitea; deleting one is not", async () => {
    const w = await world('rc-h');
    const { comments } = await review(w, w.reviewer, {
      event: 'COMMENT',
      body: 'see the line',
      comments: [{ path: 'app.txt', body: 'first words', new_position: 6 }],
    });
    const commentPath = `/repos/${w.full}/issues/comments/${comments[0]!.id}`;
    const edited = await server.request<{ body: string }>('PATCH', commentPath, {
      token: w.reviewer.token,
      body: { body: 'second words' },
    });
    assert.equal(edited.status, 200, edited.text);
    assert.equal(edited.json.body, 'second words');
    const stranger = await server.createUser('rc-h-stranger');
    const refused = await server.request('PATCH', commentPath, {
      token: stranger.token,
      body: { body: 'x' },
    });
    assert.equal(refused.status, 403, refused.text);
    const reviewId = comments[0]!.pull_request_review_id;
    const again = await server.request<ReviewCommentJson[]>('GET', `${reviewsPath(w)}/${reviewId}/comments`, {
      token: w.reviewer.token,
    });
    assert.equal(again.json[0]?.body, 'second words');
    assert.equal(again.json[0]?.diff_hunk, comments[0]!.diff_hunk, 'the anchor stays');
    // Gitea's API deletes plain comments only: 204 and the line comment stays
    assert.equal((await server.request('DELETE', commentPath, { token: w.reviewer.token })).status, 204);
    const kept = await server.request<ReviewCommentJson[]>('GET', `${reviewsPath(w)}/${reviewId}/comments`, {
      token: w.reviewer.token,
    });
    assert.equal(kept.json.length, 1);
  });

  test("a line comment of someone else's pending review cannot be edited: 404", async () => {
    const w = await world('rc-i');
    const { comments } = await review(w, w.reviewer, {
      event: 'PENDING',
      body: 'draft',
      comments: [{ path: 'app.txt', body: 'draft words', new_position: 6 }],
    });
    const commentPath = `/repos/${w.full}/issues/comments/${comments[0]!.id}`;
    const byOwner = await server.request('PATCH', commentPath, {
      token: w.owner.token,
      body: { body: 'hijack' },
    });
    assert.equal(byOwner.status, 404, byOwner.text);
    const byAuthor = await server.request<{ body: string }>('PATCH', commentPath, {
      token: w.reviewer.token,
      body: { body: 'better draft' },
    });
    assert.equal(byAuthor.status, 200, byAuthor.text);
  });
});
