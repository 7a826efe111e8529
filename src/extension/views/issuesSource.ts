import * as vscode from 'vscode';
import type { AccountService } from '../accounts/accountService';
import type { WorkspaceRepositories } from '../workspace/workspaceRepositories';
import type { IssueFilters } from './issueFilters';
import { childId, summarizeIssue, type IssueGroup, type IssueScope, type TreeNode } from './nodes';
import { pagedSource, staticSource } from './paging';
import { fetchIssuePage, planIssueQuery, type IssueQueryPlan } from './issueQueries';
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

/** Issues or Pull Requests view: [repository →] assigned to me / created by me / mentioning me / all. */
export function issuesResolver(
  accounts: AccountService,
  workspace: WorkspaceRepositories,
  filters: IssueFilters,
  pulls: boolean,
): ChildResolver {
  const plan = (scope: IssueScope, group: IssueGroup): IssueQueryPlan =>
    planIssueQuery(accounts.capabilities(scope.account), {
      group,
      pulls,
      state: filters.values.state,
      labels: filters.values.labels,
      repository: scope.kind === 'repository' ? scope.ref : undefined,
      me: scope.account.username,
    });
  const groupNodes = (scope: IssueScope, parent: TreeNode | undefined): TreeNode[] =>
    groups.map((group) => {
      const planned = plan(scope, group);
      return {
        kind: 'group',
        id: childId(parent, `${parent ? '' : `${scopeKey(scope)}/`}group:${group}`),
        parent,
        scope,
        group,
        pulls,
        label: groupLabel(group, filters.values.state),
        ...(planned.kind === 'unavailable' && { unavailable: planned.note }),
      };
    });
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
    const planned = plan(scope, parent.group);
    // a group the server cannot filter as asked shows why instead of unfiltered items
    if (planned.kind === 'unavailable') {
      return staticSource([
        { kind: 'message', id: childId(parent, 'unavailable'), parent, text: planned.note, severity: 'info' },
      ]);
    }
    const client = await accounts.client(scope.account);
    let repositoryId: Promise<number> | undefined;
    const idOf = (): Promise<number> => {
      if (scope.kind !== 'repository') return Promise.reject(new TypeError('no repository'));
      repositoryId ??= client.api.repoGet(scope.ref).then((repository) => repository.id);
      return repositoryId;
    };
    return pagedSource(
      (page, limit) => fetchIssuePage(client, planned, page, limit, idOf),
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
