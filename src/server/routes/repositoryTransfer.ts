import { toRepository } from '../convert/repository';
import {
  acceptTransfer,
  pendingTransferFor,
  rejectTransfer,
  startTransfer,
  transferTarget,
  type TransferServices,
} from '../services/repositoryTransfer';
import type { RequestContext } from '../http/context';
import { recordAction } from '../services/activityLog';
import type { RepositoryRow } from '../store/repositories';
import { findAccountByName } from '../store/users';
import type { HandlerMap } from './handler';
import { readRepo, repoOwner, repoRoute } from './guards';

const services = (ctx: RequestContext): TransferServices => ({ db: ctx.db, dataDir: ctx.app.config.dataDir });

/** Gitea's TransferRepository feed action: the content names where the repository came from. */
function recordTransfer(ctx: RequestContext, before: RepositoryRow, moved: RepositoryRow): void {
  recordAction(ctx.db, {
    name: 'transfer_repo',
    actorId: ctx.requireUser().id,
    repo: moved,
    content: `${before.owner_name}/${moved.name}`,
  });
}

export const repositoryTransferHandlers: HandlerMap = {
  // Gitea's reqOwner: the owning user, an owner of the owning organization, or a site admin
  repoTransfer: repoRoute(repoOwner, async (ctx, { repo }) => {
    const doer = ctx.requireUser();
    const body = await ctx.body();
    const newOwner = body.string('new_owner', { required: true, nonEmpty: true });
    const teamIds = body.integerArray('team_ids');
    const target = transferTarget(ctx.db, doer, findAccountByName(ctx.db, newOwner), teamIds);
    const result = startTransfer(services(ctx), doer, repo, target);
    if (!result.pending) recordTransfer(ctx, repo, result.repo);
    // Gitea answers 201 when the transfer waits for the recipient, 202 when it is done
    ctx.json(toRepository(ctx, result.repo, 'admin'), result.pending ? 201 : 202);
  }),

  acceptRepoTransfer: repoRoute(readRepo, (ctx, { repo }) => {
    const transfer = pendingTransferFor(ctx.db, repo, ctx.requireUser());
    const moved = acceptTransfer(services(ctx), repo, transfer);
    recordTransfer(ctx, repo, moved);
    ctx.json(toRepository(ctx, moved));
  }),

  rejectRepoTransfer: repoRoute(readRepo, (ctx, { repo, mode }) => {
    pendingTransferFor(ctx.db, repo, ctx.requireUser());
    rejectTransfer(ctx.db, repo);
    ctx.json(toRepository(ctx, repo, mode));
  }),
};
