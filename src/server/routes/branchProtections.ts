import { toBranchProtection } from '../convert/branchProtection';
import {
  createProtection,
  editProtection,
  loadProtection,
  removeProtection,
} from '../services/branchProtection';
import { listProtectedBranches, setProtectedBranchPriorities } from '../store/branchProtections';
import type { HandlerMap } from './handler';
import { repoAdmin, repoRoute } from './guards';

// Gitea guards the whole group with reqRepoAdmin: 404 invisible, 401 anonymous, 403 below admin.
export const branchProtectionHandlers: HandlerMap = {
  repoListBranchProtection: repoRoute(repoAdmin, (ctx, { repo }) => {
    const rules = listProtectedBranches(ctx.db, repo.id);
    // Gitea answers the whole list; the headers still say how many there are
    ctx.list(
      rules.map((rule) => toBranchProtection(ctx, rule)),
      rules.length,
      { page: 1, limit: Math.max(rules.length, 1), offset: 0 },
    );
  }),

  repoCreateBranchProtection: repoRoute({ access: 'admin', notArchived: true }, async (ctx, { repo }) => {
    const body = await ctx.body();
    ctx.json(toBranchProtection(ctx, createProtection(ctx.db, repo, body)), 201);
  }),

  repoGetBranchProtection: repoRoute(repoAdmin, (ctx, { repo }) => {
    ctx.json(toBranchProtection(ctx, loadProtection(ctx.db, repo, ctx.param('name'))));
  }),

  repoEditBranchProtection: repoRoute({ access: 'admin', notArchived: true }, async (ctx, { repo }) => {
    const rule = loadProtection(ctx.db, repo, ctx.param('name'));
    const body = await ctx.body();
    ctx.json(toBranchProtection(ctx, editProtection(ctx.db, repo, rule, body)));
  }),

  repoUpdateBranchProtectionPriories: repoRoute(
    { access: 'admin', notArchived: true },
    async (ctx, { repo }) => {
      const ids = (await ctx.body()).integerArray('ids') ?? [];
      setProtectedBranchPriorities(ctx.db, repo.id, ids);
      ctx.empty();
    },
  ),

  repoDeleteBranchProtection: repoRoute(repoAdmin, (ctx, { repo }) => {
    removeProtection(ctx.db, loadProtection(ctx.db, repo, ctx.param('name')));
    ctx.empty();
  }),
};
