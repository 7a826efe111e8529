import type { Database } from './database';
import type { RepositoryRow } from './repositories';

/** The owner's fork of a repository, if they have one (Gitea's GetUserFork). */
export function findForkOwnedBy(db: Database, baseId: number, ownerId: number): RepositoryRow | undefined {
  return db.get<RepositoryRow>(
    'SELECT * FROM repository WHERE fork_id = ? AND owner_id = ? AND is_fork = 1',
    baseId,
    ownerId,
  );
}

/** Every fork of a repository, oldest first; the caller filters what the viewer may see. */
export function listForksOf(db: Database, baseId: number): RepositoryRow[] {
  return db.all<RepositoryRow>(
    'SELECT * FROM repository WHERE fork_id = ? AND is_fork = 1 ORDER BY id',
    baseId,
  );
}

/** Marks a new repository as a fork of `baseId` and counts it on the parent. */
export function recordFork(db: Database, forkId: number, baseId: number): void {
  db.run('UPDATE repository SET is_fork = 1, fork_id = ? WHERE id = ?', baseId, forkId);
  db.run('UPDATE repository SET num_forks = num_forks + 1 WHERE id = ?', baseId);
}
