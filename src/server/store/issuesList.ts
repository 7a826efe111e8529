import { issueSortTypes } from '../../api/catalogue/params';
import type { Paging } from '../domain/paging';
import { type Database, type SqlValue } from './database';
import type { IssueRow } from './issues';

/** Gitea's issue sort types, as the catalogue declares them. */
export { issueSortTypes };
export type IssueSort = (typeof issueSortTypes)[number];

export interface IssueFilter {
  /** one repository, or several (the cross-repository search) */
  repoIds: readonly number[];
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

const escapeLike = (text: string): string => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Up to this many issues in the searched repositories, a keyword search scans them (about a millisecond). */
const keywordScanLimit = 5_000;

// LIKE over title and body: the semantics of the keyword, whichever way the candidates are found.
function keywordCondition(keyword: string, params: SqlValue[]): string {
  const like = `%${escapeLike(keyword.toLowerCase())}%`;
  params.push(like, like);
  return "(lower(issue.title) LIKE ? ESCAPE '\\' OR lower(issue.content) LIKE ? ESCAPE '\\')";
}

// The search indexes' candidates, looked up one by one (CROSS JOIN keeps that order: otherwise SQLite walks
// the repository's whole index and probes the candidates).
const candidatesOf = (select: string): string =>
  `(${select}) AS keyword_candidate CROSS JOIN issue ON issue.id = keyword_candidate.id`;

// Two printable ASCII characters: trigrams are stored case-folded, which for ASCII is lower-casing.
const twoAsciiCharacters = /^[\x20-\x7e]{2}$/;

/**
 * Where the rows come from. In repositories of many issues the keyword's candidates come from indexes, a
 * superset of the LIKE matches: a keyword of three characters or more from the FTS5 trigram index
 * (`issue_fts`); one of two ASCII characters from the trigrams that begin with it plus the titles and
 * bodies that end with it (migration 58). Small repositories are scanned: cheaper than reading the index's
 * matches in every repository. Other short keywords scan too.
 */
function issueSource(db: Database, filter: IssueFilter, params: SqlValue[]): string {
  const keyword = filter.keyword?.toLowerCase();
  if (!keyword) return 'issue';
  const long = [...keyword].length >= 3;
  if (!long && !twoAsciiCharacters.test(keyword)) return 'issue';
  const issues =
    db.get<{ n: number | null }>(
      'SELECT sum(num_issues + num_pulls) AS n FROM repository WHERE id IN (SELECT value FROM json_each(?))',
      JSON.stringify(filter.repoIds),
    )?.n ?? 0;
  if (issues <= keywordScanLimit) return 'issue';
  if (long) {
    // the user's text as one FTS5 string: no operator or column filter inside it is read as syntax
    params.push(`"${keyword.replaceAll('"', '""')}"`);
    return candidatesOf('SELECT rowid AS id FROM issue_fts WHERE issue_fts MATCH ?');
  }
  const next = `${keyword[0]!}${String.fromCharCode(keyword.charCodeAt(1) + 1)}`;
  params.push(keyword, next, keyword, keyword);
  return candidatesOf(`SELECT doc AS id FROM issue_fts_vocab WHERE term >= ? AND term < ?
    UNION SELECT id FROM issue WHERE substr(lower(title), -2) = ?
    UNION SELECT id FROM issue WHERE substr(lower(content), -2) = ?`);
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

function whereClause(filter: IssueFilter, params: SqlValue[]): string {
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
  if (filter.keyword) conditions.push(keywordCondition(filter.keyword, params));
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
  const newest = filter.repoIds.length === 1 ? 'issue.number DESC' : 'issue.created DESC, issue.id DESC';
  switch (filter.sort ?? 'newest') {
    case 'oldest':
      return filter.repoIds.length === 1 ? 'issue.number ASC' : 'issue.created ASC, issue.id ASC';
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
  const { repoIds, isPull, isClosed, ...others } = filter;
  const narrowing = Object.entries(others).filter(([key, value]) => value !== undefined && key !== 'sort');
  if (repoIds.length !== 1 || narrowing.length > 0) return undefined;
  const c = db.get<RepositoryCounters>(
    'SELECT num_issues, num_closed_issues, num_pulls, num_closed_pulls FROM repository WHERE id = ?',
    repoIds[0]!,
  );
  if (!c) return 0;
  const count = (all: number, closed: number): number =>
    isClosed === undefined ? all : isClosed ? closed : all - closed;
  const issues = isPull === true ? 0 : count(c.num_issues, c.num_closed_issues);
  const pulls = isPull === false ? 0 : count(c.num_pulls, c.num_closed_pulls);
  return issues + pulls;
}

/** A page of issues matching the filter, and how many match in all (counters, else an index-only count). */
export function listIssues(
  db: Database,
  filter: IssueFilter,
  paging: Paging,
): { rows: IssueRow[]; total: number } {
  if (filter.repoIds.length === 0) return { rows: [], total: 0 };
  const countParams: SqlValue[] = [];
  const source = issueSource(db, filter, countParams);
  const where = whereClause(filter, countParams);
  const total =
    totalFromCounters(db, filter) ??
    db.get<{ n: number }>(`SELECT count(*) AS n FROM ${source} WHERE ${where}`, ...countParams)?.n ??
    0;
  if (total === 0 || paging.offset >= total) return { rows: [], total };
  const params: SqlValue[] = [];
  const sourceAgain = issueSource(db, filter, params);
  const whereAgain = whereClause(filter, params);
  const order = orderClause(filter, params);
  const rows = db.all<IssueRow>(
    `SELECT issue.* FROM ${sourceAgain} WHERE ${whereAgain} ORDER BY ${order} LIMIT ? OFFSET ?`,
    ...params,
    paging.limit,
    paging.offset,
  );
  return { rows, total };
}
