import { malformed } from '../domain/errors';
import { mirrorServicesFor, syncMirror } from '../services/mirrors';
import type { HandlerMap } from './handler';
import { loadRepository } from './repositoryLookup';

export const mirrorHandlers: HandlerMap = {
  // Gitea queues the sync and answers 200 at once; here it runs first, so the answer means it is done
  // (a failed fetch is logged and kept for the next attempt, and still answered 200 as Gitea does).
  repoMirrorSync: async (ctx) => {
    const { repo } = loadRepository(ctx, 'write');
    if (!repo.is_mirror) throw malformed('Repository is not a mirror');
    await syncMirror(mirrorServicesFor(ctx.app), repo);
    ctx.empty(200);
  },
};
