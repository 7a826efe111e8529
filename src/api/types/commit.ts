// Commits, comparisons and git notes, and the commit shapes of webhook payloads.
import type { User } from './user';

/** Information generated from a Git commit */
export interface Commit {
  author: User | null;
  commit: RepoCommit;
  committer: User | null;
  created: string;
  /** information about files affected by the commit */
  files: CommitAffectedFiles[] | null;
  html_url: string;
  parents: CommitMeta[];
  sha: string;
  stats: CommitStats | null;
  url: string;
}

/** Meta information of a commit in terms of API */
export interface CommitMeta {
  created: string;
  sha: string;
  url: string;
}

/** Information of a user in the context of a commit */
export interface CommitUser {
  date: string;
  email: string;
  name: string;
}

/** Information of a commit in the context of a repository */
export interface RepoCommit {
  author: CommitUser;
  committer: CommitUser;
  message: string;
  tree: CommitMeta;
  url: string;
  verification: PayloadCommitVerification | null;
}

/** Statistics for a RepoCommit */
export interface CommitStats {
  additions: number;
  deletions: number;
  total: number;
}

/** Store information about files affected by the commit */
export interface CommitAffectedFiles {
  filename: string;
  /** how the file was affected (added, modified, deleted) */
  status: string;
}

/** A comparison between two commits */
export interface Compare {
  commits: Commit[];
  total_commits: number;
}

/** Information related to a git note */
export interface Note {
  commit: Commit;
  message: string;
}

/** A commit */
export interface PayloadCommit {
  added: string[];
  author: PayloadUser;
  committer: PayloadUser;
  id: string;
  message: string;
  modified: string[];
  removed: string[];
  timestamp: string;
  url: string;
  verification: PayloadCommitVerification | null;
}

/** The author or committer of a commit */
export interface PayloadUser {
  email: string;
  /** full name of the commit author */
  name: string;
  username: string;
}

/** The GPG verification of a commit */
export interface PayloadCommitVerification {
  payload: string;
  reason: string;
  signature: string;
  signer: PayloadUser | null;
  verified: boolean;
}

/** For a person's identity like an author or committer */
export interface Identity {
  email?: string;
  name?: string;
}

/** Store dates for GIT_AUTHOR_DATE and GIT_COMMITTER_DATE */
export interface CommitDateOptions {
  author?: string;
  committer?: string;
}
