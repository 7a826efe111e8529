import type { Database } from './database';

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
