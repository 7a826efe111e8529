import { forbidden, notFound } from '../domain/errors';
import type { AttachmentRow } from '../store/attachments';
import { findAttachmentById } from '../store/attachments';
import { bumpCommentContentVersion, type CommentRow } from '../store/comments';
import { bumpIssueContentVersion, findIssueById, type IssueRow } from '../store/issues';
import type { RepositoryRow } from '../store/repositories';
import { createAttachment, type AttachmentServices, type AttachmentUpload } from './attachments';
import { canWriteIssues } from './issues';
import { emitIssueCommentEvent, emitIssueEvent, type IssueActor } from './issuesEvents';
import { atLeast, isSiteAdmin, repoAccess } from './permissions';

/** What attaching a file to an issue or comment takes: the actor, and where files are kept. */
export type IssueAttachmentServices = IssueActor & AttachmentServices;

const repoAdmin = (actor: IssueActor, repo: RepositoryRow): boolean =>
  isSiteAdmin(actor.doer) || atLeast(repoAccess(actor.db, actor.doer, repo), 'admin');

/**
 * Gitea's canUserWriteIssueAttachment: the issue's poster, a repository or site administrator, or a writer
 * of the issue's unit; 403 otherwise.
 */
export function assertMayAttachToIssue(actor: IssueActor, repo: RepositoryRow, issue: IssueRow): void {
  const allowed =
    actor.doer.id === issue.poster_id ||
    repoAdmin(actor, repo) ||
    canWriteIssues(actor.db, actor, repo, issue.is_pull);
  if (!allowed) throw forbidden('user should have permission to write issue');
}

/**
 * Gitea's canUserWriteIssueCommentAttachment: the comment's poster or an administrator, who also writes to
 * the issue's unit; 403 otherwise.
 */
export function assertMayAttachToComment(
  actor: IssueActor,
  repo: RepositoryRow,
  issue: IssueRow,
  comment: CommentRow,
): void {
  const allowed =
    (actor.doer.id === comment.poster_id || repoAdmin(actor, repo)) &&
    canWriteIssues(actor.db, actor, repo, issue.is_pull);
  if (!allowed) throw forbidden('user should have permission to edit comment');
}

/**
 * The attachment `id` of this issue (Gitea's attachmentBelongsToRepoOrIssue: one of its comments' files
 * counts too); 404 otherwise.
 */
export function issueAttachment(
  services: AttachmentServices,
  repo: RepositoryRow,
  issue: IssueRow,
  id: number,
): AttachmentRow {
  const attachment = findAttachmentById(services.db, id);
  if (!attachment || attachment.repo_id !== repo.id) throw notFound('no such attachment in repo');
  if (attachment.issue_id !== issue.id) throw notFound('no such attachment in issue');
  return attachment;
}

/** The attachment `id` of this comment; 404 otherwise. */
export function commentAttachment(
  services: AttachmentServices,
  repo: RepositoryRow,
  comment: CommentRow,
  id: number,
): AttachmentRow {
  const attachment = findAttachmentById(services.db, id);
  if (!attachment || attachment.repo_id !== repo.id) throw notFound('no such attachment in repo');
  if (attachment.comment_id !== comment.id) throw notFound('no such attachment in comment');
  return attachment;
}

/**
 * Attaches an uploaded file to an issue. Gitea then saves the issue's text again: its content version and
 * `updated` move and `issues` `edited` goes out with the unchanged body.
 */
export async function attachToIssue(
  services: IssueAttachmentServices,
  repo: RepositoryRow,
  issue: IssueRow,
  upload: AttachmentUpload,
): Promise<AttachmentRow> {
  assertMayAttachToIssue(services, repo, issue);
  const attachment = await createAttachment(services, services.doer, repo, { issue_id: issue.id }, upload);
  bumpIssueContentVersion(services.db, issue.id);
  const current = findIssueById(services.db, issue.id) ?? issue;
  emitIssueEvent(services, repo, current, 'edited', '', { body: { from: issue.content } });
  return attachment;
}

/** Attaches an uploaded file to a comment; as Gitea, the comment is saved again and `edited` goes out. */
export async function attachToComment(
  services: IssueAttachmentServices,
  repo: RepositoryRow,
  issue: IssueRow,
  comment: CommentRow,
  upload: AttachmentUpload,
): Promise<AttachmentRow> {
  assertMayAttachToComment(services, repo, issue, comment);
  const owner = { issue_id: issue.id, comment_id: comment.id };
  const attachment = await createAttachment(services, services.doer, repo, owner, upload);
  const saved = bumpCommentContentVersion(services.db, comment.id) ?? comment;
  emitIssueCommentEvent(services, repo, issue, saved, 'edited', { body: { from: comment.content } });
  return attachment;
}
