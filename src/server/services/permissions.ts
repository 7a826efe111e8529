import type { Database } from '../store/database';
import {
  collaboratorMode,
  mayCreateOrganizationRepository,
  organizationMembership,
  teamGrantsForRepository,
  type TeamGrant,
} from '../store/access';
import type { RepositoryRow } from '../store/repositories';
import { blockedByAny } from '../store/blocks';
import type { SqlCondition } from '../store/repositorySearch';
import { isTeamMember, type TeamRow } from '../store/teams';
import { findUserById, userType, type UserRow } from '../store/users';
import { forbidden, notFound, unauthenticated } from '../domain/errors';

/**
 * The one permission module. Every route asks here who may see or change what; the answers follow
 * Gitea: site admins may do everything, private things are 404 (never 403) to those who cannot see them,
 * anonymous writes are 401, and visible-but-not-allowed is 403.
 */

export type AccessMode = 'none' | 'read' | 'write' | 'admin' | 'owner';
export type OrgRole = 'none' | 'member' | 'owner';
/** Repository units as Gitea names them in team `units` / `units_map`. */
export type RepoUnit =
  | 'repo.code'
  | 'repo.issues'
  | 'repo.ext_issues'
  | 'repo.pulls'
  | 'repo.releases'
  | 'repo.wiki'
  | 'repo.ext_wiki'
  | 'repo.projects'
  | 'repo.packages'
  | 'repo.actions';

/** The caller: a signed-in user or null for anonymous. */
export type Viewer = UserRow | null;

const rank: Readonly<Record<AccessMode, number>> = { none: 0, read: 1, write: 2, admin: 3, owner: 4 };

export const atLeast = (mode: AccessMode, needed: AccessMode): boolean => rank[mode] >= rank[needed];
const higher = (a: AccessMode, b: AccessMode): AccessMode => (rank[a] >= rank[b] ? a : b);

export const isSiteAdmin = (viewer: Viewer): boolean => viewer?.is_admin === true;

/**
 * Whether `viewer` may see an account (user or organization) at all, by its visibility:
 * public to everyone, limited to signed-in users (restricted ones only as members), private to
 * itself, its members and site admins.
 */
export function canSeeAccount(db: Database, viewer: Viewer, account: UserRow): boolean {
  if (account.visibility === 'public') return true;
  if (viewer === null) return false;
  if (isSiteAdmin(viewer) || viewer.id === account.id) return true;
  const isMember =
    account.type === userType.organization && organizationMembership(db, account.id, viewer.id).member;
  if (account.visibility === 'limited') return !viewer.restricted || isMember;
  return isMember;
}

/** `canSeeAccount` for an organization. */
export const canSeeOrg = canSeeAccount;

/** The viewer's role in an organization; site admins are not members unless they joined. */
export function orgRole(db: Database, viewer: Viewer, org: UserRow): OrgRole {
  if (viewer === null) return 'none';
  const membership = organizationMembership(db, org.id, viewer.id);
  return membership.owner ? 'owner' : membership.member ? 'member' : 'none';
}

function teamAccess(grant: TeamGrant, unit: RepoUnit | undefined): AccessMode {
  // Admin and owner teams reach every unit, as in Gitea.
  if (atLeast(grant.authorize, 'admin')) return grant.authorize;
  const units = JSON.parse(grant.units) as Record<string, AccessMode>;
  const modes = Object.values(units);
  if (modes.length === 0) return grant.authorize;
  if (unit === undefined) return modes.reduce(higher, 'none');
  return units[unit] ?? 'none';
}

/**
 * The best access a user's teams in the repository's owning organization give on one unit: 'none' outside an
 * organization (Gitea's team_unit conditions of its assignee and reviewer lists).
 */
export function teamUnitAccess(db: Database, user: UserRow, repo: RepositoryRow, unit: RepoUnit): AccessMode {
  const owner = findUserById(db, repo.owner_id);
  if (owner?.type !== userType.organization) return 'none';
  return teamGrantsForRepository(db, owner.id, repo.id, user.id)
    .map((grant) => teamAccess(grant, unit))
    .reduce(higher, 'none');
}

