import * as vscode from 'vscode';
import type { Account } from '../accounts/account';
import { allTrees, type Services } from '../commands/services';
import { findAccount, isTreeNode, optionsArg } from '../commands/targets';
import type { RepoRef } from '../views/nodes';
import { wikiUri, type WikiFileSystem } from './wikiFileSystem';
import type { ResolvedPage } from './wikiPages';
import { wikiAuthority, wikiScheme } from './wikiUri';

/** A page a command acts on, with the URI its document has. */
export interface PageTarget {
  readonly uri: vscode.Uri;
  readonly page: ResolvedPage;
}

/** What wiki commands accept besides a page node or URI: `{ account?, repository: 'owner/repo', page: 'Title' }`. */
interface PageArgs {
  readonly account?: string;
  readonly repository?: string;
  readonly page?: string;
}

export function pageUri(account: Account, ref: RepoRef, title: string): vscode.Uri {
  return wikiUri({ authority: wikiAuthority(account.id), ...ref, title });
}

function uriOf(services: Services, arg: unknown): vscode.Uri | undefined {
  if (arg instanceof vscode.Uri) return arg.scheme === wikiScheme ? arg : undefined;
  if (isTreeNode(arg))
    return arg.kind === 'wikiPage' ? pageUri(arg.account, arg.ref, arg.page.title) : undefined;
  const args = optionsArg<PageArgs>(arg);
  const [owner, repo] = (args.repository ?? '').split('/');
  if (args.page && owner && repo)
    return pageUri(findAccount(services, args.account), { owner, repo }, args.page);
  const active = vscode.window.activeTextEditor?.document.uri;
  return active?.scheme === wikiScheme ? active.with({ query: '' }) : undefined;
}

/** The page of a node, a `teahouse-wiki:` URI, `{ repository, page }`, or the active editor's wiki page. */
export async function resolvePageTarget(
  services: Services,
  files: WikiFileSystem,
  arg: unknown,
): Promise<PageTarget> {
  const uri = uriOf(services, arg);
  if (!uri)
    throw new Error(vscode.l10n.t('Open a wiki page first, or run this on a page in the Repositories view.'));
  return { uri, page: await files.resolve(uri) };
}

/** Reloads every Wiki folder of the repository the views show, after a page was added, renamed or deleted. */
export async function refreshWikiFolders(services: Services, account: Account, ref: RepoRef): Promise<void> {
  await Promise.all(
    allTrees(services).map((tree) =>
      tree.model.refreshListsHolding(
        (node) =>
          node.kind === 'folder' &&
          node.folder === 'wiki' &&
          node.account.id === account.id &&
          node.ref?.owner === ref.owner &&
          node.ref.repo === ref.repo,
      ),
    ),
  );
}
