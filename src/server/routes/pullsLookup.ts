import type { RequestContext } from '../http/context';
import { notFound } from '../domain/errors';
import type { PullActor } from '../services/pullRequests';
import { refreshPull, type PullGitContext, type PullItem } from '../services/pullRequestsState';
import type { Database } from '../store/database';
import { findIssueById, findIssueByNumber } from '../store/issues';
import { findPullByBranches, findPullByIssueId } from '../store/pullRequests';
import { findRepositoryByName, type RepositoryRow } from '../store/repositories';
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
export function loadFreshPull(ctx: RequestContext, repo: RepositoryRow): Promise<PullItem> {
  return freshPull(ctx, loadPull(ctx, repo));
}

/** A pull request with its git state brought up to date; as it was when git cannot be read. */
export async function freshPull(ctx: RequestContext, item: PullItem): Promise<PullItem> {
  const repo = item.baseRepo;
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

/**
 * Gitea's GetPullRequestByBaseHead: `{head}` is a branch of this repository, `owner:branch` of that owner's
 * repository of the same name, or `owner/repo:branch`; the first pull request between them, in any state,
 * as Gitea's unordered lookup finds it (404 when there is none or the head repository does not exist).
 */
export function findPullByBaseHead(db: Database, repo: RepositoryRow, base: string, head: string): PullItem {
  const colon = head.indexOf(':');
  let headRepoId = repo.id;
  let headBranch = head;
  if (colon >= 0) {
    headBranch = head.slice(colon + 1);
    const [owner = '', name = repo.name] = head.slice(0, colon).split('/');
    const headRepo = findRepositoryByName(db, owner, name);
    if (!headRepo) throw notFound(`repository does not exist [owner: ${owner}, name: ${name}]`);
    headRepoId = headRepo.id;
  }
  const pull = findPullByBranches(db, { baseRepoId: repo.id, baseBranch: base, headRepoId, headBranch });
  const issue = pull && findIssueById(db, pull.issue_id);
  if (!pull || !issue) {
    throw notFound(
      `pull request does not exist [base_repo_id: ${repo.id}, head_repo_id: ${headRepoId}, head_branch: ${headBranch}, base_branch: ${base}]`,
    );
  }
  return { issue, pull, baseRepo: repo };
}
