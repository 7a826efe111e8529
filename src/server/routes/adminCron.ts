import { toCron } from '../convert/cron';
import { notFound } from '../domain/errors';
import type { HandlerMap } from './handler';

// The catalogue's `admin` auth already answered 401/403 to everyone but site admins.
export const adminCronHandlers: HandlerMap = {
  adminCronList: (ctx) => {
    const tasks = ctx.app.cron.list();
    const { offset, limit } = ctx.paging;
    ctx.list(tasks.slice(offset, offset + limit).map(toCron), tasks.length);
  },
  // As Gitea 1.14.1, the request waits for the run (a run already under way is joined, not repeated).
  adminCronRun: async (ctx) => {
    const run = ctx.app.cron.run(ctx.param('task'));
    if (!run) throw notFound();
    await run;
    ctx.empty();
  },
};
