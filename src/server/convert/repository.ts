import type {
  Permission,
  Repository,
  RepoCollaboratorPermission,
  WatchInfo,
} from '../../api/types/repository';
import { atLeast, repoAccess, type AccessMode } from '../services/permissions';
import { findMirror } from '../store/mirrors';
import { findRepositoryById, type RepositoryRow } from '../store/repositories';
import { dependenciesEnabled } from '../store/issueDependencies';
import { timeTrackerSettings } from '../store/trackedTimes';
import { findUserById, type UserRow } from '../store/users';
import { isoTime } from './time';
import { toUser, type UserJson } from './user';
import { serialisedCacheOf } from './serialisedCache';
import { siteUrl, type ViewContext } from './viewContext';

/** Gitea's `Repository` with this server's `User` shape for the owner. */
export type RepositoryJson = Omit<Repository, 'owner' | 'parent' | 'permissions'> & {
  owner: UserJson;
  parent: RepositoryJson | null;
  permissions: Permission;
};

const repoPath = (repo: Pick<RepositoryRow, 'owner_name' | 'name'>): string =>
  `${encodeURIComponent(repo.owner_name)}/${encodeURIComponent(repo.name)}`;

/** The repository's API URL, as Gitea's `Repository.APIURL()`. */
export const repositoryApiUrl = (
  view: Pick<ViewContext, 'rootUrl'>,
  repo: Pick<RepositoryRow, 'owner_name' | 'name'>,
): string => siteUrl(view, `api/v1/repos/${repoPath(repo)}`);

function topicsOf(repo: RepositoryRow): string[] {
  try {
    const topics: unknown = JSON.parse(repo.topics);
    return Array.isArray(topics) ? topics.filter((t): t is string => typeof t === 'string') : [];
  } catch {
    return [];
  }
}

/** `git@host:owner/repo.git`, the form Gitea shows for SSH on the default port. */
function sshUrl(view: Pick<ViewContext, 'rootUrl'>, repo: RepositoryRow): string {
  return `git@${new URL(view.rootUrl).hostname}:${repoPath(repo)}.git`;
}

/** A fork's parent, shaped for the same viewer; gone (deleted) parents leave `null`, as in Gitea. */
function parentOf(view: ViewContext, repo: RepositoryRow, asParent: boolean): RepositoryJson | null {
  if (asParent || !repo.is_fork || repo.fork_id === null) return null;
  const parent = findRepositoryById(view.db, repo.fork_id);
  return parent ? toRepository(view, parent, undefined, true) : null;
}

/**
 * Shapes a repository as Gitea's convert.ToRepo does, with `permissions` for the caller (pass `mode` when
 * already known). A fork carries its `parent` (whose own parent is left out, as in Gitea); `licenses` stay
 * empty until licence detection exists.
 */
export function toRepository(
  view: ViewContext,
  repo: RepositoryRow,
  mode?: AccessMode,
  asParent = false,
): RepositoryJson {
  return shapeRepository(view, repo, mode, asParent, ownerLoader(view));
}

/** Shapes a page of repositories; each owner is read and shaped once, however many of the page it owns. */
export function toRepositories(view: ViewContext, repos: readonly RepositoryRow[]): RepositoryJson[] {
  const owners = new Map<number, { row: UserRow; json: UserJson }>();
  const load = ownerLoader(view);
  const cached = (repo: RepositoryRow): { row: UserRow; json: UserJson } => {
    let owner = owners.get(repo.owner_id);
    if (!owner) {
      owner = load(repo);
      owners.set(repo.owner_id, owner);
    }
    return owner;
  };
  return repos.map((repo) => shapeRepository(view, repo, undefined, false, cached));
}

/** The JSON text of each repository of a page, from the serialised cache where it holds them. */
export function repositoryFragments(view: ViewContext, repos: readonly RepositoryRow[]): Buffer[] {
  return serialisedCacheOf(view.db).fragments(
    view,
    'repo',
    repos,
    (repo) => repo.id,
    (missing) => toRepositories(view, missing),
  );
}

/** The JSON array of a page of repositories (convert/serialisedCache.ts). */
export function repositoryListJson(view: ViewContext, repos: readonly RepositoryRow[]): Buffer {
  return serialisedCacheOf(view.db).page(
    view,
    'repo',
    repos,
    (repo) => repo.id,
    (missing) => toRepositories(view, missing),
  );
}

type OwnerLoader = (repo: RepositoryRow) => { row: UserRow; json: UserJson };

const ownerLoader =
  (view: ViewContext): OwnerLoader =>
  (repo) => {
    const row = findUserById(view.db, repo.owner_id);
    // The schema refuses to delete a user who owns repositories, so this cannot happen short of corruption.
    if (!row) throw new Error(`repository ${repo.id} has no owner row ${repo.owner_id}`);
    return { row, json: toUser(view, row) };
  };

