import type { Database } from './database';

/** A one-time sign-in link; the code itself is only in the link. */
export interface WebSignInLinkRow {
  code_hash: string;
  uid: number;
  redirect_to: string;
  expires: number;
}

export function insertWebSignInLink(db: Database, row: WebSignInLinkRow): void {
  db.run(
    'INSERT INTO web_sign_in_link (code_hash, uid, redirect_to, expires) VALUES (?, ?, ?, ?)',
    row.code_hash,
    row.uid,
    row.redirect_to,
    row.expires,
  );
}

/** Deletes the link and returns what it was, so two requests with one code cannot both use it. */
export function takeWebSignInLink(db: Database, codeHash: string): WebSignInLinkRow | undefined {
  return db.get<WebSignInLinkRow>('DELETE FROM web_sign_in_link WHERE code_hash = ? RETURNING *', codeHash);
}

export function deleteExpiredWebSignInLinks(db: Database, now: number): void {
  db.run('DELETE FROM web_sign_in_link WHERE expires <= ?', now);
}
