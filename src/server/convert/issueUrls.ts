import type { IssueRow } from '../store/issues';
import type { RepositoryRow } from '../store/repositories';
import { repositoryApiUrl } from './repository';
import { siteUrl, type ViewContext } from './viewContext';

const repoPath = (repo: Pick<RepositoryRow, 'owner_name' | 'name'>): string =>
  `${encodeURIComponent(repo.owner_name)}/${encodeURIComponent(repo.name)}`;

/** The web page of an issue or pull request (Gitea's Issue.HTMLURL). */
export const issueHtmlUrl = (
  view: Pick<ViewContext, 'rootUrl'>,
  repo: Pick<RepositoryRow, 'owner_name' | 'name'>,
  issue: Pick<IssueRow, 'number' | 'is_pull'>,
): string => siteUrl(view, `${repoPath(repo)}/${issue.is_pull ? 'pulls' : 'issues'}/${issue.number}`);

/** The API URL of an issue (Gitea's Issue.APIURL: always under /issues). */
export const issueApiUrl = (
  view: Pick<ViewContext, 'rootUrl'>,
  repo: Pick<RepositoryRow, 'owner_name' | 'name'>,
  issue: Pick<IssueRow, 'number'>,
): string => `${repositoryApiUrl(view, repo)}/issues/${issue.number}`;
