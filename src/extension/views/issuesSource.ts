import * as vscode from 'vscode';
import type { Page, TeahouseClient } from '../../api/client';
import type { Issue } from '../../api/types';
import type { AccountService } from '../accounts/accountService';
import type { WorkspaceRepositories } from '../workspace/workspaceRepositories';
import type { IssueFilters } from './issueFilters';
import {
  childId,
  summarizeIssue,
  type IssueGroup,
  type IssueScope,
  type NodeOf,
  type TreeNode,
} from './nodes';
import { pagedSource, staticSource } from './paging';
import { groupLabel } from './treeItems';
import type { ChildResolver } from './treeModel';

const groups: readonly IssueGroup[] = ['assigned', 'created', 'mentioned', 'all'];

function scopeKey(scope: IssueScope): string {
  return scope.kind === 'repository'
    ? `${scope.account.id}:${scope.ref.owner}/${scope.ref.repo}`
    : `${scope.account.id}:*`;
}

/** The workspace's repositories on known servers; without any, every account's issues through search. */
export async function currentScopes(
  accounts: AccountService,
  workspace: WorkspaceRepositories,
): Promise<IssueScope[]> {
  const matches = await workspace.matches();
  if (matches.length > 0) {
    const seen = new Set<string>();
    return matches.flatMap((match) => {
      const scope: IssueScope = {
        kind: 'repository',
        account: match.account,
        ref: { owner: match.owner, repo: match.repo },
      };
      if (seen.has(scopeKey(scope))) return [];
      seen.add(scopeKey(scope));
      return [scope];
    });
  }
  return accounts.list().map((account) => ({ kind: 'account', account }));
}

function fetchGroup(
  client: TeahouseClient,
  node: NodeOf<'group'>,
  filters: IssueFilters,
  page: number,
  limit: number,
): Promise<Page<Issue>> {
  const { state, labels } = filters.values;
  const type = node.pulls ? 'pulls' : 'issues';
  const labelList = labels.length > 0 ? labels.join(',') : undefined;
  const scope = node.scope;
  if (scope.kind === 'repository') {
    const me = scope.account.username;
    const who =
      node.group === 'assigned'
        ? { assigned_by: me }
        : node.group === 'created'
          ? { created_by: me }
          : node.group === 'mentioned'
            ? { mentioned_by: me }
            : {};
    return client.page('issueListIssues', {
      ...scope.ref,
      type,
      state,
      labels: labelList,
      ...who,
      page,
      limit,
    });
  }
  const who = node.group === 'all' ? {} : { [node.group]: true };
  return client.page('issueSearchIssues', { type, state, labels: labelList, ...who, page, limit });
}

/** Issues or Pull Requests view: [repository →] assigned to me / created by me / mentioning me / all. */
export function issuesResolver(
  accounts: AccountService,
  workspace: WorkspaceRepositories,
  filters: IssueFilters,
  pulls: boolean,
): ChildResolver {
  const groupNodes = (scope: IssueScope, parent: TreeNode | undefined): TreeNode[] =>
    groups.map((group) => ({
      kind: 'group',
      id: childId(parent, `${parent ? '' : `${scopeKey(scope)}/`}group:${group}`),
      parent,
      scope,
      group,
      pulls,
      label: groupLabel(group, filters.values.state),
    }));
  return async (parent) => {
    if (parent === undefined) {
      const scopes = await currentScopes(accounts, workspace);
      const [only] = scopes;
      // one repository: its groups at the top, without a level that says nothing
      if (scopes.length === 1 && only) return staticSource(groupNodes(only, undefined));
      return staticSource(
        scopes.map((scope) => ({ kind: 'scope', id: `scope:${scopeKey(scope)}`, parent, scope, pulls })),
      );
    }
    if (parent.kind === 'scope') return staticSource(groupNodes(parent.scope, parent));
    if (parent.kind !== 'group') return staticSource([]);
    const { scope } = parent;
    const client = await accounts.client(scope.account);
    return pagedSource(
      (page, limit) => fetchGroup(client, parent, filters, page, limit),
      (issue) => {
        const ref =
          scope.kind === 'repository'
            ? scope.ref
            : { owner: issue.repository?.owner ?? '', repo: issue.repository?.name ?? '' };
        const key =
          scope.kind === 'repository' ? `#${issue.number}` : `${ref.owner}/${ref.repo}#${issue.number}`;
        return {
          kind: 'issue',
          id: childId(parent, key),
          parent,
          account: scope.account,
          ref,
          issue: summarizeIssue(issue),
        };
      },
      pulls ? vscode.l10n.t('No pull requests') : vscode.l10n.t('No issues'),
    );
  };
}
