/**
 * Issue #5, releases: one row per release of a repository, keyed by its tag name (case-insensitively, as
 * Gitea's `lower_tag_name`). `sha1` is the tagged commit once the tag exists (empty for a draft whose tag
 * has not been created). The publisher is not a foreign key: a deleted user's releases stay, shown as Ghost.
 */
export const releasesSchema = `
CREATE TABLE release (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  repo_id INTEGER NOT NULL REFERENCES repository (id) ON DELETE CASCADE,
  publisher_id INTEGER NOT NULL,
  tag_name TEXT NOT NULL,
  lower_tag_name TEXT NOT NULL,
  -- the branch or commit the tag is (or will be) created on, as the client gave it
  target TEXT NOT NULL DEFAULT '',
  title TEXT NOT NULL DEFAULT '',
  note TEXT NOT NULL DEFAULT '',
  sha1 TEXT NOT NULL DEFAULT '',
  is_draft INTEGER NOT NULL DEFAULT 0,
  is_prerelease INTEGER NOT NULL DEFAULT 0,
  -- when it was created, or published (a draft's publication creates its tag and resets this, as in Gitea)
  created INTEGER NOT NULL,
  UNIQUE (repo_id, lower_tag_name)
);
CREATE INDEX release_repo_created ON release (repo_id, created DESC, id DESC);
`;
