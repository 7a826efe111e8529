import type { Database, SqlValue } from './database';
import { containsPattern } from './sqlLike';

/** A row of `email_address`. The primary address mirrors `user.email`. */
export interface EmailAddressRow {
  id: number;
  uid: number;
  email: string;
  lower_email: string;
  is_primary: boolean;
  is_activated: boolean;
}

export function listEmailAddresses(db: Database, uid: number): EmailAddressRow[] {
  return db.all<EmailAddressRow>('SELECT * FROM email_address WHERE uid = ? ORDER BY id', uid);
}

/** An address by its lower-case form, whoever owns it. */
export function findEmailAddress(db: Database, email: string): EmailAddressRow | undefined {
  return db.get<EmailAddressRow>('SELECT * FROM email_address WHERE lower_email = ?', email.toLowerCase());
}

export function insertEmailAddress(
  db: Database,
  uid: number,
  email: string,
  activated: boolean,
): EmailAddressRow {
  const { lastInsertRowid } = db.run(
    'INSERT INTO email_address (uid, email, lower_email, is_primary, is_activated) VALUES (?, ?, ?, 0, ?)',
    uid,
    email,
    email.toLowerCase(),
    activated ? 1 : 0,
  );
  return db.get<EmailAddressRow>('SELECT * FROM email_address WHERE id = ?', lastInsertRowid)!;
}

export function deleteEmailAddress(db: Database, id: number): void {
  db.run('DELETE FROM email_address WHERE id = ?', id);
}

/** An address of an individual user with its owner's name (the admin e-mail list). */
export interface EmailSearchRow extends EmailAddressRow {
  name: string;
}

/**
 * Gitea's SearchEmails: the addresses of individual users (not organizations) whose address, user name or
 * full name contains `keyword` (any case), ordered by address, the primary one first.
 */
export function searchEmailAddresses(
  db: Database,
  keyword: string,
  paging: { offset: number; limit: number },
): { rows: EmailSearchRow[]; total: number } {
  const params: SqlValue[] = [];
  let condition = 'user.type = 0';
  if (keyword !== '') {
    const like = containsPattern(keyword.toLowerCase());
    condition += ` AND (lower(user.full_name) LIKE ? ESCAPE '\\' OR user.lower_name LIKE ? ESCAPE '\\'
      OR email_address.lower_email LIKE ? ESCAPE '\\')`;
    params.push(like, like, like);
  }
  const from = `FROM email_address JOIN user ON user.id = email_address.uid WHERE ${condition}`;
  const total = db.get<{ n: number }>(`SELECT count(*) AS n ${from}`, ...params)?.n ?? 0;
  const rows = db.all<EmailSearchRow>(
    `SELECT email_address.*, user.name ${from}
     ORDER BY email_address.lower_email, email_address.is_primary DESC, email_address.id LIMIT ? OFFSET ?`,
    ...params,
    paging.limit,
    paging.offset,
  );
  return { rows, total };
}
