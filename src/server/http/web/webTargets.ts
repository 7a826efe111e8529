/**
 * The web paths that URLs in API answers name (Gitea's web routes), each mapped onto the API operation
 * that answers for the same object. Paths and segments stay percent-encoded, as the request sent them.
 */

/** One API request standing for a web path: a path below `/api/v1` and its query. */
export interface ApiTarget {
  readonly apiPath: string;
  readonly query?: Readonly<Record<string, string>>;
}

/** A web path served by an API operation's own answer (a diff, an archive, a raw file). */
export interface ServedTarget extends ApiTarget {
  readonly mode: 'serve';
}

/**
 * A page standing in for a web page: its kind, how to title it from the API object, and the API form it
 * links to (the object's own API path unless `link` says otherwise: a section links to its list).
 */
export interface PageCandidate extends ApiTarget {
  readonly kind: string;
  readonly title: (object: unknown) => string;
  readonly link?: string;
}

/** A page: the candidates in order (a path can name a user or an organization, a ref with slashes or not). */
export interface PageTarget {
  readonly mode: 'page';
  readonly candidates: readonly PageCandidate[];
}

export type WebTarget = ServedTarget | PageTarget;

/** Most ref-and-path splits tried for one `src/` path (each is one API lookup). */
const maxRefSplits = 8;

/** A string field of an API object, or ''. */
function field(object: unknown, name: string): string {
  if (typeof object !== 'object' || object === null) return '';
  const value = (object as Record<string, unknown>)[name];
  return typeof value === 'string' ? value : '';
}

const firstLine = (text: string): string => text.split('\n', 1)[0] ?? '';

const decode = (segment: string): string => {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
};

function accountPage(owner: string): PageTarget {
  const title = (object: unknown): string =>
    field(object, 'full_name') || field(object, 'login') || field(object, 'username');
  return {
    mode: 'page',
    candidates: [
      { kind: 'Organization', apiPath: `/orgs/${owner}`, title },
      { kind: 'User', apiPath: `/users/${owner}`, title },
    ],
  };
}

const page = (candidate: PageCandidate): PageTarget => ({ mode: 'page', candidates: [candidate] });

const repositorySections: Readonly<Record<string, string>> = {
  issues: 'Issues',
  pulls: 'Pull requests',
  releases: 'Releases',
  milestones: 'Milestones',
  labels: 'Labels',
  branches: 'Branches',
  commits: 'Commits',
};

/** `src/` and `raw/` paths: `branch|tag|commit/<ref>/<path>`, where a branch or tag may hold slashes. */
function refSplits(kind: string, rest: readonly string[]): { ref: string; path: string[] }[] {
  if (rest.length === 0) return [];
  if (kind === 'commit') return [{ ref: decode(rest[0]!), path: rest.slice(1) }];
  if (kind !== 'branch' && kind !== 'tag') return [];
  const splits: { ref: string; path: string[] }[] = [];
  for (let i = 1; i <= Math.min(rest.length, maxRefSplits); i++) {
    splits.push({ ref: rest.slice(0, i).map(decode).join('/'), path: rest.slice(i) });
  }
  return splits;
}

function repositoryTarget(owner: string, repo: string, rest: readonly string[]): WebTarget | undefined {
  const base = `/repos/${owner}/${repo}`;
  const [section, ...tail] = rest;
  const repoTitle = (object: unknown): string => field(object, 'full_name');
  if (section === undefined) return page({ kind: 'Repository', apiPath: base, title: repoTitle });

  const pullFile = section === 'pulls' && tail.length === 1 ? /^(\d+)\.(diff|patch)$/.exec(tail[0]!) : null;
  if (pullFile) return { mode: 'serve', apiPath: `${base}/pulls/${pullFile[1]}.${pullFile[2]}` };
  if (section === 'archive' && tail.length > 0)
    return { mode: 'serve', apiPath: `${base}/archive/${tail.join('/')}` };
  if (section === 'raw' && tail.length > 1) {
    const [kind, ...refAndPath] = tail;
    if (kind === 'commit') {
      return {
        mode: 'serve',
        apiPath: `${base}/raw/${refAndPath.slice(1).join('/')}`,
        query: { ref: decode(refAndPath[0]!) },
      };
    }
    // the API's legacy `{ref}/{path}` form finds where a branch or tag name ends
    if (kind === 'branch' || kind === 'tag')
      return { mode: 'serve', apiPath: `${base}/raw/${refAndPath.join('/')}` };
    return undefined;
  }

  const sectionTitle = repositorySections[section];
  if (sectionTitle !== undefined && tail.length === 0) {
    const title = (object: unknown): string => `${repoTitle(object)} · ${sectionTitle}`;
    return page({ kind: sectionTitle, apiPath: base, link: `${base}/${section}`, title });
  }
  const [id, ...more] = tail;
  if (id !== undefined && more.length === 0 && /^\d+$/.test(id)) {
    if (section === 'issues' || section === 'pulls') {
      const kind = section === 'issues' ? 'Issue' : 'Pull request';
      return page({ kind, apiPath: `${base}/${section}/${id}`, title: (o) => `${field(o, 'title')} #${id}` });
    }
    if (section === 'milestone') {
      return page({
        kind: 'Milestone',
        apiPath: `${base}/milestones/${id}`,
        title: (o) => field(o, 'title'),
      });
    }
  }
  if (section === 'releases' && id === 'tag' && more.length > 0) {
    const tag = more.map(decode).join('/');
    return page({
      kind: 'Release',
      apiPath: `${base}/releases/tags/${encodeURIComponent(tag)}`,
      title: (o) => field(o, 'name') || tag,
    });
  }
  if (section === 'commit' && id !== undefined && more.length === 0) {
    return page({
      kind: 'Commit',
      apiPath: `${base}/git/commits/${id}`,
      title: (o) => {
        const commit = (o as { commit?: unknown } | null)?.commit;
        return firstLine(field(commit, 'message')) || decode(id);
      },
    });
  }
  if (section === 'src' && id !== undefined) {
    const candidates = refSplits(id, more).map(({ ref, path }) => ({
      kind: path.length === 0 ? 'Source tree' : 'File',
      apiPath: path.length === 0 ? `${base}/contents` : `${base}/contents/${path.join('/')}`,
      query: { ref },
      title: () => (path.length === 0 ? `${decode(repo)} at ${ref}` : path.map(decode).join('/')),
    }));
    return candidates.length > 0 ? { mode: 'page', candidates } : undefined;
  }
  return undefined;
}

/** The API request(s) behind a web path, or undefined when the path is no web path this server knows. */
export function webTarget(path: string): WebTarget | undefined {
  const segments = path.split('/').slice(1);
  if (segments.some((segment) => segment === '' || segment === '.' || segment === '..')) return undefined;
  const [owner, repo, ...rest] = segments;
  if (owner === undefined) return undefined;
  if (repo === undefined) return accountPage(owner);
  // Gitea shows a repository's page at its clone URL too (`owner/repo.git`).
  const name = rest.length === 0 ? repo.replace(/\.git$/i, '') : repo;
  if (name === '') return undefined;
  return repositoryTarget(owner, name, rest);
}
