import { nowSeconds, type Database } from './database';
import type { RepositoryRow } from './repositories';
import type { UserRow } from './users';

/**
 * Stars and the repository's `num_stars` counter, changed together. Callers run these inside a transaction
 * when they combine them with other writes; each is atomic on its own.
 */

/** Stars the repository; starring twice changes nothing. True when a star was added. */
export function addStar(db: Database, userId: number, repoId: number): boolean {
  return db.transaction(() => {
    const added =
      db.run(
        'INSERT OR IGNORE INTO star (uid, repo_id, created) VALUES (?, ?, ?)',
        userId,
        repoId,
        nowSeconds(),
      ).changes > 0;
    if (added) db.run('UPDATE repository SET num_stars = num_stars + 1 WHERE id = ?', repoId);
    return added;
  });
}

/** True when a star was removed. */
export function removeStar(db: Database, userId: number, repoId: number): boolean {
  return db.transaction(() => {
    const removed = db.run('DELETE FROM star WHERE uid = ? AND repo_id = ?', userId, repoId).changes > 0;
    if (removed) db.run('UPDATE repository SET num_stars = num_stars - 1 WHERE id = ?', repoId);
    return removed;
  });
}

export function isStarring(db: Database, userId: number, repoId: number): boolean {
  return db.get('SELECT 1 FROM star WHERE uid = ? AND repo_id = ?', userId, repoId) !== undefined;
}

/** One page of the users who starred a repository, oldest star first, and how many there are. */
export function listStargazers(
  db: Database,
  repoId: number,
  page: { offset: number; limit: number },
): { rows: UserRow[]; total: number } {
  const rows = db.all<UserRow>(
    `SELECT user.* FROM star JOIN user ON user.id = star.uid WHERE star.repo_id = ? ORDER BY star.id LIMIT ? OFFSET ?`,
    repoId,
    page.limit,
    page.offset,
  );
  const total = db.get<{ n: number }>('SELECT count(*) AS n FROM star WHERE repo_id = ?', repoId)?.n ?? 0;
  return { rows, total };
}

/** Every repository the user starred, most recent star first (visibility is decided by the caller). */
export function starredRepositories(db: Database, userId: number): RepositoryRow[] {
  return db.all<RepositoryRow>(
    `SELECT repository.* FROM star JOIN repository ON repository.id = star.repo_id
     WHERE star.uid = ? ORDER BY star.created DESC, star.id DESC`,
    userId,
  );
}
