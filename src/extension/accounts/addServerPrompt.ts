import * as vscode from 'vscode';
import { normalizeServerUrl } from './account';
import type { Credentials } from './signIn';

export interface AddServerAnswers {
  readonly url: string;
  readonly credentials: Credentials;
}

/** Asks for the server address, then a token or a username and password. Undefined when cancelled. */
export async function promptForServer(initialUrl?: string): Promise<AddServerAnswers | undefined> {
  const url = await vscode.window.showInputBox({
    title: vscode.l10n.t('Add Server (1/3)'),
    prompt: vscode.l10n.t('The address of a Gitea, Forgejo or Teahouse server'),
    placeHolder: 'https://gitea.example.com',
    value: initialUrl,
    ignoreFocusOut: true,
    validateInput: (value) =>
      normalizeServerUrl(value) === undefined
        ? vscode.l10n.t('Enter an http(s) address, e.g. https://gitea.example.com')
        : undefined,
  });
  if (url === undefined) return undefined;
  const tokenChoice = {
    label: vscode.l10n.t('$(key) Access token'),
    detail: vscode.l10n.t("Paste a token made in the server's settings (Applications)"),
    method: 'token' as const,
  };
  const passwordChoice = {
    label: vscode.l10n.t('$(account) Username and password'),
    detail: vscode.l10n.t('Used once to create a token; the password is not stored'),
    method: 'password' as const,
  };
  const method = await vscode.window.showQuickPick([tokenChoice, passwordChoice], {
    title: vscode.l10n.t('Add Server (2/3): sign in with'),
    ignoreFocusOut: true,
  });
  if (method === undefined) return undefined;
  if (method.method === 'token') {
    const token = await vscode.window.showInputBox({
      title: vscode.l10n.t('Add Server (3/3)'),
      prompt: vscode.l10n.t('Access token'),
      password: true,
      ignoreFocusOut: true,
      validateInput: (value) => (value.trim() === '' ? vscode.l10n.t('The token is required') : undefined),
    });
    return token === undefined ? undefined : { url, credentials: { token } };
  }
  const username = await vscode.window.showInputBox({
    title: vscode.l10n.t('Add Server (3/3)'),
    prompt: vscode.l10n.t('Username'),
    ignoreFocusOut: true,
    validateInput: (value) => (value.trim() === '' ? vscode.l10n.t('The username is required') : undefined),
  });
  if (username === undefined) return undefined;
  const password = await vscode.window.showInputBox({
    title: vscode.l10n.t('Add Server (3/3)'),
    prompt: vscode.l10n.t('Password for {0} (used once to create a token)', username),
    password: true,
    ignoreFocusOut: true,
  });
  return password === undefined ? undefined : { url, credentials: { username: username.trim(), password } };
}
