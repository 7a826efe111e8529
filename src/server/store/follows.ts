import { nowSeconds, type Database } from './database';
import type { UserRow } from './users';

export function isFollowing(db: Database, userId: number, followId: number): boolean {
  return (
    db.get<{ id: number }>('SELECT id FROM follow WHERE user_id = ? AND follow_id = ?', userId, followId) !==
    undefined
  );
}

/** Records that `userId` follows `followId`; following twice changes nothing. */
export function insertFollow(db: Database, userId: number, followId: number): void {
  db.run(
    'INSERT OR IGNORE INTO follow (user_id, follow_id, created) VALUES (?, ?, ?)',
    userId,
    followId,
    nowSeconds(),
  );
}

export function deleteFollow(db: Database, userId: number, followId: number): void {
  db.run('DELETE FROM follow WHERE user_id = ? AND follow_id = ?', userId, followId);
}

/** The accounts following `accountId`, in the order they started. */
export function listFollowers(db: Database, accountId: number): UserRow[] {
  return db.all<UserRow>(
    'SELECT user.* FROM follow JOIN user ON user.id = follow.user_id WHERE follow.follow_id = ? ORDER BY follow.id',
    accountId,
  );
}

/** The accounts `userId` follows, in the order they were followed. */
export function listFollowing(db: Database, userId: number): UserRow[] {
  return db.all<UserRow>(
    'SELECT user.* FROM follow JOIN user ON user.id = follow.follow_id WHERE follow.user_id = ? ORDER BY follow.id',
    userId,
  );
}
