/**
 * Issue #5, part 1: issues (pull requests are issues with is_pull = 1, as in Gitea, sharing the numbering),
 * comments (of every Gitea comment type, with the review columns pull requests need), labels of repositories
 * and organizations, milestones, assignees, and the per-repository number counter.
 * Posters are not foreign keys: a deleted user's issues and comments stay, shown as Gitea's Ghost user.
 */
export const issuesSchema = `
CREATE TABLE milestone (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  repo_id INTEGER NOT NULL REFERENCES repository (id) ON DELETE CASCADE,
  name TEXT NOT NULL,
  content TEXT NOT NULL DEFAULT '',
  is_closed INTEGER NOT NULL DEFAULT 0,
  -- issues and pull requests in the milestone, kept current by the store
  num_issues INTEGER NOT NULL DEFAULT 0,
  num_closed_issues INTEGER NOT NULL DEFAULT 0,
  -- 0 = no due date
  deadline_unix INTEGER NOT NULL DEFAULT 0,
  closed_date_unix INTEGER NOT NULL DEFAULT 0,
  created INTEGER NOT NULL,
  updated INTEGER NOT NULL
);
CREATE INDEX milestone_repo ON milestone (repo_id, is_closed);

-- A label belongs to a repository or to an organization (usable on that organization's repositories).
CREATE TABLE label (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  repo_id INTEGER REFERENCES repository (id) ON DELETE CASCADE,
  org_id INTEGER REFERENCES user (id) ON DELETE CASCADE,
  name TEXT NOT NULL,
  description TEXT NOT NULL DEFAULT '',
  -- six lowercase hex digits, no '#'
  color TEXT NOT NULL,
  exclusive INTEGER NOT NULL DEFAULT 0,
  -- 0 = not archived
  archived_unix INTEGER NOT NULL DEFAULT 0,
  created INTEGER NOT NULL,
  updated INTEGER NOT NULL,
  CHECK ((repo_id IS NULL) <> (org_id IS NULL))
);
CREATE INDEX label_repo ON label (repo_id, name);
CREATE INDEX label_org ON label (org_id, name);

-- Repositories' issue and pull request numbers: the last one handed out (Gitea's issue_index).
CREATE TABLE issue_index (
  repo_id INTEGER PRIMARY KEY REFERENCES repository (id) ON DELETE CASCADE,
  max_index INTEGER NOT NULL
);

CREATE TABLE issue (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  repo_id INTEGER NOT NULL REFERENCES repository (id) ON DELETE CASCADE,
  -- the per-repository number shown as #n (Gitea's "index"), shared by issues and pull requests
  number INTEGER NOT NULL,
  poster_id INTEGER NOT NULL,
  original_author TEXT NOT NULL DEFAULT '',
  original_author_id INTEGER NOT NULL DEFAULT 0,
  title TEXT NOT NULL,
  content TEXT NOT NULL DEFAULT '',
  content_version INTEGER NOT NULL DEFAULT 0,
  ref TEXT NOT NULL DEFAULT '',
  milestone_id INTEGER REFERENCES milestone (id) ON DELETE SET NULL,
  priority INTEGER NOT NULL DEFAULT 0,
  is_closed INTEGER NOT NULL DEFAULT 0,
  is_pull INTEGER NOT NULL DEFAULT 0,
  is_locked INTEGER NOT NULL DEFAULT 0,
  -- comments of type 0 (plain comments), as Gitea counts them
  num_comments INTEGER NOT NULL DEFAULT 0,
  -- 0 = no due date
  deadline_unix INTEGER NOT NULL DEFAULT 0,
  pin_order INTEGER NOT NULL DEFAULT 0,
  time_estimate INTEGER NOT NULL DEFAULT 0,
  created INTEGER NOT NULL,
  updated INTEGER NOT NULL,
  -- 0 = open (or never closed)
  closed_unix INTEGER NOT NULL DEFAULT 0,
  UNIQUE (repo_id, number)
);
-- the repository list: filter by kind and state, newest number first, count index-only
CREATE INDEX issue_list ON issue (repo_id, is_pull, is_closed, number);
CREATE INDEX issue_poster ON issue (poster_id);
CREATE INDEX issue_milestone ON issue (milestone_id);
CREATE INDEX issue_repo_updated ON issue (repo_id, updated);

-- Keyword search over titles and bodies: substring matches (trigram) like Gitea's database indexer.
CREATE VIRTUAL TABLE issue_fts USING fts5 (title, content, content = 'issue', content_rowid = 'id', tokenize = 'trigram');
CREATE TRIGGER issue_fts_insert AFTER INSERT ON issue BEGIN
  INSERT INTO issue_fts (rowid, title, content) VALUES (new.id, new.title, new.content);
END;
CREATE TRIGGER issue_fts_delete AFTER DELETE ON issue BEGIN
  INSERT INTO issue_fts (issue_fts, rowid, title, content) VALUES ('delete', old.id, old.title, old.content);
END;
CREATE TRIGGER issue_fts_update AFTER UPDATE OF title, content ON issue BEGIN
  INSERT INTO issue_fts (issue_fts, rowid, title, content) VALUES ('delete', old.id, old.title, old.content);
  INSERT INTO issue_fts (rowid, title, content) VALUES (new.id, new.title, new.content);
END;

CREATE TABLE issue_label (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  issue_id INTEGER NOT NULL REFERENCES issue (id) ON DELETE CASCADE,
  label_id INTEGER NOT NULL REFERENCES label (id) ON DELETE CASCADE,
  UNIQUE (issue_id, label_id)
);
CREATE INDEX issue_label_label ON issue_label (label_id, issue_id);

CREATE TABLE issue_assignees (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  issue_id INTEGER NOT NULL REFERENCES issue (id) ON DELETE CASCADE,
  assignee_id INTEGER NOT NULL REFERENCES user (id) ON DELETE CASCADE,
  UNIQUE (issue_id, assignee_id)
);
CREATE INDEX issue_assignees_assignee ON issue_assignees (assignee_id, issue_id);

-- Users related to an issue (Gitea's issue_user): mentioned in its body or comments; is_read for notifications.
CREATE TABLE issue_user (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  issue_id INTEGER NOT NULL REFERENCES issue (id) ON DELETE CASCADE,
  uid INTEGER NOT NULL REFERENCES user (id) ON DELETE CASCADE,
  is_read INTEGER NOT NULL DEFAULT 0,
  is_mentioned INTEGER NOT NULL DEFAULT 0,
  UNIQUE (issue_id, uid)
);
CREATE INDEX issue_user_uid ON issue_user (uid, is_mentioned);

-- Every timeline entry of an issue or pull request, by Gitea's CommentType: 0 comment, 1 reopen, 2 close,
-- 7 label, 8 milestone, 9 assignees, 10 title change, 21 code (review) comment, 22 review, 28 merge, ...
CREATE TABLE comment (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  type INTEGER NOT NULL DEFAULT 0,
  issue_id INTEGER NOT NULL REFERENCES issue (id) ON DELETE CASCADE,
  poster_id INTEGER NOT NULL,
  original_author TEXT NOT NULL DEFAULT '',
  original_author_id INTEGER NOT NULL DEFAULT 0,
  content TEXT NOT NULL DEFAULT '',
  content_version INTEGER NOT NULL DEFAULT 0,
  -- event comments (types other than 0)
  label_id INTEGER,
  old_milestone_id INTEGER,
  milestone_id INTEGER,
  assignee_id INTEGER,
  removed_assignee INTEGER NOT NULL DEFAULT 0,
  old_title TEXT,
  new_title TEXT,
  old_ref TEXT,
  new_ref TEXT,
  -- pull request review comments (v21 owns the review table)
  review_id INTEGER,
  tree_path TEXT,
  -- negative for the old side of a diff, as Gitea
  line INTEGER,
  commit_sha TEXT,
  patch TEXT,
  invalidated INTEGER NOT NULL DEFAULT 0,
  resolve_doer_id INTEGER,
  created INTEGER NOT NULL,
  updated INTEGER NOT NULL
);
CREATE INDEX comment_issue ON comment (issue_id, type, id);
CREATE INDEX comment_review ON comment (review_id);
CREATE INDEX comment_poster ON comment (poster_id);
`;
