import type { Issue, Label, Milestone } from '../../api/types';
import { attachmentsOfIssues } from '../store/attachments';
import { issuesByIds, type IssueRow } from '../store/issues';
import { assigneeIdsOfIssues } from '../store/issuesAssignees';
import { labelsOfIssues } from '../store/labels';
import { milestonesByIds } from '../store/milestones';
import type { RepositoryRow } from '../store/repositories';
import { repositoriesInOrder } from '../store/repositorySearch';
import type { UserRow } from '../store/users';
import { toAttachment } from './attachment';
import { toLabels } from './label';
import { toMilestone } from './milestone';
import { isoTime } from './time';
import { ghostUserRow, toUser, usersWithCaller, type UserJson } from './user';
import { issueApiUrl, issueHtmlUrl } from './issueUrls';
import { pullRequestMetas } from './pullRequestMeta';
import { serialisedCacheOf } from './serialisedCache';
import type { ViewContext } from './viewContext';
import { isWorkInProgress } from '../domain/workInProgress';

/** Gitea's `Issue` with this server's `User` shape. */
export type IssueJson = Omit<Issue, 'user' | 'assignee' | 'assignees'> & {
  user: UserJson;
  assignee: UserJson | null;
  assignees: UserJson[] | null;
};

/** Converts users once per page: the same poster on fifty issues is shaped once. */
export function userShaper(view: ViewContext, rows: Map<number, UserRow>): (id: number) => UserJson {
  const shaped = new Map<number, UserJson>();
  return (id) => {
    let json = shaped.get(id);
    if (!json) {
      json = toUser(view, rows.get(id) ?? ghostUserRow());
      shaped.set(id, json);
    }
    return json;
  };
}

/**
 * Shapes a page of issues as Gitea's ToAPIIssueList, batch-loading labels, assignees, milestones, posters,
 * repositories and pull request state (a fixed number of queries, whatever the page size).
 */
export function toIssues(view: ViewContext, issues: readonly IssueRow[], repo?: RepositoryRow): IssueJson[] {
  if (issues.length === 0) return [];
  const ids = issues.map((i) => i.id);
  const labels = labelsOfIssues(view.db, ids);
  const attachments = attachmentsOfIssues(view.db, ids);
  const assignees = assigneeIdsOfIssues(view.db, ids);
  const milestones = milestonesByIds(
    view.db,
    issues.flatMap((i) => (i.milestone_id === null ? [] : [i.milestone_id])),
  );
  const users = usersWithCaller(view, [...issues.map((i) => i.poster_id), ...[...assignees.values()].flat()]);
  const user = userShaper(view, users);
  const repos = repositoriesOf(view, issues, repo);
  const pulls = issues.filter((i) => i.is_pull);
  const pullMeta = pulls.length > 0 ? pullRequestMetas(view, pulls) : new Map();
  const labelJson = new Map<number, Label>(
    toLabels(view, [...labels.values()].flat(), repo).map((l) => [l.id, l]),
  );
  const milestoneJson = new Map<number, Milestone>([...milestones].map(([id, m]) => [id, toMilestone(m)]));
  return issues.map((issue) => {
    const issueRepo = repos.get(issue.repo_id)!;
    const assigned = (assignees.get(issue.id) ?? []).map(user);
    const htmlUrl = issueHtmlUrl(view, issueRepo, issue);
    return {
      id: issue.id,
      url: issueApiUrl(view, issueRepo, issue),
      html_url: htmlUrl,
      number: issue.number,
      user: user(issue.poster_id),
      original_author: issue.original_author,
      original_author_id: issue.original_author_id,
      title: issue.title,
      body: issue.content,
      ref: issue.ref,
      assets: (attachments.get(issue.id) ?? []).map((attachment) => toAttachment(view, attachment)),
      labels: (labels.get(issue.id) ?? []).map((l) => labelJson.get(l.id)!),
      milestone: issue.milestone_id === null ? null : (milestoneJson.get(issue.milestone_id) ?? null),
      // Gitea keeps the first assignee in `assignee` for older clients.
      assignee: assigned[0] ?? null,
      assignees: assigned.length > 0 ? assigned : null,
      state: issue.is_closed ? 'closed' : 'open',
      is_locked: issue.is_locked,
      comments: issue.num_comments,
      created_at: isoTime(issue.created),
      updated_at: isoTime(issue.updated),
      closed_at: issue.closed_unix ? isoTime(issue.closed_unix) : null,
      due_date: issue.deadline_unix ? isoTime(issue.deadline_unix) : null,
      time_estimate: issue.time_estimate,
      content_version: issue.content_version,
      projects: [],
      pull_request: issue.is_pull
        ? (pullMeta.get(issue.id) ?? {
            merged: false,
            merged_at: null,
            draft: isWorkInProgress(issue.title),
            html_url: htmlUrl,
          })
        : null,
      repository: {
        id: issueRepo.id,
        name: issueRepo.name,
        owner: issueRepo.owner_name,
        full_name: `${issueRepo.owner_name}/${issueRepo.name}`,
      },
      pin_order: issue.pin_order,
    };
  });
}

/** The JSON text of each issue of a page, from the serialised cache where it holds them. */
export function issueFragments(
  view: ViewContext,
  issues: readonly IssueRow[],
  repo?: RepositoryRow,
): Buffer[] {
  return serialisedCacheOf(view.db).fragments(
    view,
    'issue',
    issues,
    (issue) => issue.id,
    (missing) => toIssues(view, missing, repo),
  );
}

/**
 * The JSON array of a page of issues given by id (convert/serialisedCache.ts): only the issues not shaped
 * yet in this data version are read.
 */
export function issueListJson(view: ViewContext, ids: readonly number[], repo?: RepositoryRow): Buffer {
  return serialisedCacheOf(view.db).page(
    view,
    'issue',
    ids,
    (id) => id,
    (missing) => {
      const rows = new Map(issuesByIds(view.db, missing).map((row) => [row.id, row]));
      return toIssues(
        view,
        missing.map((id) => rows.get(id)!),
        repo,
      );
    },
  );
}

export function toIssue(view: ViewContext, issue: IssueRow, repo?: RepositoryRow): IssueJson {
  return toIssues(view, [issue], repo)[0]!;
}

function repositoriesOf(
  view: ViewContext,
  issues: readonly IssueRow[],
  known: RepositoryRow | undefined,
): Map<number, RepositoryRow> {
  const repos = new Map<number, RepositoryRow>(known ? [[known.id, known]] : []);
  const missing = [...new Set(issues.map((i) => i.repo_id))].filter((id) => !repos.has(id));
  for (const row of repositoriesInOrder(view.db, missing)) repos.set(row.id, row);
  return repos;
}
