import { nowSeconds, type Database } from './database';
import { refreshMilestoneCounters } from './milestones';
import { rememberRepository, type RepositoryRow } from './repositories';

/** A row of `issue`: an issue, or the issue half of a pull request (is_pull = 1). Booleans are 0/1. */
export interface IssueRow {
  id: number;
  repo_id: number;
  /** the per-repository #n, shared by issues and pull requests (Gitea's index) */
  number: number;
  poster_id: number;
  original_author: string;
  original_author_id: number;
  title: string;
  content: string;
  content_version: number;
  ref: string;
  milestone_id: number | null;
  priority: number;
  is_closed: boolean;
  is_pull: boolean;
  is_locked: boolean;
  num_comments: number;
  /** 0 = no due date */
  deadline_unix: number;
  pin_order: number;
  time_estimate: number;
  created: number;
  updated: number;
  closed_unix: number;
}

// Both kept until the issue table changes (Database.memoOf): a request reads its issue once, however many
// steps ask, and a write elsewhere (the action log, a notification) does not read it again.
const issueByIdKey = (id: number): string => `issue:${id}`;
const issueByNumberKey = (repoId: number, number: number): string => `issue:${repoId}#${number}`;

/**
 * Keeps a row just written (RETURNING) as findIssueById's answer until the issue table is written again:
 * what follows in the request (the event, its listeners) does not read it back.
 */
export function rememberIssue(db: Database, row: IssueRow): IssueRow {
  db.memoOf(['issue'], issueByNumberKey(row.repo_id, row.number), () => row);
  return db.memoOf(['issue'], issueByIdKey(row.id), () => row);
}

export function findIssueById(db: Database, id: number): IssueRow | undefined {
  return db.memoOf(['issue'], issueByIdKey(id), () =>
    db.get<IssueRow>('SELECT * FROM issue WHERE id = ?', id),
  );
}

export function findIssueByNumber(db: Database, repoId: number, number: number): IssueRow | undefined {
  return db.memoOf(['issue'], issueByNumberKey(repoId, number), () =>
    db.get<IssueRow>('SELECT * FROM issue WHERE repo_id = ? AND number = ?', repoId, number),
  );
}

export function issuesByIds(db: Database, ids: readonly number[]): IssueRow[] {
  if (ids.length === 0) return [];
  return db.all<IssueRow>(
    'SELECT * FROM issue WHERE id IN (SELECT value FROM json_each(?))',
    JSON.stringify(ids),
  );
}

/**
 * Hands out the repository's next number, never reused even after deletions. Must run inside the
 * transaction that inserts the row: BEGIN IMMEDIATE holds the write lock, so concurrent creations queue.
 */
function allocateIssueNumber(db: Database, repoId: number): number {
  const row = db.get<{ max_index: number }>(
    `INSERT INTO issue_index (repo_id, max_index)
     VALUES (?1, coalesce((SELECT max(number) FROM issue WHERE repo_id = ?1), 0) + 1)
     ON CONFLICT (repo_id) DO UPDATE SET max_index = max_index + 1
     RETURNING max_index`,
    repoId,
  );
  if (!row) throw new Error(`could not allocate an issue number in repository ${repoId}`);
  return row.max_index;
}

/** Moves the repository's issue or pull request counters. */
function countOnRepository(db: Database, repoId: number, isPull: boolean, all: number, closed: number): void {
  const sql = isPull
    ? 'UPDATE repository SET num_pulls = num_pulls + ?, num_closed_pulls = num_closed_pulls + ? WHERE id = ? RETURNING *'
    : 'UPDATE repository SET num_issues = num_issues + ?, num_closed_issues = num_closed_issues + ? WHERE id = ? RETURNING *';
  const row = db.get<RepositoryRow>(sql, all, closed, repoId);
  if (row) rememberRepository(db, row);
}

