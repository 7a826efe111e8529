import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { startServer, type TestServer, type TestUser } from './harness';

interface WatchInfoBody {
  subscribed: boolean;
  ignored: boolean;
  reason: unknown;
  created_at: string;
  url: string;
  repository_url: string;
}
interface RepoBody {
  name: string;
  created_at: string;
  watchers_count: number;
}

describe('watching', () => {
  let server: TestServer;
  before(async () => {
    server = await startServer();
  });
  after(async () => {
    await server.stop();
  });

  const createRepo = async (user: TestUser, body: Record<string, unknown>): Promise<RepoBody> => {
    const res = await server.request<RepoBody>('POST', '/user/repos', { token: user.token, body });
    assert.equal(res.status, 201, res.text);
    return res.json;
  };
  const subscription = (method: 'GET' | 'PUT' | 'DELETE', full: string, token?: string) =>
    server.request<WatchInfoBody>(
      method,
      `/repos/${full}/subscription`,
      token === undefined ? {} : { token },
    );
  const watchersOf = async (full: string, token: string): Promise<number> =>
    (await server.request<RepoBody>('GET', `/repos/${full}`, { token })).json.watchers_count;

  test('the creator watches a new repository and GET answers the WatchInfo', async () => {
    const ada = await server.createUser('wa-ada');
    const repo = await createRepo(ada, { name: 'watched' });
    const res = await subscription('GET', 'wa-ada/watched', ada.token);
    assert.equal(res.status, 200);
    assert.deepEqual(res.json, {
      subscribed: true,
      ignored: false,
      reason: null,
      created_at: repo.created_at,
      url: `${server.url}api/v1/repos/wa-ada/watched/subscription`,
      repository_url: `${server.url}api/v1/repos/wa-ada/watched`,
    });
    const watchers = await server.request<{ login: string }[]>('GET', '/repos/wa-ada/watched/subscribers');
    assert.deepEqual(
      watchers.json.map((user) => user.login),
      ['wa-ada'],
    );
    assert.equal(watchers.headers.get('x-total-count'), '1');
  });

  test('PUT watches with 200 and a WatchInfo, once however often; DELETE unwatches and GET then answers 404', async () => {
    const bo = await server.createUser('wa-bo');
    const follower = await server.createUser('wa-bo-follower');
    await createRepo(bo, { name: 'news' });
    assert.equal((await subscription('GET', 'wa-bo/news', follower.token)).status, 404);
    for (let i = 0; i < 2; i++) {
      const put = await subscription('PUT', 'wa-bo/news', follower.token);
      assert.equal(put.status, 200);
      assert.equal(put.json.subscribed, true);
      assert.equal(put.json.repository_url, `${server.url}api/v1/repos/wa-bo/news`);
    }
    assert.equal(await watchersOf('wa-bo/news', bo.token), 2);
    assert.equal((await subscription('GET', 'wa-bo/news', follower.token)).status, 200);
    const removed = await subscription('DELETE', 'wa-bo/news', follower.token);
    assert.equal(removed.status, 204);
    assert.equal(removed.text, '');
    assert.equal((await subscription('DELETE', 'wa-bo/news', follower.token)).status, 204);
    assert.equal((await subscription('GET', 'wa-bo/news', follower.token)).status, 404);
    assert.equal(await watchersOf('wa-bo/news', bo.token), 1);
    // The owner may stop watching their own repository too.
    await subscription('DELETE', 'wa-bo/news', bo.token);
    assert.equal(await watchersOf('wa-bo/news', bo.token), 0);
    const none = await server.request<unknown[]>('GET', '/repos/wa-bo/news/subscribers');
    assert.deepEqual(none.json, []);
    assert.equal(none.headers.get('x-total-count'), '0');
  });

  test('private repositories cannot be watched by those who cannot see them; anonymous callers get 401', async () => {
    const cy = await server.createUser('wa-cy');
    const stranger = await server.createUser('wa-cy-stranger');
    await createRepo(cy, { name: 'quiet', private: true });
    for (const method of ['GET', 'PUT', 'DELETE'] as const) {
      assert.equal((await subscription(method, 'wa-cy/quiet', stranger.token)).status, 404, method);
      assert.equal((await subscription(method, 'wa-cy/quiet')).status, 401, method);
    }
    assert.equal((await server.request('GET', '/repos/wa-cy/quiet/subscribers')).status, 404);
    assert.equal(await watchersOf('wa-cy/quiet', cy.token), 1);
  });

  test('subscription lists: the caller sees all they watch, others only the public ones', async () => {
    const dee = await server.createUser('wa-dee');
    const viewer = await server.createUser('wa-dee-viewer');
    await createRepo(dee, { name: 'w-public' });
    await createRepo(dee, { name: 'w-private', private: true });
    const own = await server.request<RepoBody[]>('GET', '/user/subscriptions', { token: dee.token });
    assert.deepEqual(
      own.json.map((repo) => repo.name),
      ['w-public', 'w-private'],
    );
    assert.equal(own.headers.get('x-total-count'), '2');
    const byName = await server.request<RepoBody[]>('GET', '/users/wa-dee/subscriptions', {
      token: viewer.token,
    });
    assert.deepEqual(
      byName.json.map((repo) => repo.name),
      ['w-public'],
    );
    const paged = await server.request<RepoBody[]>('GET', '/user/subscriptions?limit=1&page=2', {
      token: dee.token,
    });
    assert.deepEqual(
      paged.json.map((repo) => repo.name),
      ['w-private'],
    );
    assert.equal(
      (await server.request('GET', '/users/wa-nobody/subscriptions', { token: dee.token })).status,
      404,
    );
    assert.equal((await server.request('GET', '/user/subscriptions')).status, 401);
  });
});