/**
 * The viewer's access to a repository: 'owner' for site admins and the owning user or org owners,
 * else the best of collaboration, teams and (for public repositories the viewer may see) 'read'.
 * With `unit`, team unit restrictions apply; without it, the team's best unit counts.
 */
export function repoAccess(db: Database, viewer: Viewer, repo: RepositoryRow, unit?: RepoUnit): AccessMode {
  // A workspace repository whose folder is gone is hidden from everyone until it returns.
  if (repo.is_missing) return 'none';
  // The owner reading: no need to read the owner's row (it exists: it is the viewer).
  if (viewer !== null && viewer.id === repo.owner_id) return 'owner';
  const owner = findUserById(db, repo.owner_id);
  if (!owner) return 'none';
  if (viewer !== null && (isSiteAdmin(viewer) || viewer.id === owner.id)) return 'owner';
  let mode: AccessMode = 'none';
  if (viewer !== null) {
    if (owner.type === userType.organization) {
      if (organizationMembership(db, owner.id, viewer.id).owner) return 'owner';
      for (const grant of teamGrantsForRepository(db, owner.id, repo.id, viewer.id)) {
        mode = higher(mode, teamAccess(grant, unit));
      }
    }
    mode = higher(mode, collaboratorMode(db, repo.id, viewer.id) ?? 'none');
  }
  // Restricted users see only what they were explicitly given, as in Gitea.
  const everyoneReads = !repo.is_private && viewer?.restricted !== true && canSeeAccount(db, viewer, owner);
  return everyoneReads ? higher(mode, 'read') : mode;
}

/** A repository the viewer cannot read does not exist for them. */
export function canSeeRepo(db: Database, viewer: Viewer, repo: RepositoryRow): boolean {
  return atLeast(repoAccess(db, viewer, repo), 'read');
}

/**
 * What every viewer may read (repositoryVisibilitySql's `sure` for anonymous callers), over any table
 * holding a repository's `is_missing`, `is_private` and `owner_id` under `table`: present, public, and of
 * an owner every viewer sees. An owner always exists (a foreign key), so "not one of the few owners that
 * are not public" is "a public owner", which an index answers without a row per repository.
 */
export const readableByEveryoneSql = (table: string): string =>
  `(${table}.is_missing = 0 AND ${table}.is_private = 0
    AND ${table}.owner_id NOT IN (SELECT id FROM user WHERE visibility <> 'public'))`;

/**
 * canSeeRepo as SQL over `repository`, for lists that count and page in the database. `sure` holds exactly
 * where repoAccess's direct paths grant read: a site admin, the owner, or a public repository of a public
 * owner for an unrestricted viewer. `candidate` keeps, besides those, only rows some other path might
 * open (a public repository of a limited or private owner, a collaboration, a team of the owning
 * organization); the caller decides those few with canSeeRepo. Rows outside `candidate` are never visible.
 * Both hold for every unit: where `sure` holds, repoAccess with any unit grants read; a unit only narrows.
 */
export function repositoryVisibilitySql(viewer: Viewer): {
  sure: SqlCondition;
  candidate: SqlCondition;
} {
  const present = 'repository.is_missing = 0';
  const everyone = readableByEveryoneSql('repository');
  if (viewer === null) {
    const sure = { sql: everyone, params: [] };
    return { sure, candidate: sure };
  }
  if (isSiteAdmin(viewer)) {
    const sure = {
      sql: `${present} AND EXISTS (SELECT 1 FROM user AS owner WHERE owner.id = repository.owner_id)`,
      params: [],
    };
    return { sure, candidate: sure };
  }
  const everyoneReads = viewer.restricted ? '0' : everyone;
  // A restricted viewer reads only what they were given: no public repository opens by itself.
  const isPublic = viewer.restricted ? '0' : 'repository.is_private = 0';
  return {
    sure: { sql: `${present} AND (repository.owner_id = ? OR ${everyoneReads})`, params: [viewer.id] },
    candidate: {
      sql: `${present} AND (repository.owner_id = ? OR ${isPublic}
        OR EXISTS (SELECT 1 FROM collaboration AS c WHERE c.repo_id = repository.id AND c.user_id = ?)
        OR EXISTS (SELECT 1 FROM team JOIN team_user ON team_user.team_id = team.id
                   WHERE team.org_id = repository.owner_id AND team_user.uid = ?))`,
      params: [viewer.id, viewer.id, viewer.id],
    },
  };
}

