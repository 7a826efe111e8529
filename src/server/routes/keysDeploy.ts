import { toDeployKey } from '../convert/keys';
import type { RequestContext } from '../http/context';
import { notFound } from '../domain/errors';
import { addDeployKey, removeDeployKey } from '../services/sshKeys';
import { findDeployKey, listDeployKeys, type DeployKeyRow } from '../store/keysDeploy';
import type { RepositoryRow } from '../store/repositories';
import type { HandlerMap } from './handler';
import { repoAdmin, repoRoute } from './guards';

function repositoryKey(ctx: RequestContext, repo: RepositoryRow): DeployKeyRow {
  const key = findDeployKey(ctx.db, repo.id, ctx.paramInt('id'));
  if (!key) throw notFound('deploy key does not exist');
  return key;
}

// Deploy keys are repository settings: Gitea's /keys routes all require repository admin.
export const deployKeyHandlers: HandlerMap = {
  repoListKeys: repoRoute(repoAdmin, (ctx, { repo }) => {
    const paging = ctx.paging;
    const keyId = ctx.args.key_id;
    const { rows, total } = listDeployKeys(ctx.db, {
      repoId: repo.id,
      keyId: keyId ? keyId : undefined,
      fingerprint: ctx.args.fingerprint || undefined,
      offset: paging.offset,
      limit: paging.limit,
    });
    ctx.list(
      rows.map((row) => toDeployKey(ctx, row, repo)),
      total,
      paging,
    );
  }),

  repoGetKey: repoRoute(repoAdmin, (ctx, { repo }) => {
    ctx.json(toDeployKey(ctx, repositoryKey(ctx, repo), repo));
  }),

  repoCreateKey: repoRoute(repoAdmin, async (ctx, { repo }) => {
    const body = await ctx.body();
    const title = body.string('title', { required: true, nonEmpty: true, maxLength: 50 });
    const key = body.string('key', { required: true, nonEmpty: true });
    // Gitea's CreateKeyOption.read_only is a plain bool: absent means a read-write key
    const readOnly = body.boolean('read_only') ?? false;
    ctx.json(toDeployKey(ctx, addDeployKey(ctx.db, repo, title, key, readOnly), repo));
  }),

  repoDeleteKey: repoRoute(repoAdmin, (ctx, { repo }) => {
    removeDeployKey(ctx.db, repositoryKey(ctx, repo));
    ctx.empty();
  }),
};
