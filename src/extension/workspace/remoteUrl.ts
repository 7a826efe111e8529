/** A git remote reduced to what identifies a hosted repository. */
export interface ParsedRemote {
  readonly protocol: 'http' | 'https' | 'ssh';
  /** Lower-case host name without the port. */
  readonly host: string;
  readonly port: number | undefined;
  /** The path before `owner/repo` (a server under a sub-path), without slashes at either end. */
  readonly prefix: string;
  readonly owner: string;
  readonly repo: string;
}

function splitOwnerRepo(path: string): Pick<ParsedRemote, 'prefix' | 'owner' | 'repo'> | undefined {
  const parts = path
    .replace(/\/+$/, '')
    .replace(/\.git$/i, '')
    .split('/')
    .filter((part) => part !== '');
  if (parts.length < 2) return undefined;
  const repo = decodeURIComponent(parts.pop() ?? '');
  const owner = decodeURIComponent(parts.pop() ?? '');
  if (!owner || !repo) return undefined;
  return { prefix: parts.join('/'), owner, repo };
}

/**
 * Parses the remote forms git accepts for a hosted repository: `https://host[:port]/[prefix/]owner/repo(.git)`,
 * `ssh://[user@]host[:port]/owner/repo.git` and the scp-like `[user@]host:owner/repo.git`.
 */
export function parseRemoteUrl(remote: string): ParsedRemote | undefined {
  const text = remote.trim();
  const scpLike = /^(?:[^@/\s]+@)?([^:/\s]+):(?!\/\/)(.+)$/.exec(text);
  if (scpLike && !/^[a-z][a-z0-9+.-]*:\/\//i.test(text)) {
    const [, host = '', path = ''] = scpLike;
    const parts = splitOwnerRepo(path);
    return parts ? { protocol: 'ssh', host: host.toLowerCase(), port: undefined, ...parts } : undefined;
  }
  if (!URL.canParse(text)) return undefined;
  const url = new URL(text);
  const protocol = url.protocol.replace(/:$/, '').replace(/^git\+ssh$|^ssh\+git$/, 'ssh');
  if (protocol !== 'http' && protocol !== 'https' && protocol !== 'ssh') return undefined;
  const parts = splitOwnerRepo(url.pathname);
  if (!parts) return undefined;
  return {
    protocol,
    host: url.hostname.toLowerCase().replace(/^\[|\]$/g, ''),
    port: url.port ? Number(url.port) : undefined,
    ...parts,
  };
}

const loopbackHosts = new Set(['127.0.0.1', 'localhost', '::1']);

/**
 * Whether a remote points at a repository of the server at `serverUrl`. http(s) remotes match host, port and
 * sub-path; ssh remotes match the host only (the ssh port is not the web port). A loopback server matches
 * any loopback remote when `anyLoopbackPort` (the local server gets a new port on each start).
 */
export function remoteMatchesServer(
  remote: ParsedRemote,
  serverUrl: string,
  anyLoopbackPort = false,
): boolean {
  const server = new URL(serverUrl);
  const serverHost = server.hostname.toLowerCase().replace(/^\[|\]$/g, '');
  const serverPrefix = server.pathname.replace(/^\/+|\/+$/g, '');
  const sameHost =
    remote.host === serverHost || (loopbackHosts.has(remote.host) && loopbackHosts.has(serverHost));
  if (!sameHost) return false;
  if (remote.protocol === 'ssh') return true;
  if (remote.prefix.toLowerCase() !== serverPrefix.toLowerCase()) return false;
  if (anyLoopbackPort && loopbackHosts.has(serverHost)) return true;
  const defaultPort = remote.protocol === 'https' ? 443 : 80;
  const serverPort = server.port ? Number(server.port) : server.protocol === 'https:' ? 443 : 80;
  return (remote.port ?? defaultPort) === serverPort && `${remote.protocol}:` === server.protocol;
}

/**
 * The account a remote belongs to: one whose server it names exactly (host, port, path); else the local
 * account for any loopback port (the local server's port changes from start to start). An exact match wins,
 * so a second server on localhost is never taken for the local one.
 */
export function accountForRemote<A extends { readonly serverUrl: string; readonly kind: string }>(
  remote: ParsedRemote,
  accounts: readonly A[],
): A | undefined {
  return (
    accounts.find((account) => remoteMatchesServer(remote, account.serverUrl)) ??
    accounts.find(
      (account) => account.kind === 'local' && remoteMatchesServer(remote, account.serverUrl, true),
    )
  );
}
