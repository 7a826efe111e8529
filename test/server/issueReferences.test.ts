import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { GitWorkspace } from '../helpers/gitFixtures';
import { startServer, waitFor, type TestServer, type TestUser } from './harness';
import {
  assertSameShape,
  recordedBody,
  trackerFixture,
  type IssueBody,
  type TimelineEntry,
} from './issueTrackerFixture';
import { cloneAs, openPull, pushCommit } from './pullsFixture';

describe('cross references in the timeline', () => {
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
  const clone = (user: TestUser, full: string): GitWorkspace => {
    const ws = cloneAs(server, user, full);
    workspaces.push(ws);
    return ws;
  };
  const refs = async (full: string, index: number, token?: string): Promise<TimelineEntry[]> =>
    (await tracker.timeline(full, index, token)).filter((e) => e.type.endsWith('_ref'));

  test('an issue and a comment that mention an issue leave issue_ref and comment_ref entries there', async () => {
    const owner = await tracker.owner('xr-ann');
    const first = await tracker.issue(owner, 'xr-ann/app', { title: 'Crash on start' });
    const second = await tracker.issue(owner, 'xr-ann/app', {
      title: 'Feature',
      body: `Depends on #${first.number}.`,
    });
    const comment = await tracker.request<{ id: number }>(
      'POST',
      `/repos/xr-ann/app/issues/${second.number}/comments`,
      owner.token,
      { body: `Blocked by #${first.number}` },
    );
    assert.equal(comment.status, 201);
    const entries = await refs('xr-ann/app', first.number);
    assert.deepEqual(
      entries.map((e) => [e.type, e.ref_issue?.number, e.ref_action, e.ref_comment?.id ?? null]),
      [
        ['issue_ref', second.number, 'none', null],
        ['comment_ref', second.number, 'none', comment.json.id],
      ],
    );
    const gitea = recordedBody<TimelineEntry[]>('GET', '/issues/1/timeline');
    assertSameShape(
      entries[0],
      gitea.find((e) => e.type === 'issue_ref'),
      'issue_ref',
    );
    assertSameShape(
      entries[1],
      gitea.find((e) => e.type === 'comment_ref'),
      'comment_ref',
    );
    // code spans reference nothing
    await tracker.issue(owner, 'xr-ann/app', { title: 'Quiet', body: `Not \`#${first.number}\` here` });
    assert.equal((await refs('xr-ann/app', first.number)).length, 2);
  });

  test('editing away a reference, or deleting its comment, neuters it', async () => {
    const owner = await tracker.owner('xr-bob');
    const target = await tracker.issue(owner, 'xr-bob/app', { title: 'Target' });
    const source = await tracker.issue(owner, 'xr-bob/app', {
      title: 'Source',
      body: `See #${target.number}`,
    });
    const comment = await tracker.request<{ id: number }>(
      'POST',
      `/repos/xr-bob/app/issues/${source.number}/comments`,
      owner.token,
      { body: `Also #${target.number}` },
    );
    const edited = await tracker.request('PATCH', `/repos/xr-bob/app/issues/${source.number}`, owner.token, {
      body: 'Nothing to see',
    });
    assert.equal(edited.status, 201);
    const deleted = await tracker.request(
      'DELETE',
      `/repos/xr-bob/app/issues/comments/${comment.json.id}`,
      owner.token,
    );
    assert.equal(deleted.status, 204);
    const entries = await refs('xr-bob/app', target.number);
    assert.deepEqual(
      entries.map((e) => [e.type, e.ref_action, e.ref_comment]),
      [
        ['issue_ref', 'neutered', null],
        ['comment_ref', 'neutered', null],
      ],
    );
  });

  test('a reference from a private repository is shown only to those who may read it', async () => {
    const owner = await tracker.owner('xr-cat');
    const hidden = await server.createUser('xr-cat-secret');
    const created = await tracker.request('POST', '/user/repos', hidden.token, {
      name: 'vault',
      private: true,
    });
    assert.equal(created.status, 201);
    const target = await tracker.issue(owner, 'xr-cat/app', { title: 'Public' });
    await tracker.issue(hidden, 'xr-cat-secret/vault', {
      title: 'secret',
      body: `xr-cat/app#${target.number}`,
    });
    assert.equal((await refs('xr-cat/app', target.number, hidden.token)).length, 1);
    assert.equal((await refs('xr-cat/app', target.number, owner.token)).length, 0);
    assert.equal((await refs('xr-cat/app', target.number)).length, 0);
  });

  test('a pull request’s “Closes #n” closes the issue when it is merged, with the commits it brought', async () => {
    const owner = await tracker.owner('xr-dan');
    const issue = await tracker.issue(owner, 'xr-dan/app', { title: 'Bug' });
    const ws = clone(owner, 'xr-dan/app');
    const first = pushCommit(ws, 'fix', { 'a.txt': 'a\n' }, 'first');
    const second = pushCommit(ws, 'fix', { 'b.txt': 'b\n' }, 'second');
    const pr = await openPull(server, owner, 'xr-dan/app', {
      head: 'fix',
      base: 'main',
      title: 'Fix it',
      body: `Closes #${issue.number}`,
    });
    const [ref] = await refs('xr-dan/app', issue.number);
    assert.deepEqual([ref?.type, ref?.ref_action, ref?.ref_issue?.number], ['pull_ref', 'closes', pr.number]);
    const pushed = (await tracker.timeline('xr-dan/app', pr.number)).filter((e) => e.type === 'pull_push');
    assert.deepEqual(
      pushed.map((e) => JSON.parse(e.body) as unknown),
      [{ is_force_push: false, commit_ids: [first, second] }],
    );
    assertSameShape(
      pushed[0],
      recordedBody<TimelineEntry[]>('GET', '/issues/4/timeline').find((e) => e.type === 'pull_push'),
    );

    const third = pushCommit(ws, 'fix', { 'c.txt': 'c\n' }, 'third');
    await waitFor(
      async () =>
        (await tracker.timeline('xr-dan/app', pr.number)).filter((e) => e.type === 'pull_push').length === 2,
      10_000,
      'the push to the head to be recorded',
    );
    const later = (await tracker.timeline('xr-dan/app', pr.number)).filter((e) => e.type === 'pull_push')[1]!;
    assert.deepEqual(JSON.parse(later.body), { is_force_push: false, commit_ids: [third] });

    const merged = await tracker.request('POST', `/repos/xr-dan/app/pulls/${pr.number}/merge`, owner.token, {
      Do: 'merge',
    });
    assert.equal(merged.status, 200, merged.text);
    const after = await tracker.request<IssueBody>('GET', `/repos/xr-dan/app/issues/${issue.number}`);
    assert.equal(after.json.state, 'closed');
    const entries = await tracker.timeline('xr-dan/app', issue.number);
    assert.equal(entries.at(-1)?.type, 'close');
    assert.equal(entries.at(-1)?.user.login, 'xr-dan');
    // the merge entry names no commit (Gitea keeps it on the pull request); the merge commit's message
    // `… (#n) …` references the pull request, as in Gitea
    const prEntries = await tracker.timeline('xr-dan/app', pr.number);
    const mergeEntry = prEntries.find((e) => e.type === 'merge_pull');
    assert.equal(mergeEntry?.ref_commit_sha, '');
    assert.ok(prEntries.some((e) => e.type === 'commit_ref'));
  });

  test('a pushed commit’s “Fixes #n” references the issue and closes it on the default branch only', async () => {
    const owner = await tracker.owner('xr-eve');
    const onMain = await tracker.issue(owner, 'xr-eve/app', { title: 'On main' });
    const onBranch = await tracker.issue(owner, 'xr-eve/app', { title: 'On a branch' });
    const ws = clone(owner, 'xr-eve/app');
    const elsewhere = pushCommit(ws, 'side', { 'side.txt': 's\n' }, `Fixes #${onBranch.number}`);
    const sha = pushCommit(ws, 'main', { 'fix.txt': 'f\n' }, `Fixes #${onMain.number}\n\nlonger text`);
    await waitFor(
      async () =>
        (await tracker.request<IssueBody>('GET', `/repos/xr-eve/app/issues/${onMain.number}`)).json.state ===
        'closed',
      10_000,
      'the commit to close the issue',
    );
    const [ref, close] = await tracker.timeline('xr-eve/app', onMain.number);
    assert.equal(ref?.type, 'commit_ref');
    assert.equal(ref?.ref_commit_sha, sha);
    assert.equal(ref?.body, `<a href="/xr-eve/app/commit/${sha}">Fixes #${onMain.number}</a>`);
    assert.equal(close?.type, 'close');
    const branchEntries = await tracker.timeline('xr-eve/app', onBranch.number);
    assert.deepEqual(
      branchEntries.map((e) => [e.type, e.ref_commit_sha]),
      [['commit_ref', elsewhere]],
    );
    const still = await tracker.request<IssueBody>('GET', `/repos/xr-eve/app/issues/${onBranch.number}`);
    assert.equal(still.json.state, 'open');
  });
});
