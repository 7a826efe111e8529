import { nowSeconds, type Database } from './database';

/** Sets (or with '' clears) the uploaded avatar of a user or organization. */
export function setAccountAvatar(db: Database, accountId: number, hash: string): void {
  db.run('UPDATE user SET custom_avatar = ?, updated = ? WHERE id = ?', hash, nowSeconds(), accountId);
}

/** Sets (or with '' clears) a repository's avatar. */
export function setRepositoryAvatar(db: Database, repoId: number, hash: string): void {
  db.run('UPDATE repository SET avatar = ?, updated = ? WHERE id = ?', hash, nowSeconds(), repoId);
}

/** Whether an account or repository still names the file, so that it is not removed under it. */
export function avatarInUse(db: Database, folder: 'avatars' | 'repo-avatars', hash: string): boolean {
  const sql =
    folder === 'avatars'
      ? 'SELECT 1 FROM user WHERE custom_avatar = ?'
      : 'SELECT 1 FROM repository WHERE avatar = ?';
  return db.get(sql, hash) !== undefined;
}
