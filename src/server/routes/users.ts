import { toUser, userFragments } from '../convert/user';
import { searchUsers } from '../store/users';
import type { HandlerMap } from './handler';
import { visibleAccount } from './lookups';

export const userHandlers: HandlerMap = {
  userGetCurrent: (ctx) => ctx.json(toUser(ctx, ctx.requireUser())),

  // Gitea answers organizations here too: they are accounts like users.
  userGet: (ctx) => ctx.jsonText(userFragments(ctx, [visibleAccount(ctx, ctx.param('username'))])[0]!),

  userSearch: (ctx) => {
    const paging = ctx.paging;
    const viewer = ctx.user;
    const { rows, total } = searchUsers(ctx.db, {
      keyword: ctx.args.q?.trim(),
      uid: ctx.args.uid,
      visibleTo: viewer && { id: viewer.id, isAdmin: viewer.is_admin },
      offset: paging.offset,
      limit: paging.limit,
    });
    ctx.setPagingHeaders(total, paging);
    // Gitea wraps this list: {"ok": true, "data": [...]}
    ctx.json({ ok: true, data: rows.map((row) => toUser(ctx, row)) });
  },
};
