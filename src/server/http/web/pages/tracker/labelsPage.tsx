import type { Issue, Label } from '../../../../../api/types';
import { LabelChip } from '../../layout/parts';
import { RepoHeader } from '../../layout/RepoHeader';
import { useHref } from '../../layout/site';
import type { WebPage } from '../../webPage';
import { repoApi, repoLabels, repoSummary, repoWeb, type RepoRef } from './trackerApi';

interface LabelCount {
  readonly label: Label;
  readonly openIssues: number;
}

function LabelRows({ repo, labels }: { readonly repo: RepoRef; readonly labels: readonly LabelCount[] }) {
  const href = useHref();
  if (labels.length === 0) return <p class="muted">No labels.</p>;
  return (
    <ul class="list box">
      {labels.map(({ label, openIssues }) => (
        <li key={label.id} class="spread">
          <span class="row">
            <LabelChip name={label.name} color={label.color} />
            {label.description ? <span class="muted small">{label.description}</span> : null}
            {label.is_archived ? <span class="muted small">archived</span> : null}
          </span>
          <a href={href(`${repoWeb(repo)}/issues?labels=${label.id}`)}>
            {openIssues} open {openIssues === 1 ? 'issue' : 'issues'}
          </a>
        </li>
      ))}
    </ul>
  );
}

/** `/{owner}/{repo}/labels`: the labels (the organization's too), each with its open issues. */
export async function labelsPage(page: WebPage, repo: RepoRef): Promise<void> {
  const [summary, labels] = await Promise.all([repoSummary(page, repo), repoLabels(page, repo)]);
  const counted = await Promise.all(
    labels.map(async (label): Promise<LabelCount> => {
      const found = await page.list<Issue>(`${repoApi(repo)}/issues`, {
        type: 'issues',
        state: 'open',
        labels: label.name,
        limit: 1,
      });
      return { label, openIssues: found.total };
    }),
  );
  await page.render({
    title: `Labels · ${summary.full_name}`,
    body: (
      <>
        <RepoHeader repo={summary} active="issues" />
        <h2>{labels.length} labels</h2>
        <LabelRows repo={repo} labels={counted} />
      </>
    ),
  });
}
