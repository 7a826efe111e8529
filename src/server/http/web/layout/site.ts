import { createContext, useContext } from 'hono/jsx';

/** What every page component may need about the request: who looks, where the site lives, the form token. */
export interface Site {
  /** The root URL's path without the trailing slash ('' at the host's root). */
  readonly rootPath: string;
  /** The root URL as configured (ends with '/'): clone URLs and other absolute links. */
  readonly rootUrl: string;
  readonly viewer: { readonly login: string; readonly isAdmin: boolean } | null;
  /** The CSRF token that every form of the page carries. */
  readonly csrfToken: string;
  /** The request's path and query (to come back to after signing in). */
  readonly currentPath: string;
}

export const SiteContext = createContext<Site>({
  rootPath: '',
  rootUrl: '/',
  viewer: null,
  csrfToken: '',
  currentPath: '/',
});

export const useSite = (): Site => useContext(SiteContext);

/** A link below the site's root: `href('/alice/alpha')`. Segments must already be encoded. */
export function useHref(): (path: string) => string {
  const { rootPath } = useSite();
  return (path) => `${rootPath}${path.startsWith('/') ? path : `/${path}`}`;
}

/** Encodes each segment of a slash-separated name (a branch `feature/x`, a file path) for a URL path. */
export const encodePath = (path: string): string => path.split('/').map(encodeURIComponent).join('/');
