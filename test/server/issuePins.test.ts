import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { GitWorkspace } from '../helpers/gitFixtures';
import { startServer, type TestServer } from './harness';
import { assertSameShape, recordedBody, trackerFixture, type IssueBody } from './issueTrackerFixture';
import { cloneAs, openPull, pushCommit } from './pullsFixture';

describe('pinned and locked issues', () => {
  let server: TestServer;
  const workspaces: GitWorkspace[] = [];
  before(async () => {
    server = await startServer();
  });
  after(async () => {
    for (const ws of workspaces) ws.dispose();
    await server.stop();
  });
  const tracker = trackerFixture(() => server);

  test('administrators pin up to three issues, move and unpin them; the lists and pin_order follow', async () => {
    const owner = await tracker.owner('pin-ann');
    const issues: IssueBody[] = [];
    for (const title of ['one', 'two', 'three', 'four'])
      issues.push(await tracker.issue(owner, 'pin-ann/app', { title }));
    const pin = (index: number) =>
      tracker.request<{ message: string }>('POST', `/repos/pin-ann/app/issues/${index}/pin`, owner.token);
    for (const issue of issues.slice(0, 3)) assert.equal((await pin(issue.number)).status, 204);
    const allowed = await tracker.request<{ issues: boolean; pull_requests: boolean }>(
      'GET',
      '/repos/pin-ann/app/new_pin_allowed',
    );
    assert.deepEqual(allowed.json, { issues: false, pull_requests: true });
    assertSameShape(allowed.json, recordedBody('GET', '/new_pin_allowed'));
    const fourth = await pin(issues[3]!.number);
    assert.equal(fourth.status, 400);
    assert.match(fourth.json.message, /max number of pinned issues/);
    // pinning again changes nothing
    assert.equal((await pin(issues[0]!.number)).status, 204);

    const pinned = async () =>
      (await tracker.request<IssueBody[]>('GET', '/repos/pin-ann/app/issues/pinned')).json.map((i) => [
        i.title,
        i.pin_order,
      ]);
    assert.deepEqual(await pinned(), [
      ['one', 1],
      ['two', 2],
      ['three', 3],
    ]);
    assertSameShape(
      (await tracker.request('GET', '/repos/pin-ann/app/issues/pinned')).json,
      recordedBody('GET', '/issues/pinned'),
    );
    const moved = await tracker.request(
      'PATCH',
      `/repos/pin-ann/app/issues/${issues[2]!.number}/pin/1`,
      owner.token,
    );
    assert.equal(moved.status, 204);
    assert.deepEqual(await pinned(), [
      ['three', 1],
      ['one', 2],
      ['two', 3],
    ]);
    const badPosition = await tracker.request(
      'PATCH',
      `/repos/pin-ann/app/issues/${issues[2]!.number}/pin/0`,
      owner.token,
    );
    assert.equal(badPosition.status, 422);
    const notPinned = await tracker.request(
      'PATCH',
      `/repos/pin-ann/app/issues/${issues[3]!.number}/pin/1`,
      owner.token,
    );
    assert.equal(notPinned.status, 404);

    const unpinned = await tracker.request(
      'DELETE',
      `/repos/pin-ann/app/issues/${issues[0]!.number}/pin`,
      owner.token,
    );
    assert.equal(unpinned.status, 204);
    assert.deepEqual(await pinned(), [
      ['three', 1],
      ['two', 3],
    ]);
    const one = await tracker.request<IssueBody>('GET', `/repos/pin-ann/app/issues/${issues[0]!.number}`);
    assert.equal(one.json.pin_order, 0);
    const entries = await tracker.timeline('pin-ann/app', issues[0]!.number);
    assert.deepEqual(
      entries.map((e) => e.type),
      ['pin', 'unpin'],
    );
    assertSameShape(
      entries[0],
      recordedBody<{ type: string }[]>('GET', '/issues/1/timeline').find((e) => e.type === 'pin'),
    );
  });

  test('pull requests have their own pins and list', async () => {
    const owner = await tracker.owner('pin-bob');
    const ws = cloneAs(server, owner, 'pin-bob/app');
    workspaces.push(ws);
    pushCommit(ws, 'feature', { 'f.txt': 'f\n' }, 'feature');
    const pr = await openPull(server, owner, 'pin-bob/app', {
      head: 'feature',
      base: 'main',
      title: 'Pinned pull',
    });
    assert.equal(
      (await tracker.request('POST', `/repos/pin-bob/app/issues/${pr.number}/pin`, owner.token)).status,
      204,
    );
    const pulls = await tracker.request<{ number: number; head: { ref: string } }[]>(
      'GET',
      '/repos/pin-bob/app/pulls/pinned',
    );
    assert.deepEqual(
      pulls.json.map((p) => [p.number, p.head.ref]),
      [[pr.number, 'feature']],
    );
    assert.deepEqual((await tracker.request('GET', '/repos/pin-bob/app/issues/pinned')).json, []);
  });

  test('only repository administrators pin (403 for writers, 401 anonymous)', async () => {
    const owner = await tracker.owner('pin-cat');
    const writer = await server.createUser('pin-cat-writer');
    await tracker.collaborate(owner, 'app', writer, 'write');
    const issue = await tracker.issue(owner, 'pin-cat/app', { title: 'x' });
    const path = `/repos/pin-cat/app/issues/${issue.number}/pin`;
    assert.equal((await tracker.request('POST', path, writer.token)).status, 403);
    assert.equal((await tracker.request('POST', path)).status, 401);
    assert.equal(
      (await tracker.request('POST', '/repos/pin-cat/app/issues/99/pin', owner.token)).status,
      404,
    );
  });

  test('a locked issue takes comments from writers only; the timeline records lock and unlock', async () => {
    const owner = await tracker.owner('lock-ann');
    const reader = await server.createUser('lock-ann-reader');
    const writer = await server.createUser('lock-ann-writer');
    await tracker.collaborate(owner, 'app', writer, 'write');
    const issue = await tracker.issue(owner, 'lock-ann/app', { title: 'Heated' });
    const base = `/repos/lock-ann/app/issues/${issue.number}`;
    assert.equal(
      (await tracker.request('PUT', `${base}/lock`, writer.token, { lock_reason: 'Too heated' })).status,
      403,
    );
    const locked = await tracker.request('PUT', `${base}/lock`, owner.token, { lock_reason: 'Too heated' });
    assert.equal(locked.status, 204);
    assert.equal((await tracker.request('PUT', `${base}/lock`, owner.token, {})).status, 204);
    assert.equal((await tracker.request<IssueBody>('GET', base)).json.is_locked, true);

    const refused = await tracker.request<{ message: string }>('POST', `${base}/comments`, reader.token, {
      body: 'me too',
    });
    assert.equal(refused.status, 403);
    assert.equal(refused.json.message, 'You cannot comment on a locked issue.');
    assert.equal(
      (await tracker.request('POST', `${base}/comments`, writer.token, { body: 'calm down' })).status,
      201,
    );

    assert.equal((await tracker.request('DELETE', `${base}/lock`, owner.token)).status, 204);
    assert.equal(
      (await tracker.request('POST', `${base}/comments`, reader.token, { body: 'thanks' })).status,
      201,
    );
    const entries = (await tracker.timeline('lock-ann/app', issue.number)).filter((e) =>
      e.type.endsWith('lock'),
    );
    assert.deepEqual(
      entries.map((e) => [e.type, e.body, e.user.login]),
      [
        ['lock', 'Too heated', 'lock-ann'],
        ['unlock', '', 'lock-ann'],
      ],
    );
    assert.equal(
      (await tracker.request('PUT', '/repos/lock-ann/app/issues/99/lock', owner.token, {})).status,
      404,
    );
  });
});
