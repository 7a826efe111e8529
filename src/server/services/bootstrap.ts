import os from 'node:os';
import type { Database } from '../store/database';
import { countUsers } from '../store/users';
import { sanitizeAccountName } from './accountNames';
import { randomPassword } from './passwords';
import { createUser } from './users';

export interface BootstrapAdmin {
  username: string;
  password: string;
}

function osUserName(): string {
  try {
    return os.userInfo().username;
  } catch {
    return '';
  }
}

/**
 * On a first start (no users yet) creates a site administrator named after the OS user, with a random
 * password the caller prints once. Returns undefined when users exist already.
 */
export function ensureFirstAdmin(db: Database): BootstrapAdmin | undefined {
  if (countUsers(db) > 0) return undefined;
  const username = sanitizeAccountName(osUserName()) ?? 'admin';
  const password = randomPassword();
  createUser(db, {
    username,
    email: `${username.toLowerCase()}@localhost`,
    password,
    isAdmin: true,
    // Gitea's rule for the first user: an admin who need not change the password.
    mustChangePassword: false,
    allowReservedName: true,
  });
  return { username, password };
}
