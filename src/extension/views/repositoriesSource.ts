import * as vscode from 'vscode';
import type { Repository } from '../../api/types';
import type { Account } from '../accounts/account';
import type { AccountService } from '../accounts/accountService';
import {
  childId,
  repoRefOf,
  summarizeIssue,
  summarizePull,
  type NodeOf,
  type RepoRef,
  type TreeNode,
} from './nodes';
import { requirementNote, type ServerCapabilities } from '../../api/capabilities';
import { operationNamed } from '../../api/operations';
import { listPaging, pagedSource, serverPagedSource, staticSource } from './paging';
import { messageNode } from './treeModel';
import type { ChildResolver, ChildSource } from './treeModel';
import { showsWiki, wikiPagesSource } from '../wiki/wikiTree';

export function accountNodes(accounts: AccountService, parent?: TreeNode): TreeNode[] {
  return accounts
    .list()
    .map((account) => ({ kind: 'account', id: childId(parent, `account:${account.id}`), parent, account }));
}

export function repositoryNode(parent: TreeNode, account: Account, repository: Repository): TreeNode {
  const showOwner = repository.owner?.login?.toLowerCase() !== account.username.toLowerCase();
  return {
    kind: 'repository',
    id: childId(parent, `repo:${repository.full_name}`),
    parent,
    account,
    repository,
    showOwner,
  };
}

function folder(
  parent: TreeNode,
  account: Account,
  kind: NodeOf<'folder'>['folder'],
  label: string,
  extra: Partial<NodeOf<'folder'>> = {},
): TreeNode {
  return { kind: 'folder', id: childId(parent, kind), parent, account, folder: kind, label, ...extra };
}

export function repositoryFolders(node: NodeOf<'repository'>, capabilities: ServerCapabilities): TreeNode[] {
  const { account, repository } = node;
  const ref = repoRefOf(repository);
  return [
    folder(node, account, 'branches', vscode.l10n.t('Branches'), {
      ref,
      count: repository.branch_count || undefined,
    }),
    folder(node, account, 'openIssues', vscode.l10n.t('Open Issues'), {
      ref,
      count: repository.open_issues_count,
    }),
    folder(node, account, 'openPulls', vscode.l10n.t('Open Pull Requests'), {
      ref,
      count: repository.open_pr_counter,
    }),
    folder(node, account, 'releases', vscode.l10n.t('Releases'), { ref, count: repository.release_counter }),
    ...(showsWiki(repository, capabilities)
      ? [folder(node, account, 'wiki', vscode.l10n.t('Wiki'), { ref })]
      : []),
  ];
}

/** The lists under a repository: branches, open issues, open pull requests, releases, wiki pages (as the server pages them). */
export async function repositoryFolderSource(
  accounts: AccountService,
  node: NodeOf<'folder'>,
  ref: RepoRef,
): Promise<ChildSource | undefined> {
  const client = await accounts.client(node.account);
  const { account } = node;
  const capabilities = accounts.capabilities(account);
  switch (node.folder) {
    case 'branches': {
      const repository = node.parent?.kind === 'repository' ? node.parent.repository : undefined;
      return serverPagedSource(
        listPaging(capabilities, 'repoListBranches'),
        (paging) => client.page('repoListBranches', { ...ref, ...paging }),
        (branch) => ({
          kind: 'branch',
          id: childId(node, `branch:${branch.name}`),
          parent: node,
          account,
          ref,
          branch,
          isDefault: branch.name === repository?.default_branch,
        }),
        vscode.l10n.t('No branches'),
      );
    }
    case 'openIssues': {
      // without `type` (Gitea before 1.11) the list would hold pull requests too
      const [missing] = capabilities.missing(operationNamed('issueListIssues'), ['type']);
      if (missing) return staticSource([messageNode(node, requirementNote(missing))]);
      return serverPagedSource(
        listPaging(capabilities, 'issueListIssues'),
        (paging) => client.page('issueListIssues', { ...ref, type: 'issues', state: 'open', ...paging }),
        (issue) => ({
          kind: 'issue',
          id: childId(node, `#${issue.number}`),
          parent: node,
          account,
          ref,
          issue: summarizeIssue(issue),
        }),
        vscode.l10n.t('No open issues'),
      );
    }
    case 'openPulls':
      return serverPagedSource(
        listPaging(capabilities, 'repoListPullRequests'),
        (paging) => client.page('repoListPullRequests', { ...ref, state: 'open', ...paging }),
        (pull) => ({
          kind: 'issue',
          id: childId(node, `#${pull.number}`),
          parent: node,
          account,
          ref,
          issue: summarizePull(pull),
        }),
        vscode.l10n.t('No open pull requests'),
      );
    case 'releases':
      return serverPagedSource(
        listPaging(capabilities, 'repoListReleases'),
        (paging) => client.page('repoListReleases', { ...ref, ...paging }),
        (release) => ({
          kind: 'release',
          id: childId(node, `release:${release.id}`),
          parent: node,
          account,
          ref,
          release,
        }),
        vscode.l10n.t('No releases'),
      );
    case 'wiki':
      return wikiPagesSource(accounts, node, ref);
    default:
      return undefined;
  }
}

/** Repositories view: account → mine / starred / by organization → repository → its lists. */
export function repositoriesResolver(accounts: AccountService): ChildResolver {
  return async (parent) => {
    if (parent === undefined) return staticSource(accountNodes(accounts));
    switch (parent.kind) {
      case 'account':
        return staticSource([
          folder(parent, parent.account, 'myRepositories', vscode.l10n.t('My Repositories')),
          folder(parent, parent.account, 'starred', vscode.l10n.t('Starred')),
          folder(parent, parent.account, 'byOrganization', vscode.l10n.t('By Organization')),
        ]);
      case 'repository':
        return staticSource(repositoryFolders(parent, accounts.capabilities(parent.account)));
      case 'organization': {
        const client = await accounts.client(parent.account);
        const org = parent.organization.username ?? parent.organization.name;
        return pagedSource(
          (page, limit) => client.page('orgListRepos', { org, page, limit }),
          (repository) => repositoryNode(parent, parent.account, repository),
          vscode.l10n.t('No repositories'),
        );
      }
      case 'folder':
        return folderSource(accounts, parent);
      default:
        return staticSource([]);
    }
  };
}

async function folderSource(accounts: AccountService, node: NodeOf<'folder'>): Promise<ChildSource> {
  const { account } = node;
  if (node.ref) return (await repositoryFolderSource(accounts, node, node.ref)) ?? staticSource([]);
  const client = await accounts.client(account);
  switch (node.folder) {
    case 'myRepositories':
      return pagedSource(
        // the account's own repositories (`/user/repos` would add every organization's too)
        (page, limit) => client.page('userListRepos', { username: account.username, page, limit }),
        (repository) => repositoryNode(node, account, repository),
        vscode.l10n.t('No repositories yet'),
      );
    case 'starred':
      return pagedSource(
        (page, limit) => client.page('userCurrentListStarred', { page, limit }),
        (repository) => repositoryNode(node, account, repository),
        vscode.l10n.t('No starred repositories'),
      );
    case 'byOrganization':
      return pagedSource(
        (page, limit) => client.page('orgListCurrentUserOrgs', { page, limit }),
        (organization) => ({
          kind: 'organization',
          id: childId(node, `org:${organization.username ?? organization.name}`),
          parent: node,
          account,
          organization,
        }),
        vscode.l10n.t('No organizations'),
      );
    default:
      return staticSource([]);
  }
}
