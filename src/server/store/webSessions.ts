import type { Database } from './database';

/** A signed-in browser session; the id itself is only in the browser's cookie. */
export interface WebSessionRow {
  id_hash: string;
  uid: number;
  created: number;
  expires: number;
}

export function insertWebSession(db: Database, row: WebSessionRow): void {
  db.run(
    'INSERT INTO web_session (id_hash, uid, created, expires) VALUES (?, ?, ?, ?)',
    row.id_hash,
    row.uid,
    row.created,
    row.expires,
  );
}

export function findWebSession(db: Database, idHash: string): WebSessionRow | undefined {
  return db.get<WebSessionRow>('SELECT * FROM web_session WHERE id_hash = ?', idHash);
}

export function deleteWebSession(db: Database, idHash: string): void {
  db.run('DELETE FROM web_session WHERE id_hash = ?', idHash);
}

export function deleteUserWebSessions(db: Database, uid: number): void {
  db.run('DELETE FROM web_session WHERE uid = ?', uid);
}

export function deleteExpiredWebSessions(db: Database, now: number): void {
  db.run('DELETE FROM web_session WHERE expires <= ?', now);
}

export function countUserWebSessions(db: Database, uid: number): number {
  return db.get<{ n: number }>('SELECT count(*) AS n FROM web_session WHERE uid = ?', uid)?.n ?? 0;
}

/** The key cookies and form tokens are signed with, if one was made. */
export function findWebSecret(db: Database): Uint8Array | undefined {
  return db.get<{ secret: Uint8Array }>('SELECT secret FROM web_secret WHERE id = 1')?.secret;
}

/** Stores the key unless another writer got there first; the stored one wins. */
export function insertWebSecret(db: Database, secret: Uint8Array): void {
  db.run('INSERT OR IGNORE INTO web_secret (id, secret) VALUES (1, ?)', secret);
}
