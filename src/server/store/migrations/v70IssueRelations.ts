/**
 * Issue #29, the issue tracker of Gitea 1.27: dependencies between issues (Gitea's issue_dependency, with
 * the repository's `enable_issue_dependencies` switch), what the timeline needs to show every event Gitea
 * records (the dependent issue of a dependency entry, the source of a cross reference and its action, the
 * tracked time of a time entry), and attachments of issues and comments beside those of releases.
 *
 * A comment that references an issue, or records a dependency on one, goes with that issue, as Gitea's
 * deleteIssue removes them. A referencing comment's own deletion only neuters the references it made
 * (Gitea's neuterCrossReferences), so `ref_comment_id` is no foreign key. The attachment table is rebuilt
 * because a release attachment's `release_id` was NOT NULL: an attachment now belongs to a release or to an
 * issue (and then maybe to one of its comments), and goes with it.
 */
export const issueRelationsSchema = `
CREATE TABLE issue_dependency (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  user_id INTEGER NOT NULL,
  -- the blocked issue
  issue_id INTEGER NOT NULL REFERENCES issue (id) ON DELETE CASCADE,
  -- the issue that blocks it
  dependency_id INTEGER NOT NULL REFERENCES issue (id) ON DELETE CASCADE,
  created INTEGER NOT NULL,
  updated INTEGER NOT NULL,
  UNIQUE (issue_id, dependency_id)
);
CREATE INDEX issue_dependency_blocker ON issue_dependency (dependency_id, issue_id);

ALTER TABLE repository ADD COLUMN enable_issue_dependencies INTEGER NOT NULL DEFAULT 1;

ALTER TABLE comment ADD COLUMN dependent_issue_id INTEGER REFERENCES issue (id) ON DELETE CASCADE;
ALTER TABLE comment ADD COLUMN ref_repo_id INTEGER;
ALTER TABLE comment ADD COLUMN ref_issue_id INTEGER REFERENCES issue (id) ON DELETE CASCADE;
ALTER TABLE comment ADD COLUMN ref_comment_id INTEGER;
-- Gitea's XRefAction: 0 none, 1 closes, 2 reopens, 3 neutered
ALTER TABLE comment ADD COLUMN ref_action INTEGER NOT NULL DEFAULT 0;
ALTER TABLE comment ADD COLUMN ref_is_pull INTEGER NOT NULL DEFAULT 0;
ALTER TABLE comment ADD COLUMN time_id INTEGER;
CREATE INDEX comment_ref_issue ON comment (ref_issue_id, ref_comment_id);
CREATE INDEX comment_dependent_issue ON comment (dependent_issue_id);

CREATE TABLE attachment_rebuilt (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  uuid TEXT NOT NULL UNIQUE,
  repo_id INTEGER NOT NULL REFERENCES repository (id) ON DELETE CASCADE,
  release_id INTEGER REFERENCES release (id) ON DELETE CASCADE,
  issue_id INTEGER REFERENCES issue (id) ON DELETE CASCADE,
  comment_id INTEGER REFERENCES comment (id) ON DELETE CASCADE,
  uploader_id INTEGER NOT NULL,
  name TEXT NOT NULL,
  size INTEGER NOT NULL,
  download_count INTEGER NOT NULL DEFAULT 0,
  created INTEGER NOT NULL,
  CHECK ((release_id IS NULL) <> (issue_id IS NULL)),
  CHECK (comment_id IS NULL OR issue_id IS NOT NULL)
);
INSERT INTO attachment_rebuilt (id, uuid, repo_id, release_id, uploader_id, name, size, download_count, created)
  SELECT id, uuid, repo_id, release_id, uploader_id, name, size, download_count, created FROM attachment;
DROP TABLE attachment;
ALTER TABLE attachment_rebuilt RENAME TO attachment;
CREATE INDEX attachment_release ON attachment (release_id, id);
CREATE INDEX attachment_issue ON attachment (issue_id, comment_id, id);
CREATE INDEX attachment_comment ON attachment (comment_id);
CREATE INDEX attachment_repo ON attachment (repo_id);
`;
