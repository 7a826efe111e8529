import * as vscode from 'vscode';
import { requestWebSignInLink } from '../../api/webSignInLink';
import { localAccountId } from '../accounts/account';
import type { Services } from '../commands/services';
import { signInRedirectPath } from './signInLinkTarget';

/**
 * The URL to open for a page: for a page of the local server, a one-time sign-in link leading to it (the
 * local account has a token but no password, so a private page would be a 404 in the browser); otherwise,
 * or when the server cannot make one, the page itself. Only for opening: a copied URL stays the plain one.
 */
export async function browserUrl(services: Services, pageUrl: string): Promise<string> {
  const local = services.accounts.get(localAccountId);
  const redirectTo = local && signInRedirectPath(local.serverUrl, pageUrl);
  if (!local || redirectTo === undefined) return pageUrl;
  try {
    const client = await services.accounts.client(local);
    return (await requestWebSignInLink(client, redirectTo)) ?? pageUrl;
  } catch (error) {
    services.log.warn(`no sign-in link for ${pageUrl}, opening it without one: ${String(error)}`);
    return pageUrl;
  }
}

/** Opens a page of a server in the browser, signed in when it is the local server's. */
export async function openInBrowser(services: Services, pageUrl: string): Promise<void> {
  await vscode.env.openExternal(vscode.Uri.parse(await browserUrl(services, pageUrl), true));
}
