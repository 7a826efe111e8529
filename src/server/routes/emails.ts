import { toEmail } from '../convert/email';
import { addEmailAddresses, deleteEmailAddresses } from '../services/emails';
import { listEmailAddresses } from '../store/emails';
import type { HandlerMap } from './handler';

export const emailHandlers: HandlerMap = {
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
