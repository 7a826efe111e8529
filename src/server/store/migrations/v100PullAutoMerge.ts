/**
 * Issue #29, scheduled merges (`merge_when_checks_succeed`): Gitea's `pull_auto_merge`, one row per pull
 * request, kept until the merge is carried out or cancelled, so a schedule survives a restart.
 */
export const pullAutoMergeSchema = `
CREATE TABLE pull_auto_merge (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  pull_id INTEGER NOT NULL UNIQUE REFERENCES pull_request(id) ON DELETE CASCADE,
  doer_id INTEGER NOT NULL,
  merge_style TEXT NOT NULL,
  message TEXT NOT NULL DEFAULT '',
  delete_branch_after_merge INTEGER NOT NULL DEFAULT 0,
  created_unix INTEGER NOT NULL
);
CREATE INDEX pull_auto_merge_doer ON pull_auto_merge (doer_id);
`;
