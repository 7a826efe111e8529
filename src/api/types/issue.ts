// Issues and the bodies that create and change them.
import type { Label, Milestone } from './label';
import type { Attachment } from './release';
import type { RepositoryMeta } from './repository';
import type { User } from './user';

/** State of an issue, pull request or milestone (list filters also take `all`). */
export type StateType = 'open' | 'closed';

/** An issue in a repository */
export interface Issue {
  assets: Attachment[];
  assignee: User | null;
  assignees: User[] | null;
  body: string;
  closed_at: string | null;
  comments: number;
  content_version: number;
  created_at: string;
  due_date: string | null;
  html_url: string;
  id: number;
  is_locked: boolean;
  labels: Label[];
  milestone: Milestone | null;
  number: number;
  original_author: string;
  original_author_id: number;
  pin_order: number;
  projects: Project[];
  /** set when the issue is a pull request */
  pull_request: PullRequestMeta | null;
  ref: string;
  repository: RepositoryMeta;
  state: StateType;
  time_estimate: number;
  title: string;
  updated_at: string;
  url: string;
  user: User;
}

/** PR info if an issue is a PR */
export interface PullRequestMeta {
  draft: boolean;
  html_url: string;
  merged: boolean;
  merged_at: string | null;
}

/** Basic issue information */
export interface IssueMeta {
  index: number;
  owner: string;
  repo: string;
}

/** An issue deadline */
export interface IssueDeadline {
  due_date: string;
}

/** Options for creating a deadline */
export interface EditDeadlineOption {
  due_date: string;
}

/** Options to create one issue */
export interface CreateIssueOption {
  /** deprecated in current Gitea */
  assignee?: string;
  assignees?: string[];
  body?: string;
  closed?: boolean;
  due_date?: string;
  labels?: number[];
  milestone?: number;
  projects?: number[];
  ref?: string;
  title: string;
}

/** Options for editing an issue */
export interface EditIssueOption {
  /** deprecated in current Gitea */
  assignee?: string;
  assignees?: string[];
  body?: string;
  /** current version of the issue content to detect conflicts during editing */
  content_version?: number;
  due_date?: string;
  milestone?: number;
  /** list of project ids to set (replaces existing projects) */
  projects?: number[];
  ref?: string;
  state?: string;
  title?: string;
  unset_due_date?: boolean;
}

/** Labels to add or set on an issue: ids (1.1.1) or names (current Gitea) */
export interface IssueLabelsOption {
  /** can be a list of integers representing label IDs or a list of strings representing label names */
  labels?: (number | string)[];
}

/** Options for adding/removing issue assignees */
export interface IssueAssigneesOption {
  assignees?: string[];
}

/** Options to lock an issue */
export interface LockIssueOption {
  lock_reason?: string;
}

/** A project */
export interface Project {
  closed_at: string;
  created_at: string;
  creator_id: number;
  description: string;
  id: number;
  is_closed: boolean;
  owner_id: number;
  repo_id: number;
  title: string;
  updated_at: string;
}

/** An API response that says if new Issue Pins are allowed */
export interface NewIssuePinsAllowed {
  issues: boolean;
  pull_requests: boolean;
}
