import * as vscode from 'vscode';
import { operationNamed } from '../../api/operations';
import type { Issue } from '../../api/types';
import type { AccountService } from '../accounts/accountService';
import type { WorkspaceRepositories } from '../workspace/workspaceRepositories';
import type { IssueFilters } from './issueFilters';
import {
  childId,
  summarizeIssue,
  type IssueGroup,
  type IssueScope,
  type RepoRef,
  type TreeNode,
} from './nodes';
import { pagedSource, staticSource } from './paging';
import { pinnedFirst, type PinnedFilter } from './pinnedFirst';
import { fetchIssuePage, planIssueCriteria, planIssueQuery, type IssueQueryPlan } from './issueQueries';
import {
  criteriaOf,
  parseSavedQueries,
  queryRepository,
  savedQueriesSetting,
  type SavedQuery,
} from './savedQueries';
import { groupLabel } from './treeItems';
import type { ChildResolver, ChildSource } from './treeModel';

const issueGroups: readonly IssueGroup[] = ['assigned', 'created', 'mentioned', 'all'];
const pullGroups: readonly IssueGroup[] = ['assigned', 'created', 'mentioned', 'reviewRequested', 'all'];

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
  /** What a pull request holds (its Changes and commits), when the view shows them. */
  pullChildren?: (parent: TreeNode) => Promise<ChildSource | undefined>,
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
  const savedPlan = (scope: IssueScope, query: SavedQuery): IssueQueryPlan | undefined => {
    const place = queryRepository(query, scope.kind === 'repository' ? scope.ref : undefined);
    if (place === 'hidden') return undefined;
    const me = scope.account.username;
    return planIssueCriteria(
      accounts.capabilities(scope.account),
      criteriaOf(query, me),
      place.repository,
      me,
    );
  };
  const savedQueries = (): SavedQuery[] =>
    parseSavedQueries(vscode.workspace.getConfiguration().get<unknown>(savedQueriesSetting)).filter(
      (query) => query.pulls === pulls,
    );
  const groupNodes = (scope: IssueScope, parent: TreeNode | undefined): TreeNode[] => {
    const prefix = parent ? '' : `${scopeKey(scope)}/`;
    const fixed = (pulls ? pullGroups : issueGroups).map((group): TreeNode => {
      const planned = plan(scope, group);
      return {
        kind: 'group',
        id: childId(parent, `${prefix}group:${group}`),
        parent,
        scope,
        group,
        pulls,
        label: groupLabel(group, filters.values.state),
        ...(planned.kind === 'unavailable' && { unavailable: planned.note }),
      };
    });
    const saved = savedQueries().flatMap((query, index): TreeNode[] => {
      const planned = savedPlan(scope, query);
      if (planned === undefined) return [];
      return [
        {
          kind: 'savedQuery',
          id: childId(parent, `${prefix}query:${index}:${query.label}`),
          parent,
          scope,
          pulls,
          query,
          label: query.label,
          ...(planned.kind === 'unavailable' && { unavailable: planned.note }),
        },
      ];
    });
    return [...fixed, ...saved];
  };
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
    if (parent.kind === 'group') {
      const pinned = parent.group === 'all' ? pinnedLoader(accounts, parent.scope, pulls) : undefined;
      return issuePages(
        accounts,
        parent,
        plan(parent.scope, parent.group),
        pulls,
        pinned && {
          load: pinned,
          filter: filters.values,
        },
      );
    }
    if (parent.kind === 'savedQuery') {
      const planned = savedPlan(parent.scope, parent.query);
      return planned ? issuePages(accounts, parent, planned, pulls) : staticSource([]);
    }
    return (await pullChildren?.(parent)) ?? staticSource([]);
  };
}

/**
 * A repository's pinned issues or pull requests (Gitea ≥ 1.22), as issues; undefined where the server has
 * no pins. Pull requests are read as issues one by one: Gitea pins a handful at most.
 */
function pinnedLoader(
  accounts: AccountService,
  scope: IssueScope,
  pulls: boolean,
): (() => Promise<readonly Issue[]>) | undefined {
  if (scope.kind !== 'repository') return undefined;
  const capabilities = accounts.capabilities(scope.account);
  if (!capabilities.has(operationNamed(pulls ? 'repoListPinnedPullRequests' : 'repoListPinnedIssues')))
    return undefined;
  return async () => {
    const client = await accounts.client(scope.account);
    if (!pulls) return (await client.api.repoListPinnedIssues(scope.ref)) ?? [];
    const pinnedPulls = (await client.api.repoListPinnedPullRequests(scope.ref)) ?? [];
    return Promise.all(
      pinnedPulls.map((pull) => client.api.issueGetIssue({ ...scope.ref, index: pull.number })),
    );
  };
}

/** The items of a group or a saved query, page by page; one the server cannot filter says why instead. */
async function issuePages(
  accounts: AccountService,
  parent: TreeNode & { readonly scope: IssueScope },
  planned: IssueQueryPlan,
  pulls: boolean,
  pinned?: { readonly load: () => Promise<readonly Issue[]>; readonly filter: PinnedFilter },
): Promise<ChildSource> {
  const { scope } = parent;
  // a group the server cannot filter as asked shows why instead of unfiltered items
  if (planned.kind === 'unavailable') {
    return staticSource([
      { kind: 'message', id: childId(parent, 'unavailable'), parent, text: planned.note, severity: 'info' },
    ]);
  }
  const client = await accounts.client(scope.account);
  const repository = planned.kind === 'list' ? undefined : planned.repository;
  // the repository every item is in, when the request names one
  const fixed: RepoRef | undefined =
    scope.kind === 'repository'
      ? scope.ref
      : planned.kind === 'list'
        ? { owner: String(planned.args['owner']), repo: String(planned.args['repo']) }
        : repository;
  let repositoryId: Promise<number> | undefined;
  const idOf = (): Promise<number> => {
    if (repository === undefined) return Promise.reject(new TypeError('no repository'));
    repositoryId ??= client.api.repoGet(repository).then((found) => found.id);
    return repositoryId;
  };
  const fetchPage = (page: number, limit: number) => fetchIssuePage(client, planned, page, limit, idOf);
  return pagedSource(
    pinned ? pinnedFirst(fetchPage, pinned.load, pinned.filter) : fetchPage,
    (issue) => {
      const ref = fixed ?? { owner: issue.repository?.owner ?? '', repo: issue.repository?.name ?? '' };
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
}
