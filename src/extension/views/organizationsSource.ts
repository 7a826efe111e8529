import * as vscode from 'vscode';
import type { AccountService } from '../accounts/accountService';
import { childId, type NodeOf, type TreeNode } from './nodes';
import { pagedSource, staticSource } from './paging';
import {
  accountNodes,
  repositoryFolders,
  repositoryFolderSource,
  repositoryNode,
} from './repositoriesSource';
import type { ChildResolver, ChildSource } from './treeModel';

function folder(
  parent: NodeOf<'organization'> | NodeOf<'team'>,
  kind: NodeOf<'folder'>['folder'],
  label: string,
  org: string,
): TreeNode {
  const team = parent.kind === 'team' ? parent.team : undefined;
  return {
    kind: 'folder',
    id: childId(parent, kind),
    parent,
    account: parent.account,
    folder: kind,
    label,
    org,
    ...(team ? { team } : {}),
  };
}

/** Organizations view: account → organization → teams (→ members, repositories) / members / repositories. */
export function organizationsResolver(accounts: AccountService): ChildResolver {
  return async (parent) => {
    if (parent === undefined) return staticSource(accountNodes(accounts));
    switch (parent.kind) {
      case 'account': {
        const client = await accounts.client(parent.account);
        return pagedSource(
          (page, limit) => client.page('orgListCurrentUserOrgs', { page, limit }),
          (organization) => ({
            kind: 'organization',
            id: childId(parent, `org:${organization.username ?? organization.name}`),
            parent,
            account: parent.account,
            organization,
          }),
          vscode.l10n.t('No organizations'),
        );
      }
      case 'organization': {
        const org = parent.organization.username ?? parent.organization.name;
        return staticSource([
          folder(parent, 'teams', vscode.l10n.t('Teams'), org),
          folder(parent, 'members', vscode.l10n.t('Members'), org),
          folder(parent, 'repositories', vscode.l10n.t('Repositories'), org),
        ]);
      }
      case 'team':
        return staticSource([
          folder(parent, 'teamMembers', vscode.l10n.t('Members'), parent.org),
          folder(parent, 'teamRepositories', vscode.l10n.t('Repositories'), parent.org),
        ]);
      case 'repository':
        return staticSource(repositoryFolders(parent, accounts.capabilities(parent.account)));
      case 'folder':
        if (parent.ref)
          return (await repositoryFolderSource(accounts, parent, parent.ref)) ?? staticSource([]);
        return folderSource(accounts, parent);
      default:
        return staticSource([]);
    }
  };
}

async function folderSource(accounts: AccountService, node: NodeOf<'folder'>): Promise<ChildSource> {
  const { account, org = '' } = node;
  const client = await accounts.client(account);
  const user = (login: string) => childId(node, `user:${login}`);
  switch (node.folder) {
    case 'teams':
      return pagedSource(
        (page, limit) => client.page('orgListTeams', { org, page, limit }),
        (team) => ({ kind: 'team', id: childId(node, `team:${team.id}`), parent: node, account, org, team }),
        vscode.l10n.t('No teams you can see'),
      );
    case 'members':
      return pagedSource(
        (page, limit) => client.page('orgListMembers', { org, page, limit }),
        (member) => ({ kind: 'user', id: user(member.login), parent: node, account, user: member }),
        vscode.l10n.t('No members'),
      );
    case 'repositories':
      return pagedSource(
        (page, limit) => client.page('orgListRepos', { org, page, limit }),
        (repository) => repositoryNode(node, account, repository),
        vscode.l10n.t('No repositories'),
      );
    case 'teamMembers': {
      const id = node.team?.id ?? 0;
      return pagedSource(
        (page, limit) => client.page('orgListTeamMembers', { id, page, limit }),
        (member) => ({ kind: 'user', id: user(member.login), parent: node, account, user: member }),
        vscode.l10n.t('No members'),
      );
    }
    case 'teamRepositories': {
      const id = node.team?.id ?? 0;
      return pagedSource(
        (page, limit) => client.page('orgListTeamRepos', { id, page, limit }),
        (repository) => repositoryNode(node, account, repository),
        vscode.l10n.t('No repositories'),
      );
    }
    default:
      return staticSource([]);
  }
}
