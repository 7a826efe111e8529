import { nowSeconds, type Database } from './database';
import type { UserRow } from './users';

/** A row of `user_blocking`: `blocker_id` (a user or an organization) blocks `blockee_id`. */
export interface BlockingRow {
  id: number;
  blocker_id: number;
  blockee_id: number;
  note: string;
  created: number;
}

export function findBlocking(db: Database, blockerId: number, blockeeId: number): BlockingRow | undefined {
  return db.get<BlockingRow>(
    'SELECT * FROM user_blocking WHERE blocker_id = ? AND blockee_id = ?',
    blockerId,
    blockeeId,
  );
}

/** Whether any of `blockerIds` blocks the user (site administrators are exempted by the permission module). */
export function blockedByAny(db: Database, blockeeId: number, blockerIds: readonly number[]): boolean {
  if (blockerIds.length === 0) return false;
  const blockers = JSON.stringify(blockerIds);
  // asked by every comment and issue a user writes; kept until a block is added or removed
  return db.memoOf(
    ['user_blocking'],
    `blocked:${blockeeId}:${blockers}`,
    () =>
      db.get(
        'SELECT 1 FROM user_blocking WHERE blockee_id = ? AND blocker_id IN (SELECT value FROM json_each(?))',
        blockeeId,
        blockers,
      ) !== undefined,
  );
}

export function insertBlocking(db: Database, blockerId: number, blockeeId: number, note: string): void {
  db.run(
    'INSERT INTO user_blocking (blocker_id, blockee_id, note, created) VALUES (?, ?, ?, ?)',
    blockerId,
    blockeeId,
    note,
    nowSeconds(),
  );
}

export function deleteBlocking(db: Database, blockerId: number, blockeeId: number): void {
  db.run('DELETE FROM user_blocking WHERE blocker_id = ? AND blockee_id = ?', blockerId, blockeeId);
}

/** One page of the accounts `blockerId` blocks, oldest block first, and how many there are. */
export function listBlockedUsers(
  db: Database,
  blockerId: number,
  page: { offset: number; limit: number },
): { rows: UserRow[]; total: number } {
  const total =
    db.get<{ n: number }>('SELECT count(*) AS n FROM user_blocking WHERE blocker_id = ?', blockerId)?.n ?? 0;
  const rows = db.all<UserRow>(
    `SELECT user.* FROM user_blocking JOIN user ON user.id = user_blocking.blockee_id
     WHERE user_blocking.blocker_id = ? ORDER BY user_blocking.id LIMIT ? OFFSET ?`,
    blockerId,
    page.limit,
    page.offset,
  );
  return { rows, total };
}

/** What ties a user to an owner's repositories, which a block cuts (Gitea's BlockUser). */
export interface RepositoryTies {
  starred: number[];
  watched: number[];
  collaborations: number[];
  assignedIssues: number[];
}

export function repositoryTies(db: Database, userId: number, ownerId: number): RepositoryTies {
  const ids = (sql: string): number[] => db.all<{ id: number }>(sql, userId, ownerId).map((row) => row.id);
  const ofOwner = 'SELECT id FROM repository WHERE owner_id = ?';
  return {
    starred: ids(`SELECT repo_id AS id FROM star WHERE uid = ? AND repo_id IN (${ofOwner})`),
    watched: ids(
      `SELECT repo_id AS id FROM watch WHERE user_id = ? AND mode IN (1, 3) AND repo_id IN (${ofOwner})`,
    ),
    collaborations: ids(
      `SELECT repo_id AS id FROM collaboration WHERE user_id = ? AND repo_id IN (${ofOwner})`,
    ),
    assignedIssues: ids(
      `SELECT issue_assignees.issue_id AS id FROM issue_assignees JOIN issue ON issue.id = issue_assignees.issue_id
       WHERE issue_assignees.assignee_id = ? AND issue.repo_id IN (${ofOwner})`,
    ),
  };
}

export function deleteIssueAssignee(db: Database, issueId: number, assigneeId: number): void {
  db.run('DELETE FROM issue_assignees WHERE issue_id = ? AND assignee_id = ?', issueId, assigneeId);
}

/** The repositories whose pending transfer `doerId` started towards `recipientId`. */
export function pendingTransfersBetween(db: Database, doerId: number, recipientId: number): number[] {
  return db
    .all<{ repo_id: number }>(
      'SELECT repo_id FROM repo_transfer WHERE doer_id = ? AND recipient_id = ?',
      doerId,
      recipientId,
    )
    .map((row) => row.repo_id);
}
