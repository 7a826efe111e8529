import type { Email } from '../../api/types/user';
import type { EmailAddressRow } from '../store/emails';
import type { UserRow } from '../store/users';

/** Gitea's `Email`: `verified` is whether the address is activated. */
export function toEmail(row: EmailAddressRow, owner: Pick<UserRow, 'id' | 'name'>): Email {
  return {
    email: row.email,
    verified: row.is_activated,
    primary: row.is_primary,
    user_id: owner.id,
    username: owner.name,
  };
}
