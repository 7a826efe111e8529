import { toWatchInfo } from '../convert/repository';
import { userListJson } from '../convert/user';
import { notFound } from '../domain/errors';
import {
  isWatching,
  listWatchers,
  setWatchMode,
  unwatch,
  watchMode,
  watchedRepositories,
} from '../store/watches';
import { assertNotBlockedBy } from '../services/permissions';
import type { HandlerMap } from './handler';
import { visibleAccount } from './lookups';
import { listVisibleRepositories } from './repositoryLists';
import { othersSeePublicOnly } from './stars';
import { readRepo, repoRoute } from './guards';

export const watchingHandlers: HandlerMap = {
  // Gitea answers 404 rather than `subscribed: false` when the caller does not watch.
  userCurrentCheckSubscription: repoRoute(readRepo, (ctx, { repo }) => {
    if (!isWatching(ctx.db, ctx.requireUser().id, repo.id)) throw notFound();
    ctx.json(toWatchInfo(ctx, repo));
  }),

  // The spec answers 200 with the WatchInfo here, not 204.
  userCurrentPutSubscription: repoRoute(readRepo, (ctx, { repo }) => {
    const user = ctx.requireUser();
    // Gitea's WatchRepo: the repository's owner may have blocked the user
    assertNotBlockedBy(ctx.db, user, [repo.owner_id]);
    setWatchMode(ctx.db, user.id, repo.id, watchMode.normal);
    ctx.json(toWatchInfo(ctx, repo));
  }),

  userCurrentDeleteSubscription: repoRoute(readRepo, (ctx, { repo }) => {
    unwatch(ctx.db, ctx.requireUser().id, repo.id);
    ctx.empty();
  }),

  repoListSubscribers: repoRoute(readRepo, (ctx, { repo }) => {
    const paging = ctx.paging;
    const { rows, total } = listWatchers(ctx.db, repo.id, paging);
    ctx.listJson(userListJson(ctx, rows), total, paging);
  }),

  userCurrentListSubscriptions: (ctx) =>
    listVisibleRepositories(ctx, watchedRepositories(ctx.db, ctx.requireUser().id)),

  userListSubscriptions: (ctx) => {
    const account = visibleAccount(ctx, ctx.param('username'));
    listVisibleRepositories(ctx, othersSeePublicOnly(ctx, account, watchedRepositories(ctx.db, account.id)));
  },
};
