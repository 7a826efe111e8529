import { toPushMirror } from '../convert/pushMirror';
import {
  addPushMirror,
  loadPushMirror,
  pushMirrorServicesFor,
  removePushMirror,
  syncPushMirrors,
} from '../services/pushMirrors';
import { listPushMirrors } from '../store/pushMirrors';
import type { HandlerMap } from './handler';
import { repoAdmin, repoRoute } from './guards';

const adminWriter = { access: 'admin', notArchived: true } as const;

// Gitea guards the group with reqAdmin and reqToken; adding, deleting and syncing check the archive.
export const pushMirrorHandlers: HandlerMap = {
  repoListPushMirrors: repoRoute(repoAdmin, (ctx, { repo }) => {
    const mirrors = listPushMirrors(ctx.db, repo.id);
    const { offset, limit } = ctx.paging;
    ctx.list(
      mirrors.slice(offset, offset + limit).map((mirror) => toPushMirror(repo, mirror)),
      mirrors.length,
    );
  }),

  // the spec answers 200 for a new push mirror, as Gitea does
  repoAddPushMirror: repoRoute(adminWriter, async (ctx, { repo }) => {
    const body = await ctx.body();
    const mirror = await addPushMirror(pushMirrorServicesFor(ctx.app), repo, {
      remoteAddress: body.string('remote_address') ?? '',
      remoteUsername: body.string('remote_username') ?? '',
      remotePassword: body.string('remote_password') ?? '',
      interval: body.string('interval') ?? '',
      syncOnCommit: body.boolean('sync_on_commit') ?? false,
    });
    ctx.json(toPushMirror(repo, mirror));
  }),

  repoGetPushMirrorByRemoteName: repoRoute(repoAdmin, (ctx, { repo }) => {
    ctx.json(toPushMirror(repo, loadPushMirror(ctx, repo, ctx.param('name'))));
  }),

  repoDeletePushMirror: repoRoute(adminWriter, (ctx, { repo }) => {
    removePushMirror(ctx, loadPushMirror(ctx, repo, ctx.param('name')));
    ctx.empty();
  }),

  /**
   * Pushes every mirror now and answers when done. A failed push is recorded as the mirror's last_error
   * and answered 200 all the same (Gitea answers 500): what the remote did is no fault of the request.
   */
  repoPushMirrorSync: repoRoute(adminWriter, async (ctx, { repo }) => {
    await syncPushMirrors(pushMirrorServicesFor(ctx.app), repo);
    ctx.empty();
  }),
};
