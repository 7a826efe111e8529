import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { TimelineComment } from '../../../src/api/types/issueActivity';
import { timelineEvent, timelineEvents } from '../../../src/extension/webviews/timelineModel';
import { recordedBody, recordedRepoPath } from '../../helpers/gitea122/recorded';

const timelineOf = (index: number) =>
  recordedBody<TimelineComment[]>('GET', `${recordedRepoPath}/issues/${index}/timeline`);

/** An entry as Gitea shapes one, every field present (nulls and empty strings as Gitea sends them). */
function entry(fields: Partial<TimelineComment>): TimelineComment {
  const [template] = timelineOf(3);
  assert.ok(template, 'the recording has the closed issue’s timeline');
  return { ...template, body: '', ref_action: '', ...fields };
}

test('the recorded 1.22 timelines: comments are left to the comments list, every other event is kept in order', () => {
  for (const index of [1, 2, 3, 4]) {
    const entries = timelineOf(index);
    const events = timelineEvents(entries);
    assert.deepEqual(
      events.map((event) => event.id),
      entries.filter((item) => item.type !== 'comment').map((item) => item.id),
      `issue ${index}`,
    );
  }
});

test('the recorded events carry what their type names', () => {
  const byType = new Map(
    [1, 2, 3, 4].flatMap((index) => timelineEvents(timelineOf(index))).map((event) => [event.type, event]),
  );
  assert.deepEqual(byType.get('label')?.label, { name: 'feature', color: '0e8a16', removed: false });
  assert.deepEqual(byType.get('milestone')?.milestone, { title: 'v1', removed: false });
  assert.deepEqual(byType.get('assignees')?.assignee, {
    login: 'bob1128165022',
    team: false,
    removed: false,
  });
  assert.deepEqual(byType.get('review_request')?.assignee, {
    login: 'bob1128165022',
    team: false,
    removed: false,
  });
  const pullRef = byType.get('pull_ref');
  assert.equal(pullRef?.refAction, 'closes');
  assert.deepEqual(pullRef?.reference, {
    number: 4,
    title: 'Add feature X',
    url: 'http://127.0.0.1:3301/root/rec-1128165022/pulls/4',
    state: 'open',
    isPull: true,
    repository: 'root/rec-1128165022',
  });
  assert.equal(byType.get('issue_ref')?.reference?.number, 2);
  assert.equal(byType.get('issue_ref')?.refAction, undefined, '"none" is no action');
  assert.equal(
    byType.get('comment_ref')?.referenceComment,
    'http://127.0.0.1:3301/root/rec-1128165022/issues/2#issuecomment-400',
  );
  assert.equal(byType.get('add_dependency')?.reference?.number, 1);
  // the recording's last push added one commit; the body is Gitea's JSON, never shown as text
  assert.deepEqual(byType.get('pull_push')?.push, { commits: 1, force: false });
  assert.equal(byType.get('pull_push')?.text, undefined);
  for (const type of ['close', 'pin', 'review']) assert.ok(byType.has(type), type);
});

test('removals: a label without "1", a milestone only as the old one, an assignee removed', () => {
  const label = { id: 1, name: 'bug', color: 'ee0701' } as TimelineComment['label'];
  assert.equal(timelineEvent(entry({ type: 'label', label, body: '' })).label?.removed, true);
  const milestone = { id: 2, title: 'v2' } as TimelineComment['milestone'];
  assert.deepEqual(
    timelineEvent(entry({ type: 'milestone', milestone: null, old_milestone: milestone })).milestone,
    {
      title: 'v2',
      removed: true,
    },
  );
  const user = timelineOf(1).find((item) => item.type === 'assignees')?.assignee ?? null;
  assert.equal(
    timelineEvent(entry({ type: 'assignees', assignee: user, removed_assignee: true })).assignee?.removed,
    true,
  );
});

test('titles, branches, commits, locks and types the view does not know', () => {
  assert.deepEqual(timelineEvent(entry({ type: 'change_title', old_title: 'Old', new_title: 'New' })).title, {
    from: 'Old',
    to: 'New',
  });
  assert.deepEqual(
    timelineEvent(entry({ type: 'change_target_branch', old_ref: 'dev', new_ref: 'main' })).ref,
    {
      from: 'dev',
      to: 'main',
    },
  );
  assert.equal(timelineEvent(entry({ type: 'commit_ref', ref_commit_sha: 'abc123' })).commit, 'abc123');
  assert.deepEqual(timelineEvent(entry({ type: 'pull_push', body: '{"is_force_push":true}' })).push, {
    commits: 0,
    force: true,
  });
  assert.deepEqual(timelineEvent(entry({ type: 'pull_push', body: 'not json' })).push, {
    commits: 0,
    force: false,
  });
  assert.equal(timelineEvent(entry({ type: 'lock', body: 'Too heated' })).text, 'Too heated');
  const unknown = timelineEvent(entry({ type: 'change_time_estimate', body: '3600' }));
  assert.equal(unknown.type, 'change_time_estimate');
  assert.equal(unknown.text, '3600');
  assert.equal(timelineEvents([entry({ type: 'code' }), entry({ type: 'comment' })]).length, 0);
});
