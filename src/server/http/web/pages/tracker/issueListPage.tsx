import type { Issue, Label, Milestone } from '../../../../../api/types';
import { Pager } from '../../layout/parts';
import { RepoHeader } from '../../layout/RepoHeader';
import type { WebPage } from '../../webPage';
import { filterQuery, readIssueFilter, type IssueFilter } from './issueFilter';
import { IssueFilters, StateTabs } from './IssueFilters';
import { IssueList } from './IssueList';
import { listAll, repoApi, repoLabels, repoSummary, type RepoRef } from './trackerApi';

export const issuePageSize = 20;

export type IssueKind = 'issues' | 'pulls';

/** The API query of a web filter: label ids become names (the API filters by name), any state. */
export function apiIssueQuery(filter: IssueFilter, labels: readonly Label[], kind: IssueKind | undefined) {
  const names = labels.filter((label) => filter.labels.includes(label.id)).map((label) => label.name);
  return {
    type: kind,
    labels: names.length > 0 ? names.join(',') : undefined,
    milestones: filter.milestone > 0 ? String(filter.milestone) : undefined,
    q: filter.q || undefined,
  };
}

/** A page of issues under `filter`, and the open and closed counts under the same filter. */
export async function filteredIssues(
  page: WebPage,
  repo: RepoRef,
  filter: IssueFilter,
  labels: readonly Label[],
  kind: IssueKind | undefined,
) {
  const path = `${repoApi(repo)}/issues`;
  const query = apiIssueQuery(filter, labels, kind);
  const [found, open, closed] = await Promise.all([
    page.list<Issue>(path, { ...query, state: filter.state, page: filter.page, limit: issuePageSize }),
    page.list<Issue>(path, { ...query, state: 'open', limit: 1 }),
    page.list<Issue>(path, { ...query, state: 'closed', limit: 1 }),
  ]);
  return { found, counts: { open: open.total, closed: closed.total } };
}

/** `/{owner}/{repo}/issues` and `/pulls`: Gitea's list with state, label, milestone and keyword filters. */
export async function issueListPage(page: WebPage, repo: RepoRef, kind: IssueKind): Promise<void> {
  const filter = readIssueFilter(page);
  const [summary, labels, milestones] = await Promise.all([
    repoSummary(page, repo),
    repoLabels(page, repo),
    listAll<Milestone>(page, `${repoApi(repo)}/milestones`, { state: 'all' }),
  ]);
  const { found, counts } = await filteredIssues(page, repo, filter, labels, kind);
  const noun = kind === 'pulls' ? 'pull requests' : 'issues';
  await page.render({
    title: `${kind === 'pulls' ? 'Pull requests' : 'Issues'} · ${summary.full_name}`,
    body: (
      <>
        <RepoHeader repo={summary} active={kind} />
        <StateTabs filter={filter} counts={counts} />
        <IssueFilters
          filter={filter}
          labels={labels}
          milestones={milestones}
          searchLabel={`Search ${noun}`}
        />
        <IssueList repo={repo} issues={found.items} empty={`No ${noun}.`} />
        <Pager
          page={filter.page}
          pageSize={issuePageSize}
          total={found.total}
          link={(n) => filterQuery(filter, { page: n })}
        />
      </>
    ),
  });
}
