import type { Paging } from '../domain/paging';
import { nowSeconds, type Database, type SqlValue } from './database';
import { rememberIssue, type IssueRow } from './issues';

/** Gitea's CommentType numbers for the kinds this server writes or reads. */
export const commentType = {
  comment: 0,
  reopen: 1,
  close: 2,
  issueRef: 3,
  commitRef: 4,
  commentRef: 5,
  pullRef: 6,
  label: 7,
  milestone: 8,
  assignees: 9,
  changeTitle: 10,
  deleteBranch: 11,
  startTracking: 12,
  stopTracking: 13,
  addTimeManual: 14,
  cancelTracking: 15,
  addedDeadline: 16,
  modifiedDeadline: 17,
  removedDeadline: 18,
  addDependency: 19,
  removeDependency: 20,
  code: 21,
  review: 22,
  lock: 23,
  unlock: 24,
  changeTargetBranch: 25,
  deleteTimeManual: 26,
  reviewRequest: 27,
  mergePull: 28,
  pullPush: 29,
  dismissReview: 32,
  changeIssueRef: 33,
  scheduledMerge: 34,
  cancelScheduledMerge: 35,
  pin: 36,
  unpin: 37,
} as const;

/** Gitea's XRefAction: what a cross reference does to the issue it names once its source is resolved. */
export const refAction = { none: 0, closes: 1, reopens: 2, neutered: 3 } as const;

/** A row of `comment`: every timeline entry of an issue or pull request. */
export interface CommentRow {
  id: number;
  type: number;
  issue_id: number;
  poster_id: number;
  original_author: string;
  original_author_id: number;
  content: string;
  content_version: number;
  label_id: number | null;
  old_milestone_id: number | null;
  milestone_id: number | null;
  assignee_id: number | null;
  /** The team of a team review request entry (type 27). */
  assignee_team_id: number | null;
  removed_assignee: boolean;
  old_title: string | null;
  new_title: string | null;
  old_ref: string | null;
  new_ref: string | null;
  review_id: number | null;
  tree_path: string | null;
  line: number | null;
  commit_sha: string | null;
  patch: string | null;
  invalidated: boolean;
  resolve_doer_id: number | null;
  /** the other issue of a dependency entry (types 19, 20) */
  dependent_issue_id: number | null;
  /** a cross reference's source (types 3–6): its repository, issue or pull request, and comment */
  ref_repo_id: number | null;
  ref_issue_id: number | null;
  ref_comment_id: number | null;
  ref_action: number;
  ref_is_pull: boolean;
  /** the tracked time of a time entry (types 13, 14) */
  time_id: number | null;
  created: number;
  updated: number;
}

export function findCommentById(db: Database, id: number): CommentRow | undefined {
  return db.get<CommentRow>('SELECT * FROM comment WHERE id = ?', id);
}

export interface NewComment {
  issueId: number;
  posterId: number;
  /** Gitea's CommentType; 0 (a plain comment) unless given */
  type?: number;
  content?: string;
  labelId?: number;
  oldMilestoneId?: number;
  milestoneId?: number;
  assigneeId?: number;
  assigneeTeamId?: number;
  removedAssignee?: boolean;
  oldTitle?: string;
  newTitle?: string;
  reviewId?: number;
  treePath?: string;
  line?: number;
  commitSha?: string;
  /** a code comment's `original_commit_id`: the head it was made on */
  oldRef?: string;
  patch?: string;
  /** a code comment whose line a push changed (Gitea's `invalidated`) */
  invalidated?: boolean;
  newRef?: string;
  dependentIssueId?: number;
  refRepoId?: number;
  refIssueId?: number;
  refCommentId?: number;
  refAction?: number;
  refIsPull?: boolean;
  timeId?: number;
  /** unix seconds; now unless given */
  created?: number;
}

const insertCommentSql = `INSERT INTO comment (type, issue_id, poster_id, content, label_id, old_milestone_id,
    milestone_id, assignee_id, assignee_team_id, removed_assignee, old_title, new_title, review_id, tree_path, line,
    commit_sha, old_ref, patch, invalidated, new_ref, dependent_issue_id, ref_repo_id, ref_issue_id, ref_comment_id,
    ref_action, ref_is_pull, time_id, created, updated)
  VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`;

function commentValues(comment: NewComment, type: number, now: number): SqlValue[] {
  return [
    type,
    comment.issueId,
    comment.posterId,
    comment.content ?? '',
    comment.labelId ?? null,
    comment.oldMilestoneId ?? null,
    comment.milestoneId ?? null,
    comment.assigneeId ?? null,
    comment.assigneeTeamId ?? null,
    comment.removedAssignee ? 1 : 0,
    comment.oldTitle ?? null,
    comment.newTitle ?? null,
    comment.reviewId ?? null,
    comment.treePath ?? null,
    comment.line ?? null,
    comment.commitSha ?? null,
    comment.oldRef ?? null,
    comment.patch ?? null,
    comment.invalidated ?? false,
    comment.newRef ?? null,
    comment.dependentIssueId ?? null,
    comment.refRepoId ?? null,
    comment.refIssueId ?? null,
    comment.refCommentId ?? null,
    comment.refAction ?? refAction.none,
    comment.refIsPull ?? false,
    comment.timeId ?? null,
    now,
    now,
  ];
}

