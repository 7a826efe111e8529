// Bodies of repository operations: create, edit, fork, migrate, transfer, collaborators, topics, mirrors.
import type { ExternalTracker, ExternalWiki, InternalTracker } from './repository';

/** Options when creating repository */
export interface CreateRepoOption {
  auto_init?: boolean;
  /** default branch of the repository (used when initializes and in template) */
  default_branch?: string;
  description?: string;
  gitignores?: string;
  issue_labels?: string;
  license?: string;
  name: string;
  /** object format name of the underlying git repository, empty string for default (sha1) */
  object_format_name?: 'sha1' | 'sha256';
  private?: boolean;
  readme?: string;
  template?: boolean;
  trust_model?: 'default' | 'collaborator' | 'committer' | 'collaboratorcommitter';
}

/** Options when editing a repository's properties */
export interface EditRepoOption {
  /** either `true` to allow fast-forward-only merging pull requests, or `false` to prevent fast-forward-only merging */
  allow_fast_forward_only_merge?: boolean;
  /** either `true` to allow mark pr as merged manually, or `false` to prevent it */
  allow_manual_merge?: boolean;
  /** either `true` to allow merging pull requests with a merge commit, or `false` to prevent merging pull requests with merge commits */
  allow_merge_commits?: boolean;
  /** either `true` to allow updating pull request branch by merge, or `false` to prevent it */
  allow_merge_update?: boolean;
  /** either `true` to allow rebase-merging pull requests, or `false` to prevent rebase-merging */
  allow_rebase?: boolean;
  /** either `true` to allow rebase with explicit merge commits (--no-ff), or `false` to prevent rebase with explicit merge commits */
  allow_rebase_explicit?: boolean;
  /** either `true` to allow updating pull request branch by rebase, or `false` to prevent it */
  allow_rebase_update?: boolean;
  /** either `true` to allow squash-merging pull requests, or `false` to prevent squash-merging */
  allow_squash_merge?: boolean;
  /** set to `true` to archive this repository */
  archived?: boolean;
  /** either `true` to enable AutodetectManualMerge, or `false` to prevent it. Note: In some special cases, misjudgments can occur */
  autodetect_manual_merge?: boolean;
  /** set to `true` to allow edits from maintainers by default */
  default_allow_maintainer_edit?: boolean;
  /** sets the default branch for this repository */
  default_branch?: string;
  /** set to `true` to delete pr branch after merge by default */
  default_delete_branch_after_merge?: boolean;
  /** set to a merge style to be used by this repository: "merge", "rebase", "rebase-merge", "squash", or "fast-forward-only" */
  default_merge_style?: string;
  default_update_style?: string;
  description?: string;
  /** enable prune - remove obsolete remote-tracking references when mirroring */
  enable_prune?: boolean;
  external_tracker?: ExternalTracker;
  external_wiki?: ExternalWiki;
  /** either `true` to enable actions unit, or `false` to disable them */
  has_actions?: boolean;
  /** either `true` to enable code for this repository or `false` to disable it */
  has_code?: boolean;
  /** either `true` to enable issues for this repository or `false` to disable them */
  has_issues?: boolean;
  /** either `true` to enable packages unit, or `false` to disable them */
  has_packages?: boolean;
  /** either `true` to enable project unit, or `false` to disable them */
  has_projects?: boolean;
  /** either `true` to allow pull requests, or `false` to prevent pull request */
  has_pull_requests?: boolean;
  /** either `true` to enable releases unit, or `false` to disable them */
  has_releases?: boolean;
  /** either `true` to enable the wiki for this repository or `false` to disable it */
  has_wiki?: boolean;
  /** either `true` to ignore whitespace for conflicts, or `false` to not ignore whitespace */
  ignore_whitespace_conflicts?: boolean;
  internal_tracker?: InternalTracker;
  /** set to a string like `8h30m0s` to set the mirror interval time */
  mirror_interval?: string;
  mirror_password?: string;
  mirror_token?: string;
  mirror_username?: string;
  name?: string;
  /** either `true` to make the repository private or `false` to make it public. Note: you will get a 422 error if the organization restricts changing repository visibility to organization owners and a non-owner tries to change the value of private */
  private?: boolean;
  /** `repo` to only allow repo-level projects, `owner` to only allow owner projects, `all` to allow both */
  projects_mode?: string;
  /** either `true` to make this repository a template or `false` to make it a normal repository */
  template?: boolean;
  /** a URL with more information about the repository */
  website?: string;
}

/** Options when creating a repository using a template */
export interface GenerateRepoOption {
  avatar?: boolean;
  /** default branch of the new repository */
  default_branch?: string;
  description?: string;
  /** include git content of default branch in template repo */
  git_content?: boolean;
  git_hooks?: boolean;
  labels?: boolean;
  name: string;
  /** organization's name or individual user's name who will own the new repository */
  owner: string;
  private?: boolean;
  protected_branch?: boolean;
  topics?: boolean;
  webhooks?: boolean;
}

/** Options when transferring a repository's ownership */
export interface TransferRepoOption {
  new_owner: string;
  /** ID of the team or teams to add to the repository. Teams can only be added to organization-owned repositories */
  team_ids?: number[];
}

/** Options for creating a fork */
export interface CreateForkOption {
  name?: string;
  organization?: string;
}

/** Options when reparenting a repository */
export interface ReparentRepoOption {
  /** name of the organization or user that owns the fork to be promoted */
  new_owner: string;
}

/** The 1.1.1 body of a repository migration (current Gitea: MigrateRepoOptions, which also accepts `uid`) */
export interface MigrateRepoForm {
  auth_password?: string;
  auth_username?: string;
  clone_addr: string;
  description?: string;
  mirror?: boolean;
  private?: boolean;
  repo_name: string;
  /** id of the user or organization that will own the repository */
  uid: number;
}

/** Options for migrating repository's */
export interface MigrateRepoOptions {
  auth_password?: string;
  auth_token?: string;
  auth_username?: string;
  aws_access_key_id?: string;
  aws_secret_access_key?: string;
  clone_addr: string;
  description?: string;
  issues?: boolean;
  labels?: boolean;
  lfs?: boolean;
  lfs_endpoint?: string;
  milestones?: boolean;
  mirror?: boolean;
  mirror_interval?: string;
  private?: boolean;
  pull_requests?: boolean;
  releases?: boolean;
  repo_name: string;
  /** organization's name or individual user's name who will own the migrated repository */
  repo_owner?: string;
  service?:
    'git' | 'github' | 'gitea' | 'gitlab' | 'gogs' | 'onedev' | 'gitbucket' | 'codebase' | 'codecommit';
  /** deprecated in current Gitea; only for backwards compatibility, use repo_owner instead */
  uid?: number;
  wiki?: boolean;
}

export interface MergeUpstreamRequest {
  branch?: string;
  ff_only?: boolean;
}

export interface MergeUpstreamResponse {
  merge_type: string;
}

/** Options when adding a user as a collaborator of a repository */
export interface AddCollaboratorOption {
  permission?: 'read' | 'write' | 'admin';
}

/** Repo topic names */
export interface RepoTopicOptions {
  topics?: string[];
}

/** Options when updating the repo avatar */
export interface UpdateRepoAvatarOption {
  /** must be base64 encoded */
  image?: string;
}

/** Need information to create a push mirror of a repository */
export interface CreatePushMirrorOption {
  /** sync interval for automatic updates */
  interval?: string;
  remote_address?: string;
  remote_password?: string;
  remote_username?: string;
  sync_on_commit?: boolean;
}
