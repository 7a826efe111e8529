import * as vscode from 'vscode';
import { TeahouseClient } from '../../../src/api/client';
import type { Account } from '../../../src/extension/accounts/account';
import { teahouse, unique } from './helpers';

/**
 * The second Teahouse server the harness starts beside the extension's local one (harness/teahouseServer.ts),
 * for suites that need a remote account: its address and administrator come in $TEAHOUSE_VSCODE_REMOTE_SERVER.
 */
export interface RemoteServerHandle {
  readonly url: string;
  readonly admin: { readonly username: string; readonly password: string; readonly token: string };
  /** The administrator's client. */
  readonly client: TeahouseClient;
}

export interface RemoteUser {
  readonly username: string;
  readonly password: string;
  readonly token: string;
  readonly client: TeahouseClient;
}

let handle: RemoteServerHandle | undefined;

export function remoteServer(): RemoteServerHandle {
  if (handle) return handle;
  const text = process.env['TEAHOUSE_VSCODE_REMOTE_SERVER'];
  if (!text) throw new Error('no second Teahouse server: the harness sets $TEAHOUSE_VSCODE_REMOTE_SERVER');
  const { url, admin } = JSON.parse(text) as Pick<RemoteServerHandle, 'url' | 'admin'>;
  handle = {
    url,
    admin,
    client: new TeahouseClient({ baseUrl: url, proxy: 'none', auth: { kind: 'token', token: admin.token } }),
  };
  return handle;
}

/** A new user on a Teahouse server (through its administrator's client), a token of every scope, and a client acting as that user. */
export async function userWithToken(url: string, admin: TeahouseClient, prefix: string): Promise<RemoteUser> {
  const username = unique(prefix);
  const password = `pw-${unique('secret')}-x`;
  await admin.api.adminCreateUser({
    body: { username, password, email: `${username}@example.com`, must_change_password: false },
  });
  // Gitea creates tokens only for Basic-authenticated callers
  const created = await admin.api.userCreateToken(
    { username, body: { name: 'vscode-suite', scopes: ['all'] } },
    { auth: { kind: 'basic', username, password } },
  );
  return {
    username,
    password,
    token: created.sha1,
    client: new TeahouseClient({ baseUrl: url, proxy: 'none', auth: { kind: 'token', token: created.sha1 } }),
  };
}

/** A new user on the remote server with a token of every scope, and a client acting as that user. */
export function createRemoteUser(prefix: string): Promise<RemoteUser> {
  const { url, client } = remoteServer();
  return userWithToken(url, client, prefix);
}

/** Signs the user in as a remote account of the extension ("Add Server" with a token). */
export async function addRemoteAccount(user: RemoteUser): Promise<Account> {
  const account = await vscode.commands.executeCommand<Account | undefined>('teahouse.addServer', {
    url: remoteServer().url,
    token: user.token,
  });
  if (!account) {
    const last = (await teahouse()).errors.last;
    throw new Error(`adding the remote account failed: ${last?.message ?? 'no error reported'}`);
  }
  return account;
}

/** Removes the extension's remote accounts, so later suites see the Local account alone. */
export async function removeRemoteAccounts(): Promise<void> {
  const api = await teahouse();
  for (const account of api.accounts.list()) {
    if (account.kind !== 'local') await vscode.commands.executeCommand('teahouse.removeAccount', account.id);
  }
  await vscode.commands.executeCommand('teahouse.switchAccount', 'local');
}
