/**
 * Issue #29, push mirrors (Gitea's `push_mirror`): where a repository is pushed with `git push --mirror`,
 * its credentials sealed (services/secretBox.ts, never stored in the clear), how often, and how the last
 * push went. `next_update_unix` 0: not on a timer (interval 0).
 */
export const pushMirrorsSchema = `
CREATE TABLE push_mirror (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  repo_id INTEGER NOT NULL REFERENCES repository(id) ON DELETE CASCADE,
  remote_name TEXT NOT NULL,
  remote_address TEXT NOT NULL,
  sealed_credentials BLOB,
  interval_seconds INTEGER NOT NULL,
  sync_on_commit INTEGER NOT NULL DEFAULT 0,
  created_unix INTEGER NOT NULL,
  last_update_unix INTEGER,
  last_error TEXT NOT NULL DEFAULT '',
  next_update_unix INTEGER NOT NULL DEFAULT 0
);
CREATE UNIQUE INDEX push_mirror_name ON push_mirror (repo_id, remote_name);
CREATE INDEX push_mirror_due ON push_mirror (next_update_unix) WHERE next_update_unix > 0;
`;
