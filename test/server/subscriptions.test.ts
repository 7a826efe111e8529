import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { giteaApi } from 'gitea-js';
import { startServer, type TestServer, type TestUser } from './harness';
import { createRepository } from './permissionWorld';

interface WatchInfoBody {
  subscribed: boolean;
  ignored: boolean;
  reason: unknown;
  created_at: string;
  url: string;
  repository_url: string;
  message: string;
}

describe('issue subscriptions', () => {
  let server: TestServer;
  let owner: TestUser;
  let reader: TestUser;
  let writer: TestUser;
  let stranger: TestUser;
  let issueCreatedAt: string;

  before(async () => {
    server = await startServer();
    owner = await server.createUser('su-owner');
    reader = await server.createUser('su-reader');
    writer = await server.createUser('su-writer');
    stranger = await server.createUser('su-stranger');
    for (const [name, isPrivate] of [
      ['subs', false],
      ['secret-subs', true],
    ] as const) {
      await createRepository(server, {
        token: owner.token,
        owner: 'su-owner',
        name,
        private: isPrivate,
        collaborators: [
          ['su-reader', 'read'],
          ['su-writer', 'write'],
        ],
      });
    }
    // #1 by the reader, #2 by the owner, #3 by the owner and assigned to the writer, #4 for the stranger
    const first = await server.request<{ created_at: string }>('POST', '/repos/su-owner/subs/issues', {
      token: reader.token,
      body: { title: 'reader asks' },
    });
    assert.equal(first.status, 201, first.text);
    issueCreatedAt = first.json.created_at;
    for (const body of [
      { title: 'owner notes' },
      { title: 'assigned', assignees: ['su-writer'] },
      { title: 'fourth' },
    ]) {
      const issue = await server.request('POST', '/repos/su-owner/subs/issues', { token: owner.token, body });
      assert.equal(issue.status, 201, issue.text);
    }
    const secret = await server.request('POST', '/repos/su-owner/secret-subs/issues', {
      token: owner.token,
      body: { title: 'hidden' },
    });
    assert.equal(secret.status, 201, secret.text);
  });
  after(async () => {
    await server.stop();
  });

  const check = (index: number, token?: string, repo = 'subs') =>
    server.request<WatchInfoBody>('GET', `/repos/su-owner/${repo}/issues/${index}/subscriptions/check`, {
      token,
    });
  const subscribers = async (index: number, token?: string): Promise<string[]> => {
    const res = await server.request<{ login: string }[]>(
      'GET',
      `/repos/su-owner/subs/issues/${index}/subscriptions`,
      {
        token,
      },
    );
    assert.equal(res.status, 200, res.text);
    assert.equal(res.headers.get('x-total-count'), String(res.json.length));
    return res.json.map((u) => u.login).sort();
  };
  const change = (method: 'PUT' | 'DELETE', index: number, user: string, token: string) =>
    server.request(method, `/repos/su-owner/subs/issues/${index}/subscriptions/${user}`, { token });

  test('the poster is subscribed to their issue: a WatchInfo with Gitea’s fields', async () => {
    const res = await check(1, reader.token);
    assert.equal(res.status, 200, res.text);
    assert.deepEqual(res.json, {
      subscribed: true,
      ignored: false,
      reason: null,
      created_at: issueCreatedAt,
      url: `${server.apiUrl}/repos/su-owner/subs/issues/1/subscriptions`,
      repository_url: `${server.apiUrl}/repos/su-owner/subs`,
    });
  });

  test('a user who neither watches the repository nor took part is not subscribed; the repository’s watcher is', async () => {
    const stranger2 = await check(2, stranger.token);
    assert.equal(stranger2.status, 200);
    assert.equal(stranger2.json.subscribed, false);
    assert.equal(stranger2.json.ignored, true);
    // the owner watches the repository they created
    assert.equal((await check(1, owner.token)).json.subscribed, true);
  });

  test('commenting and being assigned subscribe implicitly', async () => {
    assert.equal((await check(2, writer.token)).json.subscribed, false);
    assert.equal((await check(3, writer.token)).json.subscribed, true);
    const comment = await server.request('POST', '/repos/su-owner/subs/issues/2/comments', {
      token: writer.token,
      body: { body: 'I have thoughts' },
    });
    assert.equal(comment.status, 201, comment.text);
    assert.equal((await check(2, writer.token)).json.subscribed, true);
    assert.deepEqual(await subscribers(3), ['su-owner', 'su-writer']);
  });

  test('subscribing oneself answers 201, then 200; unsubscribing answers 201, then 200', async () => {
    assert.equal((await change('PUT', 4, 'su-stranger', stranger.token)).status, 201);
    assert.equal((await change('PUT', 4, 'su-stranger', stranger.token)).status, 200);
    assert.equal((await check(4, stranger.token)).json.subscribed, true);
    assert.ok((await subscribers(4)).includes('su-stranger'));
    assert.equal((await change('DELETE', 4, 'su-stranger', stranger.token)).status, 201);
    assert.equal((await change('DELETE', 4, 'su-stranger', stranger.token)).status, 200);
    assert.equal((await check(4, stranger.token)).json.subscribed, false);
    assert.ok(!(await subscribers(4)).includes('su-stranger'));
  });

  test('an explicit unsubscription outweighs having posted the issue or watching the repository', async () => {
    assert.equal((await change('DELETE', 1, 'su-reader', reader.token)).status, 201);
    assert.equal((await check(1, reader.token)).json.subscribed, false);
    assert.ok(!(await subscribers(1)).includes('su-reader'));
    assert.equal((await change('DELETE', 1, 'su-owner', owner.token)).status, 201);
    assert.equal((await check(1, owner.token)).json.subscribed, false);
    assert.equal((await change('PUT', 1, 'su-reader', reader.token)).status, 201);
    assert.equal((await check(1, reader.token)).json.subscribed, true);
  });

  test('changing someone else’s subscription is a 403, except for site and repository admins', async () => {
    const refused = await server.request<{ message: string }>(
      'PUT',
      '/repos/su-owner/subs/issues/2/subscriptions/su-reader',
      { token: stranger.token },
    );
    assert.equal(refused.status, 403, refused.text);
    assert.match(refused.json.message, /not permitted to change subscriptions/);
    assert.equal((await change('PUT', 2, 'su-reader', writer.token)).status, 403);
    assert.equal((await change('PUT', 2, 'su-reader', server.admin.token)).status, 201);
    assert.equal((await check(2, reader.token)).json.subscribed, true);
    assert.equal((await change('DELETE', 2, 'su-reader', owner.token)).status, 201);
    assert.equal((await check(2, reader.token)).json.subscribed, false);
  });

  test('unknown users and issues are 404s; a private issue is a 404 to strangers; anonymous checks are a 401', async () => {
    assert.equal((await change('PUT', 2, 'nobody-here', owner.token)).status, 404);
    assert.equal((await change('PUT', 99, 'su-owner', owner.token)).status, 404);
    assert.equal((await check(99, owner.token)).status, 404);
    assert.equal((await check(1, stranger.token, 'secret-subs')).status, 404);
    assert.equal((await check(1, reader.token, 'secret-subs')).status, 200);
    assert.equal((await check(1, undefined)).status, 401);
    const secretList = await server.request('GET', '/repos/su-owner/secret-subs/issues/1/subscriptions', {
      token: stranger.token,
    });
    assert.equal(secretList.status, 404);
    const privateChange = await server.request(
      'PUT',
      '/repos/su-owner/secret-subs/issues/1/subscriptions/su-stranger',
      {
        token: stranger.token,
      },
    );
    assert.equal(privateChange.status, 404);
    assert.equal(
      (await server.request('PUT', '/repos/su-owner/subs/issues/2/subscriptions/su-owner')).status,
      401,
    );
  });

  test('the subscriber list is open to anonymous readers of a public repository and paged', async () => {
    assert.equal((await change('PUT', 3, 'su-reader', reader.token)).status, 201);
    assert.deepEqual(await subscribers(3), ['su-owner', 'su-reader', 'su-writer']);
    const page = await server.request<{ login: string }[]>(
      'GET',
      '/repos/su-owner/subs/issues/3/subscriptions?limit=2&page=2',
    );
    assert.equal(page.status, 200);
    assert.equal(page.headers.get('x-total-count'), '3');
    assert.equal(page.json.length, 1);
  });

  test('gitea-js checks and changes subscriptions', async () => {
    const api = giteaApi(server.url.replace(/\/$/, ''), { token: stranger.token, customFetch: fetch });
    const added = await api.repos.issueAddSubscription('su-owner', 'subs', 3, 'su-stranger');
    assert.equal(added.status, 201);
    const checked = await api.repos.issueCheckSubscription('su-owner', 'subs', 3);
    assert.equal(checked.data.subscribed, true);
    assert.equal(checked.data.repository_url, `${server.apiUrl}/repos/su-owner/subs`);
    const listed = await api.repos.issueSubscriptions('su-owner', 'subs', 3);
    assert.ok(listed.data.some((u) => u.login === 'su-stranger'));
  });
});
