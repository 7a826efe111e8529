import type { Paging } from '../domain/paging';
import { nowSeconds, type Database, type SqlValue } from './database';

/** Gitea's NotificationStatus and NotificationSource numbers. */
export const notificationStatus = { unread: 1, read: 2, pinned: 3 } as const;
export type NotificationStatus = (typeof notificationStatus)[keyof typeof notificationStatus];
export const notificationSource = { issue: 1, pullRequest: 2, commit: 3, repository: 4 } as const;
export type NotificationSource = (typeof notificationSource)[keyof typeof notificationSource];

/** A row of `notification`: one thread per user and issue. */
export interface NotificationRow {
  id: number;
  user_id: number;
  repo_id: number;
  status: NotificationStatus;
  source: NotificationSource;
  issue_id: number;
  comment_id: number | null;
  updated_by: number;
  created: number;
  updated: number;
}

export function findNotification(db: Database, id: number): NotificationRow | undefined {
  return db.get<NotificationRow>('SELECT * FROM notification WHERE id = ?', id);
}

/**
 * Creates the user's thread for the issue, or brings it up again (Gitea's updateIssueNotification): a read
 * thread becomes unread and points at the new comment; an unread or pinned one only moves up.
 */
export function upsertIssueNotification(
  db: Database,
  thread: {
    userId: number;
    repoId: number;
    issueId: number;
    source: NotificationSource;
    commentId: number | null;
    updatedBy: number;
  },
): void {
  const now = nowSeconds();
  db.run(
    `INSERT INTO notification (user_id, repo_id, status, source, issue_id, comment_id, updated_by, created, updated)
     VALUES (?1, ?2, 1, ?3, ?4, ?5, ?6, ?7, ?7)
     ON CONFLICT (user_id, issue_id) DO UPDATE SET
       comment_id = CASE WHEN status = 2 THEN excluded.comment_id ELSE comment_id END,
       status = CASE WHEN status = 2 THEN 1 ELSE status END,
       updated_by = excluded.updated_by,
       updated = excluded.updated`,
    thread.userId,
    thread.repoId,
    thread.source,
    thread.issueId,
    thread.commentId,
    thread.updatedBy,
    now,
  );
}

/** Gitea's FindNotificationOptions: every field narrows; times are unix seconds of `updated`, inclusive. */
export interface NotificationFilter {
  userId: number;
  repoId?: number;
  /** empty or absent = any status */
  statuses?: readonly NotificationStatus[];
  sources?: readonly NotificationSource[];
  since?: number;
  before?: number;
}

function whereOf(filter: NotificationFilter): { where: string; params: SqlValue[] } {
  const conditions = ['user_id = ?'];
  const params: SqlValue[] = [filter.userId];
  const narrow = (sql: string, value: SqlValue | undefined): void => {
    if (value === undefined) return;
    conditions.push(sql);
    params.push(value);
  };
  narrow('repo_id = ?', filter.repoId);
  narrow('updated >= ?', filter.since);
  narrow('updated <= ?', filter.before);
  if (filter.statuses && filter.statuses.length > 0) {
    narrow('status IN (SELECT value FROM json_each(?))', JSON.stringify(filter.statuses));
  }
  if (filter.sources && filter.sources.length > 0) {
    narrow('source IN (SELECT value FROM json_each(?))', JSON.stringify(filter.sources));
  }
  return { where: conditions.join(' AND '), params };
}

/** A page of the user's threads, most recently updated first, and how many match. */
export function listNotifications(
  db: Database,
  filter: NotificationFilter,
  paging?: Paging,
): { rows: NotificationRow[]; total: number } {
  const { where, params } = whereOf(filter);
  const total =
    db.get<{ n: number }>(`SELECT count(*) AS n FROM notification WHERE ${where}`, ...params)?.n ?? 0;
  const page = paging ? ' LIMIT ? OFFSET ?' : '';
  const rows = db.all<NotificationRow>(
    `SELECT * FROM notification WHERE ${where} ORDER BY updated DESC, id DESC${page}`,
    ...params,
    ...(paging ? [paging.limit, paging.offset] : []),
  );
  return { rows, total };
}

export function countNotifications(db: Database, filter: NotificationFilter): number {
  const { where, params } = whereOf(filter);
  return db.get<{ n: number }>(`SELECT count(*) AS n FROM notification WHERE ${where}`, ...params)?.n ?? 0;
}

/** Changes a thread's status; `updated` stays, as Gitea's SetNotificationStatus (NoAutoTime). */
export function setNotificationStatus(db: Database, id: number, status: NotificationStatus): NotificationRow {
  db.run('UPDATE notification SET status = ? WHERE id = ?', status, id);
  return findNotification(db, id)!;
}

/** The newest plain comment (type 0) of each issue, by issue id, for the threads' `latest_comment_url`. */
export function latestCommentIds(db: Database, issueIds: readonly number[]): Map<number, number> {
  if (issueIds.length === 0) return new Map();
  const rows = db.all<{ issue_id: number; id: number }>(
    `SELECT issue_id, max(id) AS id FROM comment
     WHERE type = 0 AND issue_id IN (SELECT value FROM json_each(?)) GROUP BY issue_id`,
    JSON.stringify([...new Set(issueIds)]),
  );
  return new Map(rows.map((r) => [r.issue_id, r.id]));
}
