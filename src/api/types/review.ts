// Pull request reviews and review comments.
import type { Team } from './organization';
import type { User } from './user';

/** A pull request review */
export interface PullReview {
  body: string;
  comments_count: number;
  commit_id: string;
  dismissed: boolean;
  html_url: string;
  id: number;
  official: boolean;
  pull_request_url: string;
  stale: boolean;
  state: 'APPROVED' | 'PENDING' | 'COMMENT' | 'REQUEST_CHANGES' | 'REQUEST_REVIEW';
  submitted_at: string;
  team: Team | null;
  updated_at: string;
  /** null for a team's review request (see `team`) */
  user: User | null;
}

/** A comment on a pull request review */
export interface PullReviewComment {
  body: string;
  commit_id: string;
  created_at: string;
  diff_hunk: string;
  html_url: string;
  id: number;
  original_commit_id: string;
  original_position: number;
  path: string;
  position: number;
  pull_request_review_id: number;
  pull_request_url: string;
  resolver: User | null;
  updated_at: string;
  user: User;
}

/** Options to create a pull request review */
export interface CreatePullReviewOptions {
  body?: string;
  comments?: CreatePullReviewComment[];
  commit_id?: string;
  event?: 'APPROVED' | 'PENDING' | 'COMMENT' | 'REQUEST_CHANGES' | 'REQUEST_REVIEW';
}

/** A review comment for creation api */
export interface CreatePullReviewComment {
  body?: string;
  /** if comment to new file line or 0 */
  new_position?: number;
  /** if comment to old file line or 0 */
  old_position?: number;
  path?: string;
}

/** Options to reply to a pull request review comment */
export interface CreatePullReviewCommentReplyOptions {
  body?: string;
}

/** Options to submit a pending pull request review */
export interface SubmitPullReviewOptions {
  body?: string;
  event?: 'APPROVED' | 'PENDING' | 'COMMENT' | 'REQUEST_CHANGES' | 'REQUEST_REVIEW';
}

/** Options to dismiss a pull request review */
export interface DismissPullReviewOptions {
  message?: string;
  priors?: boolean;
}

/** Options to add or remove pull request review requests */
export interface PullReviewRequestOptions {
  reviewers?: string[];
  team_reviewers?: string[];
}
