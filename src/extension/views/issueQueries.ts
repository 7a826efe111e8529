import {
  compareVersions,
  requirementNote,
  type Missing,
  type ServerCapabilities,
} from '../../api/capabilities';
import type { OperationArgs, Page, TeahouseClient, UntypedArgs } from '../../api/client';
import type { OperationById } from '../../api/client/operationTypes';
import { operations } from '../../api/operations';
import type { OperationSpec } from '../../api/operationSpec';
import type { Issue } from '../../api/types';
import type { IssueGroup, RepoRef } from './nodes';

/** What one group of the Issues or Pull Requests view asks for. */
export interface IssueQuery {
  readonly group: IssueGroup;
  readonly pulls: boolean;
  readonly state: 'open' | 'closed' | 'all';
  readonly labels: readonly string[];
  /** The repository, or undefined for everything the account can see. */
  readonly repository: RepoRef | undefined;
  /** The signed-in user's login. */
  readonly me: string;
}

/**
 * How a group is fetched on a given server:
 * - `list`: the repository's issue list, filtered by the server;
 * - `search`: the issue search (across repositories); with `repository`, only that repository's items are
 *   kept — Gitea < 1.15 has no `created_by`/`assigned_by`/`mentioned_by` on the list, and its search
 *   cannot filter by repository but sorts the one in `priority_repo_id` first;
 * - `unavailable`: the server cannot answer it as asked, with the note shown instead.
 */
export type IssueQueryPlan =
  | { readonly kind: 'list'; readonly args: UntypedArgs }
  | { readonly kind: 'search'; readonly args: UntypedArgs; readonly repository?: RepoRef }
  | { readonly kind: 'unavailable'; readonly note: string };

function operation(operationId: string): OperationSpec {
  const found = operations.find((candidate) => candidate.operationId === operationId);
  if (found === undefined) throw new TypeError(`no operation ${operationId}`);
  return found;
}

const listOperation = operation('issueListIssues');
const searchOperation = operation('issueSearchIssues');

/** The query parameters that filter (page and limit only page: a server without them still answers right). */
function filterNames(args: UntypedArgs): string[] {
  return Object.keys(args).filter((name) => args[name] !== undefined && name !== 'page' && name !== 'limit');
}

const listFilter: Readonly<Record<IssueGroup, string | undefined>> = {
  assigned: 'assigned_by',
  created: 'created_by',
  mentioned: 'mentioned_by',
  all: undefined,
};

/** Of several things missing, the one that comes last: the release that has them all. */
function latest(missing: readonly Missing[]): Missing {
  const sorted = [...missing].sort((a, b) =>
    a.since === undefined ? 1 : b.since === undefined ? -1 : compareVersions(b.since, a.since),
  );
  return sorted[0] ?? { operationId: 'issueSearchIssues' };
}

/** Chooses the request a group runs, so that the server filters everything it is asked to filter. */
export function planIssueQuery(capabilities: ServerCapabilities, query: IssueQuery): IssueQueryPlan {
  const common: UntypedArgs = {
    type: query.pulls ? 'pulls' : 'issues',
    state: query.state,
    labels: query.labels.length > 0 ? query.labels.join(',') : undefined,
  };
  const searchArgs: UntypedArgs = { ...common, ...(query.group !== 'all' && { [query.group]: true }) };
  if (query.repository !== undefined) {
    const filter = listFilter[query.group];
    const listQuery: UntypedArgs = { ...common, ...(filter !== undefined && { [filter]: query.me }) };
    const missing = capabilities.missing(listOperation, filterNames(listQuery));
    if (missing.length === 0) return { kind: 'list', args: { ...query.repository, ...listQuery } };
    if (query.group === 'all') return { kind: 'unavailable', note: requirementNote(latest(missing)) };
    const fallback = capabilities.missing(searchOperation, [...filterNames(searchArgs), 'priority_repo_id']);
    if (fallback.length === 0) return { kind: 'search', args: searchArgs, repository: query.repository };
    // the note names the older release: the one the search would be enough from
    return { kind: 'unavailable', note: requirementNote(latest(fallback)) };
  }
  const missing = capabilities.missing(searchOperation, filterNames(searchArgs));
  if (missing.length === 0) return { kind: 'search', args: searchArgs };
  return { kind: 'unavailable', note: requirementNote(latest(missing)) };
}

type ListArgs = OperationArgs<OperationById['issueListIssues']>;
type SearchArgs = OperationArgs<OperationById['issueSearchIssues']>;

function inRepository(issue: Issue, repository: RepoRef): boolean {
  const owner = issue.repository?.owner ?? '';
  const name = issue.repository?.name ?? '';
  return (
    owner.toLowerCase() === repository.owner.toLowerCase() &&
    name.toLowerCase() === repository.repo.toLowerCase()
  );
}

/**
 * One page of a plan. A repository's search keeps only that repository's items; the search sorts them
 * first, so the first item of another repository ends the list.
 */
export async function fetchIssuePage(
  client: TeahouseClient,
  plan: Exclude<IssueQueryPlan, { kind: 'unavailable' }>,
  page: number,
  limit: number,
  repositoryId: () => Promise<number>,
): Promise<Page<Issue>> {
  // the plan's arguments were checked against the server's capabilities rather than the catalogue's types
  if (plan.kind === 'list') {
    return client.page('issueListIssues', { ...plan.args, page, limit } as ListArgs);
  }
  const repository = plan.repository;
  if (repository === undefined) {
    return client.page('issueSearchIssues', { ...plan.args, page, limit } as SearchArgs);
  }
  const args = { ...plan.args, priority_repo_id: await repositoryId(), page, limit };
  const result = await client.page('issueSearchIssues', args as SearchArgs);
  const items = result.items.filter((issue) => inRepository(issue, repository));
  if (items.length === result.items.length) return { ...result, items };
  return { ...result, items, hasNext: false, nextPage: undefined, lastPage: page };
}
