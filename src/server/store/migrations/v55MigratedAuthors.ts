/**
 * Issue #21, tracker migrations: the author of an imported reaction, review or release who has no account
 * here is kept as Gitea keeps them (`original_author`, `original_author_id`), as issues and comments
 * already do. A reaction's user becomes optional for that (NULL for an original author), which SQLite can
 * only do by rebuilding the table.
 */
export const migratedAuthorsSchema = `
ALTER TABLE review ADD COLUMN original_author TEXT NOT NULL DEFAULT '';
ALTER TABLE review ADD COLUMN original_author_id INTEGER NOT NULL DEFAULT 0;
ALTER TABLE release ADD COLUMN original_author TEXT NOT NULL DEFAULT '';
ALTER TABLE release ADD COLUMN original_author_id INTEGER NOT NULL DEFAULT 0;

CREATE TABLE reaction_rebuilt (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  type TEXT NOT NULL,
  issue_id INTEGER NOT NULL REFERENCES issue (id) ON DELETE CASCADE,
  comment_id INTEGER REFERENCES comment (id) ON DELETE CASCADE,
  -- NULL for a migrated reaction whose author has no account here
  user_id INTEGER REFERENCES user (id) ON DELETE CASCADE,
  original_author TEXT NOT NULL DEFAULT '',
  original_author_id INTEGER NOT NULL DEFAULT 0,
  created INTEGER NOT NULL,
  CHECK ((user_id IS NULL) <> (original_author = ''))
);
INSERT INTO reaction_rebuilt (id, type, issue_id, comment_id, user_id, created)
  SELECT id, type, issue_id, comment_id, user_id, created FROM reaction;
DROP TABLE reaction;
ALTER TABLE reaction_rebuilt RENAME TO reaction;
-- one reaction of a kind per user (or original author) and target
CREATE UNIQUE INDEX reaction_unique
  ON reaction (issue_id, coalesce(comment_id, 0), coalesce(user_id, 0), original_author, type);
CREATE INDEX reaction_comment ON reaction (comment_id);
`;
