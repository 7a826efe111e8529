import { nowSeconds, type Database } from './database';
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

export interface ReparentRequestRow {
  fork_id: number;
  parent_id: number;
  doer_id: number;
  created_unix: number;
}

export function findReparentRequest(db: Database, forkId: number): ReparentRequestRow | undefined {
  return db.get<ReparentRequestRow>('SELECT * FROM reparent_request WHERE fork_id = ?', forkId);
}

export function insertReparentRequest(db: Database, forkId: number, parentId: number, doerId: number): void {
  db.run(
    'INSERT INTO reparent_request (fork_id, parent_id, doer_id, created_unix) VALUES (?, ?, ?, ?)',
    forkId,
    parentId,
    doerId,
    nowSeconds(),
  );
}

export function deleteReparentRequest(db: Database, forkId: number): void {
  db.run('DELETE FROM reparent_request WHERE fork_id = ?', forkId);
}

/**
 * The fork `forkId` of `parentId` becomes the family's parent: it is a fork of nothing (or of what the old
 * parent forked), the old parent and its other forks become its forks, and the fork counts follow.
 */
export function promoteFork(db: Database, forkId: number, parentId: number): void {
  db.transaction(() => {
    const parent = db.get<{ fork_id: number | null; is_fork: number }>(
      'SELECT fork_id, is_fork FROM repository WHERE id = ?',
      parentId,
    );
    db.run(
      'UPDATE repository SET fork_id = ? WHERE fork_id = ? AND is_fork = 1 AND id <> ?',
      forkId,
      parentId,
      forkId,
    );
    db.run(
      'UPDATE repository SET is_fork = ?, fork_id = ? WHERE id = ?',
      parent?.is_fork ?? 0,
      parent?.fork_id ?? null,
      forkId,
    );
    db.run('UPDATE repository SET is_fork = 1, fork_id = ? WHERE id = ?', forkId, parentId);
    db.run(
      `UPDATE repository SET num_forks = (SELECT count(*) FROM repository AS f WHERE f.fork_id = repository.id AND f.is_fork = 1)
       WHERE id IN (?, ?, ?)`,
      forkId,
      parentId,
      parent?.fork_id ?? 0,
    );
    deleteReparentRequest(db, forkId);
  });
}
