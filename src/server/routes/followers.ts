import { userListJson } from '../convert/user';
import type { RequestContext } from '../http/context';
import { notFound } from '../domain/errors';
import { assertNotBlockedEitherWay, canSeeAccount } from '../services/permissions';
import { deleteFollow, insertFollow, isFollowing, listFollowers, listFollowing } from '../store/follows';
import type { UserRow } from '../store/users';
import type { HandlerMap } from './handler';
import { visibleAccount } from './lookups';

/** One page of accounts, keeping only those the caller may see (the permission module decides). */
function listVisible(ctx: RequestContext, accounts: UserRow[]): void {
  const paging = ctx.paging;
  const visible = accounts.filter((account) => canSeeAccount(ctx.db, ctx.user, account));
  ctx.listJson(
    userListJson(ctx, visible.slice(paging.offset, paging.offset + paging.limit)),
    visible.length,
    paging,
  );
}

/** The check endpoints answer 204 when following and 404 when not. */
function answerFollowing(ctx: RequestContext, follower: UserRow, target: UserRow): void {
  if (!isFollowing(ctx.db, follower.id, target.id)) throw notFound('not following');
  ctx.empty(204);
}

export const followerHandlers: HandlerMap = {
  userCurrentListFollowers: (ctx) => listVisible(ctx, listFollowers(ctx.db, ctx.requireUser().id)),

  userCurrentListFollowing: (ctx) => listVisible(ctx, listFollowing(ctx.db, ctx.requireUser().id)),

  userListFollowers: (ctx) =>
    listVisible(ctx, listFollowers(ctx.db, visibleAccount(ctx, ctx.param('username')).id)),

  userListFollowing: (ctx) =>
    listVisible(ctx, listFollowing(ctx.db, visibleAccount(ctx, ctx.param('username')).id)),

  userCurrentCheckFollowing: (ctx) =>
    answerFollowing(ctx, ctx.requireUser(), visibleAccount(ctx, ctx.param('username'))),

  userCheckFollowing: (ctx) =>
    answerFollowing(
      ctx,
      visibleAccount(ctx, ctx.param('username')),
      visibleAccount(ctx, ctx.param('target')),
    ),

  userCurrentPutFollow: (ctx) => {
    const user = ctx.requireUser();
    const target = visibleAccount(ctx, ctx.param('username'));
    // Gitea ignores following oneself or someone followed already: 204, and nothing changes
    if (target.id !== user.id && !isFollowing(ctx.db, user.id, target.id)) {
      assertNotBlockedEitherWay(ctx.db, user, target);
      insertFollow(ctx.db, user.id, target.id);
    }
    ctx.empty();
  },

  userCurrentDeleteFollow: (ctx) => {
    const user = ctx.requireUser();
    deleteFollow(ctx.db, user.id, visibleAccount(ctx, ctx.param('username')).id);
    ctx.empty();
  },
};