export interface NewIssue {
  repoId: number;
  posterId: number;
  title: string;
  content?: string;
  isPull?: boolean;
  isClosed?: boolean;
  milestoneId?: number | null;
  deadlineUnix?: number;
  ref?: string;
  labelIds?: readonly number[];
  assigneeIds?: readonly number[];
  /** unix seconds; now unless given (imports, bulk loads) */
  created?: number;
}

/**
 * Inserts an issue (or a pull request's issue row) with the next number, its labels and assignees, and
 * keeps the repository's and the milestone's counters in the same transaction (nests in the caller's).
 */
export function insertIssue(db: Database, issue: NewIssue): IssueRow {
  return db.transaction(() => {
    const number = allocateIssueNumber(db, issue.repoId);
    const now = issue.created ?? nowSeconds();
    const closed = issue.isClosed === true;
    // RETURNING: the row as stored, without reading it back
    const row = db.get<IssueRow>(
      `INSERT INTO issue (repo_id, number, poster_id, title, content, ref, milestone_id, is_closed, is_pull,
                          deadline_unix, created, updated, closed_unix)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING *`,
      issue.repoId,
      number,
      issue.posterId,
      issue.title,
      issue.content ?? '',
      issue.ref ?? '',
      issue.milestoneId ?? null,
      closed,
      issue.isPull === true,
      issue.deadlineUnix ?? 0,
      now,
      now,
      closed ? now : 0,
    )!;
    const id = row.id;
    rememberIssue(db, row);
    for (const labelId of new Set(issue.labelIds ?? [])) {
      db.run('INSERT INTO issue_label (issue_id, label_id) VALUES (?, ?)', id, labelId);
    }
    for (const assigneeId of new Set(issue.assigneeIds ?? [])) {
      db.run('INSERT INTO issue_assignees (issue_id, assignee_id) VALUES (?, ?)', id, assigneeId);
    }
    countOnRepository(db, issue.repoId, issue.isPull === true, 1, closed ? 1 : 0);
    refreshMilestoneCounters(db, issue.milestoneId ?? null);
    return row;
  });
}

/** Closes or reopens: closing stamps closed_unix, reopening clears it; counters follow. */
export function setIssueClosed(db: Database, issue: IssueRow, closed: boolean): IssueRow {
  if (issue.is_closed === closed) return issue;
  return db.transaction(() => {
    const now = nowSeconds();
    db.run(
      'UPDATE issue SET is_closed = ?, closed_unix = ?, updated = ? WHERE id = ?',
      closed,
      closed ? now : 0,
      now,
      issue.id,
    );
    countOnRepository(db, issue.repo_id, issue.is_pull, 0, closed ? 1 : -1);
    refreshMilestoneCounters(db, issue.milestone_id);
    return findIssueById(db, issue.id)!;
  });
}

/** Moves the issue to another milestone (null = none), recounting both. */
export function setIssueMilestone(db: Database, issue: IssueRow, milestoneId: number | null): IssueRow {
  if (issue.milestone_id === milestoneId) return issue;
  return db.transaction(() => {
    db.run(
      'UPDATE issue SET milestone_id = ?, updated = ? WHERE id = ?',
      milestoneId,
      nowSeconds(),
      issue.id,
    );
    refreshMilestoneCounters(db, issue.milestone_id);
    refreshMilestoneCounters(db, milestoneId);
    return findIssueById(db, issue.id)!;
  });
}

export interface IssueTextChanges {
  title?: string;
  content?: string;
  ref?: string;
  deadlineUnix?: number;
  isLocked?: boolean;
}

/** Title, body (bumping content_version when it changes), ref, due date; `updated` moves. */
export function updateIssueFields(db: Database, issue: IssueRow, changes: IssueTextChanges): IssueRow {
  const content = changes.content ?? issue.content;
  db.run(
    `UPDATE issue SET title = ?, content = ?, content_version = ?, ref = ?, deadline_unix = ?, is_locked = ?,
                      updated = ?
     WHERE id = ?`,
    changes.title ?? issue.title,
    content,
    issue.content_version + (content === issue.content ? 0 : 1),
    changes.ref ?? issue.ref,
    changes.deadlineUnix ?? issue.deadline_unix,
    changes.isLocked === undefined ? issue.is_locked : changes.isLocked,
    nowSeconds(),
    issue.id,
  );
  return findIssueById(db, issue.id)!;
}

