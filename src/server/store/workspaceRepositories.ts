import type { Database } from './database';
import type { RepositoryRow } from './repositories';
import type { UserRow } from './users';

/** The local administrator who owns the workspace's repositories: the first site administrator. */
export function findLocalAdmin(db: Database): UserRow | undefined {
  return db.get<UserRow>('SELECT * FROM user WHERE type = 0 AND is_admin = 1 ORDER BY id LIMIT 1');
}

/** Every repository hosted in place (`git_path` set), missing or not. */
export function listWorkspaceRepositories(db: Database): RepositoryRow[] {
  return db.all<RepositoryRow>('SELECT * FROM repository WHERE git_path IS NOT NULL ORDER BY id');
}

export function setRepositoryMissing(db: Database, id: number, missing: boolean): void {
  db.run('UPDATE repository SET is_missing = ? WHERE id = ?', missing ? 1 : 0, id);
}
