import type { WebPage } from './webPage';

/** Path parameters: `:name` segments decoded, a `*name` tail as the remaining segments joined by '/'. */
export type PageParams = Readonly<Record<string, string>>;

/**
 * A web page at a path pattern in Gitea's URL layout: literal segments, `:name` for one segment, `*name`
 * (last) for the rest (possibly empty). The first matching route answers.
 */
export interface PageRoute {
  /** GET (HEAD too) unless told: a form's POST is its own route. */
  readonly method?: 'GET' | 'POST';
  readonly path: string;
  readonly handle: (page: WebPage, params: PageParams) => Promise<void>;
}

function decodeSegment(segment: string): string | undefined {
  try {
    return decodeURIComponent(segment);
  } catch {
    return undefined;
  }
}

/** The parameters of `path` under `pattern`, or undefined when it does not match. */
export function matchPagePath(pattern: string, path: string): PageParams | undefined {
  const wanted = pattern.split('/').slice(1);
  const given = path.split('/').slice(1);
  if (path === '/') given.length = 0;
  if (pattern === '/') wanted.length = 0;
  const params: Record<string, string> = {};
  for (let i = 0; i < wanted.length; i++) {
    const part = wanted[i]!;
    if (part.startsWith('*')) {
      const rest = given.slice(i).map(decodeSegment);
      if (rest.some((segment) => segment === undefined)) return undefined;
      params[part.slice(1)] = rest.join('/');
      return params;
    }
    const segment = given[i];
    if (segment === undefined || segment === '') return undefined;
    if (part.startsWith(':')) {
      const decoded = decodeSegment(segment);
      if (decoded === undefined) return undefined;
      params[part.slice(1)] = decoded;
    } else if (part !== segment) {
      return undefined;
    }
  }
  return given.length === wanted.length ? params : undefined;
}

/** The route that answers `path`, and its parameters. */
export function findPageRoute(
  routes: readonly PageRoute[],
  method: string,
  path: string,
): { route: PageRoute; params: PageParams } | undefined {
  const wanted = method === 'HEAD' ? 'GET' : method;
  for (const route of routes) {
    if ((route.method ?? 'GET') !== wanted) continue;
    const params = matchPagePath(route.path, path);
    if (params) return { route, params };
  }
  return undefined;
}
