import type { PullReview, PullReviewComment } from '../../api/types';
import type { CommentRow } from '../store/comments';
import type { IssueRow } from '../store/issues';
import { usersByIds } from '../store/issuesUsers';
import type { RepositoryRow } from '../store/repositories';
import { codeCommentCounts, reviewTimelineComments, reviewType, type ReviewRow } from '../store/reviews';
import { userShaper } from './issue';
import { issueHtmlUrl } from './issueUrls';
import { teamShaper, type TeamJson } from './team';
import { isoTime } from './time';
import { migratedAuthorRow, toUser, usersWithCaller, type UserJson } from './user';
import type { ViewContext } from './viewContext';

/** Gitea's `PullReview` with this server's `User` and `Team` shapes; a team's review request has no user. */
export type PullReviewJson = Omit<PullReview, 'user' | 'team'> & {
  user: UserJson | null;
  team: TeamJson | null;
};

/** Gitea's `PullReviewComment` with this server's `User` shape. */
export type PullReviewCommentJson = Omit<PullReviewComment, 'user' | 'resolver'> & {
  user: UserJson;
  resolver: UserJson | null;
};

const stateNames: Record<number, PullReview['state']> = {
  [reviewType.pending]: 'PENDING',
  [reviewType.approve]: 'APPROVED',
  [reviewType.comment]: 'COMMENT',
  [reviewType.reject]: 'REQUEST_CHANGES',
  [reviewType.request]: 'REQUEST_REVIEW',
};

/** The state name Gitea gives a review type. */
export const reviewStateName = (type: number): PullReview['state'] => stateNames[type] ?? 'COMMENT';

/** Shapes reviews of one pull request as Gitea's ToPullReview (counts and anchors loaded once). */
export function toPullReviews(
  view: ViewContext,
  repo: RepositoryRow,
  issue: IssueRow,
  reviews: readonly ReviewRow[],
): PullReviewJson[] {
  if (reviews.length === 0) return [];
  const ids = reviews.map((r) => r.id);
  const counts = codeCommentCounts(view.db, ids);
  const anchors = reviewTimelineComments(view.db, ids);
  const user = userShaper(
    view,
    usersByIds(
      view.db,
      reviews.map((r) => r.reviewer_id),
    ),
  );
  const team = teamShaper(view);
  const pullUrl = issueHtmlUrl(view, repo, issue);
  const reviewer = (review: ReviewRow): UserJson | null => {
    if (review.original_author) return toUser(view, migratedAuthorRow(review.original_author));
    return review.reviewer_team_id === null ? user(review.reviewer_id) : null;
  };
  return reviews.map((review) => {
    const anchor = anchors.get(review.id);
    return {
      id: review.id,
      user: reviewer(review),
      team: review.reviewer_team_id === null ? null : team(review.reviewer_team_id),
      state: reviewStateName(review.type),
      body: review.content,
      commit_id: review.commit_id,
      stale: review.stale,
      official: review.official,
      dismissed: review.dismissed,
      comments_count: counts.get(review.id) ?? 0,
      submitted_at: isoTime(review.created),
      updated_at: isoTime(review.updated),
      html_url: anchor === undefined ? '' : `${pullUrl}#issuecomment-${anchor}`,
      pull_request_url: pullUrl,
    };
  });
}

export function toPullReview(
  view: ViewContext,
  repo: RepositoryRow,
  issue: IssueRow,
  review: ReviewRow,
): PullReviewJson {
  return toPullReviews(view, repo, issue, [review])[0]!;
}

/** Gitea's patch2diff: the hunk part of a stored patch. */
function diffHunk(patch: string | null): string {
  const split = (patch ?? '').split('\n@@');
  return split.length === 2 ? `@@${split[1]}` : '';
}

/** Shapes a review's code comments as Gitea's ToPullReviewCommentList (a negative line is the old side). */
export function toPullReviewComments(
  view: ViewContext,
  repo: RepositoryRow,
  issue: IssueRow,
  review: ReviewRow,
  comments: readonly CommentRow[],
): PullReviewCommentJson[] {
  const user = userShaper(
    view,
    usersWithCaller(view, [
      ...comments.map((c) => c.poster_id),
      ...comments.flatMap((c) => (c.resolve_doer_id ? [c.resolve_doer_id] : [])),
    ]),
  );
  const pullUrl = issueHtmlUrl(view, repo, issue);
  return comments.map((comment) => {
    const line = comment.line ?? 0;
    return {
      id: comment.id,
      body: comment.content,
      user: comment.original_author
        ? toUser(view, migratedAuthorRow(comment.original_author))
        : user(comment.poster_id),
      resolver: comment.resolve_doer_id ? user(comment.resolve_doer_id) : null,
      pull_request_review_id: review.id,
      created_at: isoTime(comment.created),
      updated_at: isoTime(comment.updated),
      path: comment.tree_path ?? '',
      commit_id: comment.commit_sha ?? '',
      original_commit_id: comment.old_ref ?? '',
      diff_hunk: diffHunk(comment.patch),
      position: line > 0 ? line : 0,
      original_position: line < 0 ? -line : 0,
      html_url: `${pullUrl}#issuecomment-${comment.id}`,
      pull_request_url: pullUrl,
    };
  });
}
