import { toHookDelivery } from '../convert/hook';
import { attemptsOf, countDeliveries, listDeliveries } from '../store/hookDeliveries';
import type { HandlerMap } from './handler';
import { scopedHook } from './hooks';
import { repoAdmin, repoRoute } from './guards';

/** A hook's deliveries, newest first, each with its attempts (Gitea shows them in its web UI only). */
const listHookDeliveries = repoRoute(repoAdmin, (ctx, { repo }) => {
  const hook = scopedHook(ctx, { repoId: repo.id });
  const { limit, offset } = ctx.paging;
  const rows = listDeliveries(ctx.db, hook.id, limit, offset);
  const attempts = attemptsOf(
    ctx.db,
    rows.map((row) => row.id),
  );
  ctx.list(
    rows.map((row) => toHookDelivery(row, attempts.get(row.id) ?? [])),
    countDeliveries(ctx.db, hook.id),
  );
});

export const hookDeliveryHandlers: HandlerMap = { repoListHookDeliveries: listHookDeliveries };
