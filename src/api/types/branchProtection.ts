// Branch protection rules.

/** A branch protection for a repository */
export interface BranchProtection {
  approvals_whitelist_teams: string[];
  approvals_whitelist_username: string[];
  block_admin_merge_override: boolean;
  block_on_official_review_requests: boolean;
  block_on_outdated_branch: boolean;
  block_on_rejected_reviews: boolean;
  /** deprecated in current Gitea */
  branch_name: string;
  bypass_allowlist_teams: string[];
  bypass_allowlist_usernames: string[];
  created_at: string;
  dismiss_stale_approvals: boolean;
  enable_approvals_whitelist: boolean;
  enable_bypass_allowlist: boolean;
  enable_force_push: boolean;
  enable_force_push_allowlist: boolean;
  enable_merge_whitelist: boolean;
  enable_push: boolean;
  enable_push_whitelist: boolean;
  enable_status_check: boolean;
  force_push_allowlist_deploy_keys: boolean;
  force_push_allowlist_teams: string[];
  force_push_allowlist_usernames: string[];
  ignore_stale_approvals: boolean;
  merge_whitelist_teams: string[];
  merge_whitelist_usernames: string[];
  priority: number;
  protected_file_patterns: string;
  push_whitelist_deploy_keys: boolean;
  push_whitelist_teams: string[];
  push_whitelist_usernames: string[];
  require_signed_commits: boolean;
  required_approvals: number;
  rule_name: string;
  status_check_contexts: string[];
  unprotected_file_patterns: string;
  updated_at: string;
}

/** Options for creating a branch protection */
export interface CreateBranchProtectionOption {
  approvals_whitelist_teams?: string[];
  approvals_whitelist_username?: string[];
  block_admin_merge_override?: boolean;
  block_on_official_review_requests?: boolean;
  block_on_outdated_branch?: boolean;
  block_on_rejected_reviews?: boolean;
  /** deprecated in current Gitea */
  branch_name?: string;
  bypass_allowlist_teams?: string[];
  bypass_allowlist_usernames?: string[];
  dismiss_stale_approvals?: boolean;
  enable_approvals_whitelist?: boolean;
  enable_bypass_allowlist?: boolean;
  enable_force_push?: boolean;
  enable_force_push_allowlist?: boolean;
  enable_merge_whitelist?: boolean;
  enable_push?: boolean;
  enable_push_whitelist?: boolean;
  enable_status_check?: boolean;
  force_push_allowlist_deploy_keys?: boolean;
  force_push_allowlist_teams?: string[];
  force_push_allowlist_usernames?: string[];
  ignore_stale_approvals?: boolean;
  merge_whitelist_teams?: string[];
  merge_whitelist_usernames?: string[];
  priority?: number;
  protected_file_patterns?: string;
  push_whitelist_deploy_keys?: boolean;
  push_whitelist_teams?: string[];
  push_whitelist_usernames?: string[];
  require_signed_commits?: boolean;
  required_approvals?: number;
  rule_name?: string;
  status_check_contexts?: string[];
  unprotected_file_patterns?: string;
}

/** Options for editing a branch protection */
export interface EditBranchProtectionOption {
  approvals_whitelist_teams?: string[];
  approvals_whitelist_username?: string[];
  block_admin_merge_override?: boolean;
  block_on_official_review_requests?: boolean;
  block_on_outdated_branch?: boolean;
  block_on_rejected_reviews?: boolean;
  bypass_allowlist_teams?: string[];
  bypass_allowlist_usernames?: string[];
  dismiss_stale_approvals?: boolean;
  enable_approvals_whitelist?: boolean;
  enable_bypass_allowlist?: boolean;
  enable_force_push?: boolean;
  enable_force_push_allowlist?: boolean;
  enable_merge_whitelist?: boolean;
  enable_push?: boolean;
  enable_push_whitelist?: boolean;
  enable_status_check?: boolean;
  force_push_allowlist_deploy_keys?: boolean;
  force_push_allowlist_teams?: string[];
  force_push_allowlist_usernames?: string[];
  ignore_stale_approvals?: boolean;
  merge_whitelist_teams?: string[];
  merge_whitelist_usernames?: string[];
  priority?: number;
  protected_file_patterns?: string;
  push_whitelist_deploy_keys?: boolean;
  push_whitelist_teams?: string[];
  push_whitelist_usernames?: string[];
  require_signed_commits?: boolean;
  required_approvals?: number;
  status_check_contexts?: string[];
  unprotected_file_patterns?: string;
}

/** A list to update the branch protection rule priorities */
export interface UpdateBranchProtectionPriories {
  ids?: number[];
}
