import type { PageRoute } from '../pageRoutes';
import { accountPages } from './accountPages';
import { repoPages } from './repo/repoPages';
import { trackerPages } from './tracker/trackerPages';

/**
 * Every web page, most specific first: fixed paths (`/explore/repos`, `/user/login`) before the
 * `/{owner}` and `/{owner}/{repo}/…` patterns that would also match them.
 */
export const allPages: readonly PageRoute[] = [...accountPages, ...trackerPages, ...repoPages];
