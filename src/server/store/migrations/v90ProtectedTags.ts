/**
 * Issue #29, tag protection (Gitea's `protected_tag`): a name pattern (a glob, or `/regex/`) and the users
 * and teams allowed to create, move or delete the tags it matches, as JSON lists of ids.
 */
export const protectedTagsSchema = `
CREATE TABLE protected_tag (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  repo_id INTEGER NOT NULL REFERENCES repository(id) ON DELETE CASCADE,
  name_pattern TEXT NOT NULL,
  allowlist_user_ids TEXT NOT NULL DEFAULT '[]',
  allowlist_team_ids TEXT NOT NULL DEFAULT '[]',
  created_unix INTEGER NOT NULL,
  updated_unix INTEGER NOT NULL
);
CREATE INDEX protected_tag_repo ON protected_tag (repo_id, id);
`;
