import {
  adoptRepository,
  deleteUnadoptedRepository,
  listUnadoptedRepositories,
} from '../services/unadoptedRepositories';
import type { HandlerMap } from './handler';

// The catalogue's `admin` auth already answered 401/403 to everyone but site admins.
export const adminUnadoptedHandlers: HandlerMap = {
  adminUnadoptedList: (ctx) => {
    // The swagger names the filter `pattern`; Gitea 1.14.1's handler reads `query`: both are understood.
    const pattern = ctx.args.pattern ?? ctx.args.query ?? '';
    const paging = ctx.paging;
    const { names, total } = listUnadoptedRepositories(ctx.app, pattern, paging);
    ctx.list(names, total, paging);
  },
  adminAdoptRepository: async (ctx) => {
    await adoptRepository(ctx.app, ctx.requireUser(), ctx.param('owner'), ctx.param('repo'));
    ctx.empty();
  },
  adminDeleteUnadoptedRepository: (ctx) => {
    deleteUnadoptedRepository(ctx.app, ctx.param('owner'), ctx.param('repo'));
    ctx.empty();
  },
};
