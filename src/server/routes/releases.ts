import { toRelease } from '../convert/release';
import { resolveRef, resolveTag } from '../git/refs';
import type { RequestContext } from '../http/context';
import { forbidden, notFound } from '../domain/errors';
import {
  createRelease,
  deleteRelease,
  editRelease,
  type ReleaseGit,
  type ReleaseServices,
} from '../services/releases';
import { assertRepoAccess, atLeast, type AccessMode } from '../services/permissions';
import {
  countReleases,
  findLatestRelease,
  findReleaseById,
  findReleaseByTag,
  listReleases,
  type ReleaseRow,
} from '../store/releases';
import { findRepositoryByName, type RepositoryRow } from '../store/repositories';
import type { HandlerMap } from './handler';
import { openGitRepository } from './repoGit';

/**
 * The repository of the path with the caller's access to its releases unit: 404 when they cannot see the
 * repository, 401 anonymous, 403 without `needed` on releases (team units count). A disabled releases unit
 * is open to repository admins only, as Gitea's reqRepoReader.
 */
function loadReleasesRepository(
  ctx: RequestContext,
  needed: 'read' | 'write',
): { repo: RepositoryRow; mode: AccessMode } {
  const repo = findRepositoryByName(ctx.db, ctx.param('owner'), ctx.param('repo'));
  if (!repo) throw notFound();
  const mode = assertRepoAccess(ctx.db, ctx.user, repo, needed, 'repo.releases');
  if (!repo.has_releases && !atLeast(mode, 'admin')) {
    throw forbidden('user should have specific read permission or be a repo admin or a site admin');
  }
  return { repo, mode };
}

/** The repository's git as the release service uses it (tags and targets through the cat-file reader). */
function releaseGit(ctx: RequestContext): ReleaseGit {
  const git = openGitRepository(ctx, 'read');
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
  repoListReleases: (ctx) => {
    const { repo, mode } = loadReleasesRepository(ctx, 'read');
    const filter = {
      includeDrafts: atLeast(mode, 'write'),
      draft: ctx.queryBool('draft'),
      prerelease: ctx.queryBool('pre-release'),
    };
    const paging = ctx.paging;
    const rows = listReleases(ctx.db, repo.id, filter, paging);
    ctx.list(
      rows.map((release) => toRelease(ctx, repo, release)),
      countReleases(ctx.db, repo.id, filter),
      paging,
    );
  },

  repoCreateRelease: async (ctx) => {
    const doer = ctx.requireUser();
    const { repo } = loadReleasesRepository(ctx, 'write');
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
    const release = await createRelease(releaseServices(ctx), releaseGit(ctx), doer, repo, input);
    ctx.json(toRelease(ctx, repo, release));
  },

  repoGetLatestRelease: (ctx) => {
    const { repo } = loadReleasesRepository(ctx, 'read');
    const release = findLatestRelease(ctx.db, repo.id);
    if (!release) throw notFound();
    ctx.json(toRelease(ctx, repo, release));
  },

  repoGetReleaseByTag: (ctx) => {
    const { repo, mode } = loadReleasesRepository(ctx, 'read');
    const release = visibleRelease(findReleaseByTag(ctx.db, repo.id, ctx.param('tag')), mode);
    ctx.json(toRelease(ctx, repo, release));
  },

  repoGetRelease: (ctx) => {
    const { repo, mode } = loadReleasesRepository(ctx, 'read');
    const release = visibleRelease(findReleaseById(ctx.db, repo.id, ctx.paramInt('id')), mode);
    ctx.json(toRelease(ctx, repo, release));
  },

  repoEditRelease: async (ctx) => {
    const doer = ctx.requireUser();
    const { repo } = loadReleasesRepository(ctx, 'write');
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
    const updated = await editRelease(releaseServices(ctx), releaseGit(ctx), doer, repo, release, input);
    ctx.json(toRelease(ctx, repo, updated));
  },

  repoDeleteRelease: (ctx) => {
    const doer = ctx.requireUser();
    const { repo } = loadReleasesRepository(ctx, 'write');
    const release = findReleaseById(ctx.db, repo.id, ctx.paramInt('id'));
    if (!release) throw notFound();
    deleteRelease(releaseServices(ctx), doer, repo, release);
    ctx.empty();
  },
};
