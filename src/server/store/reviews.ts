import type { Paging } from '../domain/paging';
import { commentType, type CommentRow } from './comments';
import { nowSeconds, type Database } from './database';

/** Gitea's ReviewType numbers. */
export const reviewType = {
  pending: 0,
  approve: 1,
  comment: 2,
  reject: 3,
  request: 4,
} as const;
export type ReviewType = (typeof reviewType)[keyof typeof reviewType];

/** A row of `review`. Booleans are 0/1. */
export interface ReviewRow {
  id: number;
  type: ReviewType;
  issue_id: number;
  /** 0 for a team's review request (`reviewer_team_id`) and a migrated review without an account. */
  reviewer_id: number;
  /** The team asked to review (a review request of type 4); null for anyone else's review. */
  reviewer_team_id: number | null;
  /** A migrated review's author without an account here (reviewer_id 0). */
  original_author: string;
  original_author_id: number;
  content: string;
  official: boolean;
  commit_id: string;
  stale: boolean;
  dismissed: boolean;
  created: number;
  updated: number;
}

export function findReviewById(db: Database, id: number): ReviewRow | undefined {
  return db.get<ReviewRow>('SELECT * FROM review WHERE id = ?', id);
}

/** The reviewer's latest approval, rejection or review request (Gitea's GetReviewByIssueIDAndUserID). */
export function latestReviewVerdict(
  db: Database,
  issueId: number,
  reviewerId: number,
): ReviewRow | undefined {
  return db.get<ReviewRow>(
    'SELECT * FROM review WHERE issue_id = ? AND reviewer_id = ? AND type IN (1, 3, 4) ORDER BY id DESC LIMIT 1',
    issueId,
    reviewerId,
  );
}

/** The team's latest review request on the pull request (Gitea's GetTeamReviewerByIssueIDAndTeamID). */
export function latestTeamReviewRequest(
  db: Database,
  issueId: number,
  teamId: number,
): ReviewRow | undefined {
  return db.get<ReviewRow>(
    'SELECT * FROM review WHERE issue_id = ? AND reviewer_team_id = ? ORDER BY id DESC LIMIT 1',
    issueId,
    teamId,
  );
}

/** The reviewer's pending (unsubmitted) review of the pull request, if any. */
export function findPendingReview(db: Database, issueId: number, reviewerId: number): ReviewRow | undefined {
  return db.get<ReviewRow>(
    'SELECT * FROM review WHERE issue_id = ? AND reviewer_id = ? AND type = 0 ORDER BY id DESC LIMIT 1',
    issueId,
    reviewerId,
  );
}

/**
 * A page of a pull request's reviews, oldest first. Pending reviews are their author's alone: others see
 * them neither in the page nor in the count (site admins see everything, as in Gitea).
 */
export function listReviews(
  db: Database,
  issueId: number,
  viewer: { id: number; isAdmin: boolean } | null,
  paging: Paging,
): { rows: ReviewRow[]; total: number } {
  const visible = 'issue_id = ? AND (type <> 0 OR ? = 1 OR reviewer_id = ?)';
  const params = [issueId, viewer?.isAdmin ? 1 : 0, viewer?.id ?? 0];
  const total = db.get<{ n: number }>(`SELECT count(*) AS n FROM review WHERE ${visible}`, ...params)?.n ?? 0;
  const rows = db.all<ReviewRow>(
    `SELECT * FROM review WHERE ${visible} ORDER BY id LIMIT ? OFFSET ?`,
    ...params,
    paging.limit,
    paging.offset,
  );
  return { rows, total };
}

export interface NewReview {
  type: ReviewType;
  issueId: number;
  /** 0 for a team's review request. */
  reviewerId: number;
  /** The team asked to review, for a team's review request. */
  reviewerTeamId?: number;
  content: string;
  commitId: string;
  official: boolean;
  stale: boolean;
}

