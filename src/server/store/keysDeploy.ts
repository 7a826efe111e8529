import { nowSeconds, type Database, type SqlValue } from './database';

/** A row of `deploy_key` with the key content of the `public_key` row it shares. */
export interface DeployKeyRow {
  id: number;
  key_id: number;
  repo_id: number;
  name: string;
  fingerprint: string;
  mode: number;
  created: number;
  updated: number;
  content: string;
}

const selectDeployKey = `SELECT deploy_key.*, public_key.content AS content
  FROM deploy_key JOIN public_key ON public_key.id = deploy_key.key_id`;

export interface NewDeployKey {
  keyId: number;
  repoId: number;
  name: string;
  fingerprint: string;
  mode: number;
}

export function insertDeployKey(db: Database, key: NewDeployKey): DeployKeyRow {
  const now = nowSeconds();
  const { lastInsertRowid } = db.run(
    `INSERT INTO deploy_key (key_id, repo_id, name, fingerprint, mode, created, updated)
     VALUES (?, ?, ?, ?, ?, ?, ?)`,
    key.keyId,
    key.repoId,
    key.name,
    key.fingerprint,
    key.mode,
    now,
    now,
  );
  return findDeployKey(db, key.repoId, lastInsertRowid)!;
}

/** A deploy key of this repository; another repository's key id is not found here. */
export function findDeployKey(db: Database, repoId: number, id: number): DeployKeyRow | undefined {
  return db.get<DeployKeyRow>(
    `${selectDeployKey} WHERE deploy_key.repo_id = ? AND deploy_key.id = ?`,
    repoId,
    id,
  );
}

export function deployKeyAdded(db: Database, repoId: number, fingerprint: string): boolean {
  return (
    db.get<{ id: number }>(
      'SELECT id FROM deploy_key WHERE repo_id = ? AND fingerprint = ?',
      repoId,
      fingerprint,
    ) !== undefined
  );
}

export function deployKeyNameTaken(db: Database, repoId: number, name: string): boolean {
  return (
    db.get<{ id: number }>('SELECT id FROM deploy_key WHERE repo_id = ? AND name = ?', repoId, name) !==
    undefined
  );
}

export interface DeployKeyFilter {
  repoId: number;
  /** The shared public key's id (`key_id` in the API). */
  keyId?: number;
  fingerprint?: string;
  offset: number;
  limit: number;
}

export function listDeployKeys(
  db: Database,
  filter: DeployKeyFilter,
): { rows: DeployKeyRow[]; total: number } {
  const clauses = ['deploy_key.repo_id = ?'];
  const params: SqlValue[] = [filter.repoId];
  if (filter.keyId !== undefined) {
    clauses.push('deploy_key.key_id = ?');
    params.push(filter.keyId);
  }
  if (filter.fingerprint !== undefined) {
    clauses.push('deploy_key.fingerprint = ?');
    params.push(filter.fingerprint);
  }
  const where = clauses.join(' AND ');
  const total =
    db.get<{ n: number }>(`SELECT count(*) AS n FROM deploy_key WHERE ${where}`, ...params)?.n ?? 0;
  const rows = db.all<DeployKeyRow>(
    `${selectDeployKey} WHERE ${where} ORDER BY deploy_key.id LIMIT ? OFFSET ?`,
    ...params,
    filter.limit,
    filter.offset,
  );
  return { rows, total };
}
