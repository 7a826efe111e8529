import { forbidden, invalid, malformed, notFound } from '../domain/errors';
import {
  commentType,
  findCommentById,
  insertComment,
  setCommentResolver,
  type CommentRow,
} from '../store/comments';
import { findIssueById, type IssueRow } from '../store/issues';
import type { RepositoryRow } from '../store/repositories';
import { findReviewById, reviewType, type ReviewRow } from '../store/reviews';
import { AnchorReads, anchorCodeComment } from './codeCommentAnchors';
import { canWriteIssues } from './issues';
import { recordMentions } from './issuesAssignees';
import { emitIssueCommentEvent, type IssueActor } from './issuesEvents';
import { assertMayWriteOnIssue, atLeast, isSiteAdmin, repoAccess } from './permissions';
import type { PullActor } from './pullRequests';
import { gitDirOf, refreshPull, type PullItem } from './pullRequestsState';

const missing = (id: number) => notFound(`comment does not exist [id: ${id}]`);

/** A comment `{id}` of an issue of this repository (404 otherwise, as Gitea's repository check). */
function commentOfRepo(
  actor: IssueActor,
  repo: RepositoryRow,
  id: number,
): { comment: CommentRow; issue: IssueRow } {
  const comment = findCommentById(actor.db, id);
  const issue = comment && findIssueById(actor.db, comment.issue_id);
  if (!comment || !issue || issue.repo_id !== repo.id) throw missing(id);
  return { comment, issue };
}

/**
 * Gitea's CanMarkConversation: never in an archived repository; the pull request's author may, others need
 * to write pull requests (which is what makes an official reviewer here).
 */
function assertMayMark(actor: IssueActor, repo: RepositoryRow, issue: IssueRow): void {
  const may =
    !repo.is_archived &&
    (issue.poster_id === actor.doer.id ||
      atLeast(repoAccess(actor.db, actor.doer, repo, 'repo.pulls'), 'write'));
  if (!may) throw forbidden('user is not allowed to resolve or unresolve this conversation');
}

/**
 * Resolves (or unresolves) the conversation of a review comment: its `resolver` becomes the doer (or none);
 * resolving a resolved one or unresolving an open one changes nothing (Gitea's MarkConversation). A comment
 * of an issue, or one that is not on code, is 400.
 */
export function markConversation(actor: IssueActor, repo: RepositoryRow, id: number, resolve: boolean): void {
  const { comment, issue } = commentOfRepo(actor, repo, id);
  assertMayMark(actor, repo, issue);
  if (!issue.is_pull) throw malformed('the comment is not on a pull request');
  if (comment.type !== commentType.code) throw malformed('the comment is not a review comment');
  if (resolve === (comment.resolve_doer_id !== null && comment.resolve_doer_id !== 0)) return;
  setCommentResolver(actor.db, comment.id, resolve ? actor.doer.id : null);
}

/**
 * Replies to a review comment in its thread, as Gitea's CreateCodeComment does for a reply: a code comment
 * of the same review, file and line that shares the thread's anchor (commit, diff hunk, outdated state).
 * The comment must be a submitted review's (or the doer's own pending one); a locked pull request takes
 * replies from writers only.
 */
export async function replyToReviewComment(
  actor: PullActor,
  item: PullItem,
  id: number,
  body: string,
): Promise<{ comment: CommentRow; review: ReviewRow }> {
  const { db } = actor;
  const { comment, issue } = commentOfRepo(actor, item.baseRepo, id);
  const review = comment.review_id === null ? undefined : findReviewById(db, comment.review_id);
  const hidden = review?.type === reviewType.pending && review.reviewer_id !== actor.doer.id;
  if (issue.id !== item.issue.id || comment.type !== commentType.code || !review || hidden) throw missing(id);
  if (body.trim() === '') throw invalid('[Body]: Required');
  if (issue.is_locked && !canWriteIssues(db, actor, item.baseRepo, true) && !isSiteAdmin(actor.doer)) {
    throw forbidden('You cannot comment on a locked issue.');
  }
  assertMayWriteOnIssue(db, actor.doer, item.baseRepo, issue.poster_id);
  const path = comment.tree_path ?? '';
  const line = comment.line ?? 0;
  const { pull } = await refreshPull(actor, item);
  const reads = new AnchorReads(gitDirOf(actor, item.baseRepo), [path]);
  const anchor = await anchorCodeComment(
    db,
    reads,
    pull,
    { id: review.id, commitId: review.commit_id },
    path,
    line,
  );
  const reply = db.transaction(() => {
    const row = insertComment(db, {
      issueId: issue.id,
      posterId: actor.doer.id,
      type: commentType.code,
      content: body,
      reviewId: review.id,
      treePath: path,
      line,
      commitSha: anchor.commitSha,
      oldRef: anchor.originalCommitId,
      patch: anchor.patch,
      invalidated: anchor.invalidated,
    });
    recordMentions(db, actor.doer, item.baseRepo, issue.id, body);
    return row;
  });
  // A reply goes out as a comment on the pull request, as Gitea notifies it.
  emitIssueCommentEvent(actor, item.baseRepo, findIssueById(db, issue.id) ?? issue, reply, 'created');
  return { comment: reply, review };
}
