import { malformed } from '../domain/errors';
import { mirrorServicesFor, syncMirror } from '../services/mirrors';
import type { HandlerMap } from './handler';
import { repoRoute } from './guards';

export const mirrorHandlers: HandlerMap = {
  // Gitea queues the sync and answers 200 at once; here it runs first, so the answer means it is done
  // (a failed fetch is logged and kept for the next attempt, and still answered 200 as Gitea does).
  repoMirrorSync: repoRoute({ access: 'write' }, async (ctx, { repo }) => {
    if (!repo.is_mirror) throw malformed('Repository is not a mirror');
    await syncMirror(mirrorServicesFor(ctx.app), repo);
    ctx.empty(200);
  }),
};
