import type { OperationId } from '../../api/operations';
import type { RequestContext } from '../http/context';
import { forbidden, notFound } from '../domain/errors';
import { assertIssueAccess, assertIssuesOrPullsAccess } from '../services/issuesAccess';
import {
  assertOrgRole,
  assertRepoAccess,
  assertTeamRole,
  atLeast,
  canSeeRepo,
  isSiteAdmin,
  orgRole,
  repoAccess,
  type AccessMode,
  type RepoUnit,
} from '../services/permissions';
import { assertNotArchived } from '../services/repositoryRules';
import { findRepositoryByName, type RepositoryRow } from '../store/repositories';
import type { TeamRow } from '../store/teams';
import type { UserRow } from '../store/users';
import { loadTeam, visibleAccount, visibleOrg } from './lookups';
import type { Handler } from './handler';
import { openGit, type GitRepository } from './repoGit';

/**
 * What a `/repos/{owner}/{repo}` route requires before its handler runs, as Gitea's route table states it
 * (`reqRepoReader(unit.TypeIssues)`, `reqRepoWriter(...)`, `reqAdmin()`, `reqOwner()`, `mustNotBeArchived`).
 * Token and sign-in requirements are the catalogue entry's `auth`; the router checks them first.
 */
export interface RepoGuard {
  /** What the caller must reach on the repository (or its `unit`): `read` when absent. */
  readonly access?: Exclude<AccessMode, 'none'>;
  /**
   * The unit `access` is checked on (a disabled issue or pull request unit is a 404);
   * `issuesOrPulls` is Gitea's reqRepoWriter(issues, pulls) of labels and milestones.
   */
  readonly unit?: RepoUnit | 'issuesOrPulls';
  /** An archived repository answers 423 (Gitea's mustNotBeArchived). */
  readonly notArchived?: boolean;
}

/** The repository a guard let through, with the caller's access to it (to the guard's unit, where it names one). */
export interface RepoScope {
  readonly repo: RepositoryRow;
  readonly mode: AccessMode;
}

/**
 * What an `/orgs/{org}` or `/teams/{id}` route requires: the caller's role in the organization or team
 * (Gitea's reqOrgMembership, reqOrgOwnership, reqTeamMembership). Site admins pass as owners.
 */
export interface MembershipGuard {
  readonly of: 'organization' | 'team';
  readonly role: 'member' | 'owner';
}

/** A handler together with the guard it was declared with, so the route table can be read and tested. */
export type GuardedHandler<K extends OperationId = OperationId> = Handler<K> & {
  readonly guard: RepoGuard | MembershipGuard | UnitOffGuard;
};

/** The gate of an operation of a unit the local server keeps off (routes/unitsOff.ts). */
export interface UnitOffGuard {
  readonly unitOff: UnitOffGate;
}

/** Applies a repository guard: 404 when the caller cannot see the repository, then 401/403, then 423. */
export function enterRepository(ctx: RequestContext, guard: RepoGuard): RepoScope {
  const repo = findRepositoryByName(ctx.db, ctx.param('owner'), ctx.param('repo'));
  if (!repo) throw notFound();
  const access = guard.access ?? 'read';
  const unit = guard.unit;
  const mode = unitAccess(ctx, repo, access, unit);
  if (guard.notArchived) assertNotArchived(repo);
  return { repo, mode };
}

function unitAccess(
  ctx: RequestContext,
  repo: RepositoryRow,
  access: Exclude<AccessMode, 'none'>,
  unit: RepoGuard['unit'],
): AccessMode {
  if (unit === undefined) return assertRepoAccess(ctx.db, ctx.user, repo, access);
  const repoMode = assertRepoAccess(ctx.db, ctx.user, repo, 'read');
  if (unit === 'issuesOrPulls') {
    assertIssuesOrPullsAccess(ctx.db, ctx.user, repo, access);
    return repoMode;
  }
  if (unit === 'repo.issues' || unit === 'repo.pulls')
    return assertIssueAccess(ctx.db, ctx.user, repo, unit === 'repo.pulls', access);
  // Gitea's mustEnableWiki: a wiki that is turned off, or one the caller may not read, is not there.
  if (unit === 'repo.wiki' && (!repo.has_wiki || !atLeast(repoAccess(ctx.db, ctx.user, repo, unit), 'read')))
    throw notFound();
  const mode = assertRepoAccess(ctx.db, ctx.user, repo, access, unit);
  // Gitea's reqRepoReader: a unit that is turned off stays open to repository admins only.
  if (unit === 'repo.releases' && !repo.has_releases && !atLeast(mode, 'admin')) {
    throw forbidden('user should have specific read permission or be a repo admin or a site admin');
  }
  return mode;
}

/** A repository route: the guard runs first, the handler gets the repository it let through. */
export function repoRoute<K extends OperationId>(
  guard: RepoGuard,
  handle: (ctx: RequestContext<K>, scope: RepoScope) => void | Promise<void>,
): GuardedHandler<K> {
  const handler: Handler<K> = (ctx) => handle(ctx, enterRepository(ctx, guard));
  return Object.assign(handler, { guard });
}

/** A route on a repository's git data: the guard, then its git directory opened (404 when missing). */
export function gitRoute<K extends OperationId>(
  guard: RepoGuard,
  handle: (ctx: RequestContext<K>, git: GitRepository) => void | Promise<void>,
): GuardedHandler<K> {
  const handler: Handler<K> = (ctx) => handle(ctx, openGit(ctx, enterRepository(ctx, guard)));
  return Object.assign(handler, { guard });
}