export function insertReview(db: Database, review: NewReview): ReviewRow {
  const now = nowSeconds();
  const { lastInsertRowid } = db.run(
    `INSERT INTO review (type, issue_id, reviewer_id, reviewer_team_id, content, official, commit_id, stale, created,
       updated)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    review.type,
    review.issueId,
    review.reviewerId,
    review.reviewerTeamId ?? null,
    review.content,
    review.official ? 1 : 0,
    review.commitId,
    review.stale ? 1 : 0,
    now,
    now,
  );
  return findReviewById(db, lastInsertRowid)!;
}

/** Submits a pending review (or rewrites one): type, body, commit, official and stale flags; `created` becomes now. */
export function submitReviewRow(
  db: Database,
  review: ReviewRow,
  fields: Omit<NewReview, 'issueId' | 'reviewerId'>,
): ReviewRow {
  const now = nowSeconds();
  db.run(
    `UPDATE review SET type = ?, content = ?, commit_id = ?, official = ?, stale = ?, created = ?, updated = ?
     WHERE id = ?`,
    fields.type,
    fields.content,
    fields.commitId,
    fields.official ? 1 : 0,
    fields.stale ? 1 : 0,
    now,
    now,
    review.id,
  );
  return findReviewById(db, review.id)!;
}

export function setReviewDismissed(db: Database, review: ReviewRow, dismissed: boolean): ReviewRow {
  db.run(
    'UPDATE review SET dismissed = ?, updated = ? WHERE id = ?',
    dismissed ? 1 : 0,
    nowSeconds(),
    review.id,
  );
  return findReviewById(db, review.id)!;
}

/** Dismisses every undismissed review of this reviewer on the pull request but `exceptId` (Gitea's priors). */
export function dismissPriorReviews(db: Database, review: ReviewRow): void {
  db.run(
    'UPDATE review SET dismissed = 1, updated = ? WHERE issue_id = ? AND reviewer_id = ? AND dismissed = 0 AND id <> ?',
    nowSeconds(),
    review.issue_id,
    review.reviewer_id,
    review.id,
  );
}

/** Deletes the review with its code comments and its timeline entry. */
export function deleteReviewRow(db: Database, review: ReviewRow): void {
  db.transaction(() => {
    db.run(
      'DELETE FROM comment WHERE review_id = ? AND type IN (?, ?)',
      review.id,
      commentType.code,
      commentType.review,
    );
    db.run('DELETE FROM review WHERE id = ?', review.id);
  });
}

/** A review's code comments, oldest first. */
export function codeCommentsOfReview(db: Database, reviewId: number): CommentRow[] {
  return db.all<CommentRow>(
    'SELECT * FROM comment WHERE review_id = ? AND type = ? ORDER BY created, id',
    reviewId,
    commentType.code,
  );
}

/** How many code comments each review has. */
export function codeCommentCounts(db: Database, reviewIds: readonly number[]): Map<number, number> {
  if (reviewIds.length === 0) return new Map();
  const rows = db.all<{ review_id: number; n: number }>(
    `SELECT review_id, count(*) AS n FROM comment
     WHERE type = ? AND review_id IN (SELECT value FROM json_each(?)) GROUP BY review_id`,
    commentType.code,
    JSON.stringify(reviewIds),
  );
  return new Map(rows.map((r) => [r.review_id, r.n]));
}

/** The timeline entry (comment type 22) of each submitted review, for its `html_url` anchor. */
export function reviewTimelineComments(db: Database, reviewIds: readonly number[]): Map<number, number> {
  if (reviewIds.length === 0) return new Map();
  const rows = db.all<{ review_id: number; id: number }>(
    `SELECT review_id, min(id) AS id FROM comment
     WHERE type = ? AND review_id IN (SELECT value FROM json_each(?)) GROUP BY review_id`,
    commentType.review,
    JSON.stringify(reviewIds),
  );
  return new Map(rows.map((r) => [r.review_id, r.id]));
}

/** Code comments of submitted reviews per pull request (`review_comments`). */
export function reviewCommentCountsOfIssues(db: Database, issueIds: readonly number[]): Map<number, number> {
  if (issueIds.length === 0) return new Map();
  const rows = db.all<{ issue_id: number; n: number }>(
    `SELECT comment.issue_id, count(*) AS n FROM comment JOIN review ON review.id = comment.review_id
     WHERE comment.type = ? AND review.type <> 0 AND comment.issue_id IN (SELECT value FROM json_each(?))
     GROUP BY comment.issue_id`,
    commentType.code,
    JSON.stringify(issueIds),
  );
  return new Map(rows.map((r) => [r.issue_id, r.n]));
}

/**
 * The users whose latest review of each pull request is a review request that has not been answered yet
 * (Gitea's requested_reviewers).
 */
export function requestedReviewersOfIssues(db: Database, issueIds: readonly number[]): Map<number, number[]> {
  if (issueIds.length === 0) return new Map();
  const rows = db.all<{ issue_id: number; reviewer_id: number }>(
    `SELECT r.issue_id, r.reviewer_id FROM review r
     WHERE r.issue_id IN (SELECT value FROM json_each(?)) AND r.type = 4 AND r.reviewer_team_id IS NULL
       AND r.id = (SELECT max(id) FROM review l WHERE l.issue_id = r.issue_id AND l.reviewer_id = r.reviewer_id
                   AND l.type <> 0)
     ORDER BY r.id`,
    JSON.stringify(issueIds),
  );
  return groupByIssue(rows.map((r) => ({ issue_id: r.issue_id, id: r.reviewer_id })));
}

/** The teams with a review request on each pull request (Gitea's requested_reviewers_teams), by request. */
export function requestedTeamsOfIssues(db: Database, issueIds: readonly number[]): Map<number, number[]> {
  if (issueIds.length === 0) return new Map();
  const rows = db.all<{ issue_id: number; id: number }>(
    `SELECT issue_id, reviewer_team_id AS id FROM review
     WHERE issue_id IN (SELECT value FROM json_each(?)) AND type = 4 AND reviewer_team_id IS NOT NULL
     ORDER BY review.id`,
    JSON.stringify(issueIds),
  );
  return groupByIssue(rows);
}

function groupByIssue(rows: readonly { issue_id: number; id: number }[]): Map<number, number[]> {
  const byIssue = new Map<number, number[]>();
  for (const row of rows) byIssue.set(row.issue_id, [...(byIssue.get(row.issue_id) ?? []), row.id]);
  return byIssue;
}

/** Marks approvals and rejections made on another head commit as stale (after the head moved). */
export function markReviewsStale(db: Database, issueId: number, headCommitId: string): void {
  db.run(
    "UPDATE review SET stale = 1 WHERE issue_id = ? AND type IN (1, 3) AND commit_id <> '' AND commit_id <> ? AND stale = 0",
    issueId,
    headCommitId,
  );
}
