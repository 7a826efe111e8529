import { commentType, insertComment, insertTimelineEntry, type CommentRow } from '../store/comments';
import type { Database } from '../store/database';

/**
 * The timeline entries Gitea records beside a change of an issue (comments of an event type, Gitea's
 * CreateComment calls in models/issues): each is written in the transaction of the change it records.
 */
export interface TimelineWriter {
  readonly db: Database;
  readonly doer: { readonly id: number };
}

const entry = (
  writer: TimelineWriter,
  issueId: number,
  fields: Omit<Parameters<typeof insertComment>[1], 'issueId' | 'posterId'>,
): CommentRow => insertComment(writer.db, { issueId, posterId: writer.doer.id, ...fields });

/** `close` or `reopen`; a merged pull request's close is its `merge_pull` entry instead. */
export const recordStateChange = (writer: TimelineWriter, issueId: number, closed: boolean): CommentRow =>
  entry(writer, issueId, { type: closed ? commentType.close : commentType.reopen });

/** A label added (content "1") or removed (content ""), as Gitea's createLabelComment. */
export const recordLabel = (writer: TimelineWriter, issueId: number, labelId: number, added: boolean): void =>
  insertTimelineEntry(writer.db, {
    issueId,
    posterId: writer.doer.id,
    type: commentType.label,
    labelId,
    content: added ? '1' : '',
  });

/** The milestone moved (0 or null: none). */
export function recordMilestone(
  writer: TimelineWriter,
  issueId: number,
  oldMilestoneId: number | null,
  milestoneId: number | null,
): CommentRow {
  return entry(writer, issueId, {
    type: commentType.milestone,
    oldMilestoneId: oldMilestoneId ?? 0,
    milestoneId: milestoneId ?? 0,
  });
}

/** One user assigned or unassigned. */
export const recordAssignee = (
  writer: TimelineWriter,
  issueId: number,
  assigneeId: number,
  removed: boolean,
): CommentRow =>
  entry(writer, issueId, { type: commentType.assignees, assigneeId, removedAssignee: removed });

export const recordTitleChange = (
  writer: TimelineWriter,
  issueId: number,
  oldTitle: string,
  newTitle: string,
): CommentRow => entry(writer, issueId, { type: commentType.changeTitle, oldTitle, newTitle });

const branchPrefix = 'refs/heads/';

/** The issue's branch or tag (`ref`) changed; branches shown without `refs/heads/`, as Gitea's ChangeIssueRef. */
export const recordRefChange = (
  writer: TimelineWriter,
  issueId: number,
  oldRef: string,
  newRef: string,
): CommentRow =>
  entry(writer, issueId, {
    type: commentType.changeIssueRef,
    oldRef: oldRef.startsWith(branchPrefix) ? oldRef.slice(branchPrefix.length) : oldRef,
    newRef: newRef.startsWith(branchPrefix) ? newRef.slice(branchPrefix.length) : newRef,
  });

/** `lock` (its reason as the text) or `unlock`. */
export const recordLock = (
  writer: TimelineWriter,
  issueId: number,
  locked: boolean,
  reason = '',
): CommentRow =>
  entry(writer, issueId, { type: locked ? commentType.lock : commentType.unlock, content: reason });

export const recordPin = (writer: TimelineWriter, issueId: number, pinned: boolean): CommentRow =>
  entry(writer, issueId, { type: pinned ? commentType.pin : commentType.unpin });

/**
 * A dependency added or removed: one entry on each of the two issues, naming the other (Gitea's
 * createIssueDependencyComment).
 */
export function recordDependency(
  writer: TimelineWriter,
  issueId: number,
  dependencyId: number,
  added: boolean,
): void {
  const type = added ? commentType.addDependency : commentType.removeDependency;
  entry(writer, issueId, { type, dependentIssueId: dependencyId });
  entry(writer, dependencyId, { type, dependentIssueId: issueId });
}

/** The head branch of a merged pull request was deleted (Gitea's AddDeletePRBranchComment). */
export const recordBranchDeleted = (writer: TimelineWriter, issueId: number, branch: string): CommentRow =>
  entry(writer, issueId, { type: commentType.deleteBranch, oldRef: branch });
