import { forbidden } from '../domain/errors';
import {
  deleteComment as deleteCommentRow,
  insertComment,
  updateCommentContent,
  type CommentRow,
} from '../store/comments';
import { findIssueById, type IssueRow } from '../store/issues';
import type { RepositoryRow } from '../store/repositories';
import { attachmentUuidsOfComment } from '../store/attachments';
import { removeAttachmentFiles } from './attachments';
import { addCommentCrossReferences, neuterCommentCrossReferences } from './crossReferences';
import { recordMentions } from './issuesAssignees';
import { canWriteIssues } from './issues';
import { emitIssueCommentEvent, type IssueActor } from './issuesEvents';
import { assertMayWriteOnIssue, atLeast, isSiteAdmin, repoAccess } from './permissions';

/**
 * Comments on an issue: anyone who can read it, except on a locked issue (writers and site admins only,
 * as Gitea). The issue's comment count and `updated` follow; mentions are recorded.
 */
export function createComment(
  actor: IssueActor,
  repo: RepositoryRow,
  issue: IssueRow,
  body: string,
): CommentRow {
  const { db } = actor;
  if (issue.is_locked && !canWriteIssues(db, actor, repo, issue.is_pull) && !isSiteAdmin(actor.doer)) {
    throw forbidden('You cannot comment on a locked issue.');
  }
  assertMayWriteOnIssue(db, actor.doer, repo, issue.poster_id);
  const comment = db.transaction(() => {
    const row = insertComment(db, { issueId: issue.id, posterId: actor.doer.id, content: body });
    recordMentions(db, actor.doer, repo, issue.id, body);
    addCommentCrossReferences(actor, repo, issue, row, true);
    // The listeners' rows (action log, notifications, deliveries) commit with the comment: one COMMIT.
    emitIssueCommentEvent(actor, repo, findIssueById(db, issue.id) ?? issue, row, 'created');
    return row;
  });
  return comment;
}

/** Gitea: the comment's author or a repository admin may change or delete it; others get 403. */
export function assertMayChangeComment(actor: IssueActor, repo: RepositoryRow, comment: CommentRow): void {
  if (comment.poster_id === actor.doer.id) return;
  if (atLeast(repoAccess(actor.db, actor.doer, repo), 'admin')) return;
  throw forbidden('only the author or a repository administrator may change this comment');
}

export function editComment(
  actor: IssueActor,
  repo: RepositoryRow,
  issue: IssueRow,
  comment: CommentRow,
  body: string,
): CommentRow {
  assertMayChangeComment(actor, repo, comment);
  if (body === comment.content) return comment;
  assertMayWriteOnIssue(actor.db, actor.doer, repo, issue.poster_id);
  const updated = actor.db.transaction(() => {
    const row = updateCommentContent(actor.db, comment, body);
    recordMentions(actor.db, actor.doer, repo, issue.id, body);
    addCommentCrossReferences(actor, repo, issue, row);
    return row;
  });
  emitIssueCommentEvent(actor, repo, issue, updated, 'edited', { body: { from: comment.content } });
  return updated;
}

/** Deletes a comment with its attachments (rows, then files); the references it made are neutered. */
export function deleteComment(
  actor: IssueActor,
  repo: RepositoryRow,
  issue: IssueRow,
  comment: CommentRow,
  dataDir: string,
): void {
  assertMayChangeComment(actor, repo, comment);
  const files = attachmentUuidsOfComment(actor.db, comment.id);
  actor.db.transaction(() => {
    neuterCommentCrossReferences(actor.db, comment);
    deleteCommentRow(actor.db, comment);
  });
  removeAttachmentFiles(dataDir, files);
  emitIssueCommentEvent(actor, repo, findIssueById(actor.db, issue.id) ?? issue, comment, 'deleted');
}
