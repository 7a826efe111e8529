/**
 * Issue #4: commit statuses. `idx` numbers a commit's statuses 1, 2, 3… per repository, as Gitea's `index`
 * (the `id` the API shows). The creator is not a foreign key: a deleted user's statuses stay, without creator.
 */
export const commitStatusSchema = `
CREATE TABLE commit_status (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  repo_id INTEGER NOT NULL REFERENCES repository (id) ON DELETE CASCADE,
  sha TEXT NOT NULL,
  idx INTEGER NOT NULL,
  -- pending, success, error, failure, warning, skipped
  state TEXT NOT NULL,
  target_url TEXT NOT NULL DEFAULT '',
  description TEXT NOT NULL DEFAULT '',
  context TEXT NOT NULL DEFAULT '',
  creator_id INTEGER NOT NULL DEFAULT 0,
  created INTEGER NOT NULL,
  updated INTEGER NOT NULL,
  UNIQUE (repo_id, sha, idx)
);
CREATE INDEX commit_status_context ON commit_status (repo_id, sha, context);
`;
