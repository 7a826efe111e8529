// Comments, timeline events, reactions, tracked times and stopwatches.
import type { Issue } from './issue';
import type { Label, Milestone } from './label';
import type { Team } from './organization';
import type { Attachment } from './release';
import type { User } from './user';

/** A comment on a commit or issue */
export interface Comment {
  assets: Attachment[];
  body: string;
  created_at: string;
  html_url: string;
  id: number;
  issue_url: string;
  original_author: string;
  original_author_id: number;
  pull_request_url: string;
  updated_at: string;
  user: User;
}

/** A timeline comment (comment of any type) on a commit or issue */
export interface TimelineComment {
  assignee: User | null;
  assignee_team: Team | null;
  body: string;
  created_at: string;
  dependent_issue: Issue | null;
  html_url: string;
  id: number;
  issue_url: string;
  label: Label | null;
  milestone: Milestone | null;
  new_ref: string;
  new_title: string;
  old_milestone: Milestone | null;
  old_project_id: number;
  old_ref: string;
  old_title: string;
  project_id: number;
  pull_request_url: string;
  ref_action: string;
  ref_comment: Comment | null;
  /** commit SHA where issue/PR was referenced */
  ref_commit_sha: string;
  ref_issue: Issue | null;
  removed_assignee: boolean;
  resolve_doer: User | null;
  review_id: number;
  tracked_time: TrackedTime | null;
  type: string;
  updated_at: string;
  user: User;
}

/** Options for creating a comment on an issue */
export interface CreateIssueCommentOption {
  body: string;
}

/** Options for editing a comment */
export interface EditIssueCommentOption {
  body: string;
}

/** One reaction */
export interface Reaction {
  /** reaction content (e.g., emoji or reaction type) */
  content: string;
  created_at: string;
  user: User;
}

/** The reaction type */
export interface EditReactionOption {
  /** reaction content (e.g., emoji or reaction type) */
  content?: string;
}

/** Worked time for an issue / pr */
export interface TrackedTime {
  created: string;
  id: number;
  issue: Issue | null;
  /** deprecated in current Gitea; only for backwards compatibility */
  issue_id: number;
  /** in seconds */
  time: number;
  /** deprecated in current Gitea; only for backwards compatibility */
  user_id: number;
  user_name: string;
}

/** Options for adding time to an issue */
export interface AddTimeOption {
  created?: string;
  /** in seconds */
  time: number;
  /** username of the user who spent the time working on the issue (optional) */
  user_name?: string;
}

/** A running stopwatch */
export interface StopWatch {
  created: string;
  duration: string;
  issue_index: number;
  issue_title: string;
  repo_name: string;
  repo_owner_name: string;
  /** total elapsed time in seconds */
  seconds: number;
}
