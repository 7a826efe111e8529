import {
  compareVersions,
  requirementNote,
  type Missing,
  type ServerCapabilities,
} from '../../api/capabilities';
import type { OperationArgs, Page, RequestOptions, TeahouseClient, UntypedArgs } from '../../api/client';
import type { OperationById } from '../../api/client/operationTypes';
import { operations } from '../../api/operations';
import type { OperationSpec } from '../../api/operationSpec';
import type { Issue } from '../../api/types';
import { needsRepositoryNote } from '../util/requirementNotes';
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

/**
 * What the server is asked to filter, whoever asks: a group of the views, a saved query, the search box.
 * User names are logins; the signed-in user's own (`me`) can use the search's flags.
 */
export interface IssueCriteria {
  /** undefined: issues and pull requests alike */
  readonly pulls: boolean | undefined;
  readonly state: 'open' | 'closed' | 'all';
  readonly labels: readonly string[];
  readonly milestones?: readonly string[];
  readonly text?: string;
  readonly createdBy?: string;
  readonly assignedTo?: string;
  readonly mentioning?: string;
  /** pull requests whose review is asked of the signed-in user (the search's flag: no one else's) */
  readonly reviewRequested?: boolean;
  /** the repositories' owner, for a search across repositories */
  readonly owner?: string;
}

const groupCriteria: Readonly<Record<IssueGroup, (me: string) => Partial<IssueCriteria>>> = {
  assigned: (me) => ({ assignedTo: me }),
  created: (me) => ({ createdBy: me }),
  mentioned: (me) => ({ mentioning: me }),
  reviewRequested: () => ({ reviewRequested: true }),
  all: () => ({}),
};

/** Of several things missing, the one that comes last: the release that has them all. */
function latest(missing: readonly Missing[]): Missing {
  const sorted = [...missing].sort((a, b) =>
    a.since === undefined ? 1 : b.since === undefined ? -1 : compareVersions(b.since, a.since),
  );
  return sorted[0] ?? { operationId: 'issueSearchIssues' };
}

/** Of the requests that could answer, the one available soonest: the release a note names. */
function soonest(candidates: readonly Missing[]): Missing {
  const sorted = [...candidates].sort((a, b) =>
    a.since === undefined ? 1 : b.since === undefined ? -1 : compareVersions(a.since, b.since),
  );
  return sorted[0] ?? { operationId: 'issueSearchIssues' };
}

const joined = (values: readonly string[] | undefined): string | undefined =>
  values !== undefined && values.length > 0 ? values.join(',') : undefined;

const same = (a: string | undefined, b: string): boolean => a?.toLowerCase() === b.toLowerCase();

/** What the repository's list and the search both name the same way. */
const sharedArgsOf = (criteria: IssueCriteria): UntypedArgs => ({
  type: criteria.pulls === undefined ? undefined : criteria.pulls ? 'pulls' : 'issues',
  state: criteria.state,
  labels: joined(criteria.labels),
  milestones: joined(criteria.milestones),
  q: criteria.text || undefined,
});

/** The repository's list: every filter by name, but none for review requests. */
function listArgsOf(criteria: IssueCriteria): UntypedArgs | undefined {
  if (criteria.reviewRequested) return undefined;
  return {
    ...sharedArgsOf(criteria),
    created_by: criteria.createdBy,
    assigned_by: criteria.assignedTo,
    mentioned_by: criteria.mentioning,
  };
}

/** The search: the signed-in user's flags, and `created_by` for anyone; undefined when it cannot say it. */
function searchArgsOf(criteria: IssueCriteria, me: string): UntypedArgs | undefined {
  const { assignedTo, mentioning, createdBy } = criteria;
  if (assignedTo !== undefined && !same(assignedTo, me)) return undefined;
  if (mentioning !== undefined && !same(mentioning, me)) return undefined;
  const createdByMe = createdBy !== undefined && same(createdBy, me);
  return {
    ...sharedArgsOf(criteria),
    created: createdByMe || undefined,
    created_by: createdByMe ? undefined : createdBy,
    assigned: assignedTo !== undefined || undefined,
    mentioned: mentioning !== undefined || undefined,
    review_requested: criteria.reviewRequested || undefined,
    owner: criteria.owner,
  };
}

function withoutUndefined(args: UntypedArgs): UntypedArgs {
  return Object.fromEntries(Object.entries(args).filter(([, value]) => value !== undefined));
}

/**
 * Chooses the request criteria run, so that the server filters everything it is asked to filter: in a
 * repository its list, else the search kept to that repository; across repositories the search. When
 * neither can, the note names the release the first of them would work from.
 */
export function planIssueCriteria(
  capabilities: ServerCapabilities,
  criteria: IssueCriteria,
  repository: RepoRef | undefined,
  me: string,
): IssueQueryPlan {
  const notes: Missing[] = [];
  const search = searchArgsOf(repository ? { ...criteria, owner: undefined } : criteria, me);
  if (repository !== undefined) {
    const list = listArgsOf(criteria);
    if (list !== undefined) {
      const missing = capabilities.missing(listOperation, filterNames(list));
      if (missing.length === 0) return { kind: 'list', args: withoutUndefined({ ...repository, ...list }) };
      notes.push(latest(missing));
    }
    if (search !== undefined) {
      const missing = capabilities.missing(searchOperation, [...filterNames(search), 'priority_repo_id']);
      if (missing.length === 0) return { kind: 'search', args: withoutUndefined(search), repository };
      notes.push(latest(missing));
    }
  } else if (search !== undefined) {
    const missing = capabilities.missing(searchOperation, filterNames(search));
    if (missing.length === 0) return { kind: 'search', args: withoutUndefined(search) };
    notes.push(latest(missing));
  }
  if (notes.length === 0) return { kind: 'unavailable', note: needsRepositoryNote };
  return { kind: 'unavailable', note: requirementNote(soonest(notes)) };
}

/** Chooses the request a group runs, so that the server filters everything it is asked to filter. */
export function planIssueQuery(capabilities: ServerCapabilities, query: IssueQuery): IssueQueryPlan {
  return planIssueCriteria(
    capabilities,
    { pulls: query.pulls, state: query.state, labels: query.labels, ...groupCriteria[query.group](query.me) },
    query.repository,
    query.me,
  );
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
  options?: RequestOptions,
): Promise<Page<Issue>> {
  // the plan's arguments were checked against the server's capabilities rather than the catalogue's types
  if (plan.kind === 'list') {
    return client.page('issueListIssues', { ...plan.args, page, limit } as ListArgs, options);
  }
  const repository = plan.repository;
  if (repository === undefined) {
    return client.page('issueSearchIssues', { ...plan.args, page, limit } as SearchArgs, options);
  }
  const args = { ...plan.args, priority_repo_id: await repositoryId(), page, limit };
  const result = await client.page('issueSearchIssues', args as SearchArgs, options);
  const items = result.items.filter((issue) => inRepository(issue, repository));
  if (items.length === result.items.length) return { ...result, items };
  return { ...result, items, hasNext: false, nextPage: undefined, lastPage: page };
}
