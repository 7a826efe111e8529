import type { Paging } from '../domain/paging';
import { nowSeconds, type Database } from './database';

/** A row of `stopwatch`: a user's running stopwatch on an issue. */
export interface StopwatchRow {
  id: number;
  issue_id: number;
  user_id: number;
  created: number;
}

export function findStopwatch(db: Database, userId: number, issueId: number): StopwatchRow | undefined {
  return db.get<StopwatchRow>('SELECT * FROM stopwatch WHERE user_id = ? AND issue_id = ?', userId, issueId);
}

/** The user's running stopwatches on issues other than `issueId`. */
export function otherStopwatches(db: Database, userId: number, issueId: number): StopwatchRow[] {
  return db.all<StopwatchRow>(
    'SELECT * FROM stopwatch WHERE user_id = ? AND issue_id <> ? ORDER BY id',
    userId,
    issueId,
  );
}

export function insertStopwatch(db: Database, userId: number, issueId: number): StopwatchRow {
  const { lastInsertRowid } = db.run(
    'INSERT INTO stopwatch (issue_id, user_id, created) VALUES (?, ?, ?)',
    issueId,
    userId,
    nowSeconds(),
  );
  return db.get<StopwatchRow>('SELECT * FROM stopwatch WHERE id = ?', lastInsertRowid)!;
}

export function deleteStopwatch(db: Database, id: number): void {
  db.run('DELETE FROM stopwatch WHERE id = ?', id);
}

/** A page of the user's running stopwatches, oldest first, and how many there are. */
export function listUserStopwatches(
  db: Database,
  userId: number,
  paging: Paging,
): { rows: StopwatchRow[]; total: number } {
  const rows = db.all<StopwatchRow>(
    'SELECT * FROM stopwatch WHERE user_id = ? ORDER BY id LIMIT ? OFFSET ?',
    userId,
    paging.limit,
    paging.offset,
  );
  const total =
    db.get<{ n: number }>('SELECT count(*) AS n FROM stopwatch WHERE user_id = ?', userId)?.n ?? 0;
  return { rows, total };
}
