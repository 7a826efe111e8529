import type { Milestone } from '../../../../../api/types';
import { Box, Pager, RenderedMarkdown, Time } from '../../layout/parts';
import { RepoHeader } from '../../layout/RepoHeader';
import { useHref } from '../../layout/site';
import type { WebPage } from '../../webPage';
import { filterQuery, readIssueFilter } from './issueFilter';
import { StateTabs } from './IssueFilters';
import { IssueList } from './IssueList';
import { filteredIssues, issuePageSize } from './issueListPage';
import { issueNumber } from './issuePage';
import { renderAll, repoApi, repoSummary, repoWeb, type RepoRef } from './trackerApi';

const milestonePageSize = 20;

/** Closed issues out of all, as a bar and a percentage. */
function Progress({ milestone }: { readonly milestone: Milestone }) {
  const total = milestone.open_issues + milestone.closed_issues;
  const percent = total === 0 ? 0 : Math.round((milestone.closed_issues * 100) / total);
  return (
    <span class="row small">
      <progress max="100" value={String(percent)} aria-label="Progress" />
      <span>{percent}%</span>
      <span class="muted">
        {milestone.open_issues} open · {milestone.closed_issues} closed
      </span>
    </span>
  );
}

function MilestoneMeta({ milestone }: { readonly milestone: Milestone }) {
  return (
    <span class="muted small">
      {milestone.due_on ? (
        <>
          due <Time iso={milestone.due_on} />
        </>
      ) : (
        'No due date'
      )}
      {milestone.closed_at ? (
        <>
          {' '}
          · closed <Time iso={milestone.closed_at} />
        </>
      ) : null}
    </span>
  );
}

/** `/{owner}/{repo}/milestones`: open or closed milestones with their progress. */
export async function milestonesPage(page: WebPage, repo: RepoRef): Promise<void> {
  const state = page.query.get('state') === 'closed' ? 'closed' : 'open';
  const number = page.intParam('page', 1);
  const path = `${repoApi(repo)}/milestones`;
  const [summary, found, open, closed] = await Promise.all([
    repoSummary(page, repo),
    page.list<Milestone>(path, { state, page: number, limit: milestonePageSize }),
    page.list<Milestone>(path, { state: 'open', limit: 1 }),
    page.list<Milestone>(path, { state: 'closed', limit: 1 }),
  ]);
  await page.render({
    title: `Milestones · ${summary.full_name}`,
    body: (
      <>
        <RepoHeader repo={summary} active="issues" />
        <nav class="tabs" aria-label="State">
          <a class={state === 'open' ? 'active' : undefined} href="?state=open">
            {open.total} Open
          </a>
          <a class={state === 'closed' ? 'active' : undefined} href="?state=closed">
            {closed.total} Closed
          </a>
        </nav>
        <MilestoneRows repo={repo} milestones={found.items} />
        <Pager
          page={number}
          pageSize={milestonePageSize}
          total={found.total}
          link={(n) => `?state=${state}&page=${n}`}
        />
      </>
    ),
  });
}

function MilestoneRows({
  repo,
  milestones,
}: {
  readonly repo: RepoRef;
  readonly milestones: readonly Milestone[];
}) {
  const href = useHref();
  if (milestones.length === 0) return <p class="muted">No milestones.</p>;
  return (
    <ul class="list box">
      {milestones.map((milestone) => (
        <li key={milestone.id}>
          <div class="spread">
            <a href={href(`${repoWeb(repo)}/milestone/${milestone.id}`)}>
              <strong>{milestone.title}</strong>
            </a>
            <Progress milestone={milestone} />
          </div>
          <MilestoneMeta milestone={milestone} />
        </li>
      ))}
    </ul>
  );
}

/** `/{owner}/{repo}/milestone/{id}`: the milestone, its progress and its issues and pull requests. */
export async function milestonePage(page: WebPage, repo: RepoRef, id: string): Promise<void> {
  const milestoneId = issueNumber(id);
  const milestone = await page.get<Milestone>(`${repoApi(repo)}/milestones/${milestoneId}`);
  const filter = { ...readIssueFilter(page), labels: [], milestone: milestone.id };
  const [summary, issues, [descriptionHtml = '']] = await Promise.all([
    repoSummary(page, repo),
    filteredIssues(page, repo, filter, [], undefined),
    renderAll(page, [milestone.description], repo),
  ]);
  await page.render({
    title: `${milestone.title} · Milestones · ${summary.full_name}`,
    body: (
      <>
        <RepoHeader repo={summary} active="issues" />
        <Box
          header={
            <div class="spread">
              <strong>{milestone.title}</strong>
              <span class={`state ${milestone.state}`}>{milestone.state === 'open' ? 'Open' : 'Closed'}</span>
            </div>
          }
        >
          <div class="box-body">
            <Progress milestone={milestone} /> <MilestoneMeta milestone={milestone} />
            {descriptionHtml ? <RenderedMarkdown html={descriptionHtml} /> : null}
          </div>
        </Box>
        <StateTabs filter={{ ...filter, milestone: 0 }} counts={issues.counts} />
        <IssueList repo={repo} issues={issues.found.items} empty="No issues in this milestone." />
        <Pager
          page={filter.page}
          pageSize={issuePageSize}
          total={issues.found.total}
          link={(n) => filterQuery({ ...filter, milestone: 0 }, { page: n })}
        />
      </>
    ),
  });
}
