import { toHook } from '../convert/hook';
import type { BodyFields } from '../http/bodyFields';
import type { RequestContext } from '../http/context';
import { notFound } from '../domain/errors';
import { addressPolicyFor } from '../services/mirrors';
import { queueTestDelivery } from '../services/webhooks/hookQueueing';
import {
  createHook,
  editHook,
  type CreateHookInput,
  type EditHookInput,
  type HookServices,
} from '../services/webhooks/hookRules';
import { testPushPayload } from '../services/webhooks/testPayload';
import { wakeDeliveries } from '../services/webhooks/webhookService';
import {
  countWebhooks,
  deleteScopedWebhook,
  findScopedWebhook,
  listWebhooks,
  type HookScope,
  type WebhookRow,
} from '../store/hooks';
import type { HandlerMap } from './handler';
import { gitRoute, repoAdmin, repoRoute } from './guards';

/** CreateHookOption, with Gitea's binding rules (`type` and `config` required). */
export async function readCreateHookOption(ctx: RequestContext): Promise<CreateHookInput> {
  const body = await ctx.body();
  return {
    type: body.string('type', { required: true, nonEmpty: true }),
    config: body.stringMap('config', true) ?? {},
    ...readCommonFields(body),
  };
}

export async function readEditHookOption(ctx: RequestContext): Promise<EditHookInput> {
  const body = await ctx.body();
  return { config: body.stringMap('config'), ...readCommonFields(body) };
}

function readCommonFields(body: BodyFields): EditHookInput {
  return {
    events: body.stringArray('events'),
    active: body.boolean('active'),
    branchFilter: body.string('branch_filter'),
    authorizationHeader: body.string('authorization_header'),
    name: body.string('name'),
  };
}

export const hookServices = (ctx: RequestContext): HookServices => ({
  db: ctx.db,
  policy: addressPolicyFor(ctx.app),
});

/** A hook of `scope` by the `{id}` path parameter; 404 when it is not one of the scope's hooks. */
export function scopedHook(ctx: RequestContext, scope: HookScope): WebhookRow {
  const hook = findScopedWebhook(ctx.db, scope, ctx.paramInt('id'));
  if (!hook) throw notFound();
  return hook;
}

export function listHooks(ctx: RequestContext, scope: HookScope): void {
  const { limit, offset } = ctx.paging;
  ctx.list(listWebhooks(ctx.db, scope, limit, offset).map(toHook), countWebhooks(ctx.db, scope));
}

/** Creates a hook of `scope` from the body (201 with the Hook). */
export async function createScopedHook(ctx: RequestContext, scope: HookScope): Promise<void> {
  const option = await readCreateHookOption(ctx);
  ctx.json(toHook(await createHook(hookServices(ctx), scope, option)));
}

/** Edits the `{id}` hook of `scope` (404 when it is not one of the scope's hooks). */
export async function editScopedHook(ctx: RequestContext, scope: HookScope): Promise<void> {
  const hook = scopedHook(ctx, scope);
  ctx.json(toHook(await editHook(hookServices(ctx), hook, await readEditHookOption(ctx))));
}

/** Deletes the `{id}` hook of `scope` (404 when it is not one of the scope's hooks). */
export function deleteScopedHook(ctx: RequestContext, scope: HookScope): void {
  if (!deleteScopedWebhook(ctx.db, scope, ctx.paramInt('id'))) throw notFound();
  ctx.empty();
}

// Gitea's hook routes want repository admin rights (reqAdmin).
export const hookHandlers: HandlerMap = {
  repoListHooks: repoRoute(repoAdmin, (ctx, { repo }) => listHooks(ctx, { repoId: repo.id })),

  repoCreateHook: repoRoute(repoAdmin, (ctx, { repo }) => createScopedHook(ctx, { repoId: repo.id })),

  repoGetHook: repoRoute(repoAdmin, (ctx, { repo }) =>
    ctx.json(toHook(scopedHook(ctx, { repoId: repo.id }))),
  ),

  repoEditHook: repoRoute(repoAdmin, (ctx, { repo }) => editScopedHook(ctx, { repoId: repo.id })),

  repoDeleteHook: repoRoute(repoAdmin, (ctx, { repo }) => deleteScopedHook(ctx, { repoId: repo.id })),

  repoTestHook: gitRoute(repoAdmin, async (ctx, git) => {
    const hook = scopedHook(ctx, { repoId: git.repo.id });
    const payload = await testPushPayload(ctx, git.repo, git.reader, ctx.requireUser(), ctx.args.ref);
    if (queueTestDelivery(ctx.db, hook, payload)) wakeDeliveries(ctx.app);
    ctx.empty();
  }),
};
