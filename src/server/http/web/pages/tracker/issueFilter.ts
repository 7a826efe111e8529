import type { WebPage } from '../../webPage';

export type StateFilter = 'open' | 'closed' | 'all';

/** The filters of an issue list page, in Gitea's web query form (`?state=&labels=1,2&milestone=3&q=&page=`). */
export interface IssueFilter {
  readonly state: StateFilter;
  /** label ids */
  readonly labels: readonly number[];
  /** a milestone id, 0 for any */
  readonly milestone: number;
  readonly q: string;
  readonly page: number;
}

const ids = (value: string | null): number[] =>
  (value ?? '')
    .split(',')
    .map((part) => Number(part.trim()))
    .filter((id) => Number.isSafeInteger(id) && id > 0);

export function readIssueFilter(page: WebPage): IssueFilter {
  const state = page.query.get('state');
  return {
    state: state === 'closed' || state === 'all' ? state : 'open',
    labels: [...new Set(ids(page.query.get('labels')))],
    milestone: ids(page.query.get('milestone'))[0] ?? 0,
    q: (page.query.get('q') ?? '').trim(),
    page: page.intParam('page', 1),
  };
}

/** The query string of a list page with `filter` changed by `change` (back to page 1 unless told). */
export function filterQuery(filter: IssueFilter, change: Partial<IssueFilter> = {}): string {
  const next: IssueFilter = { ...filter, page: 1, ...change };
  const query = new URLSearchParams();
  if (next.state !== 'open') query.set('state', next.state);
  if (next.labels.length > 0) query.set('labels', next.labels.join(','));
  if (next.milestone > 0) query.set('milestone', String(next.milestone));
  if (next.q) query.set('q', next.q);
  if (next.page > 1) query.set('page', String(next.page));
  const text = query.toString();
  return text ? `?${text}` : '?';
}

/** The label ids with `id` added, or taken out when it is there. */
export const toggled = (labels: readonly number[], id: number): number[] =>
  labels.includes(id) ? labels.filter((other) => other !== id) : [...labels, id];