/** Marks the issue as changed now (labels, assignees, comments). */
export function touchIssue(db: Database, issueId: number): void {
  const row = db.get<IssueRow>(
    'UPDATE issue SET updated = ? WHERE id = ? RETURNING *',
    nowSeconds(),
    issueId,
  );
  if (row) rememberIssue(db, row);
}

/** Deletes the issue with its comments, labels and assignees (cascade); counters follow. */
export function deleteIssueRow(db: Database, issue: IssueRow): void {
  db.transaction(() => {
    db.run('DELETE FROM issue WHERE id = ?', issue.id);
    countOnRepository(db, issue.repo_id, issue.is_pull, -1, issue.is_closed ? -1 : 0);
    refreshMilestoneCounters(db, issue.milestone_id);
  });
}

/** How many of the repository's issues (or pull requests) are pinned. */
export function countPinned(db: Database, repoId: number, isPull: boolean): number {
  return (
    db.get<{ n: number }>(
      'SELECT count(*) AS n FROM issue WHERE repo_id = ? AND is_pull = ? AND pin_order > 0',
      repoId,
      isPull,
    )?.n ?? 0
  );
}

/** Pins the issue after the others (Gitea: the highest position plus one, gaps kept). */
export function pinIssueRow(db: Database, issue: IssueRow): void {
  db.run(
    `UPDATE issue SET pin_order = 1 + coalesce(
       (SELECT max(pin_order) FROM issue WHERE repo_id = ?1 AND is_pull = ?2 AND pin_order > 0), 0)
     WHERE id = ?3`,
    issue.repo_id,
    issue.is_pull,
    issue.id,
  );
}

export function unpinIssueRow(db: Database, issue: IssueRow): void {
  db.run('UPDATE issue SET pin_order = 0 WHERE id = ?', issue.id);
}

/** Moves a pinned issue to `position`, shifting those between its old and new place (Gitea's MovePin). */
export function movePinRow(db: Database, issue: IssueRow, position: number): void {
  db.transaction(() => {
    const from = issue.pin_order;
    if (from > position) {
      db.run(
        `UPDATE issue SET pin_order = pin_order + 1
         WHERE repo_id = ? AND is_pull = ? AND pin_order >= ? AND pin_order < ?`,
        issue.repo_id,
        issue.is_pull,
        position,
        from,
      );
    } else {
      db.run(
        `UPDATE issue SET pin_order = pin_order - 1
         WHERE repo_id = ? AND is_pull = ? AND pin_order > ? AND pin_order <= ?`,
        issue.repo_id,
        issue.is_pull,
        from,
        position,
      );
    }
    db.run('UPDATE issue SET pin_order = ? WHERE id = ?', position, issue.id);
  });
}

/** The repository's pinned issues (or pull requests) by position. */
export function pinnedIssues(db: Database, repoId: number, isPull: boolean): IssueRow[] {
  return db.all<IssueRow>(
    'SELECT * FROM issue WHERE repo_id = ? AND is_pull = ? AND pin_order > 0 ORDER BY pin_order, id',
    repoId,
    isPull,
  );
}

export function setIssueLocked(db: Database, issue: IssueRow, locked: boolean): void {
  db.run('UPDATE issue SET is_locked = ?, updated = ? WHERE id = ?', locked, nowSeconds(), issue.id);
}

/** Counts an edit that kept the text (Gitea re-saves the content when a file is attached). */
export function bumpIssueContentVersion(db: Database, issueId: number): void {
  db.run(
    'UPDATE issue SET content_version = content_version + 1, updated = ? WHERE id = ?',
    nowSeconds(),
    issueId,
  );
}
