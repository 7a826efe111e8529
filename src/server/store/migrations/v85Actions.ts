/**
 * Issue #29: the action log behind the activity feeds (Gitea's `action`). As in Gitea, one action is
 * written once per feed that shows it: `user_id` is whose feed (the actor, the owning organization, each
 * watcher who may read it), `act_user_id` who acted. `op_type` is Gitea's ActionType number; `content` and
 * `ref_name` as Gitea fills them. Deleting the repository or either account removes the rows.
 */
export const actionsSchema = `
CREATE TABLE action (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  user_id INTEGER NOT NULL REFERENCES user (id) ON DELETE CASCADE,
  op_type INTEGER NOT NULL,
  act_user_id INTEGER NOT NULL REFERENCES user (id) ON DELETE CASCADE,
  repo_id INTEGER NOT NULL REFERENCES repository (id) ON DELETE CASCADE,
  comment_id INTEGER NOT NULL DEFAULT 0,
  is_deleted INTEGER NOT NULL DEFAULT 0,
  ref_name TEXT NOT NULL DEFAULT '',
  is_private INTEGER NOT NULL DEFAULT 0,
  content TEXT NOT NULL DEFAULT '',
  created INTEGER NOT NULL
);
CREATE INDEX action_feed ON action (user_id, created);
CREATE INDEX action_repo ON action (repo_id, created);
CREATE INDEX action_act_user ON action (act_user_id);
`;
