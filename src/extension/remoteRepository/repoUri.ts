/*
 * Where a file of a repository opened without cloning lives: `teahouse-repo://<account>/<owner>/<repo>/<path>`.
 * Pure (no vscode), so the mapping is unit-tested. The branch is not part of the URI: switching branch keeps
 * the workspace folder and the open editors, and the folder URI alone survives a window reload.
 */

/** The scheme of the editable view (the branch head plus the pending changes). */
export const repoScheme = 'teahouse-repo';
/** The scheme of the branch head alone, read-only: the left side of diffs and the quick diff. */
export const repoHeadScheme = 'teahouse-repo-head';

/** One repository of one account. */
export interface RepoLocation {
  /** The account's id (`local`, or `<serverUrl>#<username>`). */
  readonly account: string;
  readonly owner: string;
  readonly repo: string;
}

/** A file or folder inside a repository; `path` is `/`-separated without a leading slash, '' for the root. */
export interface RepoPath extends RepoLocation {
  readonly path: string;
}

const plainAuthority = /^[a-z0-9-]+$/;

/**
 * An account id as a URI authority: `local` stays itself; a remote account's id (a URL with `#`) is
 * written as `x` and its UTF-8 bytes in hex, since URI authorities cannot hold `/`, `#` or `:` safely.
 */
export function accountAuthority(account: string): string {
  return plainAuthority.test(account) && !account.startsWith('x')
    ? account
    : `x${Buffer.from(account, 'utf8').toString('hex')}`;
}

export function accountOfAuthority(authority: string): string | undefined {
  if (!authority.startsWith('x')) return plainAuthority.test(authority) ? authority : undefined;
  const hex = authority.slice(1);
  return /^(?:[0-9a-f]{2})+$/.test(hex) ? Buffer.from(hex, 'hex').toString('utf8') : undefined;
}

/** The authority and path of a repository file's URI (the caller adds the scheme). */
export function formatRepoUri(target: RepoPath): { authority: string; path: string } {
  const path = [target.owner, target.repo, ...splitPath(target.path)].join('/');
  return { authority: accountAuthority(target.account), path: `/${path}` };
}

/** A URI's authority and path as a repository file, or undefined when they are not one. */
export function parseRepoUri(uri: { authority: string; path: string }): RepoPath | undefined {
  const account = accountOfAuthority(uri.authority);
  const [owner, repo, ...rest] = uri.path.split('/').filter((segment) => segment !== '');
  if (account === undefined || !owner || !repo) return undefined;
  return { account, owner, repo, path: rest.join('/') };
}

/** A path's segments; `.`/`..` and empty segments are refused before anything reaches the server. */
export function splitPath(path: string): string[] {
  const segments = path.split('/').filter((segment) => segment !== '');
  if (segments.some((segment) => segment === '.' || segment === '..' || segment.includes('\0')))
    throw new Error(`not a repository path: ${path}`);
  return segments;
}

export function parentPath(path: string): string {
  const segments = splitPath(path);
  return segments.slice(0, -1).join('/');
}

export function baseName(path: string): string {
  return splitPath(path).at(-1) ?? '';
}

export function joinPath(folder: string, name: string): string {
  return [...splitPath(folder), ...splitPath(name)].join('/');
}

/** The key a repository's session and its persisted state go by. */
export function locationKey(location: RepoLocation): string {
  return `${location.account}\n${location.owner}/${location.repo}`;
}
