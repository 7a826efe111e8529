/**
 * The web paths that name a file the API serves (Gitea's web routes for diffs, patches, archives and raw
 * files), each mapped onto that API operation. Paths and segments stay percent-encoded, as sent.
 */

/** One API request standing for a web path: a path below `/api/v1` and its query. */
export interface ApiTarget {
  readonly apiPath: string;
  readonly query?: Readonly<Record<string, string>>;
}

const decode = (segment: string): string => {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
};

function repositoryTarget(owner: string, repo: string, rest: readonly string[]): ApiTarget | undefined {
  const base = `/repos/${owner}/${repo}`;
  const [section, ...tail] = rest;
  const pullFile = section === 'pulls' && tail.length === 1 ? /^(\d+)\.(diff|patch)$/.exec(tail[0]!) : null;
  if (pullFile) return { apiPath: `${base}/pulls/${pullFile[1]}.${pullFile[2]}` };
  if (section === 'archive' && tail.length > 0) return { apiPath: `${base}/archive/${tail.join('/')}` };
  if (section === 'raw' && tail.length > 1) {
    const [kind, ...refAndPath] = tail;
    if (kind === 'commit') {
      return {
        apiPath: `${base}/raw/${refAndPath.slice(1).join('/')}`,
        query: { ref: decode(refAndPath[0]!) },
      };
    }
    // the API's legacy `{ref}/{path}` form finds where a branch or tag name ends
    if (kind === 'branch' || kind === 'tag') return { apiPath: `${base}/raw/${refAndPath.join('/')}` };
  }
  return undefined;
}

/** The API request behind a web path that serves a file, or undefined (a page, or nothing). */
export function servedTarget(path: string): ApiTarget | undefined {
  const segments = path.split('/').slice(1);
  if (segments.some((segment) => segment === '' || segment === '.' || segment === '..')) return undefined;
  const [owner, repo, ...rest] = segments;
  if (owner === undefined || repo === undefined || rest.length === 0) return undefined;
  return repositoryTarget(owner, repo, rest);
}
