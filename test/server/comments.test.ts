import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { startServer, type TestServer, type TestUser } from './harness';

interface CommentBody {
  id: number;
  body: string;
  user: { login: string };
  html_url: string;
  issue_url: string;
  pull_request_url: string;
  original_author: string;
  original_author_id: number;
  assets: unknown[];
  created_at: string;
  updated_at: string;
  message: string;
}

describe('issue comments', () => {
  let server: TestServer;
  let owner: TestUser;
  let reader: TestUser;
  let other: TestUser;

  before(async () => {
    server = await startServer();
    owner = await server.createUser('co-owner');
    reader = await server.createUser('co-reader');
    other = await server.createUser('co-other');
    for (const [name, isPrivate] of [
      ['talk', false],
      ['secret-talk', true],
    ] as const) {
      const repo = await server.request('POST', '/user/repos', {
        token: owner.token,
        body: { name, private: isPrivate },
      });
      assert.equal(repo.status, 201, repo.text);
      await server.request('PUT', `/repos/co-owner/${name}/collaborators/co-reader`, {
        token: owner.token,
        body: { permission: 'read' },
      });
      for (const title of ['first', 'second']) {
        const issue = await server.request('POST', `/repos/co-owner/${name}/issues`, {
          token: owner.token,
          body: { title },
        });
        assert.equal(issue.status, 201, issue.text);
      }
    }
  });
  after(async () => {
    await server.stop();
  });

  const comment = (path: string, token: string, body: unknown) =>
    server.request<CommentBody>('POST', `/repos/co-owner/talk/${path}`, { token, body });

  test('a reader comments (201) with Gitea fields, and the issue counts it', async () => {
    const res = await comment('issues/1/comments', reader.token, { body: 'Me too' });
    assert.equal(res.status, 201, res.text);
    assert.equal(res.json.body, 'Me too');
    assert.equal(res.json.user.login, 'co-reader');
    assert.equal(res.json.issue_url, `${server.url}co-owner/talk/issues/1`);
    assert.equal(res.json.pull_request_url, '');
    assert.equal(res.json.html_url, `${server.url}co-owner/talk/issues/1#issuecomment-${res.json.id}`);
    assert.equal(res.json.original_author, '');
    assert.equal(res.json.original_author_id, 0);
    assert.deepEqual(res.json.assets, []);
    const issue = await server.request<{ comments: number }>('GET', '/repos/co-owner/talk/issues/1');
    assert.equal(issue.json.comments, 1);
  });

  test('POST /issue/{index}/comments (the spec spelling) comments too', async () => {
    const res = await comment('issue/1/comments', reader.token, { body: 'via the alias' });
    assert.equal(res.status, 201, res.text);
    assert.equal(res.json.issue_url, `${server.url}co-owner/talk/issues/1`);
    const listed = await server.request<CommentBody[]>('GET', '/repos/co-owner/talk/issues/1/comments');
    assert.ok(listed.json.some((c) => c.body === 'via the alias'));
  });

  test('an empty or missing body is a 422; an unknown issue is a 404; anonymous is a 401', async () => {
    const empty = await comment('issues/1/comments', reader.token, { body: '' });
    assert.equal(empty.status, 422);
    assert.equal(empty.json.message, '[Body]: Required');
    assert.equal((await comment('issues/1/comments', reader.token, {})).status, 422);
    assert.equal((await comment('issues/99/comments', reader.token, { body: 'x' })).status, 404);
    const anonymous = await server.request('POST', '/repos/co-owner/talk/issues/1/comments', {
      body: { body: 'x' },
    });
    assert.equal(anonymous.status, 401);
  });

  test('comments are listed per issue on /issues/ and /issue/, oldest first, with X-Total-Count', async () => {
    await comment('issues/2/comments', owner.token, { body: 'one' });
    await comment('issues/2/comments', reader.token, { body: 'two' });
    for (const path of ['/repos/co-owner/talk/issues/2/comments', '/repos/co-owner/talk/issue/2/comments']) {
      const res = await server.request<CommentBody[]>('GET', path);
      assert.equal(res.status, 200, path);
      assert.deepEqual(
        res.json.map((c) => c.body),
        ['one', 'two'],
      );
      assert.equal(res.headers.get('x-total-count'), '2');
    }
    assert.equal((await server.request('GET', '/repos/co-owner/talk/issues/77/comments')).status, 404);
  });

  test('the repository list covers every issue, pages, and filters with since and before', async () => {
    const all = await server.request<CommentBody[]>('GET', '/repos/co-owner/talk/issues/comments');
    assert.equal(all.status, 200);
    assert.ok(all.json.length >= 3);
    assert.equal(all.headers.get('x-total-count'), String(all.json.length));
    const paged = await server.request<CommentBody[]>(
      'GET',
      '/repos/co-owner/talk/issues/comments?limit=1&page=2',
    );
    assert.equal(paged.json.length, 1);
    assert.equal(paged.json[0]!.id, all.json[1]!.id);
    assert.match(paged.headers.get('link') ?? '', /rel="next"/);
    const future = await server.request<CommentBody[]>(
      'GET',
      '/repos/co-owner/talk/issues/comments?since=2100-01-01T00:00:00Z',
    );
    assert.deepEqual(future.json, []);
    const past = await server.request<CommentBody[]>(
      'GET',
      '/repos/co-owner/talk/issues/comments?before=2000-01-01T00:00:00%2B01:00',
    );
    assert.deepEqual(past.json, []);
    const recent = await server.request<CommentBody[]>(
      'GET',
      '/repos/co-owner/talk/issue/2/comments?since=2000-01-01T00:00:00Z&before=2100-01-01T00:00:00Z',
    );
    assert.equal(recent.json.length, 2);
    for (const bad of ['since=tomorrow', 'before=2020-13-45T00:00:00Z']) {
      const res = await server.request('GET', `/repos/co-owner/talk/issues/comments?${bad}`);
      assert.equal(res.status, 422, bad);
      assert.equal(
        (await server.request('GET', `/repos/co-owner/talk/issues/2/comments?${bad}`)).status,
        422,
      );
    }
  });

  test('one comment is fetched by id; another repository’s comment id is 404 here', async () => {
    const created = await comment('issues/1/comments', owner.token, { body: 'find me' });
    const res = await server.request<CommentBody>(
      'GET',
      `/repos/co-owner/talk/issues/comments/${created.json.id}`,
    );
    assert.equal(res.status, 200);
    assert.equal(res.json.body, 'find me');
    const elsewhere = await server.request<CommentBody>(
      'POST',
      '/repos/co-owner/secret-talk/issues/1/comments',
      {
        token: owner.token,
        body: { body: 'hidden' },
      },
    );
    const crossed = await server.request('GET', `/repos/co-owner/talk/issues/comments/${elsewhere.json.id}`);
    assert.equal(crossed.status, 404);
    assert.equal((await server.request('GET', '/repos/co-owner/talk/issues/comments/999999')).status, 404);
  });

  test('the author or a repository admin edits (200) on both paths; others get 403', async () => {
    const created = await comment('issues/1/comments', reader.token, { body: 'typo' });
    const id = created.json.id;
    const byAuthor = await server.request<CommentBody>(
      'PATCH',
      `/repos/co-owner/talk/issues/comments/${id}`,
      {
        token: reader.token,
        body: { body: 'fixed' },
      },
    );
    assert.equal(byAuthor.status, 200, byAuthor.text);
    assert.equal(byAuthor.json.body, 'fixed');
    const byAdmin = await server.request<CommentBody>('PATCH', `/repos/co-owner/talk/comments/${id}`, {
      token: owner.token,
      body: { body: 'moderated' },
    });
    assert.equal(byAdmin.status, 200);
    assert.equal(byAdmin.json.body, 'moderated');
    const byOther = await server.request('PATCH', `/repos/co-owner/talk/issues/comments/${id}`, {
      token: other.token,
      body: { body: 'vandalism' },
    });
    assert.equal(byOther.status, 403);
    const empty = await server.request('PATCH', `/repos/co-owner/talk/issues/comments/${id}`, {
      token: reader.token,
      body: { body: '' },
    });
    assert.equal(empty.status, 422);
    const fetched = await server.request<CommentBody>('GET', `/repos/co-owner/talk/issues/comments/${id}`);
    assert.equal(fetched.json.body, 'moderated');
  });

  test('deleting takes the author or an admin (204) and the issue’s count drops', async () => {
    const before = (await server.request<{ comments: number }>('GET', '/repos/co-owner/talk/issues/1')).json
      .comments;
    const created = await comment('issues/1/comments', reader.token, { body: 'bye' });
    const id = created.json.id;
    assert.equal(
      (await server.request('DELETE', `/repos/co-owner/talk/issues/comments/${id}`, { token: other.token }))
        .status,
      403,
    );
    const deleted = await server.request('DELETE', `/repos/co-owner/talk/comments/${id}`, {
      token: reader.token,
    });
    assert.equal(deleted.status, 204);
    assert.equal((await server.request('GET', `/repos/co-owner/talk/issues/comments/${id}`)).status, 404);
    const after = (await server.request<{ comments: number }>('GET', '/repos/co-owner/talk/issues/1')).json
      .comments;
    assert.equal(after, before);
    assert.equal(
      (await server.request('DELETE', `/repos/co-owner/talk/issues/comments/${id}`, { token: owner.token }))
        .status,
      404,
    );
  });

  test("a stranger sees nothing of a private repository's comments", async () => {
    const created = await server.request<CommentBody>(
      'POST',
      '/repos/co-owner/secret-talk/issues/2/comments',
      {
        token: reader.token,
        body: { body: 'private words' },
      },
    );
    assert.equal(created.status, 201);
    for (const path of [
      '/repos/co-owner/secret-talk/issues/comments',
      '/repos/co-owner/secret-talk/issues/2/comments',
      `/repos/co-owner/secret-talk/issues/comments/${created.json.id}`,
    ]) {
      assert.equal((await server.request('GET', path, { token: other.token })).status, 404, path);
    }
    const write = await server.request('POST', '/repos/co-owner/secret-talk/issues/2/comments', {
      token: other.token,
      body: { body: 'let me in' },
    });
    assert.equal(write.status, 404);
  });
});
