import { nowSeconds, type Database } from './database';

/** Renames a user or organization and the owner name its repositories carry, in one go. */
export function renameAccountRows(db: Database, id: number, name: string): void {
  db.run(
    'UPDATE user SET name = ?, lower_name = ?, updated = ? WHERE id = ?',
    name,
    name.toLowerCase(),
    nowSeconds(),
    id,
  );
  db.run('UPDATE repository SET owner_name = ? WHERE owner_id = ?', name, id);
}
