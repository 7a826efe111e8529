// Users, their e-mail addresses, settings and activity.
import type { Comment } from './issueActivity';
import type { TimeStamp } from './misc';
import type { Repository } from './repository';

/** A user */
export interface User {
  active: boolean;
  avatar_url: string;
  created: string;
  description: string;
  email: string;
  followers_count: number;
  following_count: number;
  full_name: string;
  html_url: string;
  id: number;
  is_admin: boolean;
  language: string;
  last_login: string;
  location: string;
  login: string;
  /** identifier of the user, provided by the external authenticator (if configured) */
  login_name: string;
  prohibit_login: boolean;
  restricted: boolean;
  source_id: number;
  starred_repos_count: number;
  visibility: 'public' | 'limited' | 'private';
  website: string;
}

/** User settings */
export interface UserSettings {
  description: string;
  diff_view_style: string;
  full_name: string;
  hide_activity: boolean;
  hide_email: boolean;
  language: string;
  location: string;
  theme: string;
  website: string;
}

/** Options to change user settings */
export interface UserSettingsOptions {
  description?: string;
  diff_view_style?: string;
  full_name?: string;
  hide_activity?: boolean;
  hide_email?: boolean;
  language?: string;
  location?: string;
  theme?: string;
  website?: string;
}

/** The data needed to create a heatmap */
export interface UserHeatmapData {
  contributions: number;
  timestamp: TimeStamp;
}

/** An email address belonging to a user */
export interface Email {
  email: string;
  primary: boolean;
  user_id: number;
  username: string;
  verified: boolean;
}

/** Options when creating email addresses */
export interface CreateEmailOption {
  emails?: string[];
}

/** Options when deleting email addresses */
export interface DeleteEmailOption {
  emails?: string[];
}

/** Options of an admin user creation. 1.1.1 requires `password`; current Gitea does not */
export interface CreateUserOption {
  /** for explicitly setting the user creation timestamp. Useful when users are migrated from other systems. When omitted, the user's creation timestamp will be set to "now" */
  created_at?: string;
  email: string;
  full_name?: string;
  /** identifier of the user, provided by the external authenticator (if configured) */
  login_name?: string;
  /** whether the user must change password on first login */
  must_change_password?: boolean;
  password: string;
  restricted?: boolean;
  /** whether to send welcome notification email to the user */
  send_notify?: boolean;
  source_id?: number;
  username: string;
  visibility?: 'public' | 'limited' | 'private';
}

/** Options of an admin user edit. 1.1.1 requires `email`; current Gitea requires `login_name` and `source_id` instead */
export interface EditUserOption {
  active?: boolean;
  admin?: boolean;
  allow_create_organization?: boolean;
  allow_git_hook?: boolean;
  allow_import_local?: boolean;
  description?: string;
  email: string;
  full_name?: string;
  location?: string;
  /** identifier of the user, provided by the external authenticator (if configured) */
  login_name?: string;
  max_repo_creation?: number;
  /** whether the user must change password on next login */
  must_change_password?: boolean;
  password?: string;
  prohibit_login?: boolean;
  restricted?: boolean;
  source_id?: number;
  visibility?: 'public' | 'limited' | 'private';
  website?: string;
}

/** Options when renaming a user */
export interface RenameUserOption {
  /** new username for this user. This name cannot be in use yet by any other user */
  new_username: string;
}

/** Options when updating the user avatar */
export interface UpdateUserAvatarOption {
  /** must be base64 encoded */
  image?: string;
}

/** A badge a site administrator gave a user, shown on the user's profile */
export interface Badge {
  description: string;
  id: number;
  image_url: string;
  slug: string;
}

/** The badges to add to a user or remove from them, by slug */
export interface UserBadgeOption {
  badge_slugs?: string[];
}

export interface Activity {
  act_user: User;
  act_user_id: number;
  comment: Comment | null;
  comment_id: number;
  /** additional content or details about the activity */
  content: string;
  created: string;
  id: number;
  is_private: boolean;
  op_type:
    | 'create_repo'
    | 'rename_repo'
    | 'star_repo'
    | 'watch_repo'
    | 'commit_repo'
    | 'create_issue'
    | 'create_pull_request'
    | 'transfer_repo'
    | 'push_tag'
    | 'comment_issue'
    | 'merge_pull_request'
    | 'close_issue'
    | 'reopen_issue'
    | 'close_pull_request'
    | 'reopen_pull_request'
    | 'delete_tag'
    | 'delete_branch'
    | 'mirror_sync_push'
    | 'mirror_sync_create'
    | 'mirror_sync_delete'
    | 'approve_pull_request'
    | 'reject_pull_request'
    | 'comment_pull'
    | 'publish_release'
    | 'pull_review_dismissed'
    | 'pull_request_ready_for_review'
    | 'auto_merge_pull_request';
  /** name of the git reference (branch/tag) associated with the activity */
  ref_name: string;
  repo: Repository;
  repo_id: number;
  user_id: number;
}

/** The answer of `/users/search` (declared inline by the swagger) */
export interface UserSearchResults {
  data: User[];
  ok: boolean;
}
