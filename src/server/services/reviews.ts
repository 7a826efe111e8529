import type { HookEventName } from './events';
import { forbidden, invalid } from '../domain/errors';
import { commentType, insertComment } from '../store/comments';
import type { IssueRow } from '../store/issues';
import {
  codeCommentCounts,
  codeCommentsOfReview,
  deleteReviewRow,
  dismissPriorReviews,
  findPendingReview,
  findReviewById,
  insertReview,
  reviewType,
  setReviewDismissed,
  submitReviewRow,
  type ReviewRow,
  type ReviewType,
} from '../store/reviews';
import { AnchorReads, anchorCodeComment, type CodeCommentAnchor } from './codeCommentAnchors';
import { recordMentions } from './issuesAssignees';
import { atLeast, isSiteAdmin, repoAccess } from './permissions';
import type { PullActor } from './pullRequests';
import { emitPullRequestEvent } from './pullRequestsEvents';
import { gitDirOf, refreshPull, type PullItem } from './pullRequestsState';

export interface ReviewCommentInput {
  readonly path: string;
  readonly body: string;
  /** a line of the old side (0: none) */
  readonly oldPosition: number;
  /** a line of the new side (0: none) */
  readonly newPosition: number;
}

/** Gitea's signed line of a review comment: an old-side line (which wins) is negative. */
const signedLine = (comment: ReviewCommentInput): number =>
  comment.oldPosition > 0 ? -comment.oldPosition : comment.newPosition;

export interface CreateReviewInput {
  /** APPROVED, REQUEST_CHANGES, COMMENT; anything else leaves the review pending (Gitea) */
  readonly event: string;
  readonly body: string;
  readonly commitId?: string;
  readonly comments: readonly ReviewCommentInput[];
}

/** Gitea's preparePullReviewType: which review an event makes, and when a body is required (422). */
function reviewTypeFor(
  issue: IssueRow,
  actor: PullActor,
  event: string,
  body: string,
  hasComments: boolean,
): ReviewType {
  const hasBody = body.trim() !== '';
  const own = issue.poster_id === actor.doer.id;
  switch (event) {
    case 'APPROVED':
      if (own) throw invalid('approve your own pull is not allowed');
      return reviewType.approve;
    case 'REQUEST_CHANGES':
      if (own) throw invalid('reject your own pull is not allowed');
      if (!hasBody) throw invalid('review event REQUEST_CHANGES requires a body');
      return reviewType.reject;
    case 'COMMENT':
      if (!hasBody && !hasComments) throw invalid('review event COMMENT requires a body or a comment');
      return reviewType.comment;
    default:
      if (!hasBody) throw invalid(`review event ${event || 'PENDING'} requires a body`);
      return reviewType.pending;
  }
}

const hookEvents: Partial<Record<ReviewType, HookEventName>> = {
  [reviewType.approve]: 'pull_request_review_approved',
  [reviewType.reject]: 'pull_request_review_rejected',
  [reviewType.comment]: 'pull_request_review_comment',
};

/**
 * Submits `review` (a pending one, or one made for this call) as `type`: approvals and rejections of a
 * closed pull request are refused (422); they are official when the reviewer may write the code, and stale
 * when made on another commit than the head. The review gets its timeline entry; its event goes out.
 */
function submit(
  actor: PullActor,
  item: PullItem,
  review: ReviewRow,
  type: ReviewType,
  body: string,
  commitId: string,
): ReviewRow {
  const { db } = actor;
  const verdict = type === reviewType.approve || type === reviewType.reject;
  const submitted = db.transaction(() => {
    const row = submitReviewRow(db, review, {
      type,
      content: body,
      commitId,
      official: verdict && atLeast(repoAccess(db, actor.doer, item.baseRepo, 'repo.code'), 'write'),
      stale: verdict && commitId !== item.pull.head_commit_id,
    });
    insertComment(db, {
      issueId: item.issue.id,
      posterId: actor.doer.id,
      type: commentType.review,
      content: body,
      reviewId: row.id,
    });
    recordMentions(db, actor.doer, item.baseRepo, item.issue.id, body);
    // Gitea notifies those its code comments mention when the review goes out, not before.
    for (const code of codeCommentsOfReview(db, row.id)) {
      recordMentions(db, actor.doer, item.baseRepo, item.issue.id, code.content);
    }
    return row;
  });
  const event = hookEvents[type];
  if (event) {
    emitPullRequestEvent(actor, item.baseRepo, item.issue, event, 'reviewed', {
      review: { type: event, content: body },
    });
  }
  return submitted;
}

function assertMayJudge(item: PullItem, type: ReviewType): void {
  const verdict = type === reviewType.approve || type === reviewType.reject;
  if (verdict && (item.issue.is_closed || item.pull.has_merged)) {
    throw invalid("can't submit review for a closed or merged PR");
  }
}