/**
 * Throws unless the viewer has `needed` on the repository: 404 when they cannot even read it (so a
 * private repository's existence does not leak), 401 when anonymous, 403 otherwise. Returns the mode.
 */
export function assertRepoAccess(
  db: Database,
  viewer: Viewer,
  repo: RepositoryRow,
  needed: AccessMode,
  unit?: RepoUnit,
): AccessMode {
  const mode = repoAccess(db, viewer, repo, unit);
  if (atLeast(mode, needed)) return mode;
  if (!canSeeRepo(db, viewer, repo)) throw notFound();
  if (viewer === null) throw unauthenticated();
  throw forbidden(
    needed === 'admin' || needed === 'owner'
      ? 'Must have admin rights'
      : 'user should have permission to write to the repository',
  );
}

/** Throws 404 unless the viewer may see the account (user or organization). */
export function assertCanSeeAccount(db: Database, viewer: Viewer, account: UserRow): void {
  if (!canSeeAccount(db, viewer, account)) throw notFound();
}

/**
 * Throws unless the viewer holds `needed` in the organization (site admins pass as owners): 404 when
 * they cannot see it, 401 when anonymous, 403 otherwise. Returns the role (admins as 'owner').
 */
export function assertOrgRole(
  db: Database,
  viewer: Viewer,
  org: UserRow,
  needed: Exclude<OrgRole, 'none'>,
): OrgRole {
  if (!canSeeAccount(db, viewer, org)) throw notFound();
  if (viewer === null) throw unauthenticated();
  const role = isSiteAdmin(viewer) ? 'owner' : orgRole(db, viewer, org);
  if (role === 'owner' || (needed === 'member' && role === 'member')) return role;
  throw forbidden(
    needed === 'owner' ? 'You must be an organization owner' : 'You must be a member of the organization',
  );
}

/** Throws 403 unless the viewer is the account itself or a site admin (token and key management of others). */
export function assertSelfOrAdmin(viewer: UserRow, account: UserRow): void {
  if (viewer.id !== account.id && !isSiteAdmin(viewer)) {
    throw forbidden("You are not allowed to access another user's resources");
  }
}

/**
 * Throws unless the viewer may act on the team with `needed` ('member' to read it, 'owner' to change it);
 * site admins and organization owners always may. Teams are seen only inside their organization: others get
 * 404 (as Gitea's reqTeamMembership); org members outside the team, and team members asking for an owner's
 * action, can see it but are not allowed: 403.
 */
export function assertTeamRole(
  db: Database,
  viewer: Viewer,
  team: Pick<TeamRow, 'id' | 'org_id'>,
  needed: 'member' | 'owner',
): void {
  if (viewer === null) throw unauthenticated();
  if (isSiteAdmin(viewer)) return;
  const membership = organizationMembership(db, team.org_id, viewer.id);
  if (membership.owner) return;
  if (!membership.member) throw notFound();
  const inTeam = isTeamMember(db, team.id, viewer.id);
  if (needed === 'member' && inTeam) return;
  throw forbidden(inTeam ? 'You must be an organization owner' : 'Must be a team member');
}

/**
 * Throws unless the viewer may publicize or conceal `member`'s membership of the organization: the member
 * themself, or a site admin. Other non-members of the organization get 403 first (Gitea's reqOrgMembership).
 */
