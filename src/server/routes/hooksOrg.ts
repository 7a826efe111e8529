import { toHook } from '../convert/hook';
import type { HandlerMap } from './handler';
import { createScopedHook, deleteScopedHook, editScopedHook, listHooks, scopedHook } from './hooks';
import { orgRoute } from './guards';

// Gitea's organization hook routes want an owner of the organization (reqOrgOwnership).
export const orgHookHandlers: HandlerMap = {
  orgListHooks: orgRoute('owner', (ctx, org) => listHooks(ctx, { ownerId: org.id })),
  orgCreateHook: orgRoute('owner', (ctx, org) => createScopedHook(ctx, { ownerId: org.id })),
  orgGetHook: orgRoute('owner', (ctx, org) => ctx.json(toHook(scopedHook(ctx, { ownerId: org.id })))),
  orgEditHook: orgRoute('owner', (ctx, org) => editScopedHook(ctx, { ownerId: org.id })),
  orgDeleteHook: orgRoute('owner', (ctx, org) => deleteScopedHook(ctx, { ownerId: org.id })),
};
