import type { RequestContext } from '../http/context';
import { notFound } from '../domain/errors';
import type { PullActor } from '../services/pullRequests';
import { refreshPull, type PullGitContext, type PullItem } from '../services/pullRequestsState';
import { findIssueByNumber } from '../store/issues';
import { findPullByIssueId } from '../store/pullRequests';
import type { RepositoryRow } from '../store/repositories';
import { issueActor } from './issuesLookup';

/** What reading pull requests' git state takes, from a request. */
export const pullGit = (ctx: RequestContext): PullGitContext => ctx.app;

/** The signed-in caller as the pull request services see them. */
export const pullActor = (ctx: RequestContext): PullActor => ({ ...issueActor(ctx), ...pullGit(ctx) });

/** The pull request numbered by `{index}` (an issue number that is not a pull request is 404, as Gitea). */
export function loadPull(ctx: RequestContext, repo: RepositoryRow): PullItem {
  const number = ctx.paramInt('index');
  const issue = findIssueByNumber(ctx.db, repo.id, number);
  const pull = issue?.is_pull === true ? findPullByIssueId(ctx.db, issue.id) : undefined;
  if (!issue || !pull) throw notFound(`pull request does not exist [repo_id: ${repo.id}, index: ${number}]`);
  return { issue, pull, baseRepo: repo };
}

/** The pull request with its git state brought up to date (for answering it). */
export async function loadFreshPull(ctx: RequestContext, repo: RepositoryRow): Promise<PullItem> {
  const item = loadPull(ctx, repo);
  try {
    return { ...item, pull: (await refreshPull(pullGit(ctx), item)).pull };
  } catch (error) {
    ctx.app.log.error(
      `reading the git state of ${repo.owner_name}/${repo.name}#${item.issue.number} failed`,
      error,
    );
    return item;
  }
}
