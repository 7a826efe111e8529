// Commit statuses.
import type { Repository } from './repository';
import type { User } from './user';

/** State of a commit status; `skipped` is new in current Gitea. */
export type StatusState = 'pending' | 'success' | 'error' | 'failure' | 'warning' | 'skipped';

/** A single status of a single Commit */
export interface CommitStatus {
  context: string;
  created_at: string;
  creator: User;
  description: string;
  id: number;
  status: StatusState;
  /** URL to link to for more details */
  target_url: string;
  updated_at: string;
  url: string;
}

/** The 1.1.1 name of CommitStatus (same JSON). */
export type Status = CommitStatus;

/** The combined state of several statuses for a single commit */
export interface CombinedStatus {
  commit_url: string;
  repository: Repository;
  sha: string;
  /** the worst state of the latest status per context */
  state: StatusState;
  /** all individual commit statuses */
  statuses: CommitStatus[];
  total_count: number;
  url: string;
}

/** The information needed to create a new CommitStatus for a Commit */
export interface CreateStatusOption {
  context?: string;
  description?: string;
  state?: StatusState;
  /** URL to link to for more details */
  target_url?: string;
}
