import type { Comment, Issue, User } from '../../../../../api/types';
import { Avatar, Time, UserLink } from '../../layout/parts';
import { useHref } from '../../layout/site';
import { LabelLink } from './IssueList';
import { repoWeb, type RepoRef } from './trackerApi';

/** The poster, every commenter and reviewer, once each, in order of appearance. */
export function participantsOf(
  issue: Issue,
  comments: readonly Comment[],
  reviewers: readonly (User | null)[] = [],
): User[] {
  const seen = new Map<string, User>();
  for (const user of [issue.user, ...comments.map((comment) => comment.user), ...reviewers])
    if (user && !seen.has(user.login)) seen.set(user.login, user);
  return [...seen.values()];
}

function Section(props: { readonly title: string; readonly children: unknown }) {
  return (
    <section>
      <h3>{props.title}</h3>
      {props.children}
    </section>
  );
}

function People({ users, none }: { readonly users: readonly User[]; readonly none: string }) {
  if (users.length === 0) return <p class="muted small">{none}</p>;
  return (
    <ul class="list compact">
      {users.map((user) => (
        <li key={user.login}>
          <Avatar url={user.avatar_url} /> <UserLink login={user.login} />
        </li>
      ))}
    </ul>
  );
}

/** Labels, milestone, assignees, participants, due date and lock of an issue or pull request. */
export function IssueSidebar(props: {
  readonly repo: RepoRef;
  readonly issue: Issue;
  readonly participants: readonly User[];
}) {
  const href = useHref();
  const { issue, repo } = props;
  const section = issue.pull_request ? 'pulls' : 'issues';
  return (
    <aside class="sidebar">
      <Section title="Labels">
        {issue.labels.length > 0 ? (
          <div class="row">
            {issue.labels.map((label) => (
              <LabelLink key={label.id} repo={repo} label={label} section={section} />
            ))}
          </div>
        ) : (
          <p class="muted small">None yet</p>
        )}
      </Section>
      <Section title="Milestone">
        {issue.milestone ? (
          <a href={href(`${repoWeb(repo)}/milestone/${issue.milestone.id}`)}>{issue.milestone.title}</a>
        ) : (
          <p class="muted small">No milestone</p>
        )}
      </Section>
      <Section title="Assignees">
        <People users={issue.assignees ?? []} none="No one assigned" />
      </Section>
      <Section
        title={`${props.participants.length} ${props.participants.length === 1 ? 'participant' : 'participants'}`}
      >
        <People users={props.participants} none="No one" />
      </Section>
      {issue.due_date ? (
        <Section title="Due date">
          <Time iso={issue.due_date} />
        </Section>
      ) : null}
      {issue.is_locked ? (
        <Section title="Locked">
          <p class="small">Conversation locked to collaborators.</p>
        </Section>
      ) : null}
    </aside>
  );
}
