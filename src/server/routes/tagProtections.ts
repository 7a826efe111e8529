import { toTagProtection } from '../convert/tagProtection';
import {
  createTagProtection,
  editTagProtection,
  loadTagProtection,
  removeTagProtection,
} from '../services/tagProtection';
import { listProtectedTags } from '../store/protectedTags';
import type { HandlerMap } from './handler';
import { repoAdmin, repoRoute } from './guards';

const adminWriter = { access: 'admin', notArchived: true } as const;

// Gitea guards the group with reqToken and reqAdmin; only creating and editing check the archive.
export const tagProtectionHandlers: HandlerMap = {
  repoListTagProtection: repoRoute(repoAdmin, (ctx, { repo }) => {
    ctx.json(listProtectedTags(ctx.db, repo.id).map((rule) => toTagProtection(ctx, rule)));
  }),

  repoCreateTagProtection: repoRoute(adminWriter, async (ctx, { repo }) => {
    const body = await ctx.body();
    ctx.json(toTagProtection(ctx, createTagProtection(ctx.db, repo, body)), 201);
  }),

  repoGetTagProtection: repoRoute(repoAdmin, (ctx, { repo }) => {
    ctx.json(toTagProtection(ctx, loadTagProtection(ctx.db, repo, ctx.param('id'))));
  }),

  repoEditTagProtection: repoRoute(adminWriter, async (ctx, { repo }) => {
    const rule = loadTagProtection(ctx.db, repo, ctx.param('id'));
    const body = await ctx.body();
    ctx.json(toTagProtection(ctx, editTagProtection(ctx.db, repo, rule, body)));
  }),

  repoDeleteTagProtection: repoRoute(repoAdmin, (ctx, { repo }) => {
    removeTagProtection(ctx.db, loadTagProtection(ctx.db, repo, ctx.param('id')));
    ctx.empty();
  }),
};
