import { nowSeconds, type Database } from './database';

/** Gitea's ProtectedTag: allow lists are JSON arrays of user and team ids. */
export interface ProtectedTagRow {
  id: number;
  repo_id: number;
  name_pattern: string;
  allowlist_user_ids: string;
  allowlist_team_ids: string;
  created_unix: number;
  updated_unix: number;
}

export interface ProtectedTagFields {
  readonly name_pattern: string;
  readonly allowlist_user_ids: string;
  readonly allowlist_team_ids: string;
}

/** A repository's rules, oldest first (Gitea lists them in table order). */
export function listProtectedTags(db: Database, repoId: number): ProtectedTagRow[] {
  return db.all<ProtectedTagRow>('SELECT * FROM protected_tag WHERE repo_id = ? ORDER BY id', repoId);
}

export function findProtectedTag(db: Database, repoId: number, id: number): ProtectedTagRow | undefined {
  return db.get<ProtectedTagRow>('SELECT * FROM protected_tag WHERE repo_id = ? AND id = ?', repoId, id);
}

export function findProtectedTagByPattern(
  db: Database,
  repoId: number,
  pattern: string,
): ProtectedTagRow | undefined {
  return db.get<ProtectedTagRow>(
    'SELECT * FROM protected_tag WHERE repo_id = ? AND name_pattern = ?',
    repoId,
    pattern,
  );
}

export function insertProtectedTag(db: Database, repoId: number, fields: ProtectedTagFields): number {
  const now = nowSeconds();
  return Number(
    db.run(
      'INSERT INTO protected_tag (repo_id, name_pattern, allowlist_user_ids, allowlist_team_ids, created_unix, updated_unix) VALUES (?, ?, ?, ?, ?, ?)',
      repoId,
      fields.name_pattern,
      fields.allowlist_user_ids,
      fields.allowlist_team_ids,
      now,
      now,
    ).lastInsertRowid,
  );
}

export function updateProtectedTag(db: Database, id: number, fields: ProtectedTagFields): void {
  db.run(
    'UPDATE protected_tag SET name_pattern = ?, allowlist_user_ids = ?, allowlist_team_ids = ?, updated_unix = ? WHERE id = ?',
    fields.name_pattern,
    fields.allowlist_user_ids,
    fields.allowlist_team_ids,
    nowSeconds(),
    id,
  );
}

export function deleteProtectedTag(db: Database, id: number): void {
  db.run('DELETE FROM protected_tag WHERE id = ?', id);
}
