import type { PageRoute } from '../../pageRoutes';
import { branchesPage } from './branchesPage';
import { commitPage } from './commitPage';
import { commitsPage } from './commitsPage';
import { comparePage } from './comparePage';
import { repoHomePage } from './homePage';
import { pullFilesPage } from './pullFilesPage';
import { releasePage, releasesPage } from './releasesPage';
import { srcPage } from './srcPage';
import { tagsPage } from './tagsPage';
import { wikiPage } from './wikiPage';

/** The repository and code pages: home, source tree and files, history, commits, diffs, refs, releases, wiki. */
export const repoPages: readonly PageRoute[] = [
  { path: '/:owner/:repo', handle: (page, p) => repoHomePage(page, p.owner!, p.repo!) },
  { path: '/:owner/:repo/src/*rest', handle: (page, p) => srcPage(page, p.owner!, p.repo!, p.rest!) },
  { path: '/:owner/:repo/commits/*rest', handle: (page, p) => commitsPage(page, p.owner!, p.repo!, p.rest!) },
  { path: '/:owner/:repo/commit/:sha', handle: (page, p) => commitPage(page, p.owner!, p.repo!, p.sha!) },
  {
    path: '/:owner/:repo/compare/*range',
    handle: (page, p) => comparePage(page, p.owner!, p.repo!, p.range!),
  },
  {
    path: '/:owner/:repo/pulls/:index/files',
    handle: (page, p) => pullFilesPage(page, p.owner!, p.repo!, p.index!),
  },
  { path: '/:owner/:repo/branches', handle: (page, p) => branchesPage(page, p.owner!, p.repo!) },
  { path: '/:owner/:repo/tags', handle: (page, p) => tagsPage(page, p.owner!, p.repo!) },
  { path: '/:owner/:repo/releases', handle: (page, p) => releasesPage(page, p.owner!, p.repo!) },
  { path: '/:owner/:repo/wiki/*rest', handle: (page, p) => wikiPage(page, p.owner!, p.repo!, p.rest!) },
  {
    path: '/:owner/:repo/releases/tag/*tag',
    handle: (page, p) => releasePage(page, p.owner!, p.repo!, p.tag!),
  },
];
