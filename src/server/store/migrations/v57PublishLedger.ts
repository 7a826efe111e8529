/**
 * Issue #20, publishing a repository to another server through that server's API. A target is one remote
 * repository a local repository was published to; its items map each local object (label, milestone,
 * issue, comment, release, asset) to the remote one, with a fingerprint of what was sent, so that a second
 * run sends only what changed and an interrupted run resumes where it stopped.
 */
export const publishLedgerSchema = `
CREATE TABLE publish_target (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  repo_id INTEGER NOT NULL REFERENCES repository (id) ON DELETE CASCADE,
  -- the remote server's address as given (https://host/prefix/), normalised with one trailing slash
  server_url TEXT NOT NULL,
  -- lower-cased owner/name on the remote
  remote_full_name TEXT NOT NULL,
  remote_repo_id INTEGER NOT NULL,
  created INTEGER NOT NULL,
  updated INTEGER NOT NULL,
  UNIQUE (repo_id, server_url, remote_full_name)
);

CREATE TABLE publish_item (
  target_id INTEGER NOT NULL REFERENCES publish_target (id) ON DELETE CASCADE,
  -- label, milestone, issue, comment, review, release, asset
  kind TEXT NOT NULL,
  local_id INTEGER NOT NULL,
  -- the remote id; for an issue or pull request its number
  remote_id INTEGER NOT NULL,
  -- the remote object it hangs under where the API needs it (a release asset's release), else 0
  remote_parent_id INTEGER NOT NULL DEFAULT 0,
  fingerprint TEXT NOT NULL,
  PRIMARY KEY (target_id, kind, local_id)
) WITHOUT ROWID;
`;
