import { containsPattern } from './sqlLike';
import type { Paging } from '../domain/paging';
import { nowSeconds, type Database, type SqlValue } from './database';

/** A row of `milestone`. Counts cover issues and pull requests, as Gitea's. */
export interface MilestoneRow {
  id: number;
  repo_id: number;
  name: string;
  content: string;
  is_closed: boolean;
  num_issues: number;
  num_closed_issues: number;
  /** 0 = no due date */
  deadline_unix: number;
  closed_date_unix: number;
  created: number;
  updated: number;
}

export function findMilestone(db: Database, repoId: number, id: number): MilestoneRow | undefined {
  return db.get<MilestoneRow>('SELECT * FROM milestone WHERE id = ? AND repo_id = ?', id, repoId);
}

/** Gitea matches milestone names exactly; the oldest wins when names repeat. */
export function findMilestoneByName(db: Database, repoId: number, name: string): MilestoneRow | undefined {
  return db.get<MilestoneRow>(
    'SELECT * FROM milestone WHERE repo_id = ? AND name = ? ORDER BY id LIMIT 1',
    repoId,
    name,
  );
}

export function milestonesByIds(db: Database, ids: readonly number[]): Map<number, MilestoneRow> {
  const rows =
    ids.length === 0
      ? []
      : db.all<MilestoneRow>(
          'SELECT * FROM milestone WHERE id IN (SELECT value FROM json_each(?))',
          JSON.stringify(ids),
        );
  return new Map(rows.map((row) => [row.id, row]));
}

export interface MilestoneFilter {
  /** undefined = open and closed */
  closed?: boolean;
  /** a case-insensitive substring of the name (Gitea's `name` filter) */
  name?: string;
}

/** A page of a repository's milestones, nearest due date first (none last), then oldest. */
export function listMilestones(
  db: Database,
  repoId: number,
  filter: MilestoneFilter,
  paging: Paging,
): { rows: MilestoneRow[]; total: number } {
  const conditions = ['repo_id = ?'];
  const params: SqlValue[] = [repoId];
  if (filter.closed !== undefined) {
    conditions.push('is_closed = ?');
    params.push(filter.closed);
  }
  if (filter.name) {
    conditions.push("lower(name) LIKE ? ESCAPE '\\'");
    params.push(containsPattern(filter.name.toLowerCase()));
  }
  const where = conditions.join(' AND ');
  const total =
    db.get<{ n: number }>(`SELECT count(*) AS n FROM milestone WHERE ${where}`, ...params)?.n ?? 0;
  const rows = db.all<MilestoneRow>(
    `SELECT * FROM milestone WHERE ${where}
     ORDER BY deadline_unix = 0, deadline_unix, id LIMIT ? OFFSET ?`,
    ...params,
    paging.limit,
    paging.offset,
  );
  return { rows, total };
}

export interface NewMilestone {
  repoId: number;
  name: string;
  content: string;
  deadlineUnix: number;
  closed: boolean;
}

/** Inserts a milestone and counts it on the repository. */
export function insertMilestone(db: Database, milestone: NewMilestone): MilestoneRow {
  return db.transaction(() => {
    const now = nowSeconds();
    const { lastInsertRowid } = db.run(
      `INSERT INTO milestone (repo_id, name, content, is_closed, deadline_unix, closed_date_unix, created, updated)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
      milestone.repoId,
      milestone.name,
      milestone.content,
      milestone.closed,
      milestone.deadlineUnix,
      milestone.closed ? now : 0,
      now,
      now,
    );
    refreshRepositoryMilestoneCounters(db, milestone.repoId);
    return db.get<MilestoneRow>('SELECT * FROM milestone WHERE id = ?', lastInsertRowid)!;
  });
}

export interface MilestoneChanges {
  name?: string;
  content?: string;
  deadlineUnix?: number;
  closed?: boolean;
}

/** Applies the changes; closing stamps closed_date_unix (reopening keeps it, as Gitea, but it is not shown). */
export function updateMilestone(
  db: Database,
  milestone: MilestoneRow,
  changes: MilestoneChanges,
): MilestoneRow {
  return db.transaction(() => {
    const now = nowSeconds();
    const closed = changes.closed ?? milestone.is_closed;
    const closedDate = closed && !milestone.is_closed ? now : milestone.closed_date_unix;
    db.run(
      `UPDATE milestone SET name = ?, content = ?, deadline_unix = ?, is_closed = ?, closed_date_unix = ?, updated = ?
       WHERE id = ?`,
      changes.name ?? milestone.name,
      changes.content ?? milestone.content,
      changes.deadlineUnix ?? milestone.deadline_unix,
      closed,
      closedDate,
      now,
      milestone.id,
    );
    refreshRepositoryMilestoneCounters(db, milestone.repo_id);
    return db.get<MilestoneRow>('SELECT * FROM milestone WHERE id = ?', milestone.id)!;
  });
}

/** Deletes a milestone; its issues lose it (the foreign key sets NULL). */
export function deleteMilestone(db: Database, milestone: MilestoneRow): void {
  db.transaction(() => {
    db.run('DELETE FROM milestone WHERE id = ?', milestone.id);
    refreshRepositoryMilestoneCounters(db, milestone.repo_id);
  });
}

/** Recounts a milestone's issues from the issue table (as Gitea's UpdateMilestoneCounters). */
export function refreshMilestoneCounters(db: Database, milestoneId: number | null): void {
  if (milestoneId === null) return;
  db.run(
    `UPDATE milestone SET
       num_issues = (SELECT count(*) FROM issue WHERE milestone_id = ?1),
       num_closed_issues = (SELECT count(*) FROM issue WHERE milestone_id = ?1 AND is_closed = 1)
     WHERE id = ?1`,
    milestoneId,
  );
}

function refreshRepositoryMilestoneCounters(db: Database, repoId: number): void {
  db.run(
    `UPDATE repository SET
       num_milestones = (SELECT count(*) FROM milestone WHERE repo_id = ?1),
       num_closed_milestones = (SELECT count(*) FROM milestone WHERE repo_id = ?1 AND is_closed = 1)
     WHERE id = ?1`,
    repoId,
  );
}
