import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { startServer, type TestServer } from './harness';
import { assertSameShape, recordedBody, trackerFixture, type TimelineEntry } from './issueTrackerFixture';

describe('issue timeline', () => {
  let server: TestServer;
  before(async () => {
    server = await startServer();
  });
  after(async () => {
    await server.stop();
  });
  const tracker = trackerFixture(() => server);

  async function labelAndMilestone(
    token: string,
    full: string,
  ): Promise<{ bug: number; ui: number; v1: number }> {
    const label = async (name: string) =>
      (
        await tracker.request<{ id: number }>('POST', `/repos/${full}/labels`, token, {
          name,
          color: 'ee0701',
        })
      ).json.id;
    const milestone = await tracker.request<{ id: number }>('POST', `/repos/${full}/milestones`, token, {
      title: 'v1',
    });
    return { bug: await label('bug'), ui: await label('ui'), v1: milestone.json.id };
  }

  test('an issue opened with a milestone, labels and assignees shows them as Gitea records them', async () => {
    const owner = await tracker.owner('tl-ann');
    const writer = await server.createUser('tl-ann-writer');
    await tracker.collaborate(owner, 'app', writer, 'write');
    const { bug, v1 } = await labelAndMilestone(owner.token, 'tl-ann/app');
    const issue = await tracker.issue(owner, 'tl-ann/app', {
      title: 'Crash',
      labels: [bug],
      milestone: v1,
      assignees: ['tl-ann-writer'],
    });
    const entries = await tracker.timeline('tl-ann/app', issue.number);
    assert.deepEqual(
      entries.map((e) => e.type),
      ['milestone', 'label', 'assignees'],
    );
    const [milestone, label, assignees] = entries as [TimelineEntry, TimelineEntry, TimelineEntry];
    assert.equal(milestone.milestone?.title, 'v1');
    assert.equal(label.label?.name, 'bug');
    assert.equal(label.body, '1');
    assert.equal(assignees.assignee?.login, 'tl-ann-writer');
    assert.equal(assignees.removed_assignee, false);
    // the same fields, of the same kinds, as a real Gitea answers (its issue #1's timeline)
    const gitea = recordedBody<unknown[]>('GET', '/issues/1/timeline');
    assert.deepEqual(Object.keys(entries[0]!), Object.keys(gitea[0] as object));
    for (const [i, type] of ['milestone', 'label', 'assignees'].entries()) {
      assertSameShape(
        entries[i],
        gitea.find((g) => (g as TimelineEntry).type === type),
        type,
      );
    }
  });

  test('edits record the title, the ref, labels removed, milestones, assignees, close and reopen', async () => {
    const owner = await tracker.owner('tl-bob');
    const { bug, ui, v1 } = await labelAndMilestone(owner.token, 'tl-bob/app');
    const issue = await tracker.issue(owner, 'tl-bob/app', { title: 'Old title', labels: [bug] });
    const base = `/repos/tl-bob/app/issues/${issue.number}`;
    const patch = async (body: unknown) => {
      const res = await tracker.request('PATCH', base, owner.token, body);
      assert.equal(res.status, 201, res.text);
    };
    await patch({ title: 'New title', ref: 'refs/heads/main' });
    await patch({ milestone: v1, assignees: ['tl-bob'] });
    const replaced = await tracker.request('PUT', `${base}/labels`, owner.token, { labels: [ui] });
    assert.equal(replaced.status, 200, replaced.text);
    await patch({ state: 'closed' });
    await patch({ state: 'open', milestone: 0, assignees: [] });
    const entries = (await tracker.timeline('tl-bob/app', issue.number)).slice(1);
    assert.deepEqual(
      entries.map((e) => e.type),
      [
        'change_title',
        'change_issue_ref',
        'assignees',
        'milestone',
        'label',
        'label',
        'close',
        'assignees',
        'milestone',
        'reopen',
      ],
    );
    const at = (i: number) => entries[i]!;
    assert.deepEqual([at(0).old_title, at(0).new_title], ['Old title', 'New title']);
    assert.deepEqual([at(1).old_ref, at(1).new_ref], ['', 'main']);
    const labels = [at(4), at(5)].map((e) => `${e.label?.name}:${e.body}`).sort();
    assert.deepEqual(labels, ['bug:', 'ui:1']);
    assert.equal(at(7).removed_assignee, true);
    assert.deepEqual([at(8).old_milestone?.title, at(8).milestone], ['v1', null]);
  });

  test('since, before and paging select entries; the total counts the page', async () => {
    const owner = await tracker.owner('tl-cat');
    const issue = await tracker.issue(owner, 'tl-cat/app', { title: 'Chatty' });
    for (const body of ['one', 'two', 'three']) {
      const res = await tracker.request(
        'POST',
        `/repos/tl-cat/app/issues/${issue.number}/comments`,
        owner.token,
        {
          body,
        },
      );
      assert.equal(res.status, 201);
    }
    const page = await server.request<TimelineEntry[]>(
      'GET',
      `/repos/tl-cat/app/issues/${issue.number}/timeline?limit=2&page=2`,
    );
    assert.equal(page.status, 200);
    assert.deepEqual(
      page.json.map((e) => e.body),
      ['three'],
    );
    assert.equal(page.headers.get('x-total-count'), '1');
    const future = await tracker.timeline(
      'tl-cat/app',
      issue.number,
      undefined,
      '?since=2099-01-01T00:00:00Z',
    );
    assert.deepEqual(future, []);
    const past = await tracker.timeline(
      'tl-cat/app',
      issue.number,
      undefined,
      '?before=2000-01-01T00:00:00Z',
    );
    assert.deepEqual(past, []);
    const bad = await server.request(
      'GET',
      `/repos/tl-cat/app/issues/${issue.number}/timeline?since=yesterday`,
    );
    assert.equal(bad.status, 422);
    const missing = await server.request('GET', '/repos/tl-cat/app/issues/999/timeline');
    assert.equal(missing.status, 404);
  });

  test('time tracking entries carry their tracked time and say it in words', async () => {
    const owner = await tracker.owner('tl-dan');
    const issue = await tracker.issue(owner, 'tl-dan/app', { title: 'Timed' });
    const added = await tracker.request(
      'POST',
      `/repos/tl-dan/app/issues/${issue.number}/times`,
      owner.token,
      {
        time: 3900,
      },
    );
    assert.equal(added.status, 200, added.text);
    const [entry] = await tracker.timeline('tl-dan/app', issue.number);
    assert.equal(entry?.type, 'add_time_manual');
    assert.equal(entry?.body, '1 hour 5 minutes');
    assert.equal(entry?.tracked_time?.time, 3900);
  });

  test('a private repository’s timeline is hidden from strangers and anonymous callers', async () => {
    const owner = await tracker.owner('tl-eve', { private: true });
    const stranger = await server.createUser('tl-eve-stranger');
    const issue = await tracker.issue(owner, 'tl-eve/app', { title: 'Secret' });
    const path = `/repos/tl-eve/app/issues/${issue.number}/timeline`;
    assert.equal((await server.request('GET', path)).status, 404);
    assert.equal((await server.request('GET', path, { token: stranger.token })).status, 404);
    assert.equal((await server.request('GET', path, { token: owner.token })).status, 200);
  });
});
