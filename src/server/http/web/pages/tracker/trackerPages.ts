import type { PageParams, PageRoute } from '../../pageRoutes';
import type { WebPage } from '../../webPage';
import { issueListPage } from './issueListPage';
import { issuePage } from './issuePage';
import { labelsPage } from './labelsPage';
import { milestonePage, milestonesPage } from './milestonePages';
import { pullCommitsPage } from './pullCommitsPage';
import { pullPage } from './pullPage';
import type { RepoRef } from './trackerApi';

const repoOf = (params: PageParams): RepoRef => ({ owner: params.owner!, name: params.repo! });

const route =
  (handle: (page: WebPage, repo: RepoRef, params: PageParams) => Promise<void>) =>
  (page: WebPage, params: PageParams): Promise<void> =>
    handle(page, repoOf(params), params);

/** Issues, pull requests (conversation and commits), milestones and labels, in Gitea's URL layout. */
export const trackerPages: readonly PageRoute[] = [
  { path: '/:owner/:repo/issues', handle: route((page, repo) => issueListPage(page, repo, 'issues')) },
  { path: '/:owner/:repo/pulls', handle: route((page, repo) => issueListPage(page, repo, 'pulls')) },
  { path: '/:owner/:repo/issues/:index', handle: route((page, repo, p) => issuePage(page, repo, p.index!)) },
  { path: '/:owner/:repo/pulls/:index', handle: route((page, repo, p) => pullPage(page, repo, p.index!)) },
  {
    path: '/:owner/:repo/pulls/:index/commits',
    handle: route((page, repo, p) => pullCommitsPage(page, repo, p.index!)),
  },
  { path: '/:owner/:repo/milestones', handle: route((page, repo) => milestonesPage(page, repo)) },
  { path: '/:owner/:repo/milestone/:id', handle: route((page, repo, p) => milestonePage(page, repo, p.id!)) },
  { path: '/:owner/:repo/labels', handle: route((page, repo) => labelsPage(page, repo)) },
];
