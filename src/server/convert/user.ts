import { createHash } from 'node:crypto';
import type { User } from '../../api/types';
import { usersByIds } from '../store/issuesUsers';
import { countUserRelations, findUserById, type UserRow } from '../store/users';
import { isoTime } from './time';
import { serialisedCacheOf } from './serialisedCache';
import { siteUrl, type ViewContext } from './viewContext';

/** Gitea's `User`, plus the 1.1.1 SDK's `username` (the same as `login`) that old clients read. */
export type UserJson = User & { username: string };

/**
 * The avatar URL: an uploaded one (served from the data folder, as Gitea's `/avatars/<hash>`), the explicit
 * one, else the server's generated image keyed by a hash of the name.
 */
export function avatarUrl(
  view: Pick<ViewContext, 'rootUrl'>,
  account: Pick<UserRow, 'avatar' | 'custom_avatar' | 'lower_name'>,
): string {
  if (account.custom_avatar) return siteUrl(view, `avatars/${account.custom_avatar}`);
  if (account.avatar) return account.avatar;
  return siteUrl(view, `avatars/${createHash('md5').update(account.lower_name).digest('hex')}`);
}

/**
 * Shapes a user (or an organization seen as a user). The private fields (admin flag, login name, last login,
 * language, active, prohibit_login) are real only for the user themselves and site admins; the e-mail too —
 * others get Gitea's placeholder address.
 */
export function toUser(view: ViewContext, user: UserRow): UserJson {
  const viewer = view.user;
  const authed = viewer !== null && (viewer.is_admin || viewer.id === user.id);
  const counts = countUserRelations(view.db, user.id);
  const noreplyHost = new URL(view.rootUrl).hostname;
  return {
    id: user.id,
    login: user.name,
    username: user.name,
    login_name: authed ? user.login_name : '',
    source_id: authed ? user.source_id : 0,
    full_name: user.full_name,
    email: authed ? user.email : `${user.lower_name}@noreply.${noreplyHost}`,
    avatar_url: avatarUrl(view, user),
    html_url: siteUrl(view, encodeURIComponent(user.name)),
    language: authed ? user.language : '',
    is_admin: authed && user.is_admin,
    last_login: isoTime(authed ? user.last_login : 0),
    created: isoTime(user.created),
    restricted: user.restricted,
    active: authed && user.is_active,
    prohibit_login: authed && user.prohibit_login,
    location: user.location,
    website: user.website,
    description: user.description,
    visibility: user.visibility,
    followers_count: counts.followers,
    following_count: counts.following,
    starred_repos_count: counts.starredRepos,
  };
}

/** The JSON text of each user of a page, from the serialised cache where it holds them. */
export function userFragments(view: ViewContext, users: readonly UserRow[]): Buffer[] {
  return serialisedCacheOf(view.db).fragments(
    view,
    'user',
    users,
    (user) => user.id,
    (missing) => missing.map((user) => toUser(view, user)),
  );
}

/** The JSON array of a page of users (convert/serialisedCache.ts). */
export function userListJson(view: ViewContext, users: readonly UserRow[]): Buffer {
  return serialisedCacheOf(view.db).page(
    view,
    'user',
    users,
    (user) => user.id,
    (missing) => missing.map((user) => toUser(view, user)),
  );
}

/** Gitea's Ghost user (id -1), shown in place of a deleted user who authored something that stays. */
export function ghostUserRow(): UserRow {
  return {
    id: -1,
    type: 0,
    lower_name: 'ghost',
    name: 'Ghost',
    full_name: '',
    email: '',
    keep_email_private: true,
    login_name: '',
    source_id: 0,
    passwd_hash: '',
    salt: '',
    must_change_password: false,
    is_admin: false,
    is_active: false,
    prohibit_login: false,
    restricted: false,
    visibility: 'public',
    description: '',
    website: '',
    location: '',
    avatar: '',
    custom_avatar: '',
    language: '',
    max_repo_creation: -1,
    allow_create_organization: false,
    allow_git_hook: false,
    allow_import_local: false,
    repo_admin_change_team_access: false,
    created: 0,
    updated: 0,
    last_login: 0,
    theme: '',
    diff_view_style: '',
    keep_activity_private: false,
  };
}

/** The service name Gitea appends to a migrated author's name (only Gitea sources bring authors here). */
export const migratedAuthorService = 'gitea';

/**
 * Gitea's NewReplaceUser: the stand-in (id -1) for a migrated author who has no account here, named
 * `name(gitea)` as Gitea names the authors of migrated reactions. Objects whose JSON has no
 * `original_author` field (reactions, reviews, review comments, releases) show their author this way.
 */
export function migratedAuthorRow(originalAuthor: string): UserRow {
  const name = `${originalAuthor}(${migratedAuthorService})`;
  return { ...ghostUserRow(), name, lower_name: name.toLowerCase() };
}

/** The user with `id` shaped by `toUser`, or the Ghost user when that account was deleted. */
export const toUserOrGhost = (view: ViewContext, id: number): UserJson =>
  toUser(view, findUserById(view.db, id) ?? ghostUserRow());

/** Users by id; the caller's row (already read to authenticate) is not read again. */
export function usersWithCaller(view: ViewContext, ids: readonly number[]): Map<number, UserRow> {
  const caller = view.user;
  if (!caller) return usersByIds(view.db, ids);
  const users = usersByIds(
    view.db,
    ids.filter((id) => id !== caller.id),
  );
  if (ids.includes(caller.id)) users.set(caller.id, caller);
  return users;
}
