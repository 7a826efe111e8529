import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { giteaApi } from 'gitea-js';
import { startServer, type TestServer, type TestUser } from './harness';

interface ReactionBody {
  user: { login: string; id: number };
  content: string;
  created_at: string;
  message: string;
}

describe('reactions on issues and comments', () => {
  let server: TestServer;
  let owner: TestUser;
  let reader: TestUser;
  let stranger: TestUser;
  let commentId: number;
  let secretCommentId: number;

  before(async () => {
    server = await startServer();
    owner = await server.createUser('re-owner');
    reader = await server.createUser('re-reader');
    stranger = await server.createUser('re-stranger');
    for (const [name, isPrivate] of [
      ['fun', false],
      ['secret-fun', true],
    ] as const) {
      const repo = await server.request('POST', '/user/repos', {
        token: owner.token,
        body: { name, private: isPrivate },
      });
      assert.equal(repo.status, 201, repo.text);
      const added = await server.request('PUT', `/repos/re-owner/${name}/collaborators/re-reader`, {
        token: owner.token,
        body: { permission: 'read' },
      });
      assert.equal(added.status, 204, added.text);
      for (const title of ['first', 'second']) {
        const issue = await server.request('POST', `/repos/re-owner/${name}/issues`, {
          token: owner.token,
          body: { title },
        });
        assert.equal(issue.status, 201, issue.text);
      }
      const comment = await server.request<{ id: number }>(
        'POST',
        `/repos/re-owner/${name}/issues/1/comments`,
        {
          token: owner.token,
          body: { body: 'a comment to react to' },
        },
      );
      assert.equal(comment.status, 201, comment.text);
      if (isPrivate) secretCommentId = comment.json.id;
      else commentId = comment.json.id;
    }
  });
  after(async () => {
    await server.stop();
  });

  const react = (path: string, token: string | undefined, content: unknown) =>
    server.request<ReactionBody>('POST', `/repos/re-owner/${path}/reactions`, { token, body: { content } });
  const list = (path: string, token?: string) =>
    server.request<ReactionBody[]>('GET', `/repos/re-owner/${path}/reactions`, { token });

  test('a new reaction on an issue answers 201 with the user, content and time; the same again answers 200 with it', async () => {
    const first = await react('fun/issues/2', reader.token, 'heart');
    assert.equal(first.status, 201, first.text);
    assert.equal(first.json.content, 'heart');
    assert.equal(first.json.user.login, 're-reader');
    assert.match(first.json.created_at, /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/);
    const again = await react('fun/issues/2', reader.token, 'heart');
    assert.equal(again.status, 200, again.text);
    assert.equal(again.json.content, 'heart');
    assert.equal(again.json.created_at, first.json.created_at);
    const listed = await list('fun/issues/2');
    assert.equal(listed.json.filter((r) => r.content === 'heart' && r.user.login === 're-reader').length, 1);
  });

  test('the issue reactions list is paged with X-Total-Count and Link, and open to anonymous readers of a public repository', async () => {
    for (const content of ['+1', '-1', 'laugh']) {
      assert.equal((await react('fun/issues/1', owner.token, content)).status, 201);
    }
    const all = await list('fun/issues/1');
    assert.equal(all.status, 200, all.text);
    assert.equal(all.headers.get('x-total-count'), '3');
    assert.deepEqual(
      all.json.map((r) => r.content),
      ['+1', '-1', 'laugh'],
    );
    const page = await server.request<ReactionBody[]>(
      'GET',
      '/repos/re-owner/fun/issues/1/reactions?limit=1&page=2',
    );
    assert.equal(page.json.length, 1);
    assert.equal(page.json[0]!.content, '-1');
    assert.match(page.headers.get('link') ?? '', /rel="next"/);
  });

  test('a reaction Gitea does not allow, or none at all, is a 422', async () => {
    const odd = await react('fun/issues/1', reader.token, 'thumbsup');
    assert.equal(odd.status, 422, odd.text);
    assert.match(odd.json.message, /not an allowed reaction/);
    const missing = await server.request<ReactionBody>('POST', '/repos/re-owner/fun/issues/1/reactions', {
      token: reader.token,
      body: {},
    });
    assert.equal(missing.status, 422, missing.text);
    assert.match(missing.json.message, /\[Content\]: Required/);
  });

  test('anonymous reactions are a 401, a private repository is a 404 to strangers, an unknown issue is a 404', async () => {
    assert.equal((await react('fun/issues/1', undefined, 'eyes')).status, 401);
    assert.equal((await react('secret-fun/issues/1', stranger.token, 'eyes')).status, 404);
    assert.equal((await list('secret-fun/issues/1', stranger.token)).status, 404);
    assert.equal((await list('secret-fun/issues/1')).status, 404);
    assert.equal((await react('fun/issues/99', reader.token, 'eyes')).status, 404);
    const readerReacts = await react('secret-fun/issues/1', reader.token, 'eyes');
    assert.equal(readerReacts.status, 201, readerReacts.text);
  });

  test('removing a reaction answers 204 and it leaves the list; removing it again is still a 204', async () => {
    assert.equal((await react('fun/issues/2', stranger.token, 'rocket')).status, 201);
    const removed = await server.request('DELETE', '/repos/re-owner/fun/issues/2/reactions', {
      token: stranger.token,
      body: { content: 'rocket' },
    });
    assert.equal(removed.status, 204, removed.text);
    const listed = await list('fun/issues/2');
    assert.ok(!listed.json.some((r) => r.content === 'rocket'));
    const again = await server.request('DELETE', '/repos/re-owner/fun/issues/2/reactions', {
      token: stranger.token,
      body: { content: 'rocket' },
    });
    assert.equal(again.status, 204);
    const bad = await server.request('DELETE', '/repos/re-owner/fun/issues/2/reactions', {
      token: stranger.token,
      body: { content: 'nope' },
    });
    assert.equal(bad.status, 422);
  });

  test('removing only takes away the caller’s own reaction', async () => {
    assert.equal((await react('fun/issues/2', owner.token, 'hooray')).status, 201);
    const removed = await server.request('DELETE', '/repos/re-owner/fun/issues/2/reactions', {
      token: stranger.token,
      body: { content: 'hooray' },
    });
    assert.equal(removed.status, 204);
    const listed = await list('fun/issues/2');
    assert.ok(listed.json.some((r) => r.content === 'hooray' && r.user.login === 're-owner'));
  });

  test('comment reactions are added (201, then 200), listed apart from the issue’s, and removed (204)', async () => {
    const path = `fun/issues/comments/${commentId}`;
    const first = await react(path, reader.token, 'confused');
    assert.equal(first.status, 201, first.text);
    assert.equal(first.json.user.login, 're-reader');
    assert.equal((await react(path, reader.token, 'confused')).status, 200);
    const listed = await list(path);
    assert.equal(listed.status, 200);
    assert.equal(listed.headers.get('x-total-count'), '1');
    assert.deepEqual(
      listed.json.map((r) => r.content),
      ['confused'],
    );
    const onIssue = await list('fun/issues/1');
    assert.ok(!onIssue.json.some((r) => r.content === 'confused'));
    const removed = await server.request('DELETE', `/repos/re-owner/${path}/reactions`, {
      token: reader.token,
      body: { content: 'confused' },
    });
    assert.equal(removed.status, 204);
    assert.deepEqual((await list(path)).json, []);
  });

  test('a comment of another repository, or none, is a 404; a private comment is a 404 to strangers', async () => {
    assert.equal((await react(`fun/issues/comments/${secretCommentId}`, owner.token, 'eyes')).status, 404);
    assert.equal((await react('fun/issues/comments/999999', owner.token, 'eyes')).status, 404);
    assert.equal((await list(`secret-fun/issues/comments/${secretCommentId}`, stranger.token)).status, 404);
    assert.equal((await list(`secret-fun/issues/comments/${secretCommentId}`, reader.token)).status, 200);
  });

  test('gitea-js adds and lists reactions with Gitea’s field names', async () => {
    const api = giteaApi(server.url.replace(/\/$/, ''), { token: owner.token, customFetch: fetch });
    const created = await api.repos.issuePostIssueReaction('re-owner', 'fun', 2, { content: 'eyes' });
    assert.equal(created.status, 201);
    assert.equal(created.data.content, 'eyes');
    assert.equal(created.data.user?.login, 're-owner');
    const listed = await api.repos.issueGetIssueReactions('re-owner', 'fun', 2);
    assert.ok(listed.data.some((r) => r.content === 'eyes' && r.user?.login === 're-owner'));
    const onComment = await api.repos.issuePostCommentReaction('re-owner', 'fun', commentId, {
      content: '+1',
    });
    assert.equal(onComment.status, 201);
    const commentList = await api.repos.issueGetCommentReactions('re-owner', 'fun', commentId);
    assert.deepEqual(
      commentList.data.map((r) => r.content),
      ['+1'],
    );
  });
});
