import os from 'node:os';
import * as vscode from 'vscode';
import type { Auth, TeahouseClient } from '../../api/client';
import { operations } from '../../api/operations';
import { readServerProfile } from '../../api/readServerProfile';
import type { ServerProfile } from '../../api/serverProfile';
import { tokenScopesFor } from '../../api/tokenScopes';
import type { User } from '../../api/types';
import { normalizeServerUrl, remoteAccountId, type Account, type AccountKind } from './account';
import type { AccountService } from './accountService';

/** How a user proves who they are when adding a server: a token, or a password used once for a token. */
export type Credentials =
  | { readonly token: string }
  | { readonly username: string; readonly password: string; readonly otp?: string };

export interface SignInRequest {
  readonly url: string;
  readonly credentials: Credentials;
  readonly kind?: AccountKind;
  /** Defaults to a remote account's `<url>#<user>`. */
  readonly accountId?: string;
}

export class SignInError extends Error {
  override readonly name = 'SignInError';
}

/** A token name that says where it came from and stays unique (Gitea refuses duplicate names per user). */
export function tokenName(now = new Date()): string {
  const stamp = now.toISOString().replace(/\..*$/, '').replace(/[:T]/g, '-');
  return `Teahouse for VS Code on ${os.hostname()} ${stamp}`;
}

/**
 * Asks for a token with Basic auth (the only way Gitea creates tokens); the password is used once and
 * dropped. The token gets exactly the scopes the extension's operations need where the server has scope
 * categories (admin ones only for a site administrator), else `all`.
 */
export async function createToken(
  client: TeahouseClient,
  username: string,
  password: string,
  otp?: string,
  profile?: ServerProfile,
): Promise<{ token: string; name: string; scopes: string[] }> {
  const name = tokenName();
  const auth: Auth = { kind: 'basic', username, password, ...(otp ? { otp } : {}) };
  const me = await client.api.userGetCurrent(undefined, { auth });
  const scopes = tokenScopesFor(profile, operations, me.is_admin === true);
  const created = await client.api.userCreateToken({ username, body: { name, scopes } }, { auth });
  if (!created.sha1)
    throw new SignInError(vscode.l10n.t('The server created a token but did not return it.'));
  return { token: created.sha1, name, scopes };
}

/**
 * Reads the server's profile (`GET /version`, `/settings/api`) and the credentials (`GET /user`), creating a token first when given a
 * password, then stores the account. Throws the server's error (ApiError) or a SignInError.
 */
export async function signIn(accounts: AccountService, request: SignInRequest): Promise<Account> {
  const serverUrl = normalizeServerUrl(request.url);
  if (serverUrl === undefined) {
    throw new SignInError(vscode.l10n.t('"{0}" is not an http(s) server address.', request.url));
  }
  const kind = request.kind ?? 'remote';
  const anonymous = accounts.createClient(serverUrl, { kind: 'none' }, kind === 'local');
  let token: string;
  let createdTokenName: string | undefined;
  let profile: ServerProfile;
  try {
    profile = await readServerProfile(anonymous, { local: kind === 'local' });
    if (profile.version === '') {
      throw new SignInError(vscode.l10n.t('{0} does not look like a Gitea-compatible server.', serverUrl));
    }
    if ('token' in request.credentials) {
      token = request.credentials.token.trim();
    } else {
      const { username, password, otp } = request.credentials;
      ({ token, name: createdTokenName } = await createToken(anonymous, username, password, otp, profile));
    }
  } finally {
    await anonymous.close();
  }
  const user = await currentUser(accounts, serverUrl, token, kind === 'local');
  const account: Account = {
    id: request.accountId ?? remoteAccountId(serverUrl, user.login),
    kind,
    serverUrl,
    username: user.login,
    userId: user.id,
    ...(createdTokenName ? { tokenName: createdTokenName } : {}),
    addedAt: new Date().toISOString(),
    profile,
  };
  return accounts.add(account, token);
}

async function currentUser(
  accounts: AccountService,
  serverUrl: string,
  token: string,
  local: boolean,
): Promise<User> {
  const client = accounts.createClient(serverUrl, { kind: 'token', token }, local);
  try {
    return await client.api.userGetCurrent();
  } finally {
    await client.close();
  }
}
