import { toCommit, type CommitJson } from '../convert/commit';
import type { RequestContext } from '../http/context';
import { conflict, invalid, isDomainError, notFound } from '../domain/errors';
import { commitChanges, listCommitIds, type CommitObject } from '../git/commits';
import { isAbbreviatedObjectId, isValidRefName, normalizeTreePath } from '../git/validate';
import type { HandlerMap } from './handler';
import { commitOf, resolveRefOrDefault, type GitRepository } from './repoGit';
import { gitRoute, readRepo } from './guards';
import { mapLimited } from '../domain/mapLimited';
import { toPullRequest } from '../convert/pullRequest';
import { commitDiffText, commitPatchText } from '../git/diff';
import { readNote } from '../git/notes';
import { resolveRef } from '../git/refs';
import { findIssueById } from '../store/issues';
import { findPullByMergedCommit } from '../store/pullRequests';

export interface CommitOptions {
  stat: boolean;
  files: boolean;
  verification: boolean;
}

/** Gitea's `stat`, `files` and `verification` switches: each on unless turned off. */
export const commitOptions = (ctx: RequestContext): CommitOptions => ({
  stat: ctx.args.stat ?? true,
  files: ctx.args.files ?? true,
  verification: ctx.args.verification ?? true,
});

/** Where Gitea always includes the stats (compares, notes): only `verification` and `files` switch. */
export const statCommitOptions = (ctx: RequestContext): CommitOptions => ({
  stat: true,
  files: ctx.args.files ?? true,
  verification: ctx.args.verification ?? true,
});

export async function commitJson(
  ctx: RequestContext,
  git: GitRepository,
  commit: CommitObject,
  options: CommitOptions,
): Promise<CommitJson> {
  const changes = options.stat || options.files ? await commitChanges(git.gitDir, commit) : undefined;
  return toCommit(ctx, git.repo, commit, { ...options, changes });
}

/** A `ref`-like parameter Gitea would accept (`IsValidRefPattern`), else 422. */
export function refParameter(value: string, what: string): string {
  if (!isValidRefName(value) && !isAbbreviatedObjectId(value)) {
    throw invalid(`no valid ref or sha: ${what}`);
  }
  return value;
}

export const commitHandlers: HandlerMap = {
  /** The pull request of this repository merged as exactly this commit (Gitea's GetPullRequestByMergedCommit). */
  repoGetCommitPullRequest: gitRoute(readRepo, async (ctx, git) => {
    const sha = ctx.param('sha');
    const pull = findPullByMergedCommit(ctx.db, git.repo.id, sha);
    const issue = pull ? findIssueById(ctx.db, pull.issue_id) : undefined;
    if (!pull || !issue) {
      throw notFound(
        `pull request does not exist [id: 0, issue_id: 0, head_repo_id: 0, base_repo_id: ${git.repo.id}, head_branch: , base_branch: ]`,
      );
    }
    ctx.json(toPullRequest(ctx, { issue, pull }, git.repo));
  }),

  /** A commit against its first parent as `git diff`, or as the mail `git format-patch` writes. */
  repoDownloadCommitDiffOrPatch: gitRoute(readRepo, async (ctx, git) => {
    const sha = ctx.param('sha');
    const kind = ctx.param('diffType');
    const resolved =
      isValidRefName(sha) || isAbbreviatedObjectId(sha) ? await resolveRef(git.reader, sha) : undefined;
    if (!resolved || (kind !== 'diff' && kind !== 'patch')) throw notFound(`commit doesn't exist: ${sha}`);
    const commit = await commitOf(git, resolved.commit);
    const text =
      kind === 'diff' ? await commitDiffText(git.gitDir, commit) : await commitPatchText(git.gitDir, commit);
    ctx.res.statusCode = 200;
    ctx.res.setHeader('Content-Type', 'text/plain; charset=utf-8');
    ctx.res.end(text);
  }),

  /** The note on a commit, with the commit of the notes history that last changed it (Gitea's GetNote). */
  repoGetNote: gitRoute(readRepo, async (ctx, git) => {
    const sha = refParameter(ctx.param('sha'), ctx.param('sha'));
    const resolved = await resolveRef(git.reader, sha);
    if (!resolved) throw notFound(`object does not exist [id: ${sha}, rel_path: ]`);
    const note = await readNote(git.gitDir, git.reader, resolved.commit);
    if (!note) throw notFound(`commit doesn't exist: ${sha}`);
    const options = statCommitOptions(ctx);
    ctx.json({
      message: note.message.toString('utf8'),
      commit: await commitJson(ctx, git, await commitOf(git, note.noteCommit), options),
    });
  }),

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
