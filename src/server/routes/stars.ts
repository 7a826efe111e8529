import { userListJson } from '../convert/user';
import type { RequestContext } from '../http/context';
import { notFound } from '../domain/errors';
import { addStar, isStarring, listStargazers, removeStar, starredRepositories } from '../store/stars';
import type { UserRow } from '../store/users';
import { assertNotBlockedBy } from '../services/permissions';
import type { HandlerMap } from './handler';
import { visibleAccount } from './lookups';
import { listVisibleRepositories } from './repositoryLists';
import { readRepo, repoRoute } from './guards';

/** Someone else's starred or watched list shows only public repositories, as Gitea's IncludePrivate=false. */
export function othersSeePublicOnly<T extends { is_private: boolean }>(
  ctx: RequestContext,
  account: UserRow,
  rows: T[],
): T[] {
  return ctx.user?.id === account.id ? rows : rows.filter((repo) => !repo.is_private);
}

export const starHandlers: HandlerMap = {
  userCurrentListStarred: (ctx) =>
    listVisibleRepositories(ctx, starredRepositories(ctx.db, ctx.requireUser().id)),

  userListStarred: (ctx) => {
    const account = visibleAccount(ctx, ctx.param('username'));
    listVisibleRepositories(ctx, othersSeePublicOnly(ctx, account, starredRepositories(ctx.db, account.id)));
  },

  userCurrentCheckStarring: repoRoute(readRepo, (ctx, { repo }) => {
    if (!isStarring(ctx.db, ctx.requireUser().id, repo.id)) throw notFound();
    ctx.empty();
  }),

  // Starring twice is not an error: the second star changes nothing.
  userCurrentPutStar: repoRoute(readRepo, (ctx, { repo }) => {
    const user = ctx.requireUser();
    // Gitea's StarRepo: the repository's owner may have blocked the user
    assertNotBlockedBy(ctx.db, user, [repo.owner_id]);
    addStar(ctx.db, user.id, repo.id);
    ctx.empty();
  }),

  userCurrentDeleteStar: repoRoute(readRepo, (ctx, { repo }) => {
    removeStar(ctx.db, ctx.requireUser().id, repo.id);
    ctx.empty();
  }),

  repoListStargazers: repoRoute(readRepo, (ctx, { repo }) => {
    const paging = ctx.paging;
    const { rows, total } = listStargazers(ctx.db, repo.id, paging);
    ctx.listJson(userListJson(ctx, rows), total, paging);
  }),
};
