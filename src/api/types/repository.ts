// Repositories and the objects that describe them.
import type { Team } from './organization';
import type { User } from './user';

/** A repository */
export interface Repository {
  allow_fast_forward_only_merge: boolean;
  allow_manual_merge: boolean;
  allow_merge_commits: boolean;
  allow_merge_update: boolean;
  allow_rebase: boolean;
  allow_rebase_explicit: boolean;
  allow_rebase_update: boolean;
  allow_squash_merge: boolean;
  archived: boolean;
  archived_at: string;
  autodetect_manual_merge: boolean;
  avatar_url: string;
  branch_count: number;
  clone_url: string;
  created_at: string;
  default_allow_maintainer_edit: boolean;
  default_branch: string;
  default_delete_branch_after_merge: boolean;
  default_merge_style: string;
  default_target_branch: string;
  default_update_style: string;
  description: string;
  empty: boolean;
  external_tracker: ExternalTracker | null;
  external_wiki: ExternalWiki | null;
  fork: boolean;
  forks_count: number;
  full_name: string;
  has_actions: boolean;
  has_code: boolean;
  has_issues: boolean;
  has_packages: boolean;
  has_projects: boolean;
  has_pull_requests: boolean;
  has_releases: boolean;
  has_wiki: boolean;
  html_url: string;
  id: number;
  ignore_whitespace_conflicts: boolean;
  internal: boolean;
  internal_tracker: InternalTracker | null;
  language: string;
  languages_url: string;
  licenses: string[];
  link: string;
  mirror: boolean;
  mirror_interval: string;
  mirror_last_sync_at: string;
  mirror_updated: string;
  name: string;
  object_format_name: 'sha1' | 'sha256';
  open_issues_count: number;
  open_pr_counter: number;
  original_url: string;
  owner: User;
  /** the source of a fork; current Gitea omits it instead of sending null */
  parent: Repository | null;
  /** the caller's permissions; current Gitea omits them for anonymous callers */
  permissions: Permission | null;
  private: boolean;
  projects_mode: string;
  release_counter: number;
  repo_transfer: RepoTransfer | null;
  /** in KiB */
  size: number;
  ssh_url: string;
  stars_count: number;
  template: boolean;
  topics: string[];
  updated_at: string;
  url: string;
  watchers_count: number;
  website: string;
}

/** A set of permissions */
export interface Permission {
  admin: boolean;
  pull: boolean;
  push: boolean;
}

/** Basic repository information */
export interface RepositoryMeta {
  full_name: string;
  id: number;
  name: string;
  owner: string;
}

/** Settings for internal tracker */
export interface InternalTracker {
  /** let only contributors track time (Built-in issue tracker) */
  allow_only_contributors_to_track_time: boolean;
  /** enable dependencies for issues and pull requests (Built-in issue tracker) */
  enable_issue_dependencies: boolean;
  /** enable time tracking (Built-in issue tracker) */
  enable_time_tracker: boolean;
}

/** Settings for external tracker */
export interface ExternalTracker {
  /** external Issue Tracker URL Format. Use the placeholders {user}, {repo} and {index} for the username, repository name and issue index */
  external_tracker_format: string;
  /** external Issue Tracker issue regular expression */
  external_tracker_regexp_pattern: string;
  /** external Issue Tracker Number Format, either `numeric`, `alphanumeric`, or `regexp` */
  external_tracker_style: string;
  external_tracker_url: string;
}

/** Setting for external wiki */
export interface ExternalWiki {
  external_wiki_url: string;
}

/** A pending repo transfer */
export interface RepoTransfer {
  doer: User;
  recipient: User;
  teams: Team[] | null;
}

/** Results of a successful search */
export interface SearchResults {
  data: Repository[];
  ok: boolean;
}

/** An API watch status of one repository */
export interface WatchInfo {
  created_at: string;
  ignored: boolean;
  /** always null */
  reason: Record<string, unknown> | null;
  repository_url: string;
  subscribed: boolean;
  url: string;
}

/** To get repository permission for a collaborator */
export interface RepoCollaboratorPermission {
  permission: 'none' | 'read' | 'write' | 'admin' | 'owner';
  role_name: string;
  user: User;
}

/** For returning topics */
export interface TopicResponse {
  created: string;
  id: number;
  repo_count: number;
  topic_name: string;
  updated: string;
}

/** A list of repo topic names */
export interface TopicName {
  topics: string[];
}

/** Returns a list of TopicResponse */
export interface TopicListResponse {
  topics: TopicResponse[];
}

/** Information of a push mirror */
export interface PushMirror {
  created: string;
  /** sync interval for automatic updates */
  interval: string;
  /** last error message encountered during sync */
  last_error: string;
  last_update: string;
  remote_address: string;
  remote_name: string;
  repo_name: string;
  sync_on_commit: boolean;
}
