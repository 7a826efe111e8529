import type { Paging } from '../domain/paging';
import { nowSeconds, type Database } from './database';
import type { IssueRow } from './issues';
import type { UserRow } from './users';

/** A row of `issue_watch`: an explicit subscription (is_watching 1) or unsubscription (0). */
export interface IssueWatchRow {
  user_id: number;
  issue_id: number;
  is_watching: boolean;
  created: number;
  updated: number;
}

export function findIssueWatch(db: Database, userId: number, issueId: number): IssueWatchRow | undefined {
  return db.get<IssueWatchRow>(
    'SELECT user_id, issue_id, is_watching, created, updated FROM issue_watch WHERE user_id = ? AND issue_id = ?',
    userId,
    issueId,
  );
}

/** Records an explicit subscription or unsubscription (Gitea's CreateOrUpdateIssueWatch). */
export function setIssueWatch(db: Database, userId: number, issueId: number, watching: boolean): void {
  const now = nowSeconds();
  db.run(
    `INSERT INTO issue_watch (user_id, issue_id, is_watching, created, updated) VALUES (?, ?, ?, ?, ?)
     ON CONFLICT (issue_id, user_id) DO UPDATE SET is_watching = excluded.is_watching, updated = excluded.updated`,
    userId,
    issueId,
    watching,
    now,
    now,
  );
}

/**
 * The issue's participants: its poster, those who commented or reviewed (Gitea's comment types 0, 21, 22)
 * and its assignees. As a CTE over `?1` = the issue id. The commenters are found by skipping from one
 * poster to the next on the covering index (issue_id, type, poster_id), so an issue of thousands of
 * comments by a few people costs a few seeks, not a read of every comment.
 */
const participantsSql = `
  WITH RECURSIVE commenter (type, uid) AS (
    SELECT kind.type, (SELECT min(poster_id) FROM comment WHERE issue_id = ?1 AND comment.type = kind.type)
    FROM (SELECT 0 AS type UNION ALL SELECT 21 UNION ALL SELECT 22) AS kind
    UNION ALL
    SELECT commenter.type, (SELECT min(poster_id) FROM comment
                            WHERE issue_id = ?1 AND comment.type = commenter.type AND poster_id > commenter.uid)
    FROM commenter WHERE commenter.uid IS NOT NULL
  )
  SELECT poster_id AS uid FROM issue WHERE id = ?1
  UNION SELECT uid FROM commenter WHERE uid IS NOT NULL
  UNION SELECT assignee_id FROM issue_assignees WHERE issue_id = ?1`;

/** Whether the user took part in the issue (poster, commenter, reviewer or assignee). */
export function isIssueParticipant(db: Database, issue: IssueRow, userId: number): boolean {
  return (
    db.get<{ n: number }>(`SELECT count(*) AS n FROM (${participantsSql}) WHERE uid = ?2`, issue.id, userId)!
      .n > 0
  );
}

// Subscribers as listed: explicit subscriptions and participants, less explicit unsubscriptions.
const subscribersSql = `
  WITH subscriber (uid) AS (
    ${participantsSql}
    UNION SELECT user_id FROM issue_watch WHERE issue_id = ?1 AND is_watching = 1
  )
  SELECT user.* FROM user JOIN subscriber ON subscriber.uid = user.id
  WHERE user.id NOT IN (SELECT user_id FROM issue_watch WHERE issue_id = ?1 AND is_watching = 0)`;

/** A page of the issue's subscribers (by user id) and how many there are. */
export function listIssueSubscribers(
  db: Database,
  issueId: number,
  paging: Paging,
): { rows: UserRow[]; total: number } {
  const rows = db.all<UserRow>(
    `${subscribersSql} ORDER BY user.id LIMIT ?2 OFFSET ?3`,
    issueId,
    paging.limit,
    paging.offset,
  );
  const total = db.get<{ n: number }>(`SELECT count(*) AS n FROM (${subscribersSql})`, issueId)?.n ?? 0;
  return { rows, total };
}

/**
 * Everyone who should hear about activity on the issue (Gitea's createOrUpdateIssueNotifications):
 * explicit subscribers, participants and, unless `withRepoWatchers` is false, the repository's watchers;
 * less explicit unsubscriptions. Access is the caller's to check.
 */
export function issueAudienceIds(db: Database, issue: IssueRow, withRepoWatchers: boolean): number[] {
  const rows = db.all<{ uid: number }>(
    `SELECT uid FROM (
       ${participantsSql}
       UNION SELECT user_id FROM issue_watch WHERE issue_id = ?1 AND is_watching = 1
       UNION SELECT user_id FROM watch WHERE repo_id = ?2 AND mode IN (1, 3) AND ?3 = 1
     )
     WHERE uid NOT IN (SELECT user_id FROM issue_watch WHERE issue_id = ?1 AND is_watching = 0)
     ORDER BY uid`,
    issue.id,
    issue.repo_id,
    withRepoWatchers,
  );
  return rows.map((r) => r.uid);
}
