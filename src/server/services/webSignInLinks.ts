import { createHash, randomBytes } from 'node:crypto';
import { nowSeconds, type Database } from '../store/database';
import { findUserById, type UserRow } from '../store/users';
import { deleteExpiredWebSignInLinks, insertWebSignInLink, takeWebSignInLink } from '../store/webSignInLinks';

/** How long a sign-in link works: long enough for a browser to open, short enough to be useless later. */
export const webSignInLinkSeconds = 60;

const hashCode = (code: string): string => createHash('sha256').update(code).digest('hex');

/** Makes a one-time code for the user (only its hash is stored). */
export function mintWebSignInLink(db: Database, uid: number, redirectTo: string): string {
  const now = nowSeconds();
  deleteExpiredWebSignInLinks(db, now);
  const code = randomBytes(32).toString('base64url');
  insertWebSignInLink(db, {
    code_hash: hashCode(code),
    uid,
    redirect_to: redirectTo,
    expires: now + webSignInLinkSeconds,
  });
  return code;
}

/**
 * Uses up a code: its user and where to go, or undefined for an unknown, used or expired code, or an account
 * that may no longer sign in. The code is gone afterwards whatever the answer.
 */
export function redeemWebSignInLink(
  db: Database,
  code: string,
): { user: UserRow; redirectTo: string } | undefined {
  const row = takeWebSignInLink(db, hashCode(code));
  if (!row || row.expires <= nowSeconds()) return undefined;
  const user = findUserById(db, row.uid);
  if (!user || !user.is_active || user.prohibit_login) return undefined;
  return { user, redirectTo: row.redirect_to };
}