function shapeRepository(
  view: ViewContext,
  repo: RepositoryRow,
  mode: AccessMode | undefined,
  asParent: boolean,
  loadOwner: OwnerLoader,
): RepositoryJson {
  const access = mode ?? repoAccess(view.db, view.user, repo);
  const { row: owner, json: ownerJson } = loadOwner(repo);
  const htmlUrl = siteUrl(view, repoPath(repo));
  const apiUrl = repositoryApiUrl(view, repo);
  const tracker = timeTrackerSettings(view.db, repo);
  const mirrorUpdated = repo.is_mirror ? (findMirror(view.db, repo.id)?.updated ?? 0) : 0;
  return {
    id: repo.id,
    owner: ownerJson,
    name: repo.name,
    full_name: `${repo.owner_name}/${repo.name}`,
    description: repo.description,
    empty: repo.is_empty,
    private: repo.is_private,
    fork: repo.is_fork,
    template: repo.is_template,
    parent: parentOf(view, repo, asParent),
    mirror: repo.is_mirror,
    size: repo.size,
    language: '',
    languages_url: `${apiUrl}/languages`,
    html_url: htmlUrl,
    url: apiUrl,
    link: `${new URL(view.rootUrl).pathname}${repoPath(repo)}`,
    ssh_url: sshUrl(view, repo),
    clone_url: `${htmlUrl}.git`,
    original_url: repo.original_url,
    website: repo.website,
    stars_count: repo.num_stars,
    forks_count: repo.num_forks,
    watchers_count: repo.num_watches,
    open_issues_count: repo.num_issues - repo.num_closed_issues,
    open_pr_counter: repo.num_pulls - repo.num_closed_pulls,
    release_counter: repo.num_releases,
    default_branch: repo.default_branch,
    archived: repo.is_archived,
    created_at: isoTime(repo.created),
    updated_at: isoTime(repo.updated),
    archived_at: isoTime(repo.archived_at),
    permissions: {
      admin: atLeast(access, 'admin'),
      push: atLeast(access, 'write'),
      pull: atLeast(access, 'read'),
    },
    has_code: true,
    has_issues: repo.has_issues,
    internal_tracker: repo.has_issues
      ? {
          enable_time_tracker: tracker.enableTimeTracker,
          allow_only_contributors_to_track_time: tracker.allowOnlyContributorsToTrackTime,
          enable_issue_dependencies: dependenciesEnabled(view.db, repo),
        }
      : null,
    external_tracker: null,
    has_wiki: repo.has_wiki,
    external_wiki: null,
    has_pull_requests: repo.has_pull_requests,
    has_projects: repo.has_projects,
    projects_mode: 'all',
    has_releases: repo.has_releases,
    has_packages: repo.has_packages,
    has_actions: repo.has_actions,
    ignore_whitespace_conflicts: repo.ignore_whitespace_conflicts,
    allow_merge_commits: repo.allow_merge_commits,
    allow_rebase: repo.allow_rebase,
    allow_rebase_explicit: repo.allow_rebase_explicit,
    allow_squash_merge: repo.allow_squash_merge,
    allow_fast_forward_only_merge: repo.allow_fast_forward_only_merge,
    allow_rebase_update: repo.allow_rebase_update,
    allow_manual_merge: false,
    autodetect_manual_merge: false,
    allow_merge_update: true,
    default_delete_branch_after_merge: repo.default_delete_branch_after_merge,
    default_merge_style: repo.default_merge_style,
    default_update_style: 'merge',
    default_allow_maintainer_edit: false,
    default_target_branch: '',
    // Gitea's AvatarLink: the uploaded image, or nothing
    avatar_url: repo.avatar ? siteUrl(view, `repo-avatars/${repo.avatar}`) : '',
    // Gitea: a public repository of a private owner is "internal".
    internal: !repo.is_private && owner.visibility === 'private',
    mirror_interval: repo.mirror_interval,
    mirror_updated: isoTime(mirrorUpdated),
    mirror_last_sync_at: isoTime(mirrorUpdated),
    repo_transfer: null,
    branch_count: 0,
    object_format_name: repo.object_format_name === 'sha256' ? 'sha256' : 'sha1',
    topics: topicsOf(repo),
    licenses: [],
  };
}

/** Gitea's WatchInfo for a watched repository: `created_at` is the repository's creation, as Gitea sends it. */
export function toWatchInfo(view: Pick<ViewContext, 'rootUrl'>, repo: RepositoryRow): WatchInfo {
  const url = repositoryApiUrl(view, repo);
  return {
    subscribed: true,
    ignored: false,
    reason: null,
    created_at: isoTime(repo.created),
    url: `${url}/subscription`,
    repository_url: url,
  };
}

/** Gitea's RepoCollaboratorPermission: the role name is the access mode's name. */
export function toCollaboratorPermission(
  view: ViewContext,
  user: UserRow,
  mode: AccessMode,
): Omit<RepoCollaboratorPermission, 'user'> & { user: UserJson } {
  return { permission: mode, role_name: mode, user: toUser(view, user) };
}
