import { isIP } from 'node:net';

/**
 * The hosts a window asks the shared local server to allow (its registration on the control path, beside the
 * server's own `--allowed-hosts`): the hosts of the user's own remote accounts and the entries of
 * `teahouse.localServer.allowedHosts`. While the server listens on loopback it already reaches loopback and
 * private addresses; the list is what lets it reach a server of the user's beyond those (a reserved range,
 * a name the policy would otherwise refuse). Nothing here imports vscode.
 */

const builtins = new Set(['loopback', 'private', 'external', '*']);

/** Whether `serve --allowed-hosts` accepts the entry (its rules: services/addressPolicy.ts AllowedHosts). */
export function isAllowedHostEntry(entry: string): boolean {
  const text = entry.trim().toLowerCase();
  if (builtins.has(text)) return true;
  if (text.includes('/')) {
    const [address = '', bits = ''] = text.split('/');
    const family = isIP(address);
    return family !== 0 && /^\d{1,3}$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128);
  }
  return isIP(text) !== 0 || /^[a-z0-9*.-]+$/.test(text);
}

/** The host of a server URL as the address policy compares it: lower case, IPv6 without brackets. */
export function hostOf(serverUrl: string): string | undefined {
  if (!URL.canParse(serverUrl)) return undefined;
  const host = new URL(serverUrl).hostname.replace(/^\[(.*)\]$/, '$1').toLowerCase();
  return host === '' ? undefined : host;
}

export interface AllowedHostsList {
  readonly hosts: readonly string[];
  /** Entries of the setting that `serve` would refuse (and so would not start): left out, to be reported. */
  readonly rejected: readonly string[];
}

export function localServerAllowedHosts(
  remoteServerUrls: readonly string[],
  setting: readonly string[],
): AllowedHostsList {
  const hosts = new Set<string>();
  const rejected: string[] = [];
  for (const url of remoteServerUrls) {
    const host = hostOf(url);
    if (host !== undefined && isAllowedHostEntry(host)) hosts.add(host);
  }
  for (const raw of setting.flatMap((entry) => entry.split(','))) {
    const entry = raw.trim().toLowerCase();
    if (entry === '') continue;
    if (isAllowedHostEntry(entry)) hosts.add(entry);
    else rejected.push(raw.trim());
  }
  return { hosts: [...hosts].sort(), rejected };
}
