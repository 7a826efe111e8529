import assert from 'node:assert/strict';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { after, beforeEach, describe, test } from 'node:test';
import { toIssue } from '../../src/server/convert/issue';
import { createComment, deleteComment, editComment } from '../../src/server/services/comments';
import { EventBus, type RepositoryEvent } from '../../src/server/services/events';
import { createIssue, deleteIssue, editIssue } from '../../src/server/services/issues';
import type { IssueActor } from '../../src/server/services/issuesEvents';
import { addLabelsToIssue, clearLabelsOfIssue } from '../../src/server/services/labels';
import { Database } from '../../src/server/store/database';
import { findIssueById, insertIssue } from '../../src/server/store/issues';
import { insertLabel } from '../../src/server/store/labels';
import { insertMilestone } from '../../src/server/store/milestones';
import { migrate } from '../../src/server/store/migrations';
import { findRepositoryById, type RepositoryRow } from '../../src/server/store/repositories';
import { findUserById, insertUser } from '../../src/server/store/users';
import { makeTempDir } from './harness';
import { insertTestRepository } from './storeFixture';

interface Payload {
  action: string;
  number?: number;
  issue?: { number: number; title: string; state: string; labels: { name: string }[]; comments: number };
  pull_request?: { number: number };
  comment?: { body: string };
  changes?: { title?: { from: string }; body?: { from: string } };
  repository: { full_name: string; permissions: { admin: boolean } };
  sender: { login: string; email: string };
  is_pull?: boolean;
}

