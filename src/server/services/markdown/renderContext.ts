/** The repository a markdown render refers to, read from MarkdownOption.Context. */
export interface RepoContext {
  readonly owner: string;
  readonly repo: string;
}

const namePattern = /^[\w.-]+$/;

function decodeSegment(segment: string): string | null {
  try {
    return decodeURIComponent(segment);
  } catch {
    return null;
  }
}

/** The path of `context` below the server root: a full URL, a `/sub/path/owner/repo/...` path or `owner/repo`. */
function pathBelowRoot(context: string, rootUrl: string): string | null {
  const root = new URL(rootUrl);
  if (/^[a-z][a-z\d+.-]*:/i.test(context)) {
    let url: URL;
    try {
      url = new URL(context);
    } catch {
      return null;
    }
    const sameSite = url.origin === root.origin && url.pathname.startsWith(root.pathname);
    return sameSite ? url.pathname.slice(root.pathname.length) : url.pathname;
  }
  if (context.startsWith('/') && root.pathname !== '/' && context.startsWith(root.pathname)) {
    return context.slice(root.pathname.length);
  }
  return context;
}

/**
 * Gitea's Context is the repository's URL or URL path (today `/owner/repo/src/branch/main/dir`, in v1.3
 * `owner/repo`); the first two path segments name the repository. Anything else gives no repository, so
 * only links that need none (mentions, `owner/repo#1`) are made.
 */
export function parseRepoContext(context: string | undefined, rootUrl: string): RepoContext | null {
  const trimmed = context?.trim() ?? '';
  if (trimmed === '') return null;
  const path = pathBelowRoot(trimmed, rootUrl);
  if (path === null) return null;
  const [owner, repo] = path
    .split('/')
    .filter((segment) => segment !== '')
    .map(decodeSegment);
  if (!owner || !repo) return null;
  const valid = (name: string): boolean => namePattern.test(name) && name !== '.' && name !== '..';
  return valid(owner) && valid(repo) ? { owner, repo } : null;
}
