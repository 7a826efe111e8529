import type { FieldIndex } from '../../types';
import type {
  CreatePullReviewComment,
  CreatePullReviewCommentReplyOptions,
  CreatePullReviewOptions,
  DismissPullReviewOptions,
  PullReview,
  PullReviewComment,
  PullReviewRequestOptions,
  SubmitPullReviewOptions,
} from '../review';
import { bodyFields, resourceFields } from '../fieldKinds';

/** Field index of pull request reviews and review comments. */
export const reviewFields = {
  PullReview: resourceFields<PullReview>({
    body: 'string',
    comments_count: 'integer',
    commit_id: 'string',
    dismissed: 'boolean',
    html_url: 'string',
    id: 'integer',
    official: 'boolean',
    pull_request_url: 'string',
    stale: 'boolean',
    state: 'string',
    submitted_at: 'string',
    team: 'object',
    updated_at: 'string',
    user: 'object',
  }),
  PullReviewComment: resourceFields<PullReviewComment>({
    body: 'string',
    commit_id: 'string',
    created_at: 'string',
    diff_hunk: 'string',
    html_url: 'string',
    id: 'integer',
    original_commit_id: 'string',
    original_position: 'integer',
    path: 'string',
    position: 'integer',
    pull_request_review_id: 'integer',
    pull_request_url: 'string',
    resolver: 'object',
    updated_at: 'string',
    user: 'object',
  }),
  CreatePullReviewOptions: bodyFields<CreatePullReviewOptions>({
    body: 'string',
    comments: 'array',
    commit_id: 'string',
    event: { kind: 'string', enum: ['APPROVED', 'PENDING', 'COMMENT', 'REQUEST_CHANGES', 'REQUEST_REVIEW'] },
  }),
  CreatePullReviewComment: bodyFields<CreatePullReviewComment>({
    body: 'string',
    new_position: 'integer',
    old_position: 'integer',
    path: 'string',
  }),
  CreatePullReviewCommentReplyOptions: bodyFields<CreatePullReviewCommentReplyOptions>({
    body: 'string',
  }),
  SubmitPullReviewOptions: bodyFields<SubmitPullReviewOptions>({
    body: 'string',
    event: { kind: 'string', enum: ['APPROVED', 'PENDING', 'COMMENT', 'REQUEST_CHANGES', 'REQUEST_REVIEW'] },
  }),
  DismissPullReviewOptions: bodyFields<DismissPullReviewOptions>({
    message: 'string',
    priors: 'boolean',
  }),
  PullReviewRequestOptions: bodyFields<PullReviewRequestOptions>({
    reviewers: 'array',
    team_reviewers: 'array',
  }),
} satisfies Partial<FieldIndex>;
