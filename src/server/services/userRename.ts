import { existsSync, renameSync } from 'node:fs';
import path from 'node:path';
import { repositoriesDir } from '../config';
import { invalid } from '../domain/errors';
import { renameAccountRows } from '../store/accountRenames';
import type { Database } from '../store/database';
import { findAccountByName, type UserRow } from '../store/users';
import { accountNameProblem } from './accountNames';

/**
 * Gitea's RenameUser: the name is checked like a new one (422), must be free (422), and the user's managed
 * repositories folder (`<data>/repositories/<lower name>/`) moves with the rows; workspace repositories are
 * served in place and stay.
 */
export function renameUser(
  services: { db: Database; dataDir: string },
  user: UserRow,
  newName: string,
): void {
  const { db, dataDir } = services;
  if (newName === user.name) return;
  const problem = accountNameProblem(newName);
  if (problem) throw invalid(problem);
  const holder = findAccountByName(db, newName);
  if (holder && holder.id !== user.id) throw invalid(`user already exists [name: ${newName}]`);
  const from = path.join(repositoriesDir(dataDir), user.lower_name);
  const to = path.join(repositoriesDir(dataDir), newName.toLowerCase());
  const moves = from !== to && existsSync(from);
  try {
    db.transaction(() => {
      renameAccountRows(db, user.id, newName);
      if (moves) {
        if (existsSync(to)) throw invalid(`repository files already exist [name: ${newName}]`);
        renameSync(from, to);
      }
    });
  } catch (error) {
    if (moves && existsSync(to) && !existsSync(from)) renameSync(to, from);
    throw error;
  }
}
