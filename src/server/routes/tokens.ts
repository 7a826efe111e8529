import { toAccessToken } from '../convert/accessToken';
import type { RequestContext } from '../http/context';
import { notFound } from '../domain/errors';
import { createAccessToken, findAccessToken } from '../services/accessTokens';
import { assertSelfOrAdmin } from '../services/permissions';
import { hashToken } from '../services/tokens';
import { deleteToken, findTokenByHash, listTokens, type AccessTokenRow } from '../store/tokens';
import { findUserById, findUserByName, type UserRow } from '../store/users';
import type { HandlerMap } from './handler';

/** `{username}` of the token routes: it must exist (404) and be the caller unless they are an admin (403). */
function tokenOwner(ctx: RequestContext): UserRow {
  const name = ctx.param('username');
  const owner = findUserByName(ctx.db, name);
  if (!owner) throw notFound(`user does not exist [name: ${name}]`);
  assertSelfOrAdmin(ctx.requireUser(), owner);
  return owner;
}

/**
 * The token of `Authorization: token|Bearer <token>`, as Gitea's `/token` reads it: only from that header
 * (a token in the query or in Basic credentials is "invalid personal token"), whoever sudo acts as.
 */
function headerToken(ctx: RequestContext): AccessTokenRow {
  const fields = (ctx.req.headers.authorization ?? '').trim().split(/\s+/);
  const scheme = fields[0]?.toLowerCase();
  if (fields.length !== 2 || (scheme !== 'token' && scheme !== 'bearer'))
    throw notFound('invalid personal token');
  const row = findTokenByHash(ctx.db, hashToken(fields[1]!));
  if (!row) throw notFound('token not found');
  return row;
}

export const tokenHandlers: HandlerMap = {
  getCurrentToken: (ctx) => {
    const token = headerToken(ctx);
    const owner = findUserById(ctx.db, token.uid);
    if (!owner) throw notFound('token not found');
    const shaped = toAccessToken(token);
    ctx.json({
      id: token.id,
      name: token.name,
      scopes: shaped.scopes,
      created_at: shaped.created_at,
      last_used_at: shaped.last_used_at,
      user: { id: owner.id, login: owner.name },
    });
  },

  deleteCurrentToken: (ctx) => {
    deleteToken(ctx.db, headerToken(ctx).id);
    ctx.empty();
  },

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
