import * as vscode from 'vscode';
import { openInBrowser } from '../local/openInBrowser';
import type { TreeNode } from '../views/nodes';
import { registerCommand } from './errorReporter';
import type { Services } from './services';
import { isTreeNode, resolveIssue, resolveRepository } from './targets';

/** The web page of a node, as the server reported it (never built here). */
function webUrlOfNode(node: TreeNode): string | undefined {
  switch (node.kind) {
    case 'repository':
      return node.repository.html_url;
    case 'issue':
      return node.issue.htmlUrl;
    case 'release':
      return node.release.html_url;
    case 'user':
      return node.user.html_url || undefined;
    case 'account':
      return node.account.serverUrl;
    default:
      return undefined;
  }
}

async function webUrl(services: Services, arg: unknown): Promise<string | undefined> {
  if (isTreeNode(arg)) {
    const url = webUrlOfNode(arg);
    if (url) return url;
  }
  if (typeof arg === 'object' && arg !== null && 'index' in arg) {
    const target = await resolveIssue(services, arg, false);
    return target
      ? (await target.client.api.issueGetIssue({ ...target.ref, index: target.index })).html_url
      : undefined;
  }
  const target = await resolveRepository(services, arg);
  return target ? (await target.client.api.repoGet(target.ref)).html_url : undefined;
}

export function registerLinkCommands(services: Services): vscode.Disposable[] {
  const { errors } = services;
  return [
    registerCommand(errors, 'teahouse.openInBrowser', async (arg) => {
      const url = await webUrl(services, arg);
      if (url) await openInBrowser(services, url);
      return url;
    }),
    registerCommand(errors, 'teahouse.copyUrl', async (arg) => {
      const url = await webUrl(services, arg);
      if (url) {
        await vscode.env.clipboard.writeText(url);
        vscode.window.setStatusBarMessage(vscode.l10n.t('Copied {0}', url), 3000);
      }
      return url;
    }),
  ];
}
