import { containsPattern } from './sqlLike';
import { issueSortTypes } from '../../api/catalogue/params';
import type { Paging } from '../domain/paging';
import { type Database, type SqlValue } from './database';
import type { IssueRow } from './issues';
import {
  candidateKeys,
  candidatesExactForAsciiIssues,
  keyNumber,
  keyRepository,
  keywordCandidates,
  repositoryKeyRange,
  type KeywordCandidates,
} from './issueSearchCandidates';

/** Gitea's issue sort types, as the catalogue declares them. */
export { issueSortTypes };
export type IssueSort = (typeof issueSortTypes)[number];

export interface IssueFilter {
  /** one repository, or several (the cross-repository search) */
  repoIds: readonly number[];
  /**
   * The cross-repository search covers several repositories though `repoIds` may name only the one
   * holding issues: ordered and counted as across repositories, not by the numbers of one.
   */
  acrossRepositories?: boolean;
  isPull?: boolean;
  isClosed?: boolean;
  /** issues having any of these labels */
  labelIds?: readonly number[];
  /** issues having a label of every group (a group: the ids one label name stands for) */
  labelIdGroups?: readonly (readonly number[])[];
  /** issues in any of these milestones */
  milestoneIds?: readonly number[];
  /** a keyword in the title or the body */
  keyword?: string;
  posterId?: number;
  assigneeId?: number;
  mentionedId?: number;
  /** pull requests (not their own) whose review is asked of this user or of one of their teams */
  reviewRequestedId?: number;
  /** unix seconds, inclusive */
  updatedAfter?: number;
  updatedBefore?: number;
  sort?: IssueSort;
  /** with `priorityrepo`: this repository's issues first */
  priorityRepoId?: number;
}

/** Up to this many issues in the searched repositories, a keyword search scans them (about a millisecond). */
const keywordScanLimit = 5_000;

// LIKE over title and body: the semantics of the keyword, whichever way the candidates are found.
function keywordCondition(keyword: string, params: SqlValue[], table = 'issue'): string {
  const like = containsPattern(keyword.toLowerCase());
  params.push(like, like);
  return `(lower(${table}.title) LIKE ? ESCAPE '\\' OR lower(${table}.content) LIKE ? ESCAPE '\\')`;
}

/**
 * The keyword's candidates from the search indexes (issueSearchCandidates), in repositories of many issues;
 * undefined when the rows are scanned: small repositories (cheaper than reading the index's matches in
 * every repository), or a keyword the indexes cannot answer.
 */
function searchCandidates(db: Database, filter: IssueFilter): KeywordCandidates | undefined {
  const keyword = filter.keyword?.toLowerCase();
  if (!keyword) return undefined;
  const issues =
    db.get<{ n: number | null }>(
      'SELECT sum(num_issues + num_pulls) AS n FROM repository WHERE id IN (SELECT value FROM json_each(?))',
      JSON.stringify(filter.repoIds),
    )?.n ?? 0;
  if (issues <= keywordScanLimit) return undefined;
  return keywordCandidates(db, keyword);
}

// The one repository searched, whose range of the index holds its candidates.
const singleRepository = (filter: IssueFilter): number | undefined =>
  filter.repoIds.length === 1 && filter.acrossRepositories !== true ? filter.repoIds[0] : undefined;

// The candidates looked up one by one by their place (CROSS JOIN keeps that order: otherwise SQLite walks
// the repository's whole index and probes the candidates).
function candidateSource(
  candidates: KeywordCandidates | undefined,
  filter: IssueFilter,
  params: SqlValue[],
  index = '',
): string {
  if (!candidates) return 'issue';
  const keys = candidateKeys(candidates, singleRepository(filter));
  params.push(...keys.params);
  return `(${keys.sql}) AS keyword_candidate CROSS JOIN issue ${index}
    ON issue.repo_id = ${keyRepository('keyword_candidate.key')}
      AND issue.number = ${keyNumber('keyword_candidate.key')}`;
}