/** The issue services without HTTP (events leave the server only through webhooks, which come later). */
describe('issue events', () => {
  const dir = makeTempDir('teahouse-issue-events-');
  const db = new Database(path.join(dir, 'teahouse.db'));
  migrate(db);
  let events: RepositoryEvent[] = [];
  const bus = new EventBus((error) => {
    throw error;
  });
  // a payload is read while its listener runs, as the webhook service does: kept as it was then
  bus.subscribe((event) => events.push(JSON.parse(JSON.stringify(event)) as RepositoryEvent));
  const ownerId = insertUser(db, {
    name: 'ev-owner',
    email: 'ev-owner@example.com',
    passwdHash: '',
    salt: '',
  });
  const actor: IssueActor = {
    db,
    rootUrl: 'http://teahouse.test/',
    events: bus,
    doer: findUserById(db, ownerId)!,
  };
  const repo: RepositoryRow = findRepositoryById(
    db,
    insertTestRepository(db, { id: ownerId, name: 'ev-owner' }, 'events'),
  )!;

  beforeEach(() => {
    events = [];
  });
  after(() => {
    db.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const payloads = (): Payload[] => events.map((e) => e.payload as unknown as Payload);
  const summary = (): string[] => events.map((e) => `${e.event}:${(e.payload as { action: string }).action}`);

  test('opening an issue emits `issues` opened with the issue, the repository and the sender', () => {
    const issue = createIssue(actor, repo, { title: 'Opened', body: 'text' });
    assert.deepEqual(summary(), ['issues:opened']);
    const [payload] = payloads();
    assert.equal(payload!.number, issue.number);
    assert.equal(payload!.issue?.title, 'Opened');
    assert.equal(payload!.repository.full_name, 'ev-owner/events');
    assert.equal(payload!.repository.permissions.admin, true);
    assert.equal(payload!.sender.login, 'ev-owner');
    assert.equal(
      payload!.sender.email,
      'ev-owner@noreply.teahouse.test',
      'payloads never carry private e-mails',
    );
    assert.equal(events[0]!.repoId, repo.id);
    assert.equal(events[0]!.senderId, ownerId);
  });

  test('an issue created closed emits opened then closed', () => {
    createIssue(actor, repo, { title: 'Closed at once', closed: true });
    assert.deepEqual(summary(), ['issues:opened', 'issues:closed']);
    assert.equal(payloads()[1]!.issue?.state, 'closed');
  });

  test('editing emits edited with the previous title and body, then milestone, assignment and state events', () => {
    const issue = createIssue(actor, repo, { title: 'Before', body: 'old body' });
    const milestone = insertMilestone(db, {
      repoId: repo.id,
      name: 'm',
      content: '',
      deadlineUnix: 0,
      closed: false,
    });
    events = [];
    editIssue(actor, repo, issue, {
      title: 'After',
      body: 'new body',
      milestone: milestone.id,
      assignees: ['ev-owner'],
      state: 'closed',
    });
    assert.deepEqual(summary(), [
      'issues:edited',
      'issues:edited',
      'issue_assign:assigned',
      'issue_milestone:milestoned',
      'issues:closed',
    ]);
    assert.deepEqual(payloads()[0]!.changes, { title: { from: 'Before' } });
    assert.deepEqual(payloads()[1]!.changes, { body: { from: 'old body' } });
    events = [];
    const closed = findIssueById(db, issue.id)!;
    editIssue(actor, repo, closed, { milestone: 0, assignees: [], state: 'open' });
    assert.deepEqual(summary(), [
      'issue_assign:unassigned',
      'issue_milestone:demilestoned',
      'issues:reopened',
    ]);
    events = [];
    editIssue(actor, repo, findIssueById(db, issue.id)!, { title: 'After' });
    assert.deepEqual(summary(), [], 'nothing changed, nothing emitted');
  });

  test('label changes emit issue_label label_updated and label_cleared', () => {
    const issue = createIssue(actor, repo, { title: 'Labelled' });
    const label = insertLabel(
      db,
      { repoId: repo.id },
      {
        name: 'bug',
        description: '',
        color: 'ff0000',
        exclusive: false,
        archived: false,
      },
    );
    events = [];
    addLabelsToIssue(actor, repo, issue, [label]);
    clearLabelsOfIssue(actor, repo, issue);
    assert.deepEqual(summary(), ['issue_label:label_updated', 'issue_label:label_cleared']);
    assert.deepEqual(
      payloads()[0]!.issue?.labels.map((l) => l.name),
      ['bug'],
    );
  });

  test('comments emit issue_comment created, edited (with the old body) and deleted', () => {
    const issue = createIssue(actor, repo, { title: 'Discussed' });
    events = [];
    const comment = createComment(actor, repo, issue, 'first');
    const edited = editComment(actor, repo, issue, comment, 'second');
    deleteComment(actor, repo, issue, edited, dir);
    assert.deepEqual(summary(), ['issue_comment:created', 'issue_comment:edited', 'issue_comment:deleted']);
    const [created, changed] = payloads();
    assert.equal(created!.comment?.body, 'first');
    assert.equal(created!.issue?.comments, 1);
    assert.equal(created!.is_pull, false);
    assert.deepEqual(changed!.changes, { body: { from: 'first' } });
  });

  test('on a pull request row the pull_request twins are emitted', () => {
    const pull = insertIssue(db, { repoId: repo.id, posterId: ownerId, title: 'A pull', isPull: true });
    editIssue(actor, repo, pull, { state: 'closed' });
    createComment(actor, repo, pull, 'on the pull');
    assert.deepEqual(summary(), ['pull_request:closed', 'pull_request_comment:created']);
    assert.equal(payloads()[0]!.pull_request?.number, pull.number);
    assert.equal(payloads()[1]!.is_pull, true);
  });

  test('a pull request row shapes as an issue with pull_request meta (draft from a WIP title)', () => {
    const pull = insertIssue(db, {
      repoId: repo.id,
      posterId: ownerId,
      title: 'WIP: half done',
      isPull: true,
    });
    const json = toIssue({ db, user: null, rootUrl: 'http://teahouse.test/' }, pull);
    assert.deepEqual(json.pull_request, {
      merged: false,
      merged_at: null,
      draft: true,
      html_url: `http://teahouse.test/ev-owner/events/pulls/${pull.number}`,
    });
    assert.equal(json.url, `http://teahouse.test/api/v1/repos/ev-owner/events/issues/${pull.number}`);
    const counted = findRepositoryById(db, repo.id)!;
    assert.ok(counted.num_pulls >= 1, 'pull rows count as pulls, not issues');
  });

  test('deleting an issue emits issues deleted', () => {
    const issue = createIssue(actor, repo, { title: 'Doomed' });
    events = [];
    deleteIssue(actor, repo, issue, { db, dataDir: dir });
    assert.deepEqual(summary(), ['issues:deleted']);
    assert.equal(payloads()[0]!.issue?.title, 'Doomed');
  });
});
