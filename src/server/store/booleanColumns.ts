/** The yes/no settings of a branch protection rule; the column names are the API's field names. */
export const protectionFlags = [
  'enable_push',
  'enable_push_whitelist',
  'push_whitelist_deploy_keys',
  'enable_force_push',
  'enable_force_push_allowlist',
  'force_push_allowlist_deploy_keys',
  'enable_merge_whitelist',
  'enable_status_check',
  'enable_approvals_whitelist',
  'enable_bypass_allowlist',
  'block_on_rejected_reviews',
  'block_on_official_review_requests',
  'block_on_outdated_branch',
  'dismiss_stale_approvals',
  'ignore_stale_approvals',
  'require_signed_commits',
  'block_admin_merge_override',
] as const;

/** A repository's yes/no settings, which an edit may set; the column names are the API's field names. */
export const repositorySettingFlags = [
  'has_issues',
  'has_wiki',
  'has_pull_requests',
  'has_projects',
  'has_releases',
  'has_packages',
  'has_actions',
  'allow_merge_commits',
  'allow_rebase',
  'allow_rebase_explicit',
  'allow_squash_merge',
  'allow_fast_forward_only_merge',
  'allow_rebase_update',
  'default_delete_branch_after_merge',
  'ignore_whitespace_conflicts',
] as const;

/**
 * The columns that hold a yes/no, by table. SQLite has no boolean type: they are INTEGER 0/1 on disk, and
 * the store adapter (database.ts) hands them out as `true`/`false` wherever a query selects them (through
 * aliases and joins: it asks SQLite which table column each result column comes from) and binds `true` and
 * `false` as 1 and 0. Above the store nobody compares with 1.
 */
export const booleanColumns: Readonly<Record<string, readonly string[]>> = {
  comment: ['removed_assignee', 'invalidated'],
  email_address: ['is_primary', 'is_activated'],
  gpg_key: ['can_sign', 'can_encrypt_comms', 'can_encrypt_storage', 'can_certify', 'verified'],
  hook_delivery_attempt: ['is_succeed'],
  issue: ['is_closed', 'is_pull', 'is_locked'],
  issue_user: ['is_read', 'is_mentioned'],
  issue_watch: ['is_watching'],
  label: ['exclusive'],
  milestone: ['is_closed'],
  oauth2_application: ['confidential_client', 'skip_secondary_authorization'],
  org_user: ['is_public'],
  protected_branch: protectionFlags,
  public_key: ['verified'],
  pull_request: ['allow_maintainer_edit', 'has_merged'],
  push_mirror: ['sync_on_commit'],
  release: ['is_draft', 'is_prerelease'],
  repository: [
    'is_private',
    'is_empty',
    'is_archived',
    'is_mirror',
    'is_fork',
    'is_template',
    'is_missing',
    ...repositorySettingFlags,
    'enable_time_tracker',
    'allow_only_contributors_to_track_time',
  ],
  review: ['official', 'stale', 'dismissed'],
  team: ['includes_all_repositories', 'can_create_org_repo'],
  tracked_time: ['deleted'],
  user: [
    'keep_email_private',
    'must_change_password',
    'is_admin',
    'is_active',
    'prohibit_login',
    'restricted',
    'allow_create_organization',
    'allow_git_hook',
    'allow_import_local',
    'repo_admin_change_team_access',
  ],
  webhook: ['is_active'],
};