/** An organization route: 404 when the caller cannot see `{org}`, then 401/403 without `role` in it. */
export function orgRoute<K extends OperationId>(
  role: MembershipGuard['role'],
  handle: (ctx: RequestContext<K>, org: UserRow) => void | Promise<void>,
): GuardedHandler<K> {
  const handler: Handler<K> = (ctx) => {
    const org = visibleOrg(ctx);
    assertOrgRole(ctx.db, ctx.user, org, role);
    return handle(ctx, org);
  };
  return Object.assign(handler, { guard: { of: 'organization', role } as const });
}

/** A team route (`/teams/{id}`): 404 for an unknown team or a caller outside its organization, 403 without `role`. */
export function teamRoute<K extends OperationId>(
  role: MembershipGuard['role'],
  handle: (ctx: RequestContext<K>, team: TeamRow) => void | Promise<void>,
): GuardedHandler<K> {
  const handler: Handler<K> = (ctx) => {
    const team = loadTeam(ctx);
    assertTeamRole(ctx.db, ctx.user, team, role);
    return handle(ctx, team);
  };
  return Object.assign(handler, { guard: { of: 'team', role } as const });
}

/** Reading the repository is all this route needs. */
export const readRepo: RepoGuard = {};
/** Repository administrators (Gitea's reqAdmin). */
export const repoAdmin: RepoGuard = { access: 'admin' };
/** The owner, owners of the owning organization, site admins (Gitea's reqOwner). */
export const repoOwner: RepoGuard = { access: 'owner' };
/** Labels and milestones: writers of the repository's issues or pull requests, not archived. */
export const trackerWriter: RepoGuard = { access: 'write', unit: 'issuesOrPulls', notArchived: true };
/** Opening issues: readers of the issue unit, not archived. */
export const issueWriter: RepoGuard = { unit: 'repo.issues', notArchived: true };
/** Pull request routes: readers of the pull request unit (404 when it is off). */
export const pullReader: RepoGuard = { unit: 'repo.pulls' };
/** Opening a pull request: readers of the pull request unit, not archived. */
export const pullWriter: RepoGuard = { unit: 'repo.pulls', notArchived: true };
/** Writes to the repository's code (branches, files, statuses): writers, not archived. */
export const codeWriter: RepoGuard = { access: 'write', notArchived: true };
/** Reading releases (Gitea's reqRepoReader(unit.TypeReleases)). */
/** Gitea's mustEnableWiki group: reading the wiki's pages. */
export const wikiReader: RepoGuard = { unit: 'repo.wiki' };
/** …and writing them (reqRepoWriter(unit.TypeWiki), mustNotBeArchived). */
export const wikiWriter: RepoGuard = { unit: 'repo.wiki', access: 'write', notArchived: true };
export const releaseReader: RepoGuard = { unit: 'repo.releases' };
/** Writing releases. */
export const releaseWriter: RepoGuard = { unit: 'repo.releases', access: 'write' };

/**
 * Who Gitea 1.27 lets reach an Actions or package handler (routers/api/v1/api.go): `repoOwner` is
 * addActionsRoutes' reqOwner; `unitReader`/`unitWriter` are reqRepoReader/reqRepoWriter(unit.TypeActions),
 * which only repository admins and site admins pass while the unit is turned off (no repository has it);
 * `orgOwner` is reqOrgOwnership; `packageReader`/`packageWriter` are reqPackageAccess on `{owner}`; `caller`
 * needs nothing beyond the sign-in the catalogue's `auth` already demanded.
 */
export type UnitOffGate =
  'repoOwner' | 'unitReader' | 'unitWriter' | 'orgOwner' | 'packageReader' | 'packageWriter' | 'caller';

/** Applies a gate in Gitea's order: the scope's owner must be visible (404), then the caller's role (403). */
export function enterUnitOffScope(ctx: RequestContext, gate: UnitOffGate): void {
  switch (gate) {
    case 'repoOwner':
    case 'unitReader':
    case 'unitWriter': {
      const repo = findRepositoryByName(ctx.db, ctx.param('owner'), ctx.param('repo'));
      if (!repo || !canSeeRepo(ctx.db, ctx.user, repo)) throw notFound();
      const mode = repoAccess(ctx.db, ctx.user, repo);
      if (gate === 'repoOwner' && !atLeast(mode, 'owner'))
        throw forbidden('user should be the owner of the repo');
      if (gate === 'unitReader' && !atLeast(mode, 'admin'))
        throw forbidden('user should have specific read permission or be a repo admin or a site admin');
      if (gate === 'unitWriter' && !atLeast(mode, 'admin'))
        throw forbidden('user should have a permission to write to a repo');
      return;
    }
    case 'orgOwner': {
      const org = visibleOrg(ctx);
      if (orgRole(ctx.db, ctx.user, org) !== 'owner' && !isSiteAdmin(ctx.user))
        throw forbidden('Must be an organization owner');
      return;
    }
    case 'packageReader':
    case 'packageWriter': {
      const owner = visibleAccount(ctx, ctx.param('owner'));
      const writes =
        isSiteAdmin(ctx.user) || ctx.user?.id === owner.id || orgRole(ctx.db, ctx.user, owner) === 'owner';
      if (gate === 'packageWriter' && !writes)
        throw forbidden('user should have specific permission or be a site admin');
      return;
    }
    case 'caller':
      return;
  }
}
