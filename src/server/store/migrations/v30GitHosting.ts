/**
 * Issue #4, git hosting: pull mirrors (where they fetch from, how often, when they last did) and the last
 * references seen in each workspace repository, so commits made there while nobody pushed over HTTP still
 * become push events. The mirror's credentials live here, never in the repository's git config or in the
 * remote URL; the data folder is the server's own.
 */
export const gitHostingSchema = `
CREATE TABLE mirror (
  repo_id INTEGER PRIMARY KEY REFERENCES repository (id) ON DELETE CASCADE,
  -- the http(s) URL without credentials, or a local path (admins only)
  remote_address TEXT NOT NULL,
  auth_username TEXT NOT NULL DEFAULT '',
  -- a password or a token
  auth_password TEXT NOT NULL DEFAULT '',
  -- 0: no background sync, only mirror-sync
  interval_seconds INTEGER NOT NULL,
  -- unix seconds of the last successful sync
  updated INTEGER NOT NULL DEFAULT 0,
  next_update INTEGER NOT NULL DEFAULT 0,
  last_error TEXT NOT NULL DEFAULT ''
);
CREATE INDEX mirror_next_update ON mirror (next_update);

CREATE TABLE git_ref_snapshot (
  repo_id INTEGER NOT NULL REFERENCES repository (id) ON DELETE CASCADE,
  ref TEXT NOT NULL,
  sha TEXT NOT NULL,
  PRIMARY KEY (repo_id, ref)
) WITHOUT ROWID;
`;
