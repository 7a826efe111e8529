import type { PullRequestMeta } from '../../api/types';
import { isWorkInProgress } from '../domain/workInProgress';
import type { IssueRow } from '../store/issues';
import { pullsByIssueIds } from '../store/pullRequests';
import { repositoriesInOrder } from '../store/repositorySearch';
import { issueHtmlUrl } from './issueUrls';
import { isoTime } from './time';
import type { ViewContext } from './viewContext';

/** The `pull_request` of issues that are pull requests: their merge state, draft flag and web page. */
export function pullRequestMetas(
  view: ViewContext,
  pulls: readonly IssueRow[],
): Map<number, PullRequestMeta> {
  const rows = pullsByIssueIds(
    view.db,
    pulls.map((p) => p.id),
  );
  const repoIds = [...new Set(pulls.map((p) => p.repo_id))];
  const repos = new Map(repositoriesInOrder(view.db, repoIds).map((repo) => [repo.id, repo]));
  const meta = new Map<number, PullRequestMeta>();
  for (const issue of pulls) {
    const pull = rows.get(issue.id);
    const merged = pull?.has_merged === true;
    const repo = repos.get(issue.repo_id) ?? { owner_name: '', name: '' };
    meta.set(issue.id, {
      merged,
      merged_at: merged && pull ? isoTime(pull.merged_unix) : null,
      draft: isWorkInProgress(issue.title),
      html_url: issueHtmlUrl(view, repo, issue),
    });
  }
  return meta;
}
