import { userHeatmap } from '../services/heatmap';
import type { HandlerMap } from './handler';
import { visibleAccount } from './lookups';

export const heatmapHandlers: HandlerMap = {
  // Users and organizations alike, as Gitea's GetUserByParams finds both.
  userGetHeatmapData: (ctx) => {
    ctx.json(userHeatmap(ctx.db, ctx.user, visibleAccount(ctx, ctx.param('username'))));
  },
};
