import type { Issue } from '../../../../../api/types';
import { LabelChip, Time, UserLink } from '../../layout/parts';
import { useHref } from '../../layout/site';
import { repoWeb, type RepoRef } from './trackerApi';

/** `/{owner}/{repo}/issues/{n}` or `/pulls/{n}`: where the issue's page is. */
export const issuePath = (repo: RepoRef, issue: Pick<Issue, 'number' | 'pull_request'>): string =>
  `${repoWeb(repo)}/${issue.pull_request ? 'pulls' : 'issues'}/${issue.number}`;

/** The state badge: open, closed, merged or draft. */
export function StateBadge({ issue }: { readonly issue: Pick<Issue, 'state' | 'pull_request'> }) {
  const pull = issue.pull_request;
  if (pull?.merged) return <span class="state merged">Merged</span>;
  if (issue.state === 'closed') return <span class="state closed">Closed</span>;
  if (pull?.draft) return <span class="state draft">Draft</span>;
  return <span class="state open">Open</span>;
}

/** A label chip linking to the list filtered by it. */
export function LabelLink(props: {
  readonly repo: RepoRef;
  readonly label: { readonly id: number; readonly name: string; readonly color: string };
  readonly section: 'issues' | 'pulls';
}) {
  const href = useHref();
  return (
    <a href={href(`${repoWeb(props.repo)}/${props.section}?labels=${props.label.id}`)}>
      <LabelChip name={props.label.name} color={props.label.color} />
    </a>
  );
}

function IssueRow({ repo, issue }: { readonly repo: RepoRef; readonly issue: Issue }) {
  const href = useHref();
  const section = issue.pull_request ? 'pulls' : 'issues';
  return (
    <li class="issue-row">
      <div class="row">
        <StateBadge issue={issue} />
        <a href={href(issuePath(repo, issue))}>
          <strong>{issue.title}</strong>
        </a>
        {issue.labels.map((label) => (
          <LabelLink key={label.id} repo={repo} label={label} section={section} />
        ))}
      </div>
      <div class="muted small row">
        <span>#{issue.number}</span>
        <span>
          opened <Time iso={issue.created_at} /> by <UserLink login={issue.user.login} />
        </span>
        {issue.milestone ? (
          <a href={href(`${repoWeb(repo)}/milestone/${issue.milestone.id}`)}>{issue.milestone.title}</a>
        ) : null}
        {issue.comments > 0 ? (
          <span title="comments">
            {issue.comments} {issue.comments === 1 ? 'comment' : 'comments'}
          </span>
        ) : null}
      </div>
    </li>
  );
}

/** Issues or pull requests, one row each. */
export function IssueList(props: {
  readonly repo: RepoRef;
  readonly issues: readonly Issue[];
  readonly empty: string;
}) {
  if (props.issues.length === 0) return <p class="muted">{props.empty}</p>;
  return (
    <ul class="list box">
      {props.issues.map((issue) => (
        <IssueRow key={issue.id} repo={props.repo} issue={issue} />
      ))}
    </ul>
  );
}