/**
 * Gitea's review-requested rule: a request (type 4) that is the user's latest verdict or request on the pull
 * request (an approval or rejection since answers it), or a request of a team the user is in.
 */
function reviewRequestedCondition(userId: number, params: SqlValue[]): string {
  params.push(userId, userId, userId);
  return `issue.poster_id <> ? AND issue.id IN (
    SELECT r.issue_id FROM review r WHERE r.type = 4 AND (
      (r.reviewer_id = ? AND r.id = (SELECT max(id) FROM review
        WHERE issue_id = r.issue_id AND reviewer_id = r.reviewer_id AND type IN (1, 3, 4)))
      OR r.reviewer_team_id IN (SELECT team_id FROM team_user WHERE uid = ?)))`;
}

/** The filter's conditions on `issue` (the keyword's too unless `keyword` is false). */
function whereClause(filter: IssueFilter, params: SqlValue[], keyword = true): string {
  const conditions: string[] = [];
  if (filter.repoIds.length === 1) {
    conditions.push('issue.repo_id = ?');
    params.push(filter.repoIds[0]!);
  } else {
    conditions.push('issue.repo_id IN (SELECT value FROM json_each(?))');
    params.push(JSON.stringify(filter.repoIds));
  }
  if (filter.isPull !== undefined) {
    conditions.push('issue.is_pull = ?');
    params.push(filter.isPull);
  }
  if (filter.isClosed !== undefined) {
    conditions.push('issue.is_closed = ?');
    params.push(filter.isClosed);
  }
  if (filter.labelIds !== undefined) {
    conditions.push(
      'issue.id IN (SELECT issue_id FROM issue_label WHERE label_id IN (SELECT value FROM json_each(?)))',
    );
    params.push(JSON.stringify(filter.labelIds));
  }
  for (const group of filter.labelIdGroups ?? []) {
    conditions.push(
      'issue.id IN (SELECT issue_id FROM issue_label WHERE label_id IN (SELECT value FROM json_each(?)))',
    );
    params.push(JSON.stringify(group));
  }
  if (filter.milestoneIds !== undefined) {
    conditions.push('issue.milestone_id IN (SELECT value FROM json_each(?))');
    params.push(JSON.stringify(filter.milestoneIds));
  }
  if (filter.keyword && keyword) conditions.push(keywordCondition(filter.keyword, params));
  if (filter.posterId !== undefined) {
    conditions.push('issue.poster_id = ?');
    params.push(filter.posterId);
  }
  if (filter.assigneeId !== undefined) {
    conditions.push('issue.id IN (SELECT issue_id FROM issue_assignees WHERE assignee_id = ?)');
    params.push(filter.assigneeId);
  }
  if (filter.mentionedId !== undefined) {
    conditions.push('issue.id IN (SELECT issue_id FROM issue_user WHERE uid = ? AND is_mentioned = 1)');
    params.push(filter.mentionedId);
  }
  if (filter.reviewRequestedId !== undefined)
    conditions.push(reviewRequestedCondition(filter.reviewRequestedId, params));
  if (filter.updatedAfter !== undefined) {
    conditions.push('issue.updated >= ?');
    params.push(filter.updatedAfter);
  }
  if (filter.updatedBefore !== undefined) {
    conditions.push('issue.updated <= ?');
    params.push(filter.updatedBefore);
  }
  return conditions.join(' AND ');
}

