// Pull requests and merging.
import type { StateType } from './issue';
import type { Label, Milestone } from './label';
import type { Team } from './organization';
import type { Repository } from './repository';
import type { User } from './user';

/** A pull request */
export interface PullRequest {
  additions: number;
  allow_maintainer_edit: boolean;
  assignee: User | null;
  assignees: User[] | null;
  base: PRBranchInfo;
  body: string;
  changed_files: number;
  closed_at: string | null;
  comments: number;
  content_version: number;
  created_at: string;
  deletions: number;
  diff_url: string;
  draft: boolean;
  due_date: string | null;
  head: PRBranchInfo;
  html_url: string;
  id: number;
  is_locked: boolean;
  labels: Label[];
  merge_base: string;
  merge_commit_sha: string | null;
  mergeable: boolean;
  merged: boolean;
  merged_at: string | null;
  merged_by: User | null;
  milestone: Milestone | null;
  number: number;
  patch_url: string;
  pin_order: number;
  requested_reviewers: User[];
  requested_reviewers_teams: Team[];
  /** number of review comments made on the diff of a PR review (not including comments on commits or issues in a PR) */
  review_comments: number;
  state: StateType;
  title: string;
  updated_at: string;
  url: string;
  user: User;
}

/** Information about a branch */
export interface PRBranchInfo {
  /** the branch name */
  label: string;
  /** git reference of the branch */
  ref: string;
  /** null when the head repository was deleted */
  repo: Repository | null;
  repo_id: number;
  /** commit SHA of the branch head */
  sha: string;
}

/** Store information about files affected by the pull request */
export interface ChangedFile {
  additions: number;
  changes: number;
  contents_url: string;
  deletions: number;
  filename: string;
  html_url: string;
  previous_filename: string;
  raw_url: string;
  /** status of the file change (added, modified, deleted, etc.) */
  status: string;
}

/** Options when creating a pull request */
export interface CreatePullRequestOption {
  allow_maintainer_edit?: boolean;
  assignee?: string;
  assignees?: string[];
  base: string;
  body?: string;
  due_date?: string;
  /** head branch for the pull request, it could be a branch name on the base repository or a form like `<username>:<branch>` which refers to the user's fork repository's branch */
  head: string;
  labels?: number[];
  milestone?: number;
  reviewers?: string[];
  team_reviewers?: string[];
  title: string;
}

/** Options when modify pull request */
export interface EditPullRequestOption {
  allow_maintainer_edit?: boolean;
  /** new primary assignee username */
  assignee?: string;
  assignees?: string[];
  base?: string;
  body?: string;
  /** current version of the pull request content to detect conflicts during editing */
  content_version?: number;
  due_date?: string;
  labels?: number[];
  milestone?: number;
  state?: string;
  title?: string;
  /** whether to remove the current deadline */
  unset_due_date?: boolean;
}

/** Options of a pull request merge. 1.1.1 merges take no body; older servers and gitea-js spell the keys `Do`, `MergeTitleField` and `MergeMessageField` */
export interface MergePullRequestOption {
  delete_branch_after_merge?: boolean;
  do: 'merge' | 'rebase' | 'rebase-merge' | 'squash' | 'fast-forward-only' | 'manually-merged';
  force_merge?: boolean;
  head_commit_id?: string;
  merge_commit_id?: string;
  merge_message_field?: string;
  merge_title_field?: string;
  merge_when_checks_succeed?: boolean;
}
