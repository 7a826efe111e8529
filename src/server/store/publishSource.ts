import { commentType } from './comments';
import type { Database } from './database';
import { reviewType } from './reviews';

// What a repository's tracker holds, read whole for publishing to another server: one query per kind.
// Authors are names (a migrated item's original author where it has no account here; Gitea's "Ghost" for
// a deleted account).

const authorOf = (alias: string, userAlias: string): string =>
  `coalesce(nullif(${alias}.original_author, ''), ${userAlias}.name, 'Ghost')`;

export interface SourceLabel {
  id: number;
  name: string;
  color: string;
  description: string;
}

export interface SourceMilestone {
  id: number;
  name: string;
  content: string;
  is_closed: boolean;
  deadline_unix: number;
}

export interface SourceIssue {
  id: number;
  number: number;
  title: string;
  content: string;
  author: string;
  created: number;
  is_closed: boolean;
  is_pull: boolean;
  deadline_unix: number;
  milestone_id: number | null;
}

export interface SourcePull {
  issue_id: number;
  number: number;
  is_closed: boolean;
  head_branch: string;
  base_branch: string;
  /** Null once the head repository (a fork) is gone. */
  head_repo_id: number | null;
  base_repo_id: number;
  head_commit_id: string;
  has_merged: boolean;
  merged_commit_id: string;
  merged_unix: number;
  merger: string;
}

export interface SourceComment {
  id: number;
  issue_id: number;
  author: string;
  content: string;
  created: number;
}

export interface SourceReview {
  id: number;
  issue_id: number;
  type: number;
  author: string;
  content: string;
  commit_id: string;
  dismissed: boolean;
  created: number;
}

export interface SourceCodeComment {
  id: number;
  review_id: number;
  author: string;
  content: string;
  tree_path: string;
  /** Negative for the old side of the diff, as Gitea. */
  line: number;
  patch: string;
  created: number;
}

export interface SourceRelease {
  id: number;
  tag_name: string;
  target: string;
  title: string;
  note: string;
  is_draft: boolean;
  is_prerelease: boolean;
  author: string;
  created: number;
}

export interface SourceAsset {
  id: number;
  release_id: number;
  uuid: string;
  name: string;
  size: number;
}

/** The repository's labels and the organisation labels its issues carry (both become repository labels). */
export function sourceLabels(db: Database, repoId: number): SourceLabel[] {
  return db.all<SourceLabel>(
    `SELECT id, name, color, description FROM label WHERE repo_id = ?
     UNION SELECT l.id, l.name, l.color, l.description FROM label l
       JOIN issue_label il ON il.label_id = l.id JOIN issue i ON i.id = il.issue_id
       WHERE i.repo_id = ? AND l.org_id IS NOT NULL
     ORDER BY id`,
    repoId,
    repoId,
  );
}

export function sourceMilestones(db: Database, repoId: number): SourceMilestone[] {
  return db.all<SourceMilestone>(
    'SELECT id, name, content, is_closed, deadline_unix FROM milestone WHERE repo_id = ? ORDER BY id',
    repoId,
  );
}

/** Issues and pull requests in number order. */
export function sourceIssues(db: Database, repoId: number): SourceIssue[] {
  return db.all<SourceIssue>(
    `SELECT i.id, i.number, i.title, i.content, ${authorOf('i', 'u')} AS author, i.created, i.is_closed,
            i.is_pull, i.deadline_unix, i.milestone_id
     FROM issue i LEFT JOIN user u ON u.id = i.poster_id WHERE i.repo_id = ? ORDER BY i.number`,
    repoId,
  );
}

export function sourcePulls(db: Database, repoId: number): Map<number, SourcePull> {
  const rows = db.all<SourcePull>(
    `SELECT p.issue_id, i.number, i.is_closed, p.head_branch, p.base_branch, p.head_repo_id, p.base_repo_id,
            p.head_commit_id, p.has_merged, p.merged_commit_id, p.merged_unix, coalesce(u.name, '') AS merger
     FROM pull_request p JOIN issue i ON i.id = p.issue_id LEFT JOIN user u ON u.id = p.merger_id
     WHERE p.base_repo_id = ?`,
    repoId,
  );
  return new Map(rows.map((row) => [row.issue_id, row]));
}

