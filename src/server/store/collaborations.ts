import { nowSeconds, type Database } from './database';
import type { UserRow } from './users';

export type CollaboratorMode = 'read' | 'write' | 'admin';

/** Adds the user as a collaborator or changes their mode; true when something changed. */
export function upsertCollaboration(
  db: Database,
  repoId: number,
  userId: number,
  mode: CollaboratorMode,
): boolean {
  const now = nowSeconds();
  const { changes } = db.run(
    `INSERT INTO collaboration (repo_id, user_id, mode, created, updated) VALUES (?, ?, ?, ?, ?)
     ON CONFLICT (repo_id, user_id) DO UPDATE SET mode = excluded.mode, updated = excluded.updated
     WHERE collaboration.mode != excluded.mode`,
    repoId,
    userId,
    mode,
    now,
    now,
  );
  return changes > 0;
}

/** True when there was a collaboration to remove. */
export function deleteCollaboration(db: Database, repoId: number, userId: number): boolean {
  return db.run('DELETE FROM collaboration WHERE repo_id = ? AND user_id = ?', repoId, userId).changes > 0;
}

export function isCollaborator(db: Database, repoId: number, userId: number): boolean {
  return (
    db.get('SELECT 1 FROM collaboration WHERE repo_id = ? AND user_id = ?', repoId, userId) !== undefined
  );
}

/** One page of a repository's collaborators (as users), in the order they were added, and how many there are. */
export function listCollaborators(
  db: Database,
  repoId: number,
  page: { offset: number; limit: number },
): { rows: UserRow[]; total: number } {
  const rows = db.all<UserRow>(
    `SELECT user.* FROM collaboration JOIN user ON user.id = collaboration.user_id
     WHERE collaboration.repo_id = ? ORDER BY collaboration.id LIMIT ? OFFSET ?`,
    repoId,
    page.limit,
    page.offset,
  );
  const total =
    db.get<{ n: number }>('SELECT count(*) AS n FROM collaboration WHERE repo_id = ?', repoId)?.n ?? 0;
  return { rows, total };
}
