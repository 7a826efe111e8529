import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { TeahouseClient, type Auth } from '../../src/api/client';
import { replyJson, startRecordingServer } from '../helpers/recordingServer';
import { startServer, type TestServer, type TestUser } from '../server/harness';

describe('the client HTTP cache against the real server', () => {
  let server: TestServer;
  let alice: TestUser;
  let bob: TestUser;
  const clients: TeahouseClient[] = [];
  const clientFor = (user: TestUser, httpCache = true): TeahouseClient => {
    const auth: Auth = { kind: 'token', token: user.token };
    const client = new TeahouseClient({ baseUrl: server.url, auth, proxy: 'none', retries: 0, httpCache });
    clients.push(client);
    return client;
  };
  const issues = { owner: 'cache-alice', repo: 'notes', state: 'all', limit: 2 } as const;

  before(async () => {
    server = await startServer();
    alice = await server.createUser('cache-alice');
    bob = await server.createUser('cache-bob');
    const repo = await server.request('POST', '/user/repos', { token: alice.token, body: { name: 'notes' } });
    assert.equal(repo.status, 201, repo.text);
    for (const title of ['one', 'two', 'three']) {
      const issue = await server.request('POST', '/repos/cache-alice/notes/issues', {
        token: alice.token,
        body: { title },
      });
      assert.equal(issue.status, 201, issue.text);
    }
  });

  after(async () => {
    await Promise.all(clients.map((client) => client.close()));
    await server.stop();
  });

  test('an unchanged page comes back through a 304 with the same items and paging headers', async () => {
    const client = clientFor(alice);
    const first = await client.page('issueListIssues', issues);
    assert.deepEqual(client.httpStats, { sent: 1, notModified: 0 });
    const second = await client.page('issueListIssues', issues);
    assert.deepEqual(client.httpStats, { sent: 2, notModified: 1 });
    assert.deepEqual(second, first);
    assert.equal(second.totalCount, 3);
    assert.equal(second.hasNext, true);
    assert.equal(second.lastPage, 2);
    assert.equal(second.items.length, 2);
    const third = await client.page('issueListIssues', issues);
    assert.deepEqual(client.httpStats, { sent: 3, notModified: 2 }, 'a revalidated answer revalidates again');
    assert.deepEqual(third, first);
  });

  test('after a write the next GET gets the new answer, and the write is not cached', async () => {
    const client = clientFor(alice);
    const before = await client.page('issueListIssues', issues);
    await client.request('issueCreateIssue', {
      owner: 'cache-alice',
      repo: 'notes',
      body: { title: 'four' },
    });
    const sentAfterWrite = client.httpStats.sent;
    assert.equal(sentAfterWrite, 2);
    const afterWrite = await client.page('issueListIssues', issues);
    assert.equal(client.httpStats.sent, 3);
    assert.equal(client.httpStats.notModified, 0, 'the changed list is a 200');
    assert.equal(afterWrite.totalCount, (before.totalCount ?? 0) + 1);
    assert.equal(afterWrite.items[0]?.title, 'four');
    await client.page('issueListIssues', issues);
    assert.deepEqual(client.httpStats, { sent: 4, notModified: 1 });
  });

  test('two accounts never share an answer, even through one client', async () => {
    const client = clientFor(alice);
    const asBob = { auth: { kind: 'token', token: bob.token } } as const;
    assert.equal((await client.request('userGetCurrent')).login, 'cache-alice');
    assert.equal((await client.request('userGetCurrent', {}, asBob)).login, 'cache-bob');
    assert.equal((await client.request('userGetCurrent')).login, 'cache-alice');
    assert.equal((await client.request('userGetCurrent', {}, asBob)).login, 'cache-bob');
    assert.deepEqual(client.httpStats, { sent: 4, notModified: 2 }, 'Vary: Authorization keeps both answers');
    const bobsOwn = clientFor(bob);
    assert.equal((await bobsOwn.request('userGetCurrent')).login, 'cache-bob');
    assert.deepEqual(bobsOwn.httpStats, { sent: 1, notModified: 0 });
  });

  test('an answer whose Last-Modified is seconds old is kept to be revalidated, not dropped and fetched again', async () => {
    await clientFor(alice).request('issueCreateIssue', {
      owner: 'cache-alice',
      repo: 'notes',
      body: { title: 'aged' },
    });
    const pause = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));
    // the server first sees this data version now, and dates its answers from then on by that second
    await clientFor(alice).page('issueListIssues', issues);
    await pause(2_100);
    const client = clientFor(alice);
    await client.page('issueListIssues', issues);
    // undici gave that answer a heuristic freshness of a tenth of its Last-Modified's age and deleted it at
    // twice that (plus up to a second): well before this
    await pause(2_000);
    await client.page('issueListIssues', issues);
    assert.deepEqual(client.httpStats, { sent: 2, notModified: 1 });
  });

  test('without the option nothing is cached and nothing is counted', async () => {
    const client = clientFor(alice, false);
    await client.page('issueListIssues', issues);
    await client.page('issueListIssues', issues);
    assert.deepEqual(client.httpStats, { sent: 0, notModified: 0 });
  });
});

test('answers without validators (real Gitea) are never served stale', async () => {
  let served = 0;
  const gitea = await startRecordingServer((_request, response) => {
    served += 1;
    replyJson(response, 200, { id: 1, login: `answer ${served}` });
  });
  const client = new TeahouseClient({ baseUrl: gitea.url, proxy: 'none', retries: 0, httpCache: true });
  try {
    assert.equal((await client.request('userGetCurrent')).login, 'answer 1');
    assert.equal((await client.request('userGetCurrent')).login, 'answer 2');
    assert.deepEqual(client.httpStats, { sent: 2, notModified: 0 });
  } finally {
    await client.close();
    await gitea.close();
  }
});
