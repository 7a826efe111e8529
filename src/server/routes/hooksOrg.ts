import { toHook } from '../convert/hook';
import { notFound } from '../domain/errors';
import { createHook, editHook } from '../services/webhooks/hookRules';
import { deleteScopedWebhook } from '../store/hooks';
import type { HandlerMap } from './handler';
import { hookServices, listHooks, readCreateHookOption, readEditHookOption, scopedHook } from './hooks';
import { orgRoute } from './guards';

// Gitea's organization hook routes want an owner of the organization (reqOrgOwnership).
export const orgHookHandlers: HandlerMap = {
  orgListHooks: orgRoute('owner', (ctx, org) => listHooks(ctx, { ownerId: org.id })),

  orgCreateHook: orgRoute('owner', async (ctx, org) => {
    const option = await readCreateHookOption(ctx);
    ctx.json(toHook(await createHook(hookServices(ctx), { ownerId: org.id }, option)));
  }),

  orgGetHook: orgRoute('owner', (ctx, org) => ctx.json(toHook(scopedHook(ctx, { ownerId: org.id })))),

  orgEditHook: orgRoute('owner', async (ctx, org) => {
    const hook = scopedHook(ctx, { ownerId: org.id });
    ctx.json(toHook(await editHook(hookServices(ctx), hook, await readEditHookOption(ctx))));
  }),

  orgDeleteHook: orgRoute('owner', (ctx, org) => {
    if (!deleteScopedWebhook(ctx.db, { ownerId: org.id }, ctx.paramInt('id'))) throw notFound();
    ctx.empty();
  }),
};