/**
 * Creates a review as Gitea's CreatePullReview: its code comments join the reviewer's pending review
 * (made if there is none); without `commit_id` the review is of the current head commit (the spec says
 * so). A PENDING review stays the reviewer's own until submitted.
 */
export async function createReview(
  actor: PullActor,
  item: PullItem,
  input: CreateReviewInput,
): Promise<ReviewRow> {
  const type = reviewTypeFor(item.issue, actor, input.event, input.body, input.comments.length > 0);
  assertMayJudge(item, type);
  for (const comment of input.comments) {
    if (comment.path.trim() === '') throw invalid('[Comments]: a review comment needs a path');
    if (comment.body.trim() === '') throw invalid('[Comments]: a review comment needs a body');
  }
  const { pull } = await refreshPull(actor, item);
  const current = { ...item, pull };
  const commitId = input.commitId || pull.head_commit_id;
  const { db } = actor;
  const existing = findPendingReview(db, item.issue.id, actor.doer.id);
  const anchoring = { id: existing?.id, commitId: existing?.commit_id || commitId };
  const reads = new AnchorReads(
    gitDirOf(actor, item.baseRepo),
    input.comments.map((c) => c.path),
  );
  const anchors: CodeCommentAnchor[] = [];
  for (const comment of input.comments) {
    anchors.push(await anchorCodeComment(db, reads, pull, anchoring, comment.path, signedLine(comment)));
  }
  const review = db.transaction(() => {
    const pending =
      findPendingReview(db, item.issue.id, actor.doer.id) ??
      insertReview(db, {
        type: reviewType.pending,
        issueId: item.issue.id,
        reviewerId: actor.doer.id,
        content: '',
        commitId,
        official: false,
        stale: false,
      });
    input.comments.forEach((comment, index) => {
      const anchor = anchors[index]!;
      insertComment(db, {
        issueId: item.issue.id,
        posterId: actor.doer.id,
        type: commentType.code,
        content: comment.body,
        reviewId: pending.id,
        treePath: comment.path,
        line: signedLine(comment),
        commitSha: anchor.commitSha,
        oldRef: anchor.originalCommitId,
        patch: anchor.patch,
        invalidated: anchor.invalidated,
      });
    });
    if (type !== reviewType.pending) return pending;
    return submitReviewRow(db, pending, {
      type,
      content: input.body,
      commitId,
      official: false,
      stale: false,
    });
  });
  return type === reviewType.pending ? review : submit(actor, current, review, type, input.body, commitId);
}

/** Submits a pending review (`POST .../reviews/{id}`) with an event and body, on the current head. */
export async function submitPendingReview(
  actor: PullActor,
  item: PullItem,
  review: ReviewRow,
  input: { event: string; body: string },
): Promise<ReviewRow> {
  if (review.type !== reviewType.pending) throw invalid('only a pending review can be submitted');
  const hasComments = (codeCommentCounts(actor.db, [review.id]).get(review.id) ?? 0) > 0;
  const type = reviewTypeFor(item.issue, actor, input.event, input.body, hasComments);
  if (type === reviewType.pending) throw invalid('review stay pending');
  assertMayJudge(item, type);
  const { pull } = await refreshPull(actor, item);
  return submit(actor, { ...item, pull }, review, type, input.body, pull.head_commit_id);
}

/** Deletes a review: its reviewer or a site admin (403 otherwise). */
export function deleteReview(actor: PullActor, review: ReviewRow): void {
  if (!isSiteAdmin(actor.doer) && actor.doer.id !== review.reviewer_id) {
    throw forbidden('only the reviewer may delete this review');
  }
  deleteReviewRow(actor.db, review);
}

/**
 * Dismisses (or restores) an approval or rejection: repository admins only (403), not on a closed or merged
 * pull request (403, as Gitea). With `priors`, the reviewer's earlier reviews go too.
 */
export function dismissReview(
  actor: PullActor,
  item: PullItem,
  review: ReviewRow,
  change: { dismiss: boolean; message: string; priors: boolean },
): ReviewRow {
  if (!atLeast(repoAccess(actor.db, actor.doer, item.baseRepo), 'admin'))
    throw forbidden('Must be repo admin');
  if (review.type !== reviewType.approve && review.type !== reviewType.reject) {
    throw forbidden("not need to dismiss this review because it's type is not Approve or change request");
  }
  if (item.issue.is_closed || item.pull.has_merged) {
    throw forbidden("can't dismiss a review associated to a closed or merged PR");
  }
  const { db } = actor;
  db.transaction(() => {
    setReviewDismissed(db, review, change.dismiss);
    if (change.priors) dismissPriorReviews(db, review);
    if (change.dismiss) {
      insertComment(db, {
        issueId: item.issue.id,
        posterId: actor.doer.id,
        type: commentType.dismissReview,
        content: change.message,
        reviewId: review.id,
      });
    }
  });
  return findReviewById(db, review.id) ?? review;
}
