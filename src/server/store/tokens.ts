import { nowSeconds, type Database } from './database';

export interface AccessTokenRow {
  id: number;
  uid: number;
  name: string;
  token_hash: string;
  token_last_eight: string;
  scopes: string;
  created: number;
  updated: number;
}

export function findTokenByHash(db: Database, tokenHash: string): AccessTokenRow | undefined {
  return db.get<AccessTokenRow>('SELECT * FROM access_token WHERE token_hash = ?', tokenHash);
}

export function findTokenByName(db: Database, uid: number, name: string): AccessTokenRow | undefined {
  return db.get<AccessTokenRow>('SELECT * FROM access_token WHERE uid = ? AND name = ?', uid, name);
}

export function findTokenById(db: Database, uid: number, id: number): AccessTokenRow | undefined {
  return db.get<AccessTokenRow>('SELECT * FROM access_token WHERE uid = ? AND id = ?', uid, id);
}

export function insertToken(
  db: Database,
  token: { uid: number; name: string; tokenHash: string; lastEight: string; scopes: string },
): AccessTokenRow {
  const now = nowSeconds();
  const { lastInsertRowid: id } = db.run(
    `INSERT INTO access_token (uid, name, token_hash, token_last_eight, scopes, created, updated)
     VALUES (?, ?, ?, ?, ?, ?, ?)`,
    token.uid,
    token.name,
    token.tokenHash,
    token.lastEight,
    token.scopes,
    now,
    now,
  );
  return {
    id,
    uid: token.uid,
    name: token.name,
    token_hash: token.tokenHash,
    token_last_eight: token.lastEight,
    scopes: token.scopes,
    created: now,
    updated: now,
  };
}

export function listTokens(
  db: Database,
  uid: number,
  page: { offset: number; limit: number },
): { rows: AccessTokenRow[]; total: number } {
  const total = db.get<{ n: number }>('SELECT count(*) AS n FROM access_token WHERE uid = ?', uid)?.n ?? 0;
  const rows = db.all<AccessTokenRow>(
    'SELECT * FROM access_token WHERE uid = ? ORDER BY id LIMIT ? OFFSET ?',
    uid,
    page.limit,
    page.offset,
  );
  return { rows, total };
}

export function deleteToken(db: Database, id: number): void {
  db.run('DELETE FROM access_token WHERE id = ?', id);
}

/**
 * Records use, as Gitea does, at most once a minute per token to spare the write lock. Only the token list
 * shows it, so it is a write aside: it does not invalidate every answer's ETag.
 */
/** Records a token's use, at most once a minute; answers whether it wrote. */
export function touchToken(db: Database, token: AccessTokenRow): boolean {
  const now = nowSeconds();
  if (now - token.updated < 60) return false;
  db.runAside('UPDATE access_token SET updated = ? WHERE id = ?', now, token.id);
  return true;
}