/** Inserts a comment; a plain comment counts on its issue and moves the issue's `updated`. */
export function insertComment(db: Database, comment: NewComment): CommentRow {
  const now = comment.created ?? nowSeconds();
  const type = comment.type ?? commentType.comment;
  // RETURNING: the row as stored, without reading it back
  const insert = (): CommentRow =>
    db.get<CommentRow>(`${insertCommentSql} RETURNING *`, ...commentValues(comment, type, now))!;
  // a timeline entry is one statement; a plain comment also counts on its issue, atomically
  if (type !== commentType.comment) return insert();
  return db.transaction(() => {
    const row = insert();
    const issue = db.get<IssueRow>(
      'UPDATE issue SET num_comments = num_comments + 1, updated = ? WHERE id = ? RETURNING *',
      now,
      comment.issueId,
    );
    if (issue) rememberIssue(db, issue);
    return row;
  });
}

/** Inserts a timeline entry (not a plain comment) whose row nobody reads back: one statement, no row made. */
export function insertTimelineEntry(db: Database, entry: NewComment & { type: number }): void {
  if (entry.type === commentType.comment) throw new Error('a plain comment is inserted by insertComment');
  db.run(insertCommentSql, ...commentValues(entry, entry.type, entry.created ?? nowSeconds()));
}

export function updateCommentContent(db: Database, comment: CommentRow, content: string): CommentRow {
  db.run(
    'UPDATE comment SET content = ?, content_version = content_version + 1, updated = ? WHERE id = ?',
    content,
    nowSeconds(),
    comment.id,
  );
  return findCommentById(db, comment.id)!;
}

/** Who resolved a review comment's conversation (null: open again); Gitea leaves `updated` alone. */
export function setCommentResolver(db: Database, commentId: number, resolverId: number | null): void {
  db.run('UPDATE comment SET resolve_doer_id = ? WHERE id = ?', resolverId, commentId);
}

export function deleteComment(db: Database, comment: CommentRow): void {
  db.transaction(() => {
    db.run('DELETE FROM comment WHERE id = ?', comment.id);
    if (comment.type === commentType.comment) {
      db.run('UPDATE issue SET num_comments = max(num_comments - 1, 0) WHERE id = ?', comment.issue_id);
    }
  });
}

export interface CommentFilter {
  /** unix seconds: only comments updated at or after */
  since?: number;
  /** unix seconds: only comments updated at or before */
  before?: number;
}

function timeConditions(filter: CommentFilter, conditions: string[], params: SqlValue[]): void {
  if (filter.since !== undefined) {
    conditions.push('comment.updated >= ?');
    params.push(filter.since);
  }
  if (filter.before !== undefined) {
    conditions.push('comment.updated <= ?');
    params.push(filter.before);
  }
}

/** An issue's plain comments (type 0), oldest first, as Gitea lists them (unpaged). */
export function listIssueComments(db: Database, issueId: number, filter: CommentFilter): CommentRow[] {
  const conditions = ['comment.issue_id = ?', 'comment.type = 0'];
  const params: SqlValue[] = [issueId];
  timeConditions(filter, conditions, params);
  return db.all<CommentRow>(
    `SELECT * FROM comment WHERE ${conditions.join(' AND ')} ORDER BY comment.created, comment.id`,
    ...params,
  );
}

/** A page of a repository's plain comments over all its issues (and/or pull requests), oldest first. */
export function listRepositoryComments(
  db: Database,
  repoId: number,
  filter: CommentFilter & { isPull?: boolean },
  paging: Paging,
): { rows: CommentRow[]; total: number } {
  const conditions = ['issue.repo_id = ?', 'comment.type = 0'];
  const params: SqlValue[] = [repoId];
  if (filter.isPull !== undefined) {
    conditions.push('issue.is_pull = ?');
    params.push(filter.isPull ? 1 : 0);
  }
  timeConditions(filter, conditions, params);
  const from = `FROM comment JOIN issue ON issue.id = comment.issue_id WHERE ${conditions.join(' AND ')}`;
  const total = db.get<{ n: number }>(`SELECT count(*) AS n ${from}`, ...params)?.n ?? 0;
  const rows = db.all<CommentRow>(
    `SELECT comment.* ${from} ORDER BY comment.created, comment.id LIMIT ? OFFSET ?`,
    ...params,
    paging.limit,
    paging.offset,
  );
  return { rows, total };
}

/**
 * A page of an issue's timeline: comments of every type, oldest first, as Gitea's FindComments pages them
 * (its caller drops code comments from the page afterwards).
 */
export function listIssueTimeline(
  db: Database,
  issueId: number,
  filter: CommentFilter,
  paging: Paging,
): CommentRow[] {
  const conditions = ['comment.issue_id = ?'];
  const params: SqlValue[] = [issueId];
  timeConditions(filter, conditions, params);
  return db.all<CommentRow>(
    `SELECT * FROM comment WHERE ${conditions.join(' AND ')} ORDER BY comment.created, comment.id LIMIT ? OFFSET ?`,
    ...params,
    paging.limit,
    paging.offset,
  );
}

export function commentsByIds(db: Database, ids: readonly number[]): CommentRow[] {
  if (ids.length === 0) return [];
  return db.all<CommentRow>(
    'SELECT * FROM comment WHERE id IN (SELECT value FROM json_each(?))',
    JSON.stringify(ids),
  );
}

/** Counts an edit that kept the text (Gitea re-saves the comment when a file is attached). */
export function bumpCommentContentVersion(db: Database, commentId: number): CommentRow | undefined {
  db.run(
    'UPDATE comment SET content_version = content_version + 1, updated = ? WHERE id = ?',
    nowSeconds(),
    commentId,
  );
  return findCommentById(db, commentId);
}
