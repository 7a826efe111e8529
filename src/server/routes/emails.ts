import { toEmail } from '../convert/email';
import { addEmailAddresses, deleteEmailAddresses } from '../services/emails';
import type { RequestContext } from '../http/context';
import { listEmailAddresses, searchEmailAddresses } from '../store/emails';
import type { HandlerMap } from './handler';

/** Gitea's admin e-mail list: every individual user's addresses, filtered by a keyword. */
function listAllEmails(ctx: RequestContext, keyword: string): void {
  const paging = ctx.paging;
  const { rows, total } = searchEmailAddresses(ctx.db, keyword, paging);
  ctx.list(
    rows.map((row) => toEmail(row, { id: row.uid, name: row.name })),
    total,
    paging,
  );
}

export const emailHandlers: HandlerMap = {
  // the catalogue's `admin` auth let only site admins through
  adminGetAllEmails: (ctx) => listAllEmails(ctx, ''),
  adminSearchEmails: (ctx) => listAllEmails(ctx, (ctx.args.q ?? '').trim()),

  userListEmails: (ctx) => {
    const user = ctx.requireUser();
    ctx.json(listEmailAddresses(ctx.db, user.id).map((row) => toEmail(row, user)));
  },

  userAddEmail: async (ctx) => {
    const user = ctx.requireUser();
    const emails = (await ctx.body()).stringArray('emails') ?? [];
    // Gitea 1.1.1 answers with the added addresses only
    ctx.json(addEmailAddresses(ctx.db, user.id, emails).map((row) => toEmail(row, user)));
  },

  userDeleteEmail: async (ctx) => {
    const user = ctx.requireUser();
    deleteEmailAddresses(ctx.db, user.id, (await ctx.body()).stringArray('emails') ?? []);
    ctx.empty();
  },
};
