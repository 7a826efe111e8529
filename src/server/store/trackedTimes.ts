import type { Paging } from '../domain/paging';
import { nowSeconds, type Database, type SqlValue } from './database';
import type { RepositoryRow } from './repositories';

/** A row of `tracked_time`; `deleted` rows are kept but never listed. */
export interface TrackedTimeRow {
  id: number;
  issue_id: number;
  user_id: number;
  /** seconds */
  time: number;
  created: number;
  deleted: boolean;
}

/** The repository's time tracker settings (Gitea's issues unit config). */
export interface TimeTrackerSettings {
  enableTimeTracker: boolean;
  allowOnlyContributorsToTrackTime: boolean;
}

export function timeTrackerSettings(
  db: Database,
  repo: Pick<RepositoryRow, 'id' | 'enable_time_tracker' | 'allow_only_contributors_to_track_time'>,
): TimeTrackerSettings {
  if (repo.enable_time_tracker !== undefined && repo.allow_only_contributors_to_track_time !== undefined) {
    return {
      enableTimeTracker: repo.enable_time_tracker,
      allowOnlyContributorsToTrackTime: repo.allow_only_contributors_to_track_time,
    };
  }
  const repoId = repo.id;
  const row = db.get<{ enable_time_tracker: boolean; allow_only_contributors_to_track_time: boolean }>(
    'SELECT enable_time_tracker, allow_only_contributors_to_track_time FROM repository WHERE id = ?',
    repoId,
  );
  return {
    enableTimeTracker: row?.enable_time_tracker !== false,
    allowOnlyContributorsToTrackTime: row?.allow_only_contributors_to_track_time !== false,
  };
}

export function setTimeTrackerSettings(
  db: Database,
  repoId: number,
  settings: Partial<TimeTrackerSettings>,
): void {
  const current = timeTrackerSettings(db, { id: repoId });
  db.run(
    'UPDATE repository SET enable_time_tracker = ?, allow_only_contributors_to_track_time = ? WHERE id = ?',
    settings.enableTimeTracker ?? current.enableTimeTracker,
    settings.allowOnlyContributorsToTrackTime ?? current.allowOnlyContributorsToTrackTime,
    repoId,
  );
}

export function insertTrackedTime(
  db: Database,
  time: { issueId: number; userId: number; seconds: number; created?: number },
): TrackedTimeRow {
  const { lastInsertRowid } = db.run(
    'INSERT INTO tracked_time (issue_id, user_id, time, created) VALUES (?, ?, ?, ?)',
    time.issueId,
    time.userId,
    time.seconds,
    time.created ?? nowSeconds(),
  );
  return findTrackedTime(db, lastInsertRowid)!;
}

export function findTrackedTime(db: Database, id: number): TrackedTimeRow | undefined {
  return db.get<TrackedTimeRow>('SELECT * FROM tracked_time WHERE id = ?', id);
}

export function markTrackedTimeDeleted(db: Database, id: number): void {
  db.run('UPDATE tracked_time SET deleted = 1 WHERE id = ?', id);
}

/** Marks every live time of the user on the issue deleted; answers how many seconds went. */
export function deleteUserIssueTimes(db: Database, issueId: number, userId: number): number {
  return db.transaction(() => {
    const seconds =
      db.get<{ s: number | null }>(
        'SELECT sum(time) AS s FROM tracked_time WHERE issue_id = ? AND user_id = ? AND deleted = 0',
        issueId,
        userId,
      )?.s ?? 0;
    db.run(
      'UPDATE tracked_time SET deleted = 1 WHERE issue_id = ? AND user_id = ? AND deleted = 0',
      issueId,
      userId,
    );
    return seconds;
  });
}

/** Live times of the user on the issue. */
export function countUserIssueTimes(db: Database, issueId: number, userId: number): number {
  return (
    db.get<{ n: number }>(
      'SELECT count(*) AS n FROM tracked_time WHERE issue_id = ? AND user_id = ? AND deleted = 0',
      issueId,
      userId,
    )?.n ?? 0
  );
}

/** Gitea's FindTrackedTimesOptions: every field narrows; times are unix seconds, inclusive. */
export interface TrackedTimeFilter {
  repoId?: number;
  issueId?: number;
  userId?: number;
  since?: number;
  before?: number;
}

/** One page (or all, without paging) of live tracked times, oldest first, and how many match. */
export function listTrackedTimes(
  db: Database,
  filter: TrackedTimeFilter,
  paging?: Paging,
): { rows: TrackedTimeRow[]; total: number } {
  const conditions = ['tracked_time.deleted = 0'];
  const params: SqlValue[] = [];
  const narrow = (sql: string, value: number | undefined): void => {
    if (value === undefined) return;
    conditions.push(sql);
    params.push(value);
  };
  narrow('issue.repo_id = ?', filter.repoId);
  narrow('tracked_time.issue_id = ?', filter.issueId);
  narrow('tracked_time.user_id = ?', filter.userId);
  narrow('tracked_time.created >= ?', filter.since);
  narrow('tracked_time.created <= ?', filter.before);
  const from = `FROM tracked_time JOIN issue ON issue.id = tracked_time.issue_id WHERE ${conditions.join(' AND ')}`;
  const total = db.get<{ n: number }>(`SELECT count(*) AS n ${from}`, ...params)?.n ?? 0;
  const page = paging ? ' LIMIT ? OFFSET ?' : '';
  const rows = db.all<TrackedTimeRow>(
    `SELECT tracked_time.* ${from} ORDER BY tracked_time.id${page}`,
    ...params,
    ...(paging ? [paging.limit, paging.offset] : []),
  );
  return { rows, total };
}
