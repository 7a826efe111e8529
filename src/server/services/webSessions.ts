import { createHash, randomBytes } from 'node:crypto';
import { nowSeconds, type Database } from '../store/database';
import { findUserById, type UserRow } from '../store/users';
import {
  deleteExpiredWebSessions,
  deleteWebSession,
  findWebSecret,
  findWebSession,
  insertWebSecret,
  insertWebSession,
} from '../store/webSessions';

/** How long a sign-in lasts (fixed from the sign-in; the cookie expires with it). */
export const webSessionSeconds = 14 * 24 * 3600;

const hashId = (id: string): string => createHash('sha256').update(id).digest('hex');

const secrets = new WeakMap<Database, Buffer>();

/** The server's key for signing cookies and form tokens: made once, kept in the database. */
export function webSecret(db: Database): Buffer {
  let secret = secrets.get(db);
  if (!secret) {
    if (!findWebSecret(db)) insertWebSecret(db, randomBytes(32));
    secret = Buffer.from(findWebSecret(db)!);
    secrets.set(db, secret);
  }
  return secret;
}

/** Starts a session for the user: the random id for the cookie (only its hash is stored) and its end. */
export function startWebSession(db: Database, uid: number): { id: string; expires: number } {
  const now = nowSeconds();
  deleteExpiredWebSessions(db, now);
  const id = randomBytes(32).toString('base64url');
  const expires = now + webSessionSeconds;
  insertWebSession(db, { id_hash: hashId(id), uid, created: now, expires });
  return { id, expires };
}

/**
 * The user of a live session, or undefined: an unknown or expired id, or an account that may no longer
 * sign in (whose sessions end here too, should a write have bypassed the database trigger).
 */
export function webSessionUser(db: Database, id: string): UserRow | undefined {
  const row = findWebSession(db, hashId(id));
  if (!row) return undefined;
  if (row.expires <= nowSeconds()) {
    deleteWebSession(db, row.id_hash);
    return undefined;
  }
  const user = findUserById(db, row.uid);
  if (!user || !user.is_active || user.prohibit_login) {
    deleteWebSession(db, row.id_hash);
    return undefined;
  }
  return user;
}

export function endWebSession(db: Database, id: string): void {
  deleteWebSession(db, hashId(id));
}
