import * as vscode from 'vscode';
import type { Account } from '../accounts/account';
import type { PanelTarget } from '../../webview/protocol';

/**
 * Where a link clicked in a webview leads: an issue or pull request of the same server opens in its own
 * view; http(s) and mailto links open in the browser; anything else (javascript:, file:, data:) nowhere.
 */
export type LinkDestination =
  | { readonly kind: 'view'; readonly target: PanelTarget }
  | { readonly kind: 'external'; readonly uri: vscode.Uri }
  | { readonly kind: 'none' };

export function linkDestination(href: string, account: Account): LinkDestination {
  let url: URL;
  try {
    url = new URL(href, account.serverUrl);
  } catch {
    return { kind: 'none' };
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:' && url.protocol !== 'mailto:')
    return { kind: 'none' };
  const root = new URL(account.serverUrl);
  if (url.origin === root.origin && url.pathname.startsWith(root.pathname)) {
    const [owner, repo, area, number, ...rest] = url.pathname.slice(root.pathname.length).split('/');
    const index = Number(number);
    if (
      owner &&
      repo &&
      (area === 'issues' || area === 'pulls') &&
      Number.isInteger(index) &&
      index > 0 &&
      rest.length === 0
    )
      return {
        kind: 'view',
        target: {
          kind: area === 'pulls' ? 'pullRequest' : 'issue',
          account: account.id,
          owner: decodeURIComponent(owner),
          repo: decodeURIComponent(repo),
          index,
        },
      };
  }
  return { kind: 'external', uri: vscode.Uri.parse(url.toString(), true) };
}