function orderClause(filter: IssueFilter, params: SqlValue[]): string {
  // In one repository numbers follow creation, and (repo_id, is_pull, is_closed, number) serves the order.
  const one = singleRepository(filter) !== undefined;
  const newest = one ? 'issue.number DESC' : 'issue.created DESC, issue.id DESC';
  switch (filter.sort ?? 'newest') {
    case 'oldest':
      return one ? 'issue.number ASC' : 'issue.created ASC, issue.id ASC';
    case 'recentupdate':
      return 'issue.updated DESC, issue.id DESC';
    case 'leastupdate':
      return 'issue.updated ASC, issue.id ASC';
    case 'mostcomment':
      return 'issue.num_comments DESC, issue.id DESC';
    case 'leastcomment':
      return 'issue.num_comments ASC, issue.id ASC';
    case 'nearduedate':
      return 'issue.deadline_unix = 0, issue.deadline_unix ASC, issue.id DESC';
    case 'farduedate':
      return 'issue.deadline_unix DESC, issue.id DESC';
    case 'priorityrepo':
      params.push(filter.priorityRepoId ?? 0);
      return '(issue.repo_id = ?) DESC, issue.created DESC, issue.id DESC';
    case 'newest':
      return newest;
  }
}

interface RepositoryCounters {
  num_issues: number;
  num_closed_issues: number;
  num_pulls: number;
  num_closed_pulls: number;
}

/**
 * The total of a plain list (one repository, by state and kind only) from the repository's counters, which
 * insertIssue / setIssueClosed / deleteIssueRow keep in step: O(1) where counting 100,000 index entries
 * takes milliseconds. Undefined when other filters apply.
 */
function totalFromCounters(db: Database, filter: IssueFilter): number | undefined {
  const { isPull, isClosed } = filter;
  const unnarrowed = new Set(['repoIds', 'acrossRepositories', 'isPull', 'isClosed', 'sort']);
  const narrowing = Object.entries(filter).filter(
    ([key, value]) => value !== undefined && !unnarrowed.has(key),
  );
  const repoId = singleRepository(filter);
  if (repoId === undefined || narrowing.length > 0) return undefined;
  const c = db.get<RepositoryCounters>(
    'SELECT num_issues, num_closed_issues, num_pulls, num_closed_pulls FROM repository WHERE id = ?',
    repoId,
  );
  if (!c) return 0;
  const count = (all: number, closed: number): number =>
    isClosed === undefined ? all : isClosed ? closed : all - closed;
  const issues = isPull === true ? 0 : count(c.num_issues, c.num_closed_issues);
  const pulls = isPull === false ? 0 : count(c.num_pulls, c.num_closed_pulls);
  return issues + pulls;
}

// The filters beside the keyword that issue_search_cover answers.
const plainFilters: ReadonlySet<string> = new Set([
  'repoIds',
  'acrossRepositories',
  'isPull',
  'isClosed',
  'keyword',
  'sort',
  'priorityRepoId',
]);

/**
 * A keyword search in one or more repositories by kind and state only: what the covering index
 * `issue_search_cover` answers beside the keyword, so its total can be counted from indexes.
 */
function plainKeywordSearch(filter: IssueFilter): boolean {
  return (
    filter.keyword !== undefined &&
    Object.entries(filter).every(([key, value]) => value === undefined || plainFilters.has(key))
  );
}

/**
 * Whether the keyword's candidates can be counted from indexes: an ASCII keyword in a plain search. A
 * candidate whose title and body are ASCII without NUL (not `issue_search_unsure`) is then a match
 * (migrations 59, 63); only the others have their rows read for the LIKE check.
 */
const countableFromIndexes = (filter: IssueFilter, candidates: KeywordCandidates | undefined): boolean =>
  candidates !== undefined && plainKeywordSearch(filter) && candidatesExactForAsciiIssues(filter.keyword!);

/** Whether any issue searched is in `issue_search_unsure` (in one repository: in its range of keys). */
function anyUnsure(db: Database, filter: IssueFilter): boolean {
  const repoId = singleRepository(filter);
  const sql =
    repoId === undefined
      ? 'SELECT EXISTS (SELECT 1 FROM issue_search_unsure) AS some'
      : `SELECT EXISTS (SELECT 1 FROM issue_search_unsure WHERE ${repositoryKeyRange('key')}) AS some`;
  const params = repoId === undefined ? [] : [repoId, repoId];
  return db.get<{ some: number }>(sql, ...params)?.some === 1;
}

