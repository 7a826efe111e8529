import { randomBytes } from 'node:crypto';
import os from 'node:os';
import type { Database } from '../store/database';
import { countUsers, findAccountByName, type UserRow } from '../store/users';
import { findLocalAdmin } from '../store/workspaceRepositories';
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
  createAdmin(db, username, password);
  return { username, password };
}

/**
 * The administrator who owns the workspace repositories (the first one), created when there is none —
 * named after the OS user, else `vscode-<hex>` — with a random password nobody is shown: a VS Code window
 * gets a token for it over the control path and signs in on the web pages by a one-time link.
 */
export function ensureLocalAdmin(db: Database): UserRow {
  const existing = findLocalAdmin(db);
  if (existing) return existing;
  const preferred = sanitizeAccountName(osUserName());
  const username =
    preferred && !findAccountByName(db, preferred) ? preferred : `vscode-${randomBytes(3).toString('hex')}`;
  return createAdmin(db, username, randomPassword());
}

function createAdmin(db: Database, username: string, password: string): UserRow {
  return createUser(db, {
    username,
    email: `${username.toLowerCase()}@localhost`,
    password,
    isAdmin: true,
    // Gitea's rule for the first user: an admin who need not change the password.
    mustChangePassword: false,
    allowReservedName: true,
  });
}
