import type { ServerProfile } from '../../api/serverProfile';

/** Where an account lives: a server the user added, or the bundled local server. */
export type AccountKind = 'remote' | 'local';

/** What globalState keeps about an account; its token lives in SecretStorage only. */
export interface Account {
  /** Stable: `<serverUrl>#<username>` for remote accounts, `local` for the local server's. */
  readonly id: string;
  readonly kind: AccountKind;
  /** The server's root URL with a trailing slash, e.g. `https://gitea.example.com/` (no `/api/v1`). */
  readonly serverUrl: string;
  readonly username: string;
  readonly userId: number;
  /** The name of the token Teahouse created, when it created one (so the user can find it on the server). */
  readonly tokenName?: string;
  readonly addedAt: string;
  /** The server's kind, version and limits, read at sign-in and when the window starts. */
  readonly profile?: ServerProfile;
}

export const localAccountId = 'local';

/** `https://host/path/` from what a user types: scheme added, `/api/v1` and trailing slashes dropped. */
export function normalizeServerUrl(input: string): string | undefined {
  let text = input.trim();
  if (text === '') return undefined;
  if (!/^[a-z][a-z0-9+.-]*:\/\//i.test(text)) text = `https://${text}`;
  if (!URL.canParse(text)) return undefined;
  const url = new URL(text);
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined;
  if (url.username || url.password) return undefined;
  const path = url.pathname.replace(/\/+$/, '').replace(/\/api\/v1$/i, '');
  return `${url.protocol}//${url.host.toLowerCase()}${path}/`;
}

export function remoteAccountId(serverUrl: string, username: string): string {
  return `${serverUrl}#${username.toLowerCase()}`;
}

/** `host/path` of a server URL, for labels. */
export function serverLabel(serverUrl: string): string {
  const url = new URL(serverUrl);
  return `${url.host}${url.pathname.replace(/\/$/, '')}`;
}

export function accountLabel(account: Account): string {
  return account.kind === 'local'
    ? `${account.username} @ Local`
    : `${account.username} @ ${serverLabel(account.serverUrl)}`;
}
