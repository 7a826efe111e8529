import type { ChangedFile } from '../../api/types';
import { repositoryHtmlUrl, toCommit, type CommitJson } from '../convert/commit';
import { repositoryApiUrl } from '../convert/repository';
import type { RequestContext } from '../http/context';
import { notFound } from '../domain/errors';
import { commitChanges, listCommitIds, readCommit } from '../git/commits';
import { changedFiles, diffText, patchText } from '../git/diff';
import { gitDirOf, type PullItem } from '../services/pullRequestsState';
import type { RepositoryRow } from '../store/repositories';
import type { HandlerMap } from './handler';
import { loadFreshPull, pullGit } from './pullsLookup';
import { pullReader, repoRoute } from './guards';

/** The range a pull request shows: from the merge base (or the base tip while open) to its head. */
function rangeOf(item: PullItem, from: 'merge-base' | 'base'): { start: string; end: string } {
  const { pull } = item;
  const open = !pull.has_merged && !item.issue.is_closed;
  const start = from === 'base' && open && pull.base_commit_id ? pull.base_commit_id : pull.merge_base;
  if (!start || !pull.head_commit_id) throw notFound('the pull request has no commits to compare');
  return { start, end: pull.head_commit_id };
}

const encodePath = (path: string): string => path.split('/').map(encodeURIComponent).join('/');

function toChangedFile(
  ctx: RequestContext,
  repo: RepositoryRow,
  head: string,
  file: Awaited<ReturnType<typeof changedFiles>>[number],
): ChangedFile {
  const path = encodePath(file.filename);
  const html = repositoryHtmlUrl(ctx, repo);
  return {
    filename: file.filename,
    previous_filename: file.previousFilename,
    status: file.status,
    additions: file.additions,
    deletions: file.deletions,
    changes: file.additions + file.deletions,
    html_url: `${html}/src/commit/${head}/${path}`,
    contents_url: `${repositoryApiUrl(ctx, repo)}/contents/${path}?ref=${head}`,
    raw_url: `${html}/raw/commit/${head}/${path}`,
  };
}

export const pullGitHandlers: HandlerMap = {
  // `.diff` is `git diff` from the merge base to the head; `.patch` is one mail per commit (format-patch).
  repoDownloadPullDiffOrPatch: repoRoute(pullReader, async (ctx, { repo }) => {
    const kind = ctx.param('diffType');
    if (kind !== 'diff' && kind !== 'patch') throw notFound(`unknown diff type: ${kind}`);
    const item = await loadFreshPull(ctx, repo);
    const { start, end } = rangeOf(item, 'merge-base');
    const gitDir = gitDirOf(pullGit(ctx), repo);
    const text =
      kind === 'diff'
        ? await diffText(gitDir, start, end, { binary: ctx.args.binary ?? false })
        : await patchText(gitDir, start, end);
    ctx.res.statusCode = 200;
    ctx.res.setHeader('Content-Type', 'text/plain; charset=utf-8');
    ctx.res.end(text);
  }),

  repoGetPullRequestCommits: repoRoute(pullReader, async (ctx, { repo }) => {
    const item = await loadFreshPull(ctx, repo);
    const { start, end } = rangeOf(item, 'base');
    const git = pullGit(ctx);
    const gitDir = gitDirOf(git, repo);
    const reader = git.gitPool.reader(gitDir);
    const { page, limit, offset } = ctx.paging;
    const { ids, total } = await listCommitIds(gitDir, end, { offset, limit }, { not: start });
    const verification = ctx.args.verification ?? true;
    const files = ctx.args.files ?? true;
    const commits: CommitJson[] = [];
    for (const id of ids) {
      const commit = await readCommit(reader, id);
      if (!commit) continue;
      const changes = await commitChanges(gitDir, commit);
      commits.push(toCommit(ctx, repo, commit, { verification, files, stat: true, changes }));
    }
    const pageCount = Math.ceil(total / limit);
    // Gitea sets these beside X-Total-Count and Link for this list.
    ctx.res.setHeader('X-Page', String(page));
    ctx.res.setHeader('X-PerPage', String(limit));
    ctx.res.setHeader('X-PageCount', String(pageCount));
    ctx.res.setHeader('X-HasMore', String(page < pageCount));
    ctx.list(commits, total);
  }),

  repoGetPullRequestFiles: repoRoute(pullReader, async (ctx, { repo }) => {
    const item = await loadFreshPull(ctx, repo);
    const { start, end } = rangeOf(item, 'merge-base');
    let files = await changedFiles(gitDirOf(pullGit(ctx), repo), start, end);
    const skipTo = ctx.args['skip-to'];
    if (skipTo) {
      const at = files.findIndex((file) => file.filename === skipTo);
      if (at >= 0) files = files.slice(at);
    }
    const { offset, limit } = ctx.paging;
    const page = files.slice(offset, offset + limit).map((file) => toChangedFile(ctx, repo, end, file));
    ctx.list(page, files.length);
  }),
};
