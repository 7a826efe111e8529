/**
 * Branch protection rules (Gitea's `protected_branch`) and pending repository transfers (`repo_transfer`).
 * Allow lists keep user and team ids (JSON arrays) so renames do not break them; booleans use the API's
 * field names.
 */
export const branchProtectionSchema = `
CREATE TABLE protected_branch (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  repo_id INTEGER NOT NULL REFERENCES repository(id) ON DELETE CASCADE,
  rule_name TEXT NOT NULL,
  priority INTEGER NOT NULL DEFAULT 0,
  enable_push INTEGER NOT NULL DEFAULT 0,
  enable_push_whitelist INTEGER NOT NULL DEFAULT 0,
  push_whitelist_deploy_keys INTEGER NOT NULL DEFAULT 0,
  enable_force_push INTEGER NOT NULL DEFAULT 0,
  enable_force_push_allowlist INTEGER NOT NULL DEFAULT 0,
  force_push_allowlist_deploy_keys INTEGER NOT NULL DEFAULT 0,
  enable_merge_whitelist INTEGER NOT NULL DEFAULT 0,
  enable_status_check INTEGER NOT NULL DEFAULT 0,
  enable_approvals_whitelist INTEGER NOT NULL DEFAULT 0,
  enable_bypass_allowlist INTEGER NOT NULL DEFAULT 0,
  block_on_rejected_reviews INTEGER NOT NULL DEFAULT 0,
  block_on_official_review_requests INTEGER NOT NULL DEFAULT 0,
  block_on_outdated_branch INTEGER NOT NULL DEFAULT 0,
  dismiss_stale_approvals INTEGER NOT NULL DEFAULT 0,
  ignore_stale_approvals INTEGER NOT NULL DEFAULT 0,
  require_signed_commits INTEGER NOT NULL DEFAULT 0,
  block_admin_merge_override INTEGER NOT NULL DEFAULT 0,
  required_approvals INTEGER NOT NULL DEFAULT 0,
  status_check_contexts TEXT NOT NULL DEFAULT '[]',
  protected_file_patterns TEXT NOT NULL DEFAULT '',
  unprotected_file_patterns TEXT NOT NULL DEFAULT '',
  push_whitelist_user_ids TEXT NOT NULL DEFAULT '[]',
  push_whitelist_team_ids TEXT NOT NULL DEFAULT '[]',
  force_push_allowlist_user_ids TEXT NOT NULL DEFAULT '[]',
  force_push_allowlist_team_ids TEXT NOT NULL DEFAULT '[]',
  merge_whitelist_user_ids TEXT NOT NULL DEFAULT '[]',
  merge_whitelist_team_ids TEXT NOT NULL DEFAULT '[]',
  approvals_whitelist_user_ids TEXT NOT NULL DEFAULT '[]',
  approvals_whitelist_team_ids TEXT NOT NULL DEFAULT '[]',
  bypass_allowlist_user_ids TEXT NOT NULL DEFAULT '[]',
  bypass_allowlist_team_ids TEXT NOT NULL DEFAULT '[]',
  created_unix INTEGER NOT NULL,
  updated_unix INTEGER NOT NULL,
  UNIQUE (repo_id, rule_name)
);

CREATE TABLE repo_transfer (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  repo_id INTEGER NOT NULL UNIQUE REFERENCES repository(id) ON DELETE CASCADE,
  doer_id INTEGER NOT NULL REFERENCES user(id) ON DELETE CASCADE,
  recipient_id INTEGER NOT NULL REFERENCES user(id) ON DELETE CASCADE,
  team_ids TEXT NOT NULL DEFAULT '[]',
  created_unix INTEGER NOT NULL
);
`;
