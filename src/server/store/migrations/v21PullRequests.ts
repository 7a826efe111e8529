/**
 * Issue #5, pull requests: the pull request half of an `issue` row with is_pull = 1 (Gitea's pull_request
 * table), and reviews (Gitea's review table; their code comments are `comment` rows of type 21 pointing
 * here through review_id). Reviewers and mergers are not foreign keys: a deleted user's reviews stay,
 * shown as Gitea's Ghost user.
 */
export const pullRequestsSchema = `
CREATE TABLE pull_request (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  issue_id INTEGER NOT NULL UNIQUE REFERENCES issue (id) ON DELETE CASCADE,
  base_repo_id INTEGER NOT NULL REFERENCES repository (id) ON DELETE CASCADE,
  -- NULL once the head repository (a fork) is deleted; the head commit stays in refs/pull/<n>/head
  head_repo_id INTEGER REFERENCES repository (id) ON DELETE SET NULL,
  head_branch TEXT NOT NULL,
  base_branch TEXT NOT NULL,
  -- the head commit last copied to refs/pull/<n>/head in the base repository
  head_commit_id TEXT NOT NULL DEFAULT '',
  -- the base branch tip last seen
  base_commit_id TEXT NOT NULL DEFAULT '',
  merge_base TEXT NOT NULL DEFAULT '',
  -- Gitea's PullRequestStatus: 0 conflict, 1 checking, 2 mergeable, 4 error, 5 empty, 6 ancestor
  status INTEGER NOT NULL DEFAULT 1,
  -- the (base, head) pair status, conflicted_files and the line counts were computed for
  checked_base TEXT NOT NULL DEFAULT '',
  checked_head TEXT NOT NULL DEFAULT '',
  -- JSON array of paths
  conflicted_files TEXT NOT NULL DEFAULT '[]',
  additions INTEGER NOT NULL DEFAULT 0,
  deletions INTEGER NOT NULL DEFAULT 0,
  changed_files INTEGER NOT NULL DEFAULT 0,
  allow_maintainer_edit INTEGER NOT NULL DEFAULT 0,
  has_merged INTEGER NOT NULL DEFAULT 0,
  merged_commit_id TEXT NOT NULL DEFAULT '',
  merger_id INTEGER NOT NULL DEFAULT 0,
  -- 0 = not merged
  merged_unix INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX pull_request_base ON pull_request (base_repo_id, base_branch);
CREATE INDEX pull_request_head ON pull_request (head_repo_id, head_branch);

-- Gitea's ReviewType in type: 0 pending, 1 approve, 2 comment, 3 request changes, 4 review requested.
CREATE TABLE review (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  type INTEGER NOT NULL,
  issue_id INTEGER NOT NULL REFERENCES issue (id) ON DELETE CASCADE,
  reviewer_id INTEGER NOT NULL,
  content TEXT NOT NULL DEFAULT '',
  -- an approval or rejection by someone who may merge counts
  official INTEGER NOT NULL DEFAULT 0,
  commit_id TEXT NOT NULL DEFAULT '',
  stale INTEGER NOT NULL DEFAULT 0,
  dismissed INTEGER NOT NULL DEFAULT 0,
  created INTEGER NOT NULL,
  updated INTEGER NOT NULL
);
CREATE INDEX review_issue ON review (issue_id, id);
CREATE INDEX review_reviewer ON review (reviewer_id, issue_id);
`;
