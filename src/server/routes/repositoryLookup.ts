import type { RequestContext } from '../http/context';
import { notFound } from '../domain/errors';
import { assertRepoAccess, type AccessMode } from '../services/permissions';
import type { RepositoryServices } from '../services/repositoryCreate';
import { findRepositoryByName, type RepositoryRow } from '../store/repositories';

/**
 * The repository of a `/repos/{owner}/{repo}` (or `/user/starred/{owner}/{repo}`) path, with the caller's
 * access, which must reach `needed`: 404 when they cannot see it (existence does not leak), 401 when
 * anonymous, 403 otherwise.
 */
export function loadRepository(
  ctx: RequestContext,
  needed: Exclude<AccessMode, 'none'> = 'read',
): { repo: RepositoryRow; mode: AccessMode } {
  const repo = findRepositoryByName(ctx.db, ctx.param('owner'), ctx.param('repo'));
  if (!repo) throw notFound();
  return { repo, mode: assertRepoAccess(ctx.db, ctx.user, repo, needed) };
}

/** What the repository services need from a request. */
export const repositoryServices = (ctx: RequestContext): RepositoryServices => ({
  db: ctx.db,
  dataDir: ctx.app.config.dataDir,
  noreplyHost: new URL(ctx.rootUrl).hostname,
});
