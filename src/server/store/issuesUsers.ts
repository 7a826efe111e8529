import type { Database } from './database';
import type { UserRow } from './users';

/** Users (posters, assignees) by id, in one query for a whole page of issues or comments. */
export function usersByIds(db: Database, ids: Iterable<number>): Map<number, UserRow> {
  const unique = [...new Set(ids)].filter((id) => id > 0);
  if (unique.length === 0) return new Map();
  const rows = db.all<UserRow>(
    'SELECT * FROM user WHERE id IN (SELECT value FROM json_each(?))',
    JSON.stringify(unique),
  );
  return new Map(rows.map((row) => [row.id, row]));
}

/** Individual users by lower-case name (mentions), in one query. */
export function usersByLowerNames(db: Database, names: readonly string[]): UserRow[] {
  if (names.length === 0) return [];
  return db.all<UserRow>(
    'SELECT * FROM user WHERE type = 0 AND lower_name IN (SELECT value FROM json_each(?))',
    JSON.stringify(names),
  );
}