export function assertMayChangeMembershipVisibility(
  db: Database,
  viewer: UserRow,
  org: UserRow,
  member: UserRow,
): void {
  if (isSiteAdmin(viewer)) return;
  if (orgRole(db, viewer, org) === 'none') throw forbidden('Must be an organization member');
  if (viewer.id !== member.id) throw forbidden('Cannot publicize or conceal another member');
}

/**
 * Throws unless the viewer may add or remove the teams of an organization's repository (Gitea's
 * CanChangeRepoTeamAccess): owners (and site admins) may; repository admins only when the organization lets
 * them (`repo_admin_change_team_access`). 404/401/403 as `assertRepoAccess` for those without admin rights.
 */
export function assertMayChangeRepoTeams(
  db: Database,
  viewer: Viewer,
  repo: RepositoryRow,
  org: UserRow,
): void {
  const mode = assertRepoAccess(db, viewer, repo, 'admin');
  if (mode !== 'owner' && !org.repo_admin_change_team_access) {
    throw forbidden('Must have permission to manage team repository access');
  }
}

/**
 * Throws 403 unless the viewer may create repositories in the organization: site admins, org owners, and
 * members of a team with can_create_org_repo. Whether they may see the organization is checked first (404).
 */
export function assertMayCreateOrgRepo(db: Database, viewer: UserRow, org: UserRow): void {
  if (!canSeeAccount(db, viewer, org)) throw notFound();
  if (isSiteAdmin(viewer) || mayCreateOrganizationRepository(db, org.id, viewer.id)) return;
  throw forbidden('Given user is not owner of organization.');
}

/** Throws 403 unless the user may create organizations: admins always, others while `allow_create_organization` holds. */
export function assertMayCreateOrganization(viewer: UserRow): void {
  if (!isSiteAdmin(viewer) && !viewer.allow_create_organization) throw forbidden('not allowed to create org');
}

/**
 * Gitea's reqGitHook (User.CanEditGitHook): the server's administrator turned git hooks on
 * (`--enable-git-hooks`), and the viewer is a site admin or a user allowed to edit them (`allow_git_hook`).
 */
export function assertMayEditGitHooks(viewer: Viewer, enabled: boolean): void {
  if (enabled && viewer !== null && (isSiteAdmin(viewer) || viewer.allow_git_hook)) return;
  throw forbidden('must be allowed to edit Git hooks');
}

/** Gitea's ErrBlockedUser, which its handlers answer with 403. */
export const blockedUserMessage = 'user is blocked';

/**
 * Gitea's IsUserBlockedBy: whether any of the accounts `blockerIds` (users or organizations) blocks `user`.
 * Site administrators are never blocked.
 */
export function isBlockedBy(db: Database, user: UserRow, blockerIds: readonly number[]): boolean {
  return !isSiteAdmin(user) && blockedByAny(db, user.id, blockerIds);
}

/** Throws Gitea's 403 "user is blocked" when one of `blockerIds` blocks the user. */
export function assertNotBlockedBy(db: Database, user: UserRow, blockerIds: readonly number[]): void {
  if (isBlockedBy(db, user, blockerIds)) throw forbidden(blockedUserMessage);
}

/**
 * Writing on an issue (commenting, editing its text or a comment): refused when the issue's poster or the
 * repository's owner blocks the doer, unless the doer administers the repository (Gitea's services/issue).
 */
export function assertMayWriteOnIssue(
  db: Database,
  doer: UserRow,
  repo: RepositoryRow,
  issuePosterId: number,
): void {
  if (!isBlockedBy(db, doer, [issuePosterId, repo.owner_id])) return;
  if (atLeast(repoAccess(db, doer, repo), 'admin')) return;
  throw forbidden(blockedUserMessage);
}

/** Gitea's FollowUser and AddOrUpdateCollaborator: refused when either of the two blocks the other. */
export function assertNotBlockedEitherWay(db: Database, a: UserRow, b: UserRow): void {
  if (isBlockedBy(db, a, [b.id]) || isBlockedBy(db, b, [a.id])) throw forbidden(blockedUserMessage);
}
