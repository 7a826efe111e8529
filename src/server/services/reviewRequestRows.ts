import { invalid } from '../domain/errors';
import { commentType, insertComment } from '../store/comments';
import type { Database } from '../store/database';
import { deleteReviewRow, insertReview, reviewType, type ReviewRow } from '../store/reviews';
import type { UserRow } from '../store/users';

/** Whom a review request asks: a user, or a team of the repository's organization. */
export type RequestedReviewer = { readonly userId: number } | { readonly teamId: number };

/** Gitea's ErrNotValidReviewRequest, answered 422. */
export const notValidReviewRequest = (reason: string): Error => invalid(`NotValidReviewRequest: ${reason}`);

const timelineTarget = (who: RequestedReviewer): { assigneeId: number } | { assigneeTeamId: number } =>
  'teamId' in who ? { assigneeTeamId: who.teamId } : { assigneeId: who.userId };

/**
 * A review request (Gitea's AddReviewRequest / AddTeamReviewRequest): a review row of type "request" naming
 * the user or the team, and its timeline entry (comment type 27).
 */
export function addReviewRequest(
  db: Database,
  doer: UserRow,
  issueId: number,
  who: RequestedReviewer,
): ReviewRow {
  const review = insertReview(db, {
    type: reviewType.request,
    issueId,
    reviewerId: 'userId' in who ? who.userId : 0,
    ...('teamId' in who && { reviewerTeamId: who.teamId }),
    content: '',
    commitId: '',
    official: false,
    stale: false,
  });
  insertComment(db, {
    issueId,
    posterId: doer.id,
    type: commentType.reviewRequest,
    ...timelineTarget(who),
    reviewId: review.id,
  });
  return review;
}

/** Withdraws a review request and records it on the timeline (Gitea's RemoveReviewRequest and its team twin). */
export function removeReviewRequest(
  db: Database,
  doer: UserRow,
  request: ReviewRow,
  who: RequestedReviewer,
): void {
  deleteReviewRow(db, request);
  insertComment(db, {
    issueId: request.issue_id,
    posterId: doer.id,
    type: commentType.reviewRequest,
    ...timelineTarget(who),
    removedAssignee: true,
  });
}
