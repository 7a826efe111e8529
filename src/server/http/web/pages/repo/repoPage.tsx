import type { JSX } from 'hono/jsx/jsx-runtime';
import { RepoHeader, repoPath, type RepoTab } from '../../layout/RepoHeader';
import type { WebPage } from '../../webPage';
import type { PageRepo } from './repoAccess';

/** `/{owner}/{repo}` encoded: the base of every link of a repository's pages. */
export const repoBase = (repo: PageRepo): string => repoPath(repo.json);

/** Sends a repository page: its header with the tab `active`, then `body`. */
export function renderRepoPage(
  page: WebPage,
  repo: PageRepo,
  content: {
    readonly title: string;
    readonly active: RepoTab;
    readonly body: JSX.Element;
    readonly status?: number;
  },
): Promise<void> {
  return page.render({
    title: content.title,
    status: content.status,
    body: (
      <>
        <RepoHeader repo={repo.json} active={content.active} />
        {content.body}
      </>
    ),
  });
}
