import type { Database } from '../store/database';
import { findTokenByHash, touchToken, type AccessTokenRow } from '../store/tokens';
import { findUserById, type UserRow } from '../store/users';

interface Verified {
  readonly version: string;
  token: AccessTokenRow;
  readonly user: UserRow;
}

/** Enough for every client of a busy server; past it the cache starts afresh. */
const maxEntries = 1_000;

const caches = new WeakMap<Database, Map<string, Verified>>();

/**
 * A token (by its hash) and its user as the database had them at the current data version: a client
 * sending the same token request after request is verified by one lookup instead of two queries. Any write
 * to tokens or users (a token deleted, a user deactivated or edited) changes their tables' version
 * (Database.tablesVersion), and an entry of another version is read again, so nothing stale is ever answered. The token's last use is still recorded (once a minute,
 * aside from the data version, as before).
 */
export function verifiedToken(
  db: Database,
  tokenHash: string,
): { token: AccessTokenRow; user: UserRow } | undefined {
  let cache = caches.get(db);
  if (!cache) caches.set(db, (cache = new Map()));
  const version = db.tablesVersion(['access_token', 'user']);
  let entry = cache.get(tokenHash);
  if (entry?.version !== version) {
    const token = findTokenByHash(db, tokenHash);
    const user = token && findUserById(db, token.uid);
    if (!token || !user) {
      cache.delete(tokenHash);
      return undefined;
    }
    if (cache.size >= maxEntries) cache.clear();
    entry = { version, token, user };
    cache.set(tokenHash, entry);
  }
  if (touchToken(db, entry.token)) entry.token = { ...entry.token, updated: Math.floor(Date.now() / 1000) };
  return { token: entry.token, user: entry.user };
}
