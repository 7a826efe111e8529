import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { giteaApi } from 'gitea-js';
import { secondsToHours } from '../../src/server/convert/trackedTime';
import { startServer, type TestServer, type TestUser } from './harness';
import { createRepository } from './permissionWorld';

interface StopWatchBody {
  created: string;
  seconds: number;
  duration: string;
  issue_index: number;
  issue_title: string;
  repo_owner_name: string;
  repo_name: string;
}

test('durations read as Gitea’s SecToHours: hours and minutes, seconds only under a minute', () => {
  assert.equal(secondsToHours(0), '');
  assert.equal(secondsToHours(1), '1 second');
  assert.equal(secondsToHours(59), '59 seconds');
  assert.equal(secondsToHours(60), '1 minute');
  assert.equal(secondsToHours(3661), '1 hour 1 minute');
  assert.equal(secondsToHours(2 * 86400 + 120), '48 hours 2 minutes');
});

describe('stopwatches', () => {
  let server: TestServer;
  let owner: TestUser;
  let writer: TestUser;
  let reader: TestUser;
  let stranger: TestUser;

  before(async () => {
    server = await startServer();
    owner = await server.createUser('sw-owner');
    writer = await server.createUser('sw-writer');
    reader = await server.createUser('sw-reader');
    stranger = await server.createUser('sw-stranger');
    for (const [name, isPrivate] of [
      ['watch-me', false],
      ['secret-watch', true],
      ['no-timer', false],
    ] as const) {
      await createRepository(server, {
        token: owner.token,
        owner: 'sw-owner',
        name,
        private: isPrivate,
        collaborators: [
          ['sw-reader', 'read'],
          ['sw-writer', 'write'],
        ],
      });
    }
    for (const [repo, token, title] of [
      ['watch-me', owner.token, 'first'],
      ['watch-me', owner.token, 'second'],
      ['watch-me', reader.token, 'reader posted'],
      ['watch-me', owner.token, 'fourth'],
      ['secret-watch', owner.token, 'hidden'],
      ['no-timer', owner.token, 'untimed'],
    ] as const) {
      const issue = await server.request('POST', `/repos/sw-owner/${repo}/issues`, {
        token,
        body: { title },
      });
      assert.equal(issue.status, 201, issue.text);
    }
  });
  after(async () => {
    await server.stop();
  });

  const stopwatch = (action: 'start' | 'stop' | 'delete', index: number, token?: string, repo = 'watch-me') =>
    server.request<{ message: string }>(
      action === 'delete' ? 'DELETE' : 'POST',
      `/repos/sw-owner/${repo}/issues/${index}/stopwatch/${action}`,
      { token },
    );
  const running = (token: string) => server.request<StopWatchBody[]>('GET', '/user/stopwatches', { token });
  const timesOf = async (index: number, token: string): Promise<number> => {
    const res = await server.request<unknown[]>('GET', `/repos/sw-owner/watch-me/issues/${index}/times`, {
      token,
    });
    assert.equal(res.status, 200, res.text);
    return res.json.length;
  };

  test('starting answers 201 and the stopwatch is listed with its issue; starting again is a 409', async () => {
    const started = await stopwatch('start', 1, writer.token);
    assert.equal(started.status, 201, started.text);
    assert.equal(started.text, '');
    const again = await stopwatch('start', 1, writer.token);
    assert.equal(again.status, 409, again.text);
    assert.match(again.json.message, /already exists/);
    const list = await running(writer.token);
    assert.equal(list.status, 200);
    assert.equal(list.headers.get('x-total-count'), '1');
    assert.equal(list.json.length, 1);
    const [watch] = list.json;
    assert.equal(watch!.issue_index, 1);
    assert.equal(watch!.issue_title, 'first');
    assert.equal(watch!.repo_owner_name, 'sw-owner');
    assert.equal(watch!.repo_name, 'watch-me');
    assert.ok(watch!.seconds >= 0);
    assert.equal(watch!.duration, secondsToHours(watch!.seconds));
    assert.match(watch!.created, /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/);
    assert.deepEqual((await running(owner.token)).json, []);
  });

  test('stopping answers 201 and books the time; stopping again is a 409', async () => {
    const before = await timesOf(1, writer.token);
    const stopped = await stopwatch('stop', 1, writer.token);
    assert.equal(stopped.status, 201, stopped.text);
    assert.equal(await timesOf(1, writer.token), before + 1);
    assert.deepEqual((await running(writer.token)).json, []);
    const again = await stopwatch('stop', 1, writer.token);
    assert.equal(again.status, 409, again.text);
    assert.match(again.json.message, /non existent stopwatch/);
  });

  test('deleting a running stopwatch answers 204 and books nothing; deleting none is a 409', async () => {
    assert.equal((await stopwatch('start', 2, writer.token)).status, 201);
    const before = await timesOf(2, writer.token);
    const removed = await stopwatch('delete', 2, writer.token);
    assert.equal(removed.status, 204, removed.text);
    assert.equal(await timesOf(2, writer.token), before);
    assert.deepEqual((await running(writer.token)).json, []);
    assert.equal((await stopwatch('delete', 2, writer.token)).status, 409);
  });

  test('starting a stopwatch stops the one running on another issue, booking its time', async () => {
    assert.equal((await stopwatch('start', 4, owner.token)).status, 201);
    const before = await timesOf(4, owner.token);
    assert.equal((await stopwatch('start', 2, owner.token)).status, 201);
    assert.deepEqual(
      (await running(owner.token)).json.map((w) => w.issue_index),
      [2],
    );
    assert.equal(await timesOf(4, owner.token), before + 1);
    assert.equal((await stopwatch('delete', 2, owner.token)).status, 204);
  });

  test('only writers who may track time use stopwatches: readers and strangers get 403, even on their own issue', async () => {
    assert.equal((await stopwatch('start', 3, reader.token)).status, 403);
    assert.equal((await stopwatch('start', 1, stranger.token)).status, 403);
    assert.equal((await stopwatch('stop', 1, reader.token)).status, 403);
    assert.equal((await stopwatch('delete', 1, stranger.token)).status, 403);
  });

  test('anonymous is a 401, a private issue a 404 to strangers, an unknown issue a 404', async () => {
    assert.equal((await stopwatch('start', 1)).status, 401);
    assert.equal((await server.request('GET', '/user/stopwatches')).status, 401);
    assert.equal((await stopwatch('start', 1, stranger.token, 'secret-watch')).status, 404);
    assert.equal((await stopwatch('start', 99, writer.token)).status, 404);
    assert.equal((await stopwatch('start', 1, writer.token, 'secret-watch')).status, 201);
    assert.equal((await stopwatch('delete', 1, writer.token, 'secret-watch')).status, 204);
  });

  test('with time tracking disabled, stopwatches are refused with 403', async () => {
    const off = await server.request('PATCH', '/repos/sw-owner/no-timer', {
      token: owner.token,
      body: { internal_tracker: { enable_time_tracker: false } },
    });
    assert.equal(off.status, 200, off.text);
    assert.equal((await stopwatch('start', 1, owner.token, 'no-timer')).status, 403);
  });

  test('the stopwatch list is paged', async () => {
    assert.equal((await stopwatch('start', 1, writer.token)).status, 201);
    const page = await server.request<StopWatchBody[]>('GET', '/user/stopwatches?limit=1&page=2', {
      token: writer.token,
    });
    assert.equal(page.status, 200);
    assert.equal(page.headers.get('x-total-count'), '1');
    assert.deepEqual(page.json, []);
    assert.equal((await stopwatch('delete', 1, writer.token)).status, 204);
  });

  test('gitea-js starts, lists and stops a stopwatch', async () => {
    const api = giteaApi(server.url.replace(/\/$/, ''), { token: owner.token, customFetch: fetch });
    const started = await api.repos.issueStartStopWatch('sw-owner', 'watch-me', 1);
    assert.equal(started.status, 201);
    const list = await api.user.userGetStopWatches();
    assert.equal(list.data.length, 1);
    assert.equal(list.data[0]?.issue_index, 1);
    assert.equal(list.data[0]?.repo_name, 'watch-me');
    const stopped = await api.repos.issueStopStopWatch('sw-owner', 'watch-me', 1);
    assert.equal(stopped.status, 201);
    assert.deepEqual((await api.user.userGetStopWatches()).data, []);
  });
});
