// Webhook delivery payloads (Gitea modules/structs/hook.go; the swagger does not define them).
import type { PayloadCommit } from './commit';
import type { Issue } from './issue';
import type { Comment } from './issueActivity';
import type { PullRequest } from './pull';
import type { Release } from './release';
import type { Repository } from './repository';
import type { User } from './user';

export type HookIssueAction =
  | 'opened'
  | 'closed'
  | 'reopened'
  | 'edited'
  | 'assigned'
  | 'unassigned'
  | 'label_updated'
  | 'label_cleared'
  | 'synchronized'
  | 'milestoned'
  | 'demilestoned'
  | 'reviewed'
  | 'review_requested'
  | 'review_request_removed';

export type HookIssueCommentAction = 'created' | 'edited' | 'deleted';

export type HookReleaseAction = 'published' | 'updated' | 'deleted';

export type HookRepoAction = 'created' | 'deleted';

export type HookWikiAction = 'created' | 'edited' | 'deleted';

export type PusherType = 'user';

/** The payload of a `push` event */
export interface PushPayload {
  /** sent by Gitea v1.3–v1.14 in place of a signature header */
  secret?: string;
  /** full ref name, e.g. `refs/heads/main` */
  ref: string;
  before: string;
  after: string;
  compare_url: string;
  commits: PayloadCommit[];
  total_commits: number;
  head_commit: PayloadCommit | null;
  repository: Repository;
  pusher: User;
  sender: User;
}

/** The payload of a `create` event (branch or tag created) */
export interface CreatePayload {
  /** sent by Gitea v1.3–v1.14 in place of a signature header */
  secret?: string;
  sha: string;
  /** short ref name, e.g. `main` */
  ref: string;
  ref_type: 'branch' | 'tag';
  repository: Repository;
  sender: User;
}

/** The payload of a `delete` event (branch or tag deleted) */
export interface DeletePayload {
  /** sent by Gitea v1.3–v1.14 in place of a signature header */
  secret?: string;
  /** short ref name, e.g. `main` */
  ref: string;
  ref_type: 'branch' | 'tag';
  pusher_type: PusherType;
  repository: Repository;
  sender: User;
}

/** The payload of a `fork` event */
export interface ForkPayload {
  /** sent by Gitea v1.3–v1.14 in place of a signature header */
  secret?: string;
  /** the repository that was forked */
  forkee: Repository;
  /** the new fork */
  repository: Repository;
  sender: User;
}

/** The payload of an `issues` event */
export interface IssuePayload {
  /** sent by Gitea v1.3–v1.14 in place of a signature header */
  secret?: string;
  action: HookIssueAction;
  number: number;
  changes?: ChangesPayload;
  issue: Issue;
  repository: Repository;
  sender: User;
  commit_id: string;
}

/** The payload of an `issue_comment` event */
export interface IssueCommentPayload {
  /** sent by Gitea v1.3–v1.14 in place of a signature header */
  secret?: string;
  action: HookIssueCommentAction;
  issue: Issue;
  comment: Comment;
  changes?: ChangesPayload;
  repository: Repository;
  sender: User;
  is_pull: boolean;
}

/** The payload of a `pull_request` event (and of review events) */
export interface PullRequestPayload {
  /** sent by Gitea v1.3–v1.14 in place of a signature header */
  secret?: string;
  action: HookIssueAction;
  number: number;
  changes?: ChangesPayload;
  pull_request: PullRequest;
  requested_reviewer: User | null;
  repository: Repository;
  sender: User;
  commit_id: string;
  review: ReviewPayload | null;
}

/** The review carried by pull request review events */
export interface ReviewPayload {
  type: string;
  content: string;
}

/** The payload of a `release` event */
export interface ReleasePayload {
  /** sent by Gitea v1.3–v1.14 in place of a signature header */
  secret?: string;
  action: HookReleaseAction;
  release: Release;
  repository: Repository;
  sender: User;
}

/** The payload of a `wiki` event */
export interface WikiPayload {
  action: HookWikiAction;
  repository: Repository;
  sender: User;
  /** The page's name as its URL carries it */
  page: string;
  /** The commit message of the change (empty for a deletion) */
  comment: string;
}

/** The payload of a `repository` event */
export interface RepositoryPayload {
  /** sent by Gitea v1.3–v1.14 in place of a signature header */
  secret?: string;
  action: HookRepoAction;
  repository: Repository;
  organization: User | null;
  sender: User;
}

/** What an edit changed: the previous values */
export interface ChangesPayload {
  title?: ChangesFromPayload;
  body?: ChangesFromPayload;
  ref?: ChangesFromPayload;
}

export interface ChangesFromPayload {
  from: string;
}