/** Label ids by issue id. */
export function sourceIssueLabels(db: Database, repoId: number): Map<number, number[]> {
  return grouped(
    db.all<{ issue_id: number; value: number }>(
      `SELECT il.issue_id, il.label_id AS value FROM issue_label il JOIN issue i ON i.id = il.issue_id
       WHERE i.repo_id = ? ORDER BY il.label_id`,
      repoId,
    ),
  );
}

/** Assignee names by issue id. */
export function sourceIssueAssignees(db: Database, repoId: number): Map<number, string[]> {
  return grouped(
    db.all<{ issue_id: number; value: string }>(
      `SELECT a.issue_id, u.name AS value FROM issue_assignees a JOIN issue i ON i.id = a.issue_id
       JOIN user u ON u.id = a.assignee_id WHERE i.repo_id = ? ORDER BY u.lower_name`,
      repoId,
    ),
  );
}

/** Plain comments (not the timeline's events, which the target writes itself as things happen). */
export function sourceComments(db: Database, repoId: number): SourceComment[] {
  return db.all<SourceComment>(
    `SELECT c.id, c.issue_id, ${authorOf('c', 'u')} AS author, c.content, c.created
     FROM comment c JOIN issue i ON i.id = c.issue_id LEFT JOIN user u ON u.id = c.poster_id
     WHERE i.repo_id = ? AND c.type = ? ORDER BY c.id`,
    repoId,
    commentType.comment,
  );
}

/** Submitted reviews: approvals, changes requested, and review comments (not pending ones nor requests). */
export function sourceReviews(db: Database, repoId: number): SourceReview[] {
  return db.all<SourceReview>(
    `SELECT r.id, r.issue_id, r.type, ${authorOf('r', 'u')} AS author, r.content, r.commit_id, r.dismissed,
            r.created
     FROM review r JOIN issue i ON i.id = r.issue_id LEFT JOIN user u ON u.id = r.reviewer_id
     WHERE i.repo_id = ? AND r.type IN (?, ?, ?) ORDER BY r.id`,
    repoId,
    reviewType.approve,
    reviewType.comment,
    reviewType.reject,
  );
}

export function sourceCodeComments(db: Database, repoId: number): SourceCodeComment[] {
  return db.all<SourceCodeComment>(
    `SELECT c.id, c.review_id, ${authorOf('c', 'u')} AS author, c.content, coalesce(c.tree_path, '') AS tree_path,
            coalesce(c.line, 0) AS line, coalesce(c.patch, '') AS patch, c.created
     FROM comment c JOIN issue i ON i.id = c.issue_id LEFT JOIN user u ON u.id = c.poster_id
     WHERE i.repo_id = ? AND c.type = ? AND c.review_id IS NOT NULL ORDER BY c.id`,
    repoId,
    commentType.code,
  );
}

export function sourceReleases(db: Database, repoId: number): SourceRelease[] {
  return db.all<SourceRelease>(
    `SELECT r.id, r.tag_name, r.target, r.title, r.note, r.is_draft, r.is_prerelease, ${authorOf('r', 'u')} AS author,
            r.created
     FROM release r LEFT JOIN user u ON u.id = r.publisher_id WHERE r.repo_id = ? ORDER BY r.created, r.id`,
    repoId,
  );
}

export function sourceAssets(db: Database, repoId: number): SourceAsset[] {
  return db.all<SourceAsset>(
    'SELECT id, release_id, uuid, name, size FROM attachment WHERE repo_id = ? AND release_id IS NOT NULL ORDER BY id',
    repoId,
  );
}

function grouped<T>(rows: readonly { issue_id: number; value: T }[]): Map<number, T[]> {
  const map = new Map<number, T[]>();
  for (const row of rows) {
    const list = map.get(row.issue_id);
    if (list) list.push(row.value);
    else map.set(row.issue_id, [row.value]);
  }
  return map;
}
