import type { IssueRow } from '../store/issues';
import type { RepositoryRow } from '../store/repositories';
import { issueApiUrl, issueHtmlUrl } from './issueUrls';
import type { UserJson } from './user';
import type { ViewContext } from './viewContext';

/**
 * What Gitea's dependency list shows for an issue the caller may not read: Go's zero Issue, or for writers
 * of the blocked issue (who may remove the dependency) its repository, number, title and state. Gitea builds
 * both from a stand-in issue that its converter cannot complete, hence the nulls.
 */
export interface HiddenIssueJson {
  id: 0;
  url: string;
  html_url: string;
  number: number;
  user: UserJson | null;
  original_author: '';
  original_author_id: 0;
  title: string;
  body: '';
  ref: '';
  assets: [] | null;
  labels: [] | null;
  milestone: null;
  assignee: null;
  assignees: null;
  state: '' | 'open' | 'closed';
  is_locked: false;
  comments: 0;
  created_at: string;
  updated_at: string;
  closed_at: null;
  due_date: null;
  time_estimate: 0;
  content_version: 0;
  projects: null;
  pull_request: null;
  repository: { id: number; name: string; owner: string; full_name: string } | null;
  pin_order: 0;
}

const zeroTime = '0001-01-01T00:00:00Z';

/** Go's `api.Issue{}`: what Gitea answers when it cannot shape an issue. */
export const zeroIssue = (): HiddenIssueJson => ({
  id: 0,
  url: '',
  html_url: '',
  number: 0,
  user: null,
  original_author: '',
  original_author_id: 0,
  title: '',
  body: '',
  ref: '',
  assets: null,
  labels: null,
  milestone: null,
  assignee: null,
  assignees: null,
  state: '',
  is_locked: false,
  comments: 0,
  created_at: zeroTime,
  updated_at: zeroTime,
  closed_at: null,
  due_date: null,
  time_estimate: 0,
  content_version: 0,
  projects: null,
  pull_request: null,
  repository: null,
  pin_order: 0,
});

/** A blocker the caller cannot read, as a writer of the blocked issue sees it (a pull request: the zero issue). */
export function confidentialIssue(view: ViewContext, issue: IssueRow, repo: RepositoryRow): HiddenIssueJson {
  if (issue.is_pull) return zeroIssue();
  return {
    ...zeroIssue(),
    url: issueApiUrl(view, repo, issue),
    html_url: issueHtmlUrl(view, repo, issue),
    number: issue.number,
    title: issue.title,
    assets: [],
    labels: [],
    state: issue.is_closed ? 'closed' : 'open',
    repository: {
      id: repo.id,
      name: repo.name,
      owner: repo.owner_name,
      full_name: `${repo.owner_name}/${repo.name}`,
    },
  };
}
