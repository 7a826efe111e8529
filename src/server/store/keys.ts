import { nowSeconds, type Database, type SqlValue } from './database';

/** Gitea's KeyType: a user's own key, or the shared key row behind deploy keys. */
export const publicKeyType = { user: 1, deploy: 2 } as const;
/** Gitea's AccessMode numbers as `public_key.mode` / `deploy_key.mode` store them. */
export const keyAccessMode = { read: 1, write: 2 } as const;

/** A row of `public_key`. */
export interface PublicKeyRow {
  id: number;
  owner_id: number;
  name: string;
  fingerprint: string;
  content: string;
  mode: number;
  type: number;
  verified: boolean;
  created: number;
  updated: number;
  last_used: number;
}

export interface NewPublicKey {
  ownerId: number;
  name: string;
  fingerprint: string;
  content: string;
  mode: number;
  type: number;
}

export function insertPublicKey(db: Database, key: NewPublicKey): PublicKeyRow {
  const now = nowSeconds();
  const { lastInsertRowid } = db.run(
    `INSERT INTO public_key (owner_id, name, fingerprint, content, mode, type, created, updated)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
    key.ownerId,
    key.name,
    key.fingerprint,
    key.content,
    key.mode,
    key.type,
    now,
    now,
  );
  return findPublicKeyById(db, lastInsertRowid)!;
}

export function findPublicKeyById(db: Database, id: number): PublicKeyRow | undefined {
  return db.get<PublicKeyRow>('SELECT * FROM public_key WHERE id = ?', id);
}

/** Any key, user or deploy, with this fingerprint: a key's content may be registered only once. */
export function findPublicKeyByFingerprint(db: Database, fingerprint: string): PublicKeyRow | undefined {
  return db.get<PublicKeyRow>(
    'SELECT * FROM public_key WHERE fingerprint = ? ORDER BY id LIMIT 1',
    fingerprint,
  );
}

export function userKeyNameTaken(db: Database, ownerId: number, name: string): boolean {
  return (
    db.get<{ n: number }>(
      'SELECT count(*) AS n FROM public_key WHERE owner_id = ? AND type = ? AND name = ?',
      ownerId,
      publicKeyType.user,
      name,
    )?.n !== 0
  );
}

export interface PublicKeyFilter {
  /** Only this account's user keys; undefined searches every key (the fingerprint lookup of /user/keys). */
  ownerId?: number;
  fingerprint?: string;
  offset: number;
  limit: number;
}

export function listPublicKeys(
  db: Database,
  filter: PublicKeyFilter,
): { rows: PublicKeyRow[]; total: number } {
  const clauses: string[] = [];
  const params: SqlValue[] = [];
  if (filter.ownerId !== undefined) {
    clauses.push('owner_id = ? AND type = ?');
    params.push(filter.ownerId, publicKeyType.user);
  }
  if (filter.fingerprint !== undefined) {
    clauses.push('fingerprint = ?');
    params.push(filter.fingerprint);
  }
  const where = clauses.length > 0 ? `WHERE ${clauses.join(' AND ')}` : '';
  const total = db.get<{ n: number }>(`SELECT count(*) AS n FROM public_key ${where}`, ...params)?.n ?? 0;
  const rows = db.all<PublicKeyRow>(
    `SELECT * FROM public_key ${where} ORDER BY id LIMIT ? OFFSET ?`,
    ...params,
    filter.limit,
    filter.offset,
  );
  return { rows, total };
}

export function deletePublicKey(db: Database, id: number): void {
  db.run('DELETE FROM public_key WHERE id = ?', id);
}

/**
 * Deploy-key rows of `public_key` that no repository uses any more (their last repository was deleted):
 * removed so the key can be registered again.
 */
export function deleteUnusedDeployPublicKeys(db: Database): void {
  db.run(
    `DELETE FROM public_key WHERE type = ?
       AND NOT EXISTS (SELECT 1 FROM deploy_key WHERE deploy_key.key_id = public_key.id)`,
    publicKeyType.deploy,
  );
}
