import type { ChangesPayload } from '../../api/types';
import { forbidden, preconditionFailed } from '../domain/errors';
import {
  deleteIssueRow,
  findIssueById,
  insertIssue,
  setIssueClosed,
  setIssueMilestone,
  updateIssueFields,
  type IssueRow,
} from '../store/issues';
import { attachmentUuidsOfIssue } from '../store/attachments';
import { replaceIssueAssignees } from '../store/issuesAssignees';
import type { RepositoryRow } from '../store/repositories';
import type { Database } from '../store/database';
import { removeAttachmentFiles, type AttachmentServices } from './attachments';
import { addIssueCrossReferences } from './crossReferences';
import { assertNoOpenDependencies } from './issueDependencies';
import { recordMentions, resolveAssignees } from './issuesAssignees';
import { emitIssueEvent, type IssueActor } from './issuesEvents';
import { issueUnit } from './issuesAccess';
import {
  recordAssignee,
  recordMilestone,
  recordRefChange,
  recordStateChange,
  recordTitleChange,
} from './issueTimeline';
import { attachLabels, resolveIssueLabels } from './labels';
import { assertMayWriteOnIssue, assertNotBlockedBy, atLeast, repoAccess } from './permissions';
import { milestoneIdOrNone } from './milestones';

export interface CreateIssueInput {
  title: string;
  body?: string;
  ref?: string;
  closed?: boolean;
  labels?: readonly unknown[];
  milestone?: number;
  assignees?: readonly string[];
  assignee?: string;
  /** unix seconds (end of the chosen day) */
  dueDate?: number;
}

/** Whether the doer may change an issue's labels, milestone, assignees and due date (Gitea's CanWriteIssuesOrPulls). */
export function canWriteIssues(
  db: Database,
  actor: Pick<IssueActor, 'doer'>,
  repo: RepositoryRow,
  isPull: boolean,
): boolean {
  return atLeast(repoAccess(db, actor.doer, repo, issueUnit(isPull)), 'write');
}

/**
 * Creates an issue as Gitea's API does: labels, milestone, assignees and the due date only count for
 * writers (silently ignored for others); `closed` creates it closed. The timeline records the milestone,
 * the labels and the assignees (and the close), and the issues its text references. Emits `opened`
 * (then `closed`).
 */
export function createIssue(actor: IssueActor, repo: RepositoryRow, input: CreateIssueInput): IssueRow {
  const { db } = actor;
  const writer = canWriteIssues(db, actor, repo, false);
  const labels = writer && input.labels ? resolveIssueLabels(db, repo, input.labels) : [];
  const milestoneId = writer && input.milestone ? milestoneIdOrNone(db, repo, input.milestone) : null;
  const assignees = writer ? resolveAssignees(db, repo, input.assignees ?? [], input.assignee) : [];
  // Gitea's NewIssue: not for a poster the repository's owner or one of the assignees blocks
  assertNotBlockedBy(db, actor.doer, [repo.owner_id, ...assignees.map((a) => a.id)]);
  const issue = db.transaction(() => {
    const row = insertIssue(db, {
      repoId: repo.id,
      posterId: actor.doer.id,
      title: input.title,
      content: input.body ?? '',
      ref: input.ref ?? '',
      isClosed: input.closed === true,
      milestoneId,
      deadlineUnix: writer ? (input.dueDate ?? 0) : 0,
      assigneeIds: assignees.map((a) => a.id),
    });
    if (milestoneId !== null) recordMilestone(actor, row.id, null, milestoneId);
    attachLabels(actor, row.id, labels);
    for (const assignee of assignees) recordAssignee(actor, row.id, assignee.id, false);
    recordMentions(db, actor.doer, repo, row.id, row.content);
    addIssueCrossReferences(actor, repo, row, true);
    if (row.is_closed) recordStateChange(actor, row.id, true);
    // The listeners' rows (action log, notifications, deliveries) commit with the issue: one COMMIT.
    emitIssueEvent(actor, repo, row, 'opened');
    if (row.is_closed) emitIssueEvent(actor, repo, row, 'closed');
    return row;
  });
  return findIssueById(db, issue.id)!;
}

export interface EditIssueInput {
  title?: string;
  body?: string;
  ref?: string;
  state?: 'open' | 'closed';
  assignees?: readonly string[];
  assignee?: string;
  /** 0 clears */
  milestone?: number;
  /** unix seconds; with unsetDueDate the due date goes */
  dueDate?: number;
  unsetDueDate?: boolean;
}

type PendingEvent =
  Parameters<typeof emitIssueEvent> extends [unknown, unknown, unknown, ...infer Rest] ? Rest : never;

/**
 * Edits an issue: its poster may change title, body, ref and state; writers also assignees, milestone and
 * due date (others' attempts at those are ignored, as Gitea). Each change gets its timeline entry and its
 * event. `refuseStateChange` lets the pull request module veto closing or reopening a merged pull request
 * (412); an issue with open dependencies cannot be closed either (412, Gitea's ErrDependenciesLeft), which
 * is checked before anything changes.
 */
