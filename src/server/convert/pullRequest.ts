import type { PRBranchInfo, PullRequest } from '../../api/types';
import type { IssueRow } from '../store/issues';
import { pullStatus, type PullRequestRow } from '../store/pullRequests';
import { findRepositoryById, type RepositoryRow } from '../store/repositories';
import {
  requestedReviewersOfIssues,
  requestedTeamsOfIssues,
  reviewCommentCountsOfIssues,
} from '../store/reviews';
import { toIssues, type IssueJson } from './issue';
import { toRepository, type RepositoryJson } from './repository';
import { teamShaper, type TeamJson } from './team';
import { isoTime } from './time';
import { toUserOrGhost, type UserJson } from './user';
import { serialisedCacheOf } from './serialisedCache';
import type { ViewContext } from './viewContext';
import { isWorkInProgress } from '../domain/workInProgress';

/** Gitea's `PRBranchInfo` with this server's `Repository` shape. */
export type PRBranchInfoJson = Omit<PRBranchInfo, 'repo'> & { repo: RepositoryJson | null };

/** Gitea's `PullRequest` with this server's `User` and `Repository` shapes. */
export type PullRequestJson = Omit<
  PullRequest,
  | 'user'
  | 'assignee'
  | 'assignees'
  | 'merged_by'
  | 'requested_reviewers'
  | 'requested_reviewers_teams'
  | 'base'
  | 'head'
> & {
  user: UserJson;
  assignee: UserJson | null;
  assignees: UserJson[] | null;
  merged_by: UserJson | null;
  requested_reviewers: UserJson[];
  requested_reviewers_teams: TeamJson[];
  base: PRBranchInfoJson;
  head: PRBranchInfoJson;
};

/** Gitea's PullRequest.Mergeable: not while checking, not with conflicts or errors, not a draft. */
export function isMergeable(pull: PullRequestRow, issue: IssueRow): boolean {
  const blocked: number[] = [pullStatus.checking, pullStatus.conflict, pullStatus.error];
  return !blocked.includes(pull.status) && !isWorkInProgress(issue.title);
}

/** Shapes repositories once per page. */
function repositoryShaper(
  view: ViewContext,
  known: RepositoryRow | undefined,
): (id: number | null) => RepositoryJson | null {
  const shaped = new Map<number, RepositoryJson | null>();
  return (id) => {
    if (id === null) return null;
    if (!shaped.has(id)) {
      const row = known?.id === id ? known : findRepositoryById(view.db, id);
      shaped.set(id, row ? toRepository(view, row) : null);
    }
    return shaped.get(id) ?? null;
  };
}

/**
 * Shapes pull requests as Gitea's ToAPIPullRequest, from their issue JSON (labels, milestone, assignees,
 * poster: batch-loaded) and the stored git state (refresh it first: services/pullRequestsState).
 */
export function toPullRequests(
  view: ViewContext,
  items: readonly { issue: IssueRow; pull: PullRequestRow }[],
  baseRepo?: RepositoryRow,
): PullRequestJson[] {
  if (items.length === 0) return [];
  const issueIds = items.map((i) => i.issue.id);
  const issues = toIssues(
    view,
    items.map((i) => i.issue),
    baseRepo,
  );
  const reviewComments = reviewCommentCountsOfIssues(view.db, issueIds);
  const requested = requestedReviewersOfIssues(view.db, issueIds);
  const requestedTeams = requestedTeamsOfIssues(view.db, issueIds);
  const team = teamShaper(view);
  const repository = repositoryShaper(view, baseRepo);
  return items.map(({ issue, pull }, index) => {
    const json: IssueJson = issues[index]!;
    const baseRepoJson = repository(pull.base_repo_id);
    const headRepoJson = repository(pull.head_repo_id);
    const htmlUrl = json.html_url;
    const merged = pull.has_merged;
    return {
      id: pull.id,
      // Gitea's `url` of a pull request is its web page.
      url: htmlUrl,
      number: issue.number,
      user: json.user,
      title: json.title,
      body: json.body,
      labels: json.labels,
      milestone: json.milestone,
      assignee: json.assignee,
      assignees: json.assignees,
      requested_reviewers: (requested.get(issue.id) ?? []).map((id) => toUserOrGhost(view, id)),
      requested_reviewers_teams: (requestedTeams.get(issue.id) ?? []).flatMap((id) => team(id) ?? []),
      state: json.state,
      draft: isWorkInProgress(issue.title),
      is_locked: json.is_locked,
      comments: json.comments,
      review_comments: reviewComments.get(issue.id) ?? 0,
      additions: pull.additions,
      deletions: pull.deletions,
      changed_files: pull.changed_files,
      html_url: htmlUrl,
      diff_url: `${htmlUrl}.diff`,
      patch_url: `${htmlUrl}.patch`,
      mergeable: isMergeable(pull, issue),
      merged,
      merged_at: merged ? isoTime(pull.merged_unix) : null,
      merge_commit_sha: merged ? pull.merged_commit_id : null,
      merged_by: merged ? toUserOrGhost(view, pull.merger_id) : null,
      allow_maintainer_edit: pull.allow_maintainer_edit,
      base: {
        label: pull.base_branch,
        ref: pull.base_branch,
        sha: pull.base_commit_id,
        repo_id: pull.base_repo_id,
        repo: baseRepoJson,
      },
      head: {
        label: pull.head_branch,
        // Gitea names the pull ref once the head repository is gone.
        ref: headRepoJson ? pull.head_branch : `refs/pull/${issue.number}/head`,
        sha: pull.head_commit_id,
        repo_id: headRepoJson ? headRepoJson.id : -1,
        repo: headRepoJson,
      },
      merge_base: pull.merge_base,
      due_date: json.due_date,
      created_at: json.created_at,
      updated_at: json.updated_at,
      closed_at: json.closed_at,
      content_version: issue.content_version,
      pin_order: json.pin_order,
    };
  });
}

/** The JSON text of each pull request of a page, from the serialised cache where it holds them. */
export function pullRequestFragments(
  view: ViewContext,
  items: readonly { issue: IssueRow; pull: PullRequestRow }[],
  baseRepo?: RepositoryRow,
): Buffer[] {
  return serialisedCacheOf(view.db).fragments(
    view,
    'pull',
    items,
    (item) => item.pull.id,
    (missing) => toPullRequests(view, missing, baseRepo),
  );
}

/** The JSON array of a page of pull requests (convert/serialisedCache.ts). */
export function pullRequestListJson(
  view: ViewContext,
  items: readonly { issue: IssueRow; pull: PullRequestRow }[],
  baseRepo?: RepositoryRow,
): Buffer {
  return serialisedCacheOf(view.db).page(
    view,
    'pull',
    items,
    (item) => item.pull.id,
    (missing) => toPullRequests(view, missing, baseRepo),
  );
}

export function toPullRequest(
  view: ViewContext,
  item: { issue: IssueRow; pull: PullRequestRow },
  baseRepo?: RepositoryRow,
): PullRequestJson {
  return toPullRequests(view, [item], baseRepo)[0]!;
}
