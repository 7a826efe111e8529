import type { Page } from '../../api/client';
import type { Issue } from '../../api/types';
import type { StateFilter } from './issueFilters';

/** What decides whether a pinned issue belongs in the list: the view's filters. */
export interface PinnedFilter {
  readonly state: StateFilter;
  readonly labels: readonly string[];
}

function matches(issue: Issue, filter: PinnedFilter): boolean {
  if (filter.state !== 'all' && issue.state !== filter.state) return false;
  const names = new Set((issue.labels ?? []).map((label) => label.name.toLowerCase()));
  return filter.labels.every((label) => names.has(label.toLowerCase()));
}

/**
 * A repository's list with its pinned issues (or pull requests) first, as Gitea's issue page shows them:
 * the pinned ones that pass the filters lead the first page, and no later page repeats them.
 */
export function pinnedFirst(
  fetchPage: (page: number, limit: number) => Promise<Page<Issue>>,
  loadPinned: () => Promise<readonly Issue[]>,
  filter: PinnedFilter,
): (page: number, limit: number) => Promise<Page<Issue>> {
  let pinned: Promise<Issue[]> | undefined;
  return async (page, limit) => {
    pinned ??= loadPinned().then((issues) =>
      [...issues].filter((issue) => matches(issue, filter)).sort((a, b) => a.pin_order - b.pin_order),
    );
    const [leading, result] = await Promise.all([pinned, fetchPage(page, limit)]);
    const numbers = new Set(leading.map((issue) => issue.number));
    const rest = result.items.filter((issue) => !numbers.has(issue.number));
    return { ...result, items: page === 1 ? [...leading, ...rest] : rest };
  };
}
