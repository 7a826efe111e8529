import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { giteaApi } from 'gitea-js';
import { startServer, type TestServer, type TestUser } from './harness';
import { createRepository } from './permissionWorld';

interface TrackedTimeBody {
  id: number;
  created: string;
  time: number;
  user_id: number;
  user_name: string;
  issue_id: number;
  issue: { id: number; number: number; title: string } | null;
  message: string;
}

describe('tracked time', () => {
  let server: TestServer;
  let owner: TestUser;
  let writer: TestUser;
  let reader: TestUser;
  let stranger: TestUser;

  before(async () => {
    server = await startServer();
    owner = await server.createUser('tt-owner');
    writer = await server.createUser('tt-writer');
    reader = await server.createUser('tt-reader');
    stranger = await server.createUser('tt-stranger');
    for (const [name, isPrivate] of [
      ['clock', false],
      ['secret-clock', true],
      ['other-clock', false],
    ] as const) {
      await createRepository(server, {
        token: owner.token,
        owner: 'tt-owner',
        name,
        private: isPrivate,
        collaborators: [
          ['tt-reader', 'read'],
          ['tt-writer', 'write'],
        ],
      });
    }
    // clock: #1 by the owner, #2 by the reader, #3 by the owner assigned to the writer, #4 for resets
    const issues: [string, string, object][] = [
      ['clock', owner.token, { title: 'owner work' }],
      ['clock', reader.token, { title: 'reader report' }],
      ['clock', owner.token, { title: 'assigned work', assignees: ['tt-writer'] }],
      ['clock', owner.token, { title: 'reset me' }],
      ['secret-clock', owner.token, { title: 'hidden work' }],
      ['other-clock', owner.token, { title: 'elsewhere' }],
    ];
    for (const [repo, token, body] of issues) {
      const issue = await server.request('POST', `/repos/tt-owner/${repo}/issues`, { token, body });
      assert.equal(issue.status, 201, issue.text);
    }
  });
  after(async () => {
    await server.stop();
  });

  const addTime = (path: string, token: string | undefined, body: unknown) =>
    server.request<TrackedTimeBody>('POST', `/repos/tt-owner/${path}/times`, { token, body });
  const listTimes = (path: string, token: string) =>
    server.request<TrackedTimeBody[]>('GET', `/repos/tt-owner/${path}`, { token });

  test('a writer adds time: 200 with a TrackedTime carrying its issue and the tracker’s name', async () => {
    const res = await addTime('clock/issues/1', writer.token, { time: 3600 });
    assert.equal(res.status, 200, res.text);
    assert.equal(res.json.time, 3600);
    assert.equal(res.json.user_name, 'tt-writer');
    assert.equal(res.json.user_id, writer.user.id);
    assert.equal(res.json.issue?.number, 1);
    assert.equal(res.json.issue?.title, 'owner work');
    assert.equal(res.json.issue_id, res.json.issue?.id);
    assert.match(res.json.created, /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/);
  });

  test('a given `created` time is kept', async () => {
    const res = await addTime('clock/issues/1', owner.token, {
      time: 60,
      created: '2021-03-04T05:06:07+01:00',
    });
    assert.equal(res.status, 200, res.text);
    assert.equal(res.json.created, '2021-03-04T04:06:07Z');
  });

  test('a time that is not positive is a 400; a missing or malformed one is a 422', async () => {
    for (const time of [0, -5]) {
      const res = await addTime('clock/issues/1', writer.token, { time });
      assert.equal(res.status, 400, res.text);
      assert.match(res.json.message, /positive/);
    }
    assert.equal((await addTime('clock/issues/1', writer.token, {})).status, 422);
    assert.equal((await addTime('clock/issues/1', writer.token, { time: 'an hour' })).status, 422);
    assert.equal(
      (await addTime('clock/issues/1', writer.token, { time: 5, created: 'yesterday' })).status,
      422,
    );
  });

  test('only contributors track time: the poster and assignees may, other readers and strangers get 403', async () => {
    const poster = await addTime('clock/issues/2', reader.token, { time: 120 });
    assert.equal(poster.status, 200, poster.text);
    assert.equal(poster.json.user_name, 'tt-reader');
    assert.equal((await addTime('clock/issues/3', writer.token, { time: 30 })).status, 200);
    assert.equal((await addTime('clock/issues/1', reader.token, { time: 30 })).status, 403);
    assert.equal((await addTime('clock/issues/1', stranger.token, { time: 30 })).status, 403);
  });

  test('anonymous is a 401, a private repository is a 404 to strangers, an unknown issue is a 404', async () => {
    assert.equal((await addTime('clock/issues/1', undefined, { time: 30 })).status, 401);
    assert.equal((await addTime('secret-clock/issues/1', stranger.token, { time: 30 })).status, 404);
    assert.equal((await listTimes('secret-clock/issues/1/times', stranger.token)).status, 404);
    assert.equal((await addTime('clock/issues/99', owner.token, { time: 30 })).status, 404);
    assert.equal((await addTime('secret-clock/issues/1', writer.token, { time: 30 })).status, 200);
  });

  test('repository admins and site admins book time for others; anyone else books their own', async () => {
    const forReader = await addTime('clock/issues/1', owner.token, { time: 10, user_name: 'tt-reader' });
    assert.equal(forReader.status, 200, forReader.text);
    assert.equal(forReader.json.user_name, 'tt-reader');
    const byAdmin = await addTime('clock/issues/1', server.admin.token, {
      time: 11,
      user_name: 'tt-stranger',
    });
    assert.equal(byAdmin.json.user_name, 'tt-stranger');
    const ignored = await addTime('clock/issues/1', writer.token, { time: 12, user_name: 'tt-reader' });
    assert.equal(ignored.status, 200);
    assert.equal(ignored.json.user_name, 'tt-writer');
    const unknown = await addTime('clock/issues/1', owner.token, { time: 13, user_name: 'nobody-at-all' });
    assert.equal(unknown.status, 422, unknown.text);
  });

  test('an issue’s times: managers see everyone’s, others only their own and may not ask for someone else’s', async () => {
    const all = await listTimes('clock/issues/1/times', owner.token);
    assert.equal(all.status, 200, all.text);
    const names = new Set(all.json.map((t) => t.user_name));
    assert.ok(names.has('tt-writer') && names.has('tt-reader') && names.has('tt-owner'));
    assert.equal(all.headers.get('x-total-count'), String(all.json.length));
    const onlyWriter = await listTimes('clock/issues/1/times?user=tt-writer', owner.token);
    assert.ok(onlyWriter.json.length > 0 && onlyWriter.json.every((t) => t.user_name === 'tt-writer'));
    const own = await listTimes('clock/issues/1/times', reader.token);
    assert.equal(own.status, 200);
    assert.ok(own.json.length > 0 && own.json.every((t) => t.user_name === 'tt-reader'));
    assert.equal((await listTimes('clock/issues/1/times?user=tt-writer', reader.token)).status, 403);
    assert.equal((await listTimes('clock/issues/1/times?user=nobody-at-all', owner.token)).status, 404);
  });

  test('time lists filter by `since` and `before` (RFC 3339; 422 when malformed)', async () => {
    const old = await listTimes('clock/issues/1/times?before=2022-01-01T00:00:00Z', owner.token);
    assert.deepEqual(
      old.json.map((t) => t.created),
      ['2021-03-04T04:06:07Z'],
    );
    const recent = await listTimes('clock/issues/1/times?since=2022-01-01T00:00:00Z', owner.token);
    assert.ok(recent.json.length > 0 && !recent.json.some((t) => t.created.startsWith('2021')));
    assert.equal((await listTimes('clock/issues/1/times?since=soon', owner.token)).status, 422);
  });

  test('a repository’s times are paged and filtered; a user’s are open to themself and repository admins', async () => {
    const all = await listTimes('clock/times?limit=2', owner.token);
    assert.equal(all.status, 200, all.text);
    assert.equal(all.json.length, 2);
    assert.ok(Number(all.headers.get('x-total-count')) > 2);
    assert.match(all.headers.get('link') ?? '', /rel="next"/);
    const readers = await listTimes('clock/times?user=tt-reader', writer.token);
    assert.ok(readers.json.length > 0 && readers.json.every((t) => t.user_name === 'tt-reader'));
    assert.equal((await listTimes('clock/times?user=tt-writer', reader.token)).status, 403);
    const self = await listTimes('clock/times/tt-reader', reader.token);
    assert.equal(self.status, 200, self.text);
    assert.ok(self.json.length > 0 && self.json.every((t) => t.user_name === 'tt-reader'));
    assert.equal(self.headers.get('x-total-count'), String(self.json.length));
    assert.equal((await listTimes('clock/times/tt-reader', owner.token)).status, 200);
    assert.equal((await listTimes('clock/times/tt-reader', server.admin.token)).status, 200);
    assert.equal((await listTimes('clock/times/tt-reader', writer.token)).status, 403);
    assert.equal((await listTimes('clock/times/nobody-at-all', owner.token)).status, 404);
    assert.equal((await listTimes('secret-clock/times', stranger.token)).status, 404);
  });

  test('/user/times lists the caller’s own times across repositories', async () => {
    assert.equal((await addTime('other-clock/issues/1', writer.token, { time: 7 })).status, 200);
    const mine = await server.request<TrackedTimeBody[]>('GET', '/user/times', { token: writer.token });
    assert.equal(mine.status, 200, mine.text);
    assert.ok(mine.json.every((t) => t.user_name === 'tt-writer'));
    assert.ok(mine.json.some((t) => t.issue?.title === 'elsewhere'));
    assert.ok(mine.json.some((t) => t.issue?.title === 'hidden work'));
    assert.equal(mine.headers.get('x-total-count'), String(mine.json.length));
    assert.equal((await server.request('GET', '/user/times')).status, 401);
  });

  test('deleting a time: 403 for someone else’s, 204 for one’s own, then 404; site admins may delete any', async () => {
    const writers = await addTime('clock/issues/3', writer.token, { time: 99 });
    const path = `/repos/tt-owner/clock/issues/3/times/${writers.json.id}`;
    const others = await server.request<{ message: string }>('DELETE', path, { token: owner.token });
    assert.equal(others.status, 403, others.text);
    assert.equal((await server.request('DELETE', path, { token: writer.token })).status, 204);
    assert.equal((await server.request('DELETE', path, { token: writer.token })).status, 404);
    const listed = await listTimes('clock/issues/3/times', owner.token);
    assert.ok(!listed.json.some((t) => t.id === writers.json.id));
    assert.equal(
      (await server.request('DELETE', '/repos/tt-owner/clock/issues/3/times/999999', { token: writer.token }))
        .status,
      404,
    );
    const another = await addTime('clock/issues/3', writer.token, { time: 98 });
    // a time of issue #3 named through issue #1 does not exist there
    const wrongIssue = `/repos/tt-owner/clock/issues/1/times/${another.json.id}`;
    assert.equal((await server.request('DELETE', wrongIssue, { token: writer.token })).status, 404);
    const byAdmin = `/repos/tt-owner/clock/issues/3/times/${another.json.id}`;
    assert.equal((await server.request('DELETE', byAdmin, { token: server.admin.token })).status, 204);
  });

  test('resetting removes the caller’s own times on the issue (204), and a 404 when there are none', async () => {
    assert.equal((await addTime('clock/issues/4', writer.token, { time: 5 })).status, 200);
    assert.equal((await addTime('clock/issues/4', writer.token, { time: 6 })).status, 200);
    assert.equal((await addTime('clock/issues/4', owner.token, { time: 7 })).status, 200);
    const reset = await server.request('DELETE', '/repos/tt-owner/clock/issues/4/times', {
      token: writer.token,
    });
    assert.equal(reset.status, 204, reset.text);
    const left = await listTimes('clock/issues/4/times', owner.token);
    assert.deepEqual(
      left.json.map((t) => [t.user_name, t.time]),
      [['tt-owner', 7]],
    );
    const again = await server.request('DELETE', '/repos/tt-owner/clock/issues/4/times', {
      token: writer.token,
    });
    assert.equal(again.status, 404);
    const refused = await server.request('DELETE', '/repos/tt-owner/clock/issues/4/times', {
      token: reader.token,
    });
    assert.equal(refused.status, 403);
  });

  test('with time tracking disabled: adding is a 400, issue lists a 404, repository lists a 400', async () => {
    const off = await server.request<{ internal_tracker: { enable_time_tracker: boolean } }>(
      'PATCH',
      '/repos/tt-owner/other-clock',
      { token: owner.token, body: { internal_tracker: { enable_time_tracker: false } } },
    );
    assert.equal(off.status, 200, off.text);
    assert.equal(off.json.internal_tracker.enable_time_tracker, false);
    const add = await addTime('other-clock/issues/1', owner.token, { time: 5 });
    assert.equal(add.status, 400, add.text);
    assert.equal(add.json.message, 'time tracking disabled');
    assert.equal((await listTimes('other-clock/issues/1/times', owner.token)).status, 404);
    assert.equal((await listTimes('other-clock/times', owner.token)).status, 400);
    assert.equal((await listTimes('other-clock/times/tt-owner', owner.token)).status, 400);
    const on = await server.request('PATCH', '/repos/tt-owner/other-clock', {
      token: owner.token,
      body: { internal_tracker: { enable_time_tracker: true } },
    });
    assert.equal(on.status, 200);
    assert.equal((await addTime('other-clock/issues/1', owner.token, { time: 5 })).status, 200);
  });

  test('when everyone may track time, a stranger tracks time on a public issue', async () => {
    assert.equal((await addTime('other-clock/issues/1', stranger.token, { time: 5 })).status, 403);
    const open = await server.request<{
      internal_tracker: { allow_only_contributors_to_track_time: boolean };
    }>('PATCH', '/repos/tt-owner/other-clock', {
      token: owner.token,
      body: { internal_tracker: { allow_only_contributors_to_track_time: false } },
    });
    assert.equal(open.json.internal_tracker.allow_only_contributors_to_track_time, false);
    const res = await addTime('other-clock/issues/1', stranger.token, { time: 5 });
    assert.equal(res.status, 200, res.text);
    assert.equal(res.json.user_name, 'tt-stranger');
    const bad = await server.request('PATCH', '/repos/tt-owner/other-clock', {
      token: owner.token,
      body: { internal_tracker: { enable_time_tracker: 'yes' } },
    });
    assert.equal(bad.status, 422);
  });

  test('gitea-js adds and lists tracked times with Gitea’s field names', async () => {
    const api = giteaApi(server.url.replace(/\/$/, ''), { token: owner.token, customFetch: fetch });
    const added = await api.repos.issueAddTime('tt-owner', 'clock', 1, { time: 1800 });
    assert.equal(added.status, 200);
    assert.equal(added.data.time, 1800);
    assert.equal(added.data.user_name, 'tt-owner');
    assert.equal(added.data.issue?.number, 1);
    const listed = await api.repos.issueTrackedTimes('tt-owner', 'clock', 1, { user: 'tt-owner' });
    assert.ok(listed.data.some((t) => t.id === added.data.id && t.time === 1800));
    const mine = await api.user.userCurrentTrackedTimes();
    assert.ok(mine.data.some((t) => t.id === added.data.id));
  });
});
