import { invalid, notFound } from '../domain/errors';
import type { Database } from '../store/database';
import {
  deleteEmailAddress,
  findEmailAddress,
  insertEmailAddress,
  type EmailAddressRow,
} from '../store/emails';
import { isValidEmail } from './accountNames';

/** A user's extra e-mail addresses, with Gitea's rules; each call changes all the addresses or none. */

/**
 * Adds addresses to the user. They are activated at once: this server sends no confirmation mail (Gitea's
 * REGISTER_EMAIL_CONFIRM off). An address anyone already has, this user included, is refused.
 */
export function addEmailAddresses(db: Database, uid: number, emails: readonly string[]): EmailAddressRow[] {
  if (emails.length === 0) throw invalid('Email list empty');
  return db.transaction(() =>
    emails.map((raw) => {
      const email = raw.trim();
      if (!isValidEmail(email)) throw invalid(`Email address "${email}" invalid`);
      if (findEmailAddress(db, email)) throw invalid(`Email address has been used: ${email}`);
      return insertEmailAddress(db, uid, email, true);
    }),
  );
}

/** Removes addresses of the user: one they do not have is 404, the primary one is 422. */
export function deleteEmailAddresses(db: Database, uid: number, emails: readonly string[]): void {
  db.transaction(() => {
    for (const raw of emails) {
      const email = raw.trim();
      const row = findEmailAddress(db, email);
      if (!row || row.uid !== uid) throw notFound(`Email address does not exist [email: ${email}]`);
      if (row.is_primary) throw invalid(`primary email address cannot be deleted [email: ${email}]`);
      deleteEmailAddress(db, row.id);
    }
  });
}
