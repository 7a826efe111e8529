import { toUser } from '../convert/user';
import type { RequestContext } from '../http/context';
import { notFound } from '../domain/errors';
import { blockUser, unblockUser } from '../services/blocking';
import { findBlocking, listBlockedUsers } from '../store/blocks';
import { findAccountByName, type UserRow } from '../store/users';
import type { HandlerMap } from './handler';
import { orgRoute } from './guards';

/** `{username}`: any account by that name (Gitea's GetUserByName), 404 when there is none. */
function namedAccount(ctx: RequestContext): UserRow {
  const name = ctx.param('username');
  const account = findAccountByName(ctx.db, name);
  if (!account) throw notFound(`user does not exist [name: ${name}]`);
  return account;
}

/** The blocked users as the blocker sees them (Gitea's ToUser with the blocker as the doer). */
function listBlocks(ctx: RequestContext, blocker: UserRow): void {
  const paging = ctx.paging;
  const { rows, total } = listBlockedUsers(ctx.db, blocker.id, paging);
  const view = { db: ctx.db, user: blocker, rootUrl: ctx.rootUrl };
  ctx.list(
    rows.map((user) => toUser(view, user)),
    total,
    paging,
  );
}

/** 204 when `blocker` blocks `{username}`, 404 when not. */
function checkBlock(ctx: RequestContext, blocker: UserRow): void {
  if (!findBlocking(ctx.db, blocker.id, namedAccount(ctx).id)) throw notFound();
  ctx.empty(204);
}

function block(ctx: RequestContext<'userBlockUser' | 'organizationBlockUser'>, blocker: UserRow): void {
  blockUser(ctx.db, ctx.requireUser(), blocker, namedAccount(ctx), ctx.args.note ?? '');
  ctx.empty();
}

function unblock(ctx: RequestContext, blocker: UserRow): void {
  unblockUser(ctx.db, ctx.requireUser(), blocker, namedAccount(ctx));
  ctx.empty();
}

export const blockHandlers: HandlerMap = {
  userListBlocks: (ctx) => listBlocks(ctx, ctx.requireUser()),
  userCheckUserBlock: (ctx) => checkBlock(ctx, ctx.requireUser()),
  userBlockUser: (ctx) => block(ctx, ctx.requireUser()),
  userUnblockUser: (ctx) => unblock(ctx, ctx.requireUser()),

  // Gitea's organization block routes: reqToken, reqOrgOwnership
  organizationListBlocks: orgRoute('owner', (ctx, org) => listBlocks(ctx, org)),
  organizationCheckUserBlock: orgRoute('owner', (ctx, org) => checkBlock(ctx, org)),
  organizationBlockUser: orgRoute('owner', (ctx, org) => block(ctx, org)),
  organizationUnblockUser: orgRoute('owner', (ctx, org) => unblock(ctx, org)),
};
