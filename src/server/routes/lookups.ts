import type { RequestContext } from '../http/context';
import { notFound } from '../domain/errors';
import { canSeeAccount } from '../services/permissions';
import { findOrganizationByName } from '../store/organizations';
import { findTeamById, type TeamRow } from '../store/teams';
import { findAccountByName, findUserByName, type UserRow } from '../store/users';

/** A user or organization by name that the caller may see; 404 otherwise (existence does not leak). */
export function visibleAccount(ctx: RequestContext, name: string): UserRow {
  const account = findAccountByName(ctx.db, name);
  if (!account || !canSeeAccount(ctx.db, ctx.user, account))
    throw notFound(`user does not exist [name: ${name}]`);
  return account;
}

/** An individual user (not an organization) by name that the caller may see; 404 otherwise. */
export function visibleUser(ctx: RequestContext, name: string): UserRow {
  const user = findUserByName(ctx.db, name);
  if (!user || !canSeeAccount(ctx.db, ctx.user, user)) throw notFound(`user does not exist [name: ${name}]`);
  return user;
}

/** `{org}` as an organization the caller may see; 404 otherwise (a private organization does not leak). */
export function visibleOrg(ctx: RequestContext, name = ctx.param('org')): UserRow {
  const org = findOrganizationByName(ctx.db, name);
  if (!org || !canSeeAccount(ctx.db, ctx.user, org)) throw notFound(`org does not exist [name: ${name}]`);
  return org;
}

/** `{id}` as an existing team; 404 otherwise. The team guards (routes/guards.ts) check the caller's role. */
export function loadTeam(ctx: RequestContext): TeamRow {
  const id = ctx.paramInt('id');
  const team = findTeamById(ctx.db, id);
  if (!team) throw notFound(`team does not exist [id: ${id}]`);
  return team;
}
