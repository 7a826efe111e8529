import type { ServerCapabilities } from '../../api/capabilities';
import type { TeahouseClient } from '../../api/client';
import type { Issue } from '../../api/types';
import { fetchIssuePage, planIssueCriteria } from './issueQueries';
import type { RepoRef } from './nodes';

/** How many results the search box shows: one request's worth. */
export const searchResultLimit = 30;

/** What the search box asks for. */
export interface IssueSearch {
  readonly text: string;
  /** undefined: issues and pull requests alike */
  readonly pulls: boolean | undefined;
  readonly state: 'open' | 'closed' | 'all';
  /** undefined: every repository the account can see */
  readonly repository: RepoRef | undefined;
  readonly me: string;
}

export type IssueSearchResult =
  | { readonly kind: 'items'; readonly items: readonly Issue[] }
  | { readonly kind: 'unavailable'; readonly note: string };

/**
 * The server's text search (the repository's list with `q`, or `/repos/issues/search`), first page only;
 * an empty text asks nothing. The signal cancels a search the user has typed past.
 */
export async function searchIssues(
  client: TeahouseClient,
  capabilities: ServerCapabilities,
  search: IssueSearch,
  signal?: AbortSignal,
): Promise<IssueSearchResult> {
  const text = search.text.trim();
  if (text === '') return { kind: 'items', items: [] };
  const plan = planIssueCriteria(
    capabilities,
    { pulls: search.pulls, state: search.state, labels: [], text },
    search.repository,
    search.me,
  );
  if (plan.kind === 'unavailable') return plan;
  const repository = search.repository;
  const repositoryId = async (): Promise<number> => {
    if (repository === undefined) throw new TypeError('no repository');
    return (await client.api.repoGet(repository, { signal })).id;
  };
  const page = await fetchIssuePage(client, plan, 1, searchResultLimit, repositoryId, { signal });
  return { kind: 'items', items: page.items };
}
