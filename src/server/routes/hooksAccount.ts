import { toHook } from '../convert/hook';
import type { RequestContext } from '../http/context';
import { listWebhooks, type AdminHookKind, type HookScope } from '../store/hooks';
import type { HandlerMap } from './handler';
import { createScopedHook, deleteScopedHook, editScopedHook, listHooks, scopedHook } from './hooks';

const ownHooks = (ctx: RequestContext): HookScope => ({ ownerId: ctx.requireUser().id });

// Gitea's admin ListHooks: "default" and "all" choose those; anything else, or nothing, the system hooks.
function adminKind(type: string | undefined): AdminHookKind {
  return type === 'default' || type === 'all' ? type : 'system';
}

// Get, edit and delete reach any administrator hook, system or default (GetSystemOrDefaultWebhook).
const anyAdminHook: HookScope = { admin: 'all' };

/**
 * The signed-in user's hooks (they fire for the user's repositories, as an organization's do for its
 * own), and the site administrators' (the catalogue's `admin` auth lets only them through); a new
 * administrator hook is a system hook when its `config.is_system_webhook` says so, else a default one.
 */
export const accountHookHandlers: HandlerMap = {
  userListHooks: (ctx) => listHooks(ctx, ownHooks(ctx)),
  userCreateHook: (ctx) => createScopedHook(ctx, ownHooks(ctx)),
  userGetHook: (ctx) => ctx.json(toHook(scopedHook(ctx, ownHooks(ctx)))),
  userEditHook: (ctx) => editScopedHook(ctx, ownHooks(ctx)),
  userDeleteHook: (ctx) => deleteScopedHook(ctx, ownHooks(ctx)),

  adminListHooks: (ctx: RequestContext<'adminListHooks'>) => {
    // Gitea lists them all at once, whatever page and limit say
    const hooks = listWebhooks(ctx.db, { admin: adminKind(ctx.args.type) }, -1, 0);
    ctx.json(hooks.map(toHook));
  },
  adminCreateHook: (ctx) => createScopedHook(ctx, { admin: 'default' }),
  adminGetHook: (ctx) => ctx.json(toHook(scopedHook(ctx, anyAdminHook))),
  adminEditHook: (ctx) => editScopedHook(ctx, anyAdminHook),
  adminDeleteHook: (ctx) => deleteScopedHook(ctx, anyAdminHook),
};
