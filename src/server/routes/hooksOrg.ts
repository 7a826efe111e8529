import { toHook } from '../convert/hook';
import type { RequestContext } from '../http/context';
import { notFound } from '../domain/errors';
import { assertOrgRole } from '../services/permissions';
import { createHook, editHook } from '../services/webhooks/hookRules';
import { deleteScopedWebhook, type HookScope } from '../store/hooks';
import type { HandlerMap } from './handler';
import { hookServices, listHooks, readCreateHookOption, readEditHookOption, scopedHook } from './hooks';
import { visibleOrg } from './organizations';

// Gitea's organization hook routes want an owner of the organization (reqOrgOwnership).
function orgScope(ctx: RequestContext): HookScope {
  const org = visibleOrg(ctx);
  assertOrgRole(ctx.db, ctx.user, org, 'owner');
  return { ownerId: org.id };
}

export const orgHookHandlers: HandlerMap = {
  orgListHooks: (ctx) => listHooks(ctx, orgScope(ctx)),

  orgCreateHook: async (ctx) => {
    const scope = orgScope(ctx);
    ctx.json(toHook(await createHook(hookServices(ctx), scope, await readCreateHookOption(ctx))));
  },

  orgGetHook: (ctx) => ctx.json(toHook(scopedHook(ctx, orgScope(ctx)))),

  orgEditHook: async (ctx) => {
    const hook = scopedHook(ctx, orgScope(ctx));
    ctx.json(toHook(await editHook(hookServices(ctx), hook, await readEditHookOption(ctx))));
  },

  orgDeleteHook: (ctx) => {
    if (!deleteScopedWebhook(ctx.db, orgScope(ctx), ctx.paramInt('id'))) throw notFound();
    ctx.empty();
  },
};
