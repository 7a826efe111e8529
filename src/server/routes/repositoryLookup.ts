import type { RequestContext } from '../http/context';
import type { RepositoryServices } from '../services/repositoryCreate';

/** What the repository services need from a request. */
export const repositoryServices = (ctx: RequestContext): RepositoryServices => ({
  db: ctx.db,
  dataDir: ctx.app.config.dataDir,
  noreplyHost: new URL(ctx.rootUrl).hostname,
});
