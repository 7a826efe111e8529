import { repositoryFragments, toRepository } from '../convert/repository';
import { toUser } from '../convert/user';
import type { RequestContext } from '../http/context';
import type { BodyFields } from '../http/bodyFields';
import { invalid, notFound } from '../domain/errors';
import { assertMayCreateOrgRepo, canSeeRepo } from '../services/permissions';
import { createRepository, type CreateRepositoryInput } from '../services/repositoryCreate';
import { deleteRepository } from '../services/repositoryDelete';
import {
  editableFlags,
  editRepository,
  mergeStyles,
  type EditRepositoryInput,
} from '../services/repositoryEdit';
import { findRepositoryById, type RepositoryRow } from '../store/repositories';
import { findAccountByName, findUserById, userType, type UserRow } from '../store/users';
import type { HandlerMap } from './handler';
import { repositoryServices } from './repositoryLookup';
import { internalTrackerOption } from './trackedTimes';
import { readRepo, repoAdmin, repoOwner, repoRoute } from './guards';

const trustModels = ['default', 'collaborator', 'committer', 'collaboratorcommitter'] as const;

/** Gitea's CreateRepoOption with its binding rules (MaxSize, GitRefName, enums). */
function parseCreateRepoOption(body: BodyFields): CreateRepositoryInput {
  // Validated for its enum only: commit signature verification does not exist here yet.
  body.oneOf('trust_model', trustModels);
  const objectFormat = body.string('object_format_name') ?? '';
  if (objectFormat !== '' && objectFormat !== 'sha1' && objectFormat !== 'sha256') {
    throw invalid('[ObjectFormatName]: must be one of sha1, sha256');
  }
  return {
    name: body.string('name', { required: true, nonEmpty: true }),
    description: body.string('description', { maxLength: 2048 }) ?? '',
    isPrivate: body.boolean('private') ?? false,
    isTemplate: body.boolean('template') ?? false,
    autoInit: body.boolean('auto_init') ?? false,
    gitignores: body.string('gitignores') ?? '',
    license: body.string('license') ?? '',
    readme: body.string('readme') ?? '',
    issueLabels: body.string('issue_labels') ?? '',
    defaultBranch: body.string('default_branch', { maxLength: 100 }) || 'main',
    objectFormat: objectFormat === 'sha256' ? 'sha256' : 'sha1',
  };
}

async function createFor(ctx: RequestContext, owner: UserRow): Promise<void> {
  const doer = ctx.requireUser();
  const input = parseCreateRepoOption(await ctx.body());
  const repo = await createRepository(repositoryServices(ctx), doer, owner, input);
  emitRepositoryEvent(ctx, repo, 'created');
  ctx.json(toRepository(ctx, repo));
}

/**
 * Gitea's `repository` event (webhooks): `{action, repository, organization, sender}`, shaped for no one in
 * particular with owner rights. A delete is announced before the row goes, as Gitea's notifier does.
 */
export function emitRepositoryEvent(
  ctx: RequestContext,
  repo: RepositoryRow,
  action: 'created' | 'deleted',
): void {
  const doer = ctx.requireUser();
  const view = { db: ctx.db, user: null, rootUrl: ctx.rootUrl };
  const owner = findUserById(ctx.db, repo.owner_id);
  ctx.app.events.emit({
    event: 'repository',
    repoId: repo.id,
    senderId: doer.id,
    payload: {
      action,
      repository: toRepository(view, repo, 'owner'),
      organization: owner?.type === userType.organization ? toUser(view, owner) : null,
      sender: toUser(view, doer),
    },
  });
}

function parseEditRepoOption(body: BodyFields): EditRepositoryInput {
  const flags: EditRepositoryInput['flags'] = {};
  for (const flag of editableFlags) flags[flag] = body.boolean(flag);
  return {
    // Gitea's OmitEmpty: an empty name means "unchanged".
    name: body.string('name', { maxLength: 100 }) || undefined,
    description: body.string('description', { maxLength: 2048 }),
    website: body.string('website', { maxLength: 1024 }),
    isPrivate: body.boolean('private'),
    isTemplate: body.boolean('template'),
    defaultBranch: body.string('default_branch', { maxLength: 100 }),
    archived: body.boolean('archived'),
    defaultMergeStyle: body.oneOf('default_merge_style', mergeStyles),
    flags,
    timeTracker: internalTrackerOption(body),
  };
}

export const repositoryHandlers: HandlerMap = {
  createCurrentUserRepo: (ctx) => createFor(ctx, ctx.requireUser()),

  createOrgRepo: async (ctx) => {
    const name = ctx.param('org');
    const org = findAccountByName(ctx.db, name);
    if (!org || org.type !== userType.organization) throw notFound(`org does not exist [name: ${name}]`);
    assertMayCreateOrgRepo(ctx.db, ctx.requireUser(), org);
    await createFor(ctx, org);
  },

  // Admins create for users and organizations alike, as Gitea's admin route does.
  adminCreateRepo: async (ctx) => {
    const name = ctx.param('username');
    const owner = findAccountByName(ctx.db, name);
    if (!owner) throw notFound(`user does not exist [name: ${name}]`);
    await createFor(ctx, owner);
  },

  // The guard's mode is repoAccess's, as the cached fragment's.
  repoGet: repoRoute(readRepo, (ctx, { repo }) => {
    ctx.jsonText(repositoryFragments(ctx, [repo])[0]!);
  }),

  repoGetByID: (ctx) => {
    const repo = findRepositoryById(ctx.db, ctx.paramInt('id'));
    if (!repo || !canSeeRepo(ctx.db, ctx.user, repo)) throw notFound();
    ctx.json(toRepository(ctx, repo));
  },

  repoEdit: repoRoute(repoAdmin, async (ctx, { repo, mode }) => {
    const input = parseEditRepoOption(await ctx.body());
    const edited = await editRepository(repositoryServices(ctx), repo, input);
    ctx.json(toRepository(ctx, edited, mode));
  }),

  // Gitea's reqOwner: admin collaborators may not delete.
  repoDelete: repoRoute(repoOwner, (ctx, { repo }) => {
    emitRepositoryEvent(ctx, repo, 'deleted');
    deleteRepository(repositoryServices(ctx), repo);
    ctx.empty();
  }),
};
