import * as vscode from 'vscode';
import { ApiError, type Page } from '../../api/client';
import type { ServerCapabilities } from '../../api/capabilities';
import { operationNamed } from '../../api/operations';
import type { Repository, WikiPageMetaData } from '../../api/types';
import type { AccountService } from '../accounts/accountService';
import { escapeMarkdown } from '../editor/hoverContent';
import { childId, type NodeOf, type RepoRef, type TreeNode } from '../views/nodes';
import { listPaging, serverPagedSource } from '../views/paging';
import type { ChildSource } from '../views/treeModel';

const emptyPage: Page<WikiPageMetaData> = {
  items: [],
  page: 1,
  limit: undefined,
  totalCount: 0,
  hasNext: false,
  nextPage: undefined,
  lastPage: undefined,
};

/** Whether a repository's tree shows a Wiki folder: the wiki unit is on and the server has the wiki API. */
export function showsWiki(repository: Repository, capabilities: ServerCapabilities): boolean {
  return repository.has_wiki && capabilities.has(operationNamed('repoGetWikiPages'));
}

/** The Wiki folder's pages, paged as the server pages them; a wiki nobody wrote yet is an empty list. */
export async function wikiPagesSource(
  accounts: AccountService,
  node: NodeOf<'folder'>,
  ref: RepoRef,
): Promise<ChildSource> {
  const { account } = node;
  const client = await accounts.client(account);
  return serverPagedSource(
    listPaging(accounts.capabilities(account), 'repoGetWikiPages'),
    async (paging) => {
      try {
        return await client.page('repoGetWikiPages', { ...ref, ...paging });
      } catch (error) {
        // Gitea answers 404 for the pages of a wiki that has no git repository yet
        if (error instanceof ApiError && error.status === 404) return emptyPage;
        throw error;
      }
    },
    (page): TreeNode => ({
      kind: 'wikiPage',
      id: childId(node, `wiki:${page.sub_url || page.title}`),
      parent: node,
      account,
      ref,
      page,
    }),
    vscode.l10n.t('No pages yet: "New Wiki Page…" writes the first'),
  );
}

export function wikiPageItem(node: NodeOf<'wikiPage'>): vscode.TreeItem {
  const { page } = node;
  const item = new vscode.TreeItem(page.title, vscode.TreeItemCollapsibleState.None);
  const commit = page.last_commit;
  const date = commit?.commiter?.date || commit?.author?.date;
  item.description = date ? new Date(date).toLocaleDateString() : undefined;
  item.iconPath = new vscode.ThemeIcon('book');
  item.contextValue = 'wikiPage';
  item.command = {
    command: 'teahouse.openWikiPage',
    title: vscode.l10n.t('Open Wiki Page'),
    arguments: [node],
  };
  const tooltip = new vscode.MarkdownString(undefined, true);
  tooltip.appendMarkdown(
    `$(book) **${escapeMarkdown(page.title)}** · ${escapeMarkdown(`${node.ref.owner}/${node.ref.repo}`)}`,
  );
  if (commit) {
    const summary = vscode.l10n.t(
      'Last changed {0} by {1}: {2}',
      date ? new Date(date).toLocaleString() : '?',
      commit.author?.name || commit.commiter?.name || '?',
      (commit.message ?? '').split('\n')[0] ?? '',
    );
    tooltip.appendMarkdown(`\n\n$(git-commit) ${escapeMarkdown(summary)}\n\n\`${commit.sha.slice(0, 10)}\``);
  }
  item.tooltip = tooltip;
  return item;
}
