import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { giteaApi } from 'gitea-js';
import { startServer, type TestServer, type TestUser } from './harness';

interface CommentBody {
  id: number;
  body: string;
  message: string;
}

describe('issue deadlines and the deprecated comment paths', () => {
  let server: TestServer;
  let owner: TestUser;
  let reader: TestUser;

  before(async () => {
    server = await startServer();
    owner = await server.createUser('dl-owner');
    reader = await server.createUser('dl-reader');
    const repo = await server.request('POST', '/user/repos', { token: owner.token, body: { name: 'plan' } });
    assert.equal(repo.status, 201, repo.text);
    const added = await server.request('PUT', '/repos/dl-owner/plan/collaborators/dl-reader', {
      token: owner.token,
      body: { permission: 'read' },
    });
    assert.equal(added.status, 204);
    for (const title of ['one', 'two']) {
      const issue = await server.request('POST', '/repos/dl-owner/plan/issues', {
        token: owner.token,
        body: { title },
      });
      assert.equal(issue.status, 201, issue.text);
    }
  });
  after(async () => {
    await server.stop();
  });

  const setDeadline = (index: number, token: string | undefined, body: unknown) =>
    server.request<{ due_date: string; message: string }>(
      'POST',
      `/repos/dl-owner/plan/issues/${index}/deadline`,
      { token, body },
    );
  const dueDate = async (index: number): Promise<string | null> =>
    (await server.request<{ due_date: string | null }>('GET', `/repos/dl-owner/plan/issues/${index}`)).json
      .due_date;

  test('a writer sets a deadline (201): the end of that day, whatever the time; the issue shows it', async () => {
    const res = await setDeadline(1, owner.token, { due_date: '2031-05-04T08:30:00Z' });
    assert.equal(res.status, 201, res.text);
    assert.equal(res.json.due_date, '2031-05-04T23:59:59Z');
    assert.equal(await dueDate(1), '2031-05-04T23:59:59Z');
    const moved = await setDeadline(1, owner.token, { due_date: '2031-06-01T00:00:00Z' });
    assert.equal(moved.json.due_date, '2031-06-01T23:59:59Z');
    assert.equal(await dueDate(1), '2031-06-01T23:59:59Z');
  });

  test('null, an absent field or Go zero time removes it, answered as the zero time', async () => {
    await setDeadline(2, owner.token, { due_date: '2031-01-01T00:00:00Z' });
    const cleared = await setDeadline(2, owner.token, { due_date: null });
    assert.equal(cleared.status, 201);
    assert.equal(cleared.json.due_date, '0001-01-01T00:00:00Z');
    assert.equal(await dueDate(2), null);
    await setDeadline(2, owner.token, { due_date: '2031-01-01T00:00:00Z' });
    const zero = await setDeadline(2, owner.token, { due_date: '0001-01-01T00:00:00Z' });
    assert.equal(zero.json.due_date, '0001-01-01T00:00:00Z');
    assert.equal(await dueDate(2), null);
    await setDeadline(2, owner.token, { due_date: '2031-01-01T00:00:00Z' });
    assert.equal((await setDeadline(2, owner.token, {})).json.due_date, '0001-01-01T00:00:00Z');
    assert.equal(await dueDate(2), null);
  });

  test('readers are refused (403), anonymous 401, an unknown issue 404, a bad time 422', async () => {
    const refused = await setDeadline(1, reader.token, { due_date: '2032-01-01T00:00:00Z' });
    assert.equal(refused.status, 403);
    assert.notEqual(await dueDate(1), '2032-01-01T23:59:59Z');
    assert.equal((await setDeadline(1, undefined, { due_date: '2032-01-01T00:00:00Z' })).status, 401);
    assert.equal((await setDeadline(99, owner.token, { due_date: '2032-01-01T00:00:00Z' })).status, 404);
    const bad = await setDeadline(1, owner.token, { due_date: 'next tuesday' });
    assert.equal(bad.status, 422);
  });

  test('gitea-js sets a deadline', async () => {
    const api = giteaApi(server.url.replace(/\/$/, ''), { token: owner.token });
    const res = await api.repos.issueEditIssueDeadline('dl-owner', 'plan', 2, {
      due_date: '2033-03-03T12:00:00Z',
    });
    assert.equal(res.status, 201);
    assert.equal(res.data.due_date, '2033-03-03T23:59:59Z');
  });

  test('PATCH and DELETE on /issues/{index}/comments/{id} edit and delete the comment; {index} is ignored', async () => {
    const created = await server.request<CommentBody>('POST', '/repos/dl-owner/plan/issues/1/comments', {
      token: owner.token,
      body: { body: 'first words' },
    });
    assert.equal(created.status, 201);
    const id = created.json.id;
    // the comment is on issue 1; Gitea ignores the index, so issue 2's path edits it too
    const edited = await server.request<CommentBody>(
      'PATCH',
      `/repos/dl-owner/plan/issues/2/comments/${id}`,
      {
        token: owner.token,
        body: { body: 'second words' },
      },
    );
    assert.equal(edited.status, 200, edited.text);
    assert.equal(edited.json.body, 'second words');
    const read = await server.request<CommentBody>('GET', `/repos/dl-owner/plan/issues/comments/${id}`);
    assert.equal(read.json.body, 'second words');

    const api = giteaApi(server.url.replace(/\/$/, ''), { token: owner.token });
    const viaJs = await api.repos.issueEditCommentDeprecated('dl-owner', 'plan', 1, id, {
      body: 'third words',
    });
    assert.equal(viaJs.data.body, 'third words');

    const byReader = await server.request('DELETE', `/repos/dl-owner/plan/issues/1/comments/${id}`, {
      token: reader.token,
    });
    assert.equal(byReader.status, 403);
    const editByReader = await server.request('PATCH', `/repos/dl-owner/plan/issues/1/comments/${id}`, {
      token: reader.token,
      body: { body: 'not mine' },
    });
    assert.equal(editByReader.status, 403);
    const deleted = await server.request('DELETE', `/repos/dl-owner/plan/issues/1/comments/${id}`, {
      token: owner.token,
    });
    assert.equal(deleted.status, 204);
    assert.equal((await server.request('GET', `/repos/dl-owner/plan/issues/comments/${id}`)).status, 404);
    const again = await server.request('DELETE', `/repos/dl-owner/plan/issues/1/comments/${id}`, {
      token: owner.token,
    });
    assert.equal(again.status, 404);
  });

  test('a deprecated path of another repository does not reach the comment', async () => {
    const created = await server.request<CommentBody>('POST', '/repos/dl-owner/plan/issues/1/comments', {
      token: owner.token,
      body: { body: 'stay here' },
    });
    const other = await server.request('POST', '/user/repos', {
      token: owner.token,
      body: { name: 'other' },
    });
    assert.equal(other.status, 201);
    const res = await server.request('DELETE', `/repos/dl-owner/other/issues/1/comments/${created.json.id}`, {
      token: owner.token,
    });
    assert.equal(res.status, 404);
  });
});
