/**
 * Issue #5, activity around issues: reactions, issue subscriptions, tracked time and stopwatches,
 * notification threads, and the repository's time tracker settings (Gitea's issues unit config).
 */
export const activitySchema = `
-- Gitea's internal_tracker settings: time tracking on, and only contributors may track time.
ALTER TABLE repository ADD COLUMN enable_time_tracker INTEGER NOT NULL DEFAULT 1;
ALTER TABLE repository ADD COLUMN allow_only_contributors_to_track_time INTEGER NOT NULL DEFAULT 1;

-- A reaction on an issue (comment_id NULL) or on one of its comments.
CREATE TABLE reaction (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  type TEXT NOT NULL,
  issue_id INTEGER NOT NULL REFERENCES issue (id) ON DELETE CASCADE,
  comment_id INTEGER REFERENCES comment (id) ON DELETE CASCADE,
  user_id INTEGER NOT NULL REFERENCES user (id) ON DELETE CASCADE,
  created INTEGER NOT NULL
);
-- one reaction of a kind per user and target (NULLs are distinct in UNIQUE, hence the expression)
CREATE UNIQUE INDEX reaction_unique ON reaction (issue_id, coalesce(comment_id, 0), user_id, type);
CREATE INDEX reaction_comment ON reaction (comment_id);

-- An explicit subscription (is_watching 1) or unsubscription (0) of a user to an issue; without a row the
-- user follows the repository watch and their participation (Gitea's issue_watch).
CREATE TABLE issue_watch (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  user_id INTEGER NOT NULL REFERENCES user (id) ON DELETE CASCADE,
  issue_id INTEGER NOT NULL REFERENCES issue (id) ON DELETE CASCADE,
  is_watching INTEGER NOT NULL,
  created INTEGER NOT NULL,
  updated INTEGER NOT NULL,
  UNIQUE (issue_id, user_id)
);
CREATE INDEX issue_watch_user ON issue_watch (user_id);

-- Time spent on an issue. user_id is not a foreign key: a deleted user's time still counts (as Ghost).
-- Deleting a tracked time only marks it, as Gitea does.
CREATE TABLE tracked_time (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  issue_id INTEGER NOT NULL REFERENCES issue (id) ON DELETE CASCADE,
  user_id INTEGER NOT NULL,
  -- seconds
  time INTEGER NOT NULL,
  created INTEGER NOT NULL,
  deleted INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX tracked_time_issue ON tracked_time (issue_id, user_id);
CREATE INDEX tracked_time_user ON tracked_time (user_id, created);

-- A running stopwatch: at most one per user and issue (and Gitea stops the others when one starts).
CREATE TABLE stopwatch (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  issue_id INTEGER NOT NULL REFERENCES issue (id) ON DELETE CASCADE,
  user_id INTEGER NOT NULL REFERENCES user (id) ON DELETE CASCADE,
  created INTEGER NOT NULL,
  UNIQUE (user_id, issue_id)
);
CREATE INDEX stopwatch_issue ON stopwatch (issue_id);

-- A notification thread: one per user and issue. status 1 unread, 2 read, 3 pinned; source 1 issue,
-- 2 pull request, 3 commit, 4 repository (Gitea's numbers).
CREATE TABLE notification (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  user_id INTEGER NOT NULL REFERENCES user (id) ON DELETE CASCADE,
  repo_id INTEGER NOT NULL REFERENCES repository (id) ON DELETE CASCADE,
  status INTEGER NOT NULL,
  source INTEGER NOT NULL,
  issue_id INTEGER NOT NULL REFERENCES issue (id) ON DELETE CASCADE,
  comment_id INTEGER,
  updated_by INTEGER NOT NULL,
  created INTEGER NOT NULL,
  updated INTEGER NOT NULL,
  UNIQUE (user_id, issue_id)
);
CREATE INDEX notification_user ON notification (user_id, status, updated);
CREATE INDEX notification_repo ON notification (user_id, repo_id, updated);
CREATE INDEX notification_issue ON notification (issue_id);
`;