/** The matches among the candidates, over `issue_search_cover` (FROM and WHERE). */
function indexedMatches(
  db: Database,
  filter: IssueFilter,
  candidates: KeywordCandidates,
  params: SqlValue[],
): string {
  const source = candidateSource(candidates, filter, params, 'INDEXED BY issue_search_cover');
  const where = whereClause(filter, params, false);
  // Mostly no issue is unsure (texts in English): then no candidate needs the probe.
  if (!anyUnsure(db, filter)) return `${source} WHERE ${where}`;
  const check = keywordCondition(filter.keyword!, params, 'checked');
  return `${source} WHERE ${where}
    AND (keyword_candidate.key NOT IN (SELECT key FROM issue_search_unsure)
         OR EXISTS (SELECT 1 FROM issue AS checked WHERE checked.id = issue.id AND ${check}))`;
}

/**
 * A search of one repository by keyword alone (no kind or state), none of its issues unsure, newest or
 * oldest first: its range of the index is the answer. The total is a count of index entries and the page
 * is read off the range in the order of numbers, so no issue row or index entry is visited per match.
 * Undefined for any other search.
 */
function rangePage(
  db: Database,
  filter: IssueFilter,
  candidates: KeywordCandidates,
  paging: Paging,
): { ids: number[]; total: number } | undefined {
  const repoId = singleRepository(filter);
  const sort = filter.sort ?? 'newest';
  if (repoId === undefined || candidates.kind !== 'match') return undefined;
  if (filter.isPull !== undefined || filter.isClosed !== undefined) return undefined;
  if ((sort !== 'newest' && sort !== 'oldest') || anyUnsure(db, filter)) return undefined;
  const within = `issue_fts MATCH ? AND ${repositoryKeyRange('rowid')}`;
  const params = [candidates.query, repoId, repoId];
  const total =
    db.get<{ n: number }>(`SELECT count(*) AS n FROM issue_fts WHERE ${within}`, ...params)?.n ?? 0;
  if (total <= paging.offset) return { ids: [], total };
  const numbers = db
    .all<{ number: number }>(
      `SELECT ${keyNumber('rowid')} AS number FROM issue_fts WHERE ${within}
       ORDER BY rowid ${sort === 'oldest' ? 'ASC' : 'DESC'} LIMIT ? OFFSET ?`,
      ...params,
      paging.limit,
      paging.offset,
    )
    .map((row) => row.number);
  const idByNumber = new Map(
    db
      .all<{ id: number; number: number }>(
        'SELECT id, number FROM issue WHERE repo_id = ? AND number IN (SELECT value FROM json_each(?))',
        repoId,
        JSON.stringify(numbers),
      )
      .map((row) => [row.number, row.id]),
  );
  return { ids: numbers.flatMap((number) => idByNumber.get(number) ?? []), total };
}

/** How many issues match (countableFromIndexes: from indexes). */
function countMatches(db: Database, filter: IssueFilter, candidates: KeywordCandidates | undefined): number {
  const params: SqlValue[] = [];
  const sql =
    candidates && countableFromIndexes(filter, candidates)
      ? `SELECT count(*) AS n FROM ${indexedMatches(db, filter, candidates, params)}`
      : `SELECT count(*) AS n FROM ${candidateSource(candidates, filter, params)} WHERE ${whereClause(filter, params)}`;
  return db.get<{ n: number }>(sql, ...params)?.n ?? 0;
}

// The orders whose columns issue_search_cover holds.
const indexedSorts: ReadonlySet<IssueSort> = new Set([
  'newest',
  'oldest',
  'recentupdate',
  'leastupdate',
  'priorityrepo',
]);

