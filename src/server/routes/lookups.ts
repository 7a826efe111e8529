import type { RequestContext } from '../http/context';
import { notFound } from '../domain/errors';
import { canSeeAccount } from '../services/permissions';
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
