import type { Database } from '../store/database';
import { findTokenById, findTokenByName, insertToken, type AccessTokenRow } from '../store/tokens';
import { invalid, notFound } from '../domain/errors';
import { generateToken, hashToken, normalizeScopes } from './tokens';

/**
 * Creates a personal access token; returns the row and the token itself, which is never stored.
 * Names are unique per user; no scopes means `all`, as tokens were before Gitea 1.19.
 */
export function createAccessToken(
  db: Database,
  uid: number,
  name: string,
  requestedScopes: readonly string[] = [],
): { row: AccessTokenRow; token: string } {
  const trimmed = name.trim();
  if (trimmed === '') throw invalid('[Name]: Required');
  const { scopes, unknown } = normalizeScopes(requestedScopes);
  if (unknown.length > 0) throw invalid(`invalid access token scope provided: ${unknown.join(', ')}`);
  return db.transaction(() => {
    // The spec rejects a duplicate name with 422 (Gitea today: 400); the message is Gitea's.
    if (findTokenByName(db, uid, trimmed)) throw invalid('access token name has been used already');
    const token = generateToken();
    const row = insertToken(db, {
      uid,
      name: trimmed,
      tokenHash: hashToken(token),
      lastEight: token.slice(-8),
      scopes: scopes.length === 0 ? 'all' : scopes.join(','),
    });
    return { row, token };
  });
}

/** A user's token by id, or by name when the reference is not an id of theirs (Gitea accepts both). */
export function findAccessToken(db: Database, uid: number, reference: string): AccessTokenRow {
  const byId = /^\d{1,15}$/.test(reference) ? findTokenById(db, uid, Number(reference)) : undefined;
  const token = byId ?? findTokenByName(db, uid, reference);
  if (!token) throw notFound(`access token does not exist [name or id: ${reference}]`);
  return token;
}
