import { toRelease } from '../convert/release';
import { resolveRef, resolveTag } from '../git/refs';
import type { RequestContext } from '../http/context';
import { notFound } from '../domain/errors';
import {
  createRelease,
  deleteRelease,
  editRelease,
  type ReleaseGit,
  type ReleaseServices,
} from '../services/releases';
import { atLeast, type AccessMode } from '../services/permissions';
import {
  countReleases,
  findLatestRelease,
  findReleaseById,
  findReleaseByTag,
  listReleases,
  type ReleaseRow,
} from '../store/releases';
import type { HandlerMap } from './handler';
import { openGit } from './repoGit';
import { releaseReader, releaseWriter, repoRoute, type RepoScope } from './guards';

/** The repository's git as the release service uses it (tags and targets through the cat-file reader). */
function releaseGit(ctx: RequestContext, scope: RepoScope): ReleaseGit {
  const git = openGit(ctx, scope);
  return {
    gitDir: git.gitDir,
    resolveCommit: async (target) => (await resolveRef(git.reader, target))?.commit,
    tagCommit: (tag) => resolveTag(git.reader, tag),
  };
}

const releaseServices = (ctx: RequestContext): ReleaseServices => ({
  db: ctx.db,
  rootUrl: ctx.rootUrl,
  events: ctx.app.events,
  noreplyHost: new URL(ctx.rootUrl).hostname,
});

/** Drafts exist only for those who may write releases; to others they are not found. */
function visibleRelease(release: ReleaseRow | undefined, mode: AccessMode): ReleaseRow {
  if (!release || (release.is_draft && !atLeast(mode, 'write'))) throw notFound();
  return release;
}

export const releaseHandlers: HandlerMap = {
  repoListReleases: repoRoute(releaseReader, (ctx, { repo, mode }) => {
    const filter = {
      includeDrafts: atLeast(mode, 'write'),
      draft: ctx.args.draft,
      prerelease: ctx.args['pre-release'],
    };
    const paging = ctx.paging;
    const rows = listReleases(ctx.db, repo.id, filter, paging);
    ctx.list(
      rows.map((release) => toRelease(ctx, repo, release)),
      countReleases(ctx.db, repo.id, filter),
      paging,
    );
  }),

  repoCreateRelease: repoRoute(releaseWriter, async (ctx, { repo, mode }) => {
    const doer = ctx.requireUser();
    const body = await ctx.body();
    const input = {
      tagName: body.string('tag_name', { required: true, nonEmpty: true }),
      target: body.string('target_commitish') ?? '',
      title: body.string('name') ?? '',
      note: body.string('body') ?? '',
      isDraft: body.boolean('draft') ?? false,
      isPrerelease: body.boolean('prerelease') ?? false,
      tagMessage: body.string('tag_message') ?? '',
    };
    const release = await createRelease(
      releaseServices(ctx),
      releaseGit(ctx, { repo, mode }),
      doer,
      repo,
      input,
    );
    ctx.json(toRelease(ctx, repo, release));
  }),

  repoGetLatestRelease: repoRoute(releaseReader, (ctx, { repo }) => {
    const release = findLatestRelease(ctx.db, repo.id);
    if (!release) throw notFound();
    ctx.json(toRelease(ctx, repo, release));
  }),

  repoGetReleaseByTag: repoRoute(releaseReader, (ctx, { repo, mode }) => {
    const release = visibleRelease(findReleaseByTag(ctx.db, repo.id, ctx.param('tag')), mode);
    ctx.json(toRelease(ctx, repo, release));
  }),

  repoGetRelease: repoRoute(releaseReader, (ctx, { repo, mode }) => {
    const release = visibleRelease(findReleaseById(ctx.db, repo.id, ctx.paramInt('id')), mode);
    ctx.json(toRelease(ctx, repo, release));
  }),

  repoEditRelease: repoRoute(releaseWriter, async (ctx, { repo, mode }) => {
    const doer = ctx.requireUser();
    const release = findReleaseById(ctx.db, repo.id, ctx.paramInt('id'));
    if (!release) throw notFound();
    const body = await ctx.body();
    const input = {
      tagName: body.string('tag_name'),
      target: body.string('target_commitish'),
      title: body.string('name'),
      note: body.string('body'),
      isDraft: body.boolean('draft'),
      isPrerelease: body.boolean('prerelease'),
    };
    const updated = await editRelease(
      releaseServices(ctx),
      releaseGit(ctx, { repo, mode }),
      doer,
      repo,
      release,
      input,
    );
    ctx.json(toRelease(ctx, repo, updated));
  }),

  repoDeleteRelease: repoRoute(releaseWriter, (ctx, { repo }) => {
    const doer = ctx.requireUser();
    const release = findReleaseById(ctx.db, repo.id, ctx.paramInt('id'));
    if (!release) throw notFound();
    deleteRelease(releaseServices(ctx), doer, repo, release);
    ctx.empty();
  }),
};