/**
 * For a search countableFromIndexes in an order the index holds: one pass over the candidates' index
 * entries keeps the matches' order columns, which are then counted and sorted for the page; whole rows
 * load for the page only. A page past the last has no row to carry the total: it is counted apart.
 * Undefined for the other orders.
 */
function indexedPage(
  db: Database,
  filter: IssueFilter,
  candidates: KeywordCandidates,
  paging: Paging,
): { ids: number[]; total: number } | undefined {
  if (!indexedSorts.has(filter.sort ?? 'newest')) return undefined;
  const params: SqlValue[] = [];
  const matches = indexedMatches(db, filter, candidates, params);
  const order = orderClause(filter, params);
  const kept = [...new Set(['id', ...[...order.matchAll(/issue\.(\w+)/g)].map((m) => m[1]!)])]
    .map((column) => `issue.${column} AS ${column}`)
    .join(', ');
  const page = db.all<{ id: number; total: number }>(
    `WITH matched AS MATERIALIZED (SELECT ${kept} FROM ${matches})
     SELECT issue.id AS id, (SELECT count(*) FROM matched) AS total FROM matched AS issue
     ORDER BY ${order} LIMIT ? OFFSET ?`,
    ...params,
    paging.limit,
    paging.offset,
  );
  const first = page[0];
  if (!first) return { ids: [], total: paging.offset === 0 ? 0 : countMatches(db, filter, candidates) };
  return { ids: page.map((row) => row.id), total: first.total };
}

/** Whole rows for the given ids, in the given order. */
function issuesInOrder(db: Database, ids: readonly number[]): IssueRow[] {
  const rows = db.all<IssueRow>(
    'SELECT * FROM issue WHERE id IN (SELECT value FROM json_each(?))',
    JSON.stringify(ids),
  );
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** A page of issues matching the filter, and how many match in all (counters, else a count from indexes). */
export function listIssues(
  db: Database,
  filter: IssueFilter,
  paging: Paging,
): { rows: IssueRow[]; total: number } {
  return pageOfIssues<IssueRow>(db, filter, paging, 'issue.*', (ids) => issuesInOrder(db, ids));
}

/** The same page as ids only: a page whose issues are shaped already reads no row (convert/serialisedCache). */
export function listIssueIds(
  db: Database,
  filter: IssueFilter,
  paging: Paging,
): { ids: number[]; total: number } {
  return db.memo(`issueIds:${JSON.stringify(filter)}:${paging.limit}:${paging.offset}`, () => {
    const { rows, total } = pageOfIssues<{ id: number }>(db, filter, paging, 'issue.id', (ids) =>
      ids.map((id) => ({ id })),
    );
    return { ids: rows.map((row) => row.id), total };
  });
}

function pageOfIssues<Row>(
  db: Database,
  filter: IssueFilter,
  paging: Paging,
  columns: 'issue.*' | 'issue.id',
  /** The rows of a page the indexes gave as ids. */
  fromIds: (ids: number[]) => Row[],
): { rows: Row[]; total: number } {
  if (filter.repoIds.length === 0) return { rows: [], total: 0 };
  const candidates = searchCandidates(db, filter);
  const indexed =
    candidates && countableFromIndexes(filter, candidates)
      ? (rangePage(db, filter, candidates, paging) ?? indexedPage(db, filter, candidates, paging))
      : undefined;
  if (indexed) return { rows: fromIds(indexed.ids), total: indexed.total };
  const total = totalFromCounters(db, filter) ?? countMatches(db, filter, candidates);
  if (total === 0 || paging.offset >= total) return { rows: [], total };
  const params: SqlValue[] = [];
  const source = candidateSource(candidates, filter, params);
  const where = whereClause(filter, params);
  const order = orderClause(filter, params);
  const rows = db.all<Row>(
    `SELECT ${columns} FROM ${source} WHERE ${where} ORDER BY ${order} LIMIT ? OFFSET ?`,
    ...params,
    paging.limit,
    paging.offset,
  );
  return { rows, total };
}
