import assert from 'node:assert/strict';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { after, beforeEach, describe, test } from 'node:test';
import { addIssueCrossReferences } from '../../src/server/services/crossReferences';
import { EventBus, type RepositoryEvent } from '../../src/server/services/events';
import { changeIssueAssignees } from '../../src/server/services/issueAssigneeChanges';
import { attachToIssue } from '../../src/server/services/issueAttachments';
import { addDependency } from '../../src/server/services/issueDependencies';
import { setIssueLock } from '../../src/server/services/issueLock';
import { pinIssue } from '../../src/server/services/issuePins';
import { createIssue } from '../../src/server/services/issues';
import type { IssueActor } from '../../src/server/services/issuesEvents';
import { resolveMergedReferences } from '../../src/server/services/issueState';
import { Database } from '../../src/server/store/database';
import { findIssueById, insertIssue } from '../../src/server/store/issues';
import { migrate } from '../../src/server/store/migrations';
import { findRepositoryById } from '../../src/server/store/repositories';
import { findUserById, insertUser } from '../../src/server/store/users';
import { makeTempDir } from './harness';
import { insertTestRepository } from './storeFixture';

/** Which webhook events the issue tracker changes of Gitea 1.27 send, seen on the event bus. */
describe('issue tracker events', () => {
  const dir = makeTempDir('teahouse-tracker-events-');
  const db = new Database(path.join(dir, 'teahouse.db'));
  migrate(db);
  let events: RepositoryEvent[] = [];
  const bus = new EventBus((error) => {
    throw error;
  });
  // a payload is read while its listener runs, as the webhook service does: kept as it was then
  bus.subscribe((event) => events.push(JSON.parse(JSON.stringify(event)) as RepositoryEvent));
  const ownerId = insertUser(db, {
    name: 'te-owner',
    email: 'te-owner@example.com',
    passwdHash: '',
    salt: '',
  });
  const actor: IssueActor = {
    db,
    rootUrl: 'http://teahouse.test/',
    events: bus,
    doer: findUserById(db, ownerId)!,
  };
  const repo = findRepositoryById(
    db,
    insertTestRepository(db, { id: ownerId, name: 'te-owner' }, 'tracker'),
  )!;
  const summary = (): string[] => events.map((e) => `${e.event}:${(e.payload as { action: string }).action}`);

  beforeEach(() => {
    events = [];
  });
  after(() => {
    db.close();
    rmSync(dir, { recursive: true, force: true });
  });

  test('pins, locks and dependencies send nothing, as in Gitea', () => {
    const a = createIssue(actor, repo, { title: 'A' });
    const b = createIssue(actor, repo, { title: 'B' });
    events = [];
    pinIssue(actor, repo, a);
    setIssueLock(actor, findIssueById(db, a.id)!, true, 'Spam');
    addDependency(actor, { repo, issue: a }, { repo, issue: b });
    assert.deepEqual(summary(), []);
  });

  test('assignees added or removed send issue_assign', () => {
    const issue = createIssue(actor, repo, { title: 'Assign' });
    events = [];
    changeIssueAssignees(actor, repo, issue, ['te-owner'], true);
    changeIssueAssignees(actor, repo, findIssueById(db, issue.id)!, ['te-owner'], true);
    changeIssueAssignees(actor, repo, findIssueById(db, issue.id)!, ['te-owner'], false);
    assert.deepEqual(summary(), ['issue_assign:assigned', 'issue_assign:unassigned']);
  });

  test('a file attached to an issue sends issues edited with the unchanged body', async () => {
    const issue = createIssue(actor, repo, { title: 'Attach', body: 'text' });
    events = [];
    await attachToIssue({ ...actor, dataDir: dir }, repo, issue, {
      name: 'a.txt',
      content: (async function* () {
        yield new TextEncoder().encode('bytes');
      })(),
    });
    assert.deepEqual(summary(), ['issues:edited']);
    assert.deepEqual((events[0]!.payload as { changes: unknown }).changes, { body: { from: 'text' } });
  });

  test('a merged pull request’s references close and reopen issues, each with its event', () => {
    const toClose = createIssue(actor, repo, { title: 'To close' });
    const toReopen = createIssue(actor, repo, { title: 'To reopen', closed: true });
    const pull = insertIssue(db, {
      repoId: repo.id,
      posterId: ownerId,
      title: 'Pull',
      content: `Fixes #${toClose.number}, reopens #${toReopen.number}`,
      isPull: true,
    });
    addIssueCrossReferences(actor, repo, pull);
    events = [];
    resolveMergedReferences(actor, pull);
    assert.deepEqual(summary(), ['issues:closed', 'issues:reopened']);
    assert.equal(findIssueById(db, toClose.id)!.is_closed, true);
    assert.equal(findIssueById(db, toReopen.id)!.is_closed, false);
  });
});
