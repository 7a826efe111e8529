import { toRepository } from '../convert/repository';
import { forbidden, invalid, notFound } from '../domain/errors';
import { isValidBranchName } from '../git/validate';
import { mergeUpstream } from '../services/mergeUpstream';
import { assertMayCreateOrgRepo, isSiteAdmin } from '../services/permissions';
import { generateRepository } from '../services/repositoryGenerate';
import { acceptReparent, rejectReparent, requestReparent } from '../services/reparent';
import { findAccountByName, userType } from '../store/users';
import type { HandlerMap } from './handler';
import { pullActor } from './pullsLookup';
import { emitRepositoryEvent } from './repositories';
import { repositoryServices } from './repositoryLookup';
import { codeWriter, readRepo, repoAdmin, repoRoute } from './guards';

export const repositoryFamilyHandlers: HandlerMap = {
  repoMergeUpstream: repoRoute(codeWriter, async (ctx, { repo, mode }) => {
    const body = await ctx.body();
    const branch = body.string('branch') ?? '';
    if (branch !== '' && !isValidBranchName(branch)) throw invalid('[Branch]: GitRefName');
    const style = await mergeUpstream(
      pullActor(ctx),
      repo,
      mode,
      // Gitea looks the empty name up and finds no branch (404)
      branch,
      body.boolean('ff_only') ?? false,
      new URL(ctx.rootUrl).hostname,
    );
    ctx.json({ merge_style: style });
  }),

  /**
   * Gitea's Generate: for the caller, or (`owner`) an organization the caller may create in; another user
   * only for site administrators (403); an unknown owner is 404.
   */
  generateRepo: repoRoute(readRepo, async (ctx, { repo }) => {
    const doer = ctx.requireUser();
    const body = await ctx.body();
    const ownerName = body.string('owner') ?? '';
    let owner = doer;
    if (ownerName !== doer.name) {
      const account = findAccountByName(ctx.db, ownerName);
      if (!account) throw notFound(`request owner \`${ownerName}\` does not exist`);
      const isOrg = account.type === userType.organization;
      if (!isSiteAdmin(doer) && !isOrg) throw forbidden('Only admin can generate repository for other user.');
      if (!isSiteAdmin(doer)) assertMayCreateOrgRepo(ctx.db, doer, account);
      owner = account;
    }
    const generated = await generateRepository(
      { ...ctx.app, ...repositoryServices(ctx) },
      doer,
      owner,
      repo,
      {
        name: body.string('name', { required: true, maxLength: 100 }),
        description: body.string('description', { maxLength: 2048 }) ?? '',
        defaultBranch: body.string('default_branch') ?? '',
        isPrivate: body.boolean('private') ?? false,
        gitContent: body.boolean('git_content') ?? false,
        topics: body.boolean('topics') ?? false,
        gitHooks: body.boolean('git_hooks') ?? false,
        webhooks: body.boolean('webhooks') ?? false,
        avatar: body.boolean('avatar') ?? false,
        labels: body.boolean('labels') ?? false,
        protectedBranch: body.boolean('protected_branch') ?? false,
      },
    );
    emitRepositoryEvent(ctx, generated, 'created');
    ctx.json(toRepository(ctx, generated), 201);
  }),

  // the parent's administrators ask; the answer is the fork, still waiting (202)
  repoReparent: repoRoute(repoAdmin, async (ctx, { repo }) => {
    const newOwner = (await ctx.body()).string('new_owner') ?? '';
    ctx.json(toRepository(ctx, requestReparent(ctx.db, ctx.requireUser(), repo, newOwner)), 202);
  }),

  // the fork's administrators answer
  acceptRepoReparent: repoRoute(repoAdmin, (ctx, { repo }) => {
    ctx.json(toRepository(ctx, acceptReparent(ctx.db, repo)), 202);
  }),

  rejectRepoReparent: repoRoute(repoAdmin, (ctx, { repo }) => {
    ctx.json(toRepository(ctx, rejectReparent(ctx.db, repo)));
  }),
};
