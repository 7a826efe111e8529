import { toRepository } from '../convert/repository';
import type { RequestContext } from '../http/context';
import { invalid } from '../domain/errors';
import { forkRepository, type ForkServices } from '../services/forks';
import { assertMayCreateOrgRepo, canSeeAccount, canSeeRepo } from '../services/permissions';
import { listForksOf } from '../store/forks';
import { findAccountByName, userType, type UserRow } from '../store/users';
import type { HandlerMap } from './handler';
import { repositoryServices } from './repositoryLookup';
import { readRepo, repoRoute } from './guards';

const forkServices = (ctx: RequestContext): ForkServices => ({
  ...repositoryServices(ctx),
  rootUrl: ctx.rootUrl,
  events: ctx.app.events,
});

/** CreateForkOption's `organization`: one the doer may create repositories in (422 unknown, 403 not allowed). */
function forkOwner(ctx: RequestContext, doer: UserRow, organization: string | undefined): UserRow {
  if (organization === undefined || organization === '') return doer;
  const org = findAccountByName(ctx.db, organization);
  if (!org || org.type !== userType.organization || !canSeeAccount(ctx.db, doer, org)) {
    throw invalid(`org does not exist [name: ${organization}]`);
  }
  assertMayCreateOrgRepo(ctx.db, doer, org);
  return org;
}

export const forkHandlers: HandlerMap = {
  listForks: repoRoute(readRepo, (ctx, { repo }) => {
    const visible = listForksOf(ctx.db, repo.id).filter((fork) => canSeeRepo(ctx.db, ctx.user, fork));
    const { offset, limit } = ctx.paging;
    ctx.list(
      visible.slice(offset, offset + limit).map((fork) => toRepository(ctx, fork)),
      visible.length,
    );
  }),

  // Gitea answers 202 although the fork is complete when it answers.
  createFork: repoRoute(readRepo, async (ctx, { repo }) => {
    const doer = ctx.requireUser();
    const body = await ctx.body();
    const owner = forkOwner(ctx, doer, body.string('organization'));
    const name = body.string('name', { maxLength: 100 }) || repo.name;
    const fork = await forkRepository(forkServices(ctx), doer, repo, owner, name);
    ctx.json(toRepository(ctx, fork));
  }),
};