export function editIssue(
  actor: IssueActor,
  repo: RepositoryRow,
  issue: IssueRow,
  input: EditIssueInput,
  refuseStateChange?: (issue: IssueRow) => string | undefined,
): IssueRow {
  const { db } = actor;
  const writer = canWriteIssues(db, actor, repo, issue.is_pull);
  if (!writer && issue.poster_id !== actor.doer.id) {
    throw forbidden('user should have permission to edit the issue');
  }
  const closing = input.state !== undefined && (input.state === 'closed') !== issue.is_closed;
  if (closing) {
    const veto = refuseStateChange?.(issue);
    if (veto) throw preconditionFailed(veto);
    if (input.state === 'closed') assertNoOpenDependencies(db, repo, issue);
  }
  const milestoneId =
    writer && input.milestone !== undefined
      ? milestoneIdOrNone(db, repo, input.milestone)
      : issue.milestone_id;
  const assignees =
    writer && (input.assignees !== undefined || input.assignee !== undefined)
      ? resolveAssignees(db, repo, input.assignees ?? [], input.assignee)
      : undefined;
  // Gitea's ChangeTitle and ChangeContent: not for a doer the poster or the owner blocks (admins may);
  // UpdateAssignees: not for a doer one of the assignees blocks
  const textChanges =
    (input.title && input.title !== issue.title) ||
    (input.body !== undefined && input.body !== issue.content);
  if (textChanges) assertMayWriteOnIssue(db, actor.doer, repo, issue.poster_id);
  if (assignees)
    assertNotBlockedBy(
      db,
      actor.doer,
      assignees.map((a) => a.id),
    );
  const events: PendingEvent[] = [];
  db.transaction(() => {
    let row = issue;
    const changes: { title?: string; content?: string; ref?: string; deadlineUnix?: number } = {};
    if (input.title && input.title !== row.title) changes.title = input.title;
    if (input.body !== undefined && input.body !== row.content) changes.content = input.body;
    if (input.ref !== undefined && input.ref !== row.ref) changes.ref = input.ref;
    if (writer && input.unsetDueDate) changes.deadlineUnix = 0;
    else if (writer && input.dueDate !== undefined) changes.deadlineUnix = input.dueDate;
    if (Object.keys(changes).length > 0) row = updateIssueFields(db, row, changes);
    const edited = (key: keyof ChangesPayload, from: string): void => {
      events.push(['edited', '', { [key]: { from } }]);
    };
    if (changes.title !== undefined) {
      recordTitleChange(actor, row.id, issue.title, row.title);
      edited('title', issue.title);
    }
    if (changes.content !== undefined) {
      edited('body', issue.content);
      recordMentions(db, actor.doer, repo, row.id, row.content);
    }
    if (changes.title !== undefined || changes.content !== undefined)
      addIssueCrossReferences(actor, repo, row);
    if (changes.ref !== undefined) {
      recordRefChange(actor, row.id, issue.ref, row.ref);
      edited('ref', issue.ref);
    }
    if (assignees) {
      const { added, removed } = replaceIssueAssignees(
        db,
        row.id,
        assignees.map((a) => a.id),
      );
      for (const id of removed) recordAssignee(actor, row.id, id, true);
      for (const id of added) recordAssignee(actor, row.id, id, false);
      if (removed.length > 0) events.push(['unassigned', '_assign']);
      if (added.length > 0) events.push(['assigned', '_assign']);
    }
    if (milestoneId !== row.milestone_id) {
      recordMilestone(actor, row.id, row.milestone_id, milestoneId);
      row = setIssueMilestone(db, row, milestoneId);
      events.push([milestoneId === null ? 'demilestoned' : 'milestoned', '_milestone']);
    }
    if (closing) {
      row = setIssueClosed(db, row, input.state === 'closed');
      recordStateChange(actor, row.id, row.is_closed);
      events.push([input.state === 'closed' ? 'closed' : 'reopened', '']);
    }
  });
  for (const [action, kind, changes] of events) emitIssueEvent(actor, repo, issue, action, kind, changes);
  return findIssueById(db, issue.id)!;
}

/**
 * Deletes an issue with its comments, labels, assignees, dependencies, the entries that reference it and its
 * attachments (rows by cascade, then the files); emits `deleted` with its last state.
 */
export function deleteIssue(
  actor: IssueActor,
  repo: RepositoryRow,
  issue: IssueRow,
  attachments: AttachmentServices,
): void {
  const files = attachmentUuidsOfIssue(actor.db, issue.id);
  deleteIssueRow(actor.db, issue);
  removeAttachmentFiles(attachments.dataDir, files);
  emitIssueEvent(actor, repo, issue, 'deleted');
}
