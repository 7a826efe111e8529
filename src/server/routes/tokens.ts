import { toAccessToken } from '../convert/accessToken';
import type { RequestContext } from '../http/context';
import { notFound } from '../domain/errors';
import { createAccessToken, findAccessToken } from '../services/accessTokens';
import { assertSelfOrAdmin } from '../services/permissions';
import { deleteToken, listTokens } from '../store/tokens';
import { findUserByName, type UserRow } from '../store/users';
import type { HandlerMap } from './handler';

/** `{username}` of the token routes: it must exist (404) and be the caller unless they are an admin (403). */
function tokenOwner(ctx: RequestContext): UserRow {
  const name = ctx.param('username');
  const owner = findUserByName(ctx.db, name);
  if (!owner) throw notFound(`user does not exist [name: ${name}]`);
  assertSelfOrAdmin(ctx.requireUser(), owner);
  return owner;
}

export const tokenHandlers: HandlerMap = {
  userGetTokens: (ctx) => {
    const owner = tokenOwner(ctx);
    const paging = ctx.paging;
    const { rows, total } = listTokens(ctx.db, owner.id, paging);
    ctx.list(
      rows.map((row) => toAccessToken(row)),
      total,
      paging,
    );
  },

  userCreateToken: async (ctx) => {
    const owner = tokenOwner(ctx);
    const body = await ctx.body();
    const name = body.string('name', { required: true, nonEmpty: true, maxLength: 255 });
    const { row, token } = createAccessToken(ctx.db, owner.id, name, body.stringArray('scopes'));
    ctx.json(toAccessToken(row, token));
  },

  userDeleteAccessToken: (ctx) => {
    const owner = tokenOwner(ctx);
    deleteToken(ctx.db, findAccessToken(ctx.db, owner.id, ctx.param('token')).id);
    ctx.empty();
  },
};
