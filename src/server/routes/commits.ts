import { toCommit, type CommitJson } from '../convert/commit';
import type { RequestContext } from '../http/context';
import { conflict, invalid, isDomainError, notFound } from '../domain/errors';
import { commitChanges, listCommitIds, type CommitObject } from '../git/commits';
import { isAbbreviatedObjectId, isValidRefName, normalizeTreePath } from '../git/validate';
import type { HandlerMap } from './handler';
import { commitOf, resolveRefOrDefault, type GitRepository } from './repoGit';
import { gitRoute, readRepo } from './guards';
import { mapLimited } from '../domain/mapLimited';

interface CommitOptions {
  stat: boolean;
  files: boolean;
  verification: boolean;
}

/** Gitea's `stat`, `files` and `verification` switches: each on unless turned off. */
const commitOptions = (ctx: RequestContext): CommitOptions => ({
  stat: ctx.args.stat ?? true,
  files: ctx.args.files ?? true,
  verification: ctx.args.verification ?? true,
});

async function commitJson(
  ctx: RequestContext,
  git: GitRepository,
  commit: CommitObject,
  options: CommitOptions,
): Promise<CommitJson> {
  const changes = options.stat || options.files ? await commitChanges(git.gitDir, commit) : undefined;
  return toCommit(ctx, git.repo, commit, { ...options, changes });
}

/** A `ref`-like parameter Gitea would accept (`IsValidRefPattern`), else 422. */
function refParameter(value: string, what: string): string {
  if (!isValidRefName(value) && !isAbbreviatedObjectId(value)) {
    throw invalid(`no valid ref or sha: ${what}`);
  }
  return value;
}

export const commitHandlers: HandlerMap = {
  repoGetSingleCommit: gitRoute(readRepo, async (ctx, git) => {
    const sha = refParameter(ctx.param('sha'), ctx.param('sha'));
    const options = commitOptions(ctx);
    const resolved = await resolveRefOrDefault(git, sha);
    ctx.json(await commitJson(ctx, git, await commitOf(git, resolved.commit), options));
  }),

  repoGetAllCommits: gitRoute(readRepo, async (ctx, git) => {
    const options = commitOptions(ctx);
    const sha = ctx.args.sha;
    const notRef = ctx.args.not;
    const rawPath = ctx.args.path ?? '';
    const path = normalizeTreePath(rawPath);
    if (path === undefined) throw invalid(`invalid path: ${rawPath}`);
    let start: string;
    try {
      start = (await resolveRefOrDefault(git, sha ? refParameter(sha, sha) : undefined)).commit;
    } catch (error) {
      // Gitea answers 409 for a repository without commits.
      if (sha === undefined && isDomainError(error, 'notFound')) {
        throw conflict('Git Repository is empty.');
      }
      throw error;
    }
    const not = notRef ? (await resolveRefOrDefault(git, refParameter(notRef, notRef))).commit : undefined;
    const { page, limit, offset } = ctx.paging;
    const { ids, total } = await listCommitIds(git.gitDir, start, { offset, limit }, { path, not });
    if (path !== '' && total === 0) throw notFound(`no commits touch ${path}`);
    const commits = await mapLimited(ids, 4, async (id) =>
      commitJson(ctx, git, await commitOf(git, id), options),
    );
    const pageCount = Math.ceil(total / limit);
    // Gitea keeps these for older clients beside X-Total-Count and Link.
    ctx.res.setHeader('X-Page', String(page));
    ctx.res.setHeader('X-PerPage', String(limit));
    ctx.res.setHeader('X-Total', String(total));
    ctx.res.setHeader('X-PageCount', String(pageCount));
    ctx.res.setHeader('X-HasMore', String(page < pageCount));
    ctx.setPagingHeaders(total);
    ctx.res.setHeader(
      'Access-Control-Expose-Headers',
      'Link, X-Total-Count, X-Page, X-PerPage, X-Total, X-PageCount, X-HasMore',
    );
    ctx.json(commits);
  }),
};
