/**
 * Issue #29: blocked users (Gitea's `user_blocking`). A user or an organization (the blocker) blocks an
 * individual user (the blockee), with an optional note; one row per pair. Deleting either account removes
 * the block.
 */
export const userBlockingSchema = `
CREATE TABLE user_blocking (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  blocker_id INTEGER NOT NULL REFERENCES user (id) ON DELETE CASCADE,
  blockee_id INTEGER NOT NULL REFERENCES user (id) ON DELETE CASCADE,
  note TEXT NOT NULL DEFAULT '',
  created INTEGER NOT NULL,
  UNIQUE (blocker_id, blockee_id)
);
CREATE INDEX user_blocking_blockee ON user_blocking (blockee_id);
`;
