import type { IssueCriteria } from './issueQueries';
import type { RepoRef } from './nodes';

/** The setting that holds the user's queries. */
export const savedQueriesSetting = 'teahouse.queries';

/** One entry of `teahouse.queries`, checked: what it filters, and where it applies. */
export interface SavedQuery {
  readonly label: string;
  readonly pulls: boolean;
  readonly state: 'open' | 'closed' | 'all';
  readonly labels: readonly string[];
  readonly milestones: readonly string[];
  readonly text: string | undefined;
  readonly author: string | undefined;
  readonly assignee: string | undefined;
  readonly mentioned: string | undefined;
  readonly reviewRequested: boolean;
  readonly repository: RepoRef | undefined;
  readonly owner: string | undefined;
}

/** The placeholder for the signed-in user in `author`, `assignee` and `mentioned_by`. */
export const mePlaceholder = '{me}';

type Entry = Readonly<Record<string, unknown>>;

function text(entry: Entry, ...names: string[]): string | undefined {
  for (const name of names) {
    const value = entry[name];
    if (typeof value === 'string' && value.trim() !== '') return value.trim();
  }
  return undefined;
}

/** A list given as an array of names or as one comma-separated string. */
function names(value: unknown): string[] {
  const parts = Array.isArray(value) ? value : typeof value === 'string' ? value.split(',') : [];
  return parts
    .filter((part): part is string => typeof part === 'string')
    .map((part) => part.trim())
    .filter((part) => part !== '');
}

function repositoryOf(value: string | undefined): RepoRef | undefined | 'invalid' {
  if (value === undefined) return undefined;
  const [owner, repo, ...rest] = value.split('/');
  return owner && repo && rest.length === 0 ? { owner, repo } : 'invalid';
}

/** The setting's value as queries; entries without a label or with a malformed repository are skipped. */
export function parseSavedQueries(value: unknown): SavedQuery[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((raw: unknown): SavedQuery[] => {
    if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return [];
    const entry = raw as Entry;
    const label = text(entry, 'label');
    const repository = repositoryOf(text(entry, 'repository'));
    if (label === undefined || repository === 'invalid') return [];
    const state = entry['state'];
    return [
      {
        label,
        pulls: entry['type'] === 'pulls',
        state: state === 'closed' || state === 'all' ? state : 'open',
        labels: names(entry['labels']),
        milestones: names(entry['milestone'] ?? entry['milestones']),
        text: text(entry, 'q'),
        author: text(entry, 'author', 'created_by'),
        assignee: text(entry, 'assignee', 'assigned_by'),
        mentioned: text(entry, 'mentioned_by'),
        reviewRequested: entry['review_requested'] === true,
        repository,
        owner: text(entry, 'owner'),
      },
    ];
  });
}

const resolveMe = (value: string | undefined, me: string): string | undefined =>
  value?.toLowerCase() === mePlaceholder ? me : value;

/** What the query asks the server, with `{me}` resolved to the signed-in user. */
export function criteriaOf(query: SavedQuery, me: string): IssueCriteria {
  return {
    pulls: query.pulls,
    state: query.state,
    labels: query.labels,
    milestones: query.milestones,
    text: query.text,
    createdBy: resolveMe(query.author, me),
    assignedTo: resolveMe(query.assignee, me),
    mentioning: resolveMe(query.mentioned, me),
    reviewRequested: query.reviewRequested || undefined,
    owner: query.owner,
  };
}

const same = (a: string, b: string): boolean => a.toLowerCase() === b.toLowerCase();

/**
 * Where a query's group appears and which repository it reads: under a repository only when the query
 * names none, or names that one (and its owner, if any, owns it); under an account, everywhere or the
 * repository it names. `hidden` when it does not belong there.
 */
export function queryRepository(
  query: SavedQuery,
  scope: RepoRef | undefined,
): { readonly repository: RepoRef | undefined } | 'hidden' {
  if (scope === undefined) return { repository: query.repository };
  if (query.repository !== undefined) {
    const { owner, repo } = query.repository;
    if (!same(owner, scope.owner) || !same(repo, scope.repo)) return 'hidden';
  }
  if (query.owner !== undefined && !same(query.owner, scope.owner)) return 'hidden';
  return { repository: scope };
}

/** The setting's entry for a search saved as a query (the search box's text, kind and repository). */
export function searchAsQueryEntry(search: {
  readonly label: string;
  readonly text: string;
  readonly pulls: boolean;
  readonly repository: RepoRef | undefined;
}): Record<string, string> {
  return {
    label: search.label,
    type: search.pulls ? 'pulls' : 'issues',
    state: 'all',
    q: search.text.trim(),
    ...(search.repository && { repository: `${search.repository.owner}/${search.repository.repo}` }),
  };
}
