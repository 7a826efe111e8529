import type { Database, SqlValue } from './database';
import type { RepositoryRow } from './repositories';
import { candidateIds } from './repositorySearchCandidates';

/**
 * Finding repositories by their own attributes (owner, name, flags, stars, teams). Who may see the rows is
 * not decided here: the permission module supplies the visibility condition (findRepositoryIds), or callers
 * filter the result through it.
 */

export const repositorySortKeys = [
  'alpha',
  'created',
  'updated',
  'size',
  'git_size',
  'lfs_size',
  'id',
  'stars',
  'forks',
] as const;
export type RepositorySortKey = (typeof repositorySortKeys)[number];

const sortColumns: Readonly<Record<RepositorySortKey, string>> = {
  alpha: 'repository.owner_name COLLATE NOCASE {dir}, repository.lower_name {dir}',
  created: 'repository.created {dir}',
  updated: 'repository.updated {dir}',
  size: 'repository.size {dir}',
  git_size: 'repository.size {dir}',
  lfs_size: 'repository.size {dir}',
  id: 'repository.id {dir}',
  stars: 'repository.num_stars {dir}',
  forks: 'repository.num_forks {dir}',
};

/** How a user relates to the repositories of a `relatedTo` filter. */
export type Relation = 'owned' | 'collaborative' | 'ownedOrCollaborative';

export interface RepositoryFilter {
  ownerId?: number;
  /** Repositories the user owns and/or reaches as a collaborator or through an organization team. */
  relatedTo?: { userId: number; relation: Relation };
  /** Any of the keywords (comma-separated in the API) as a case-insensitive substring of the name. */
  keywords?: readonly string[];
  includeDescription?: boolean;
  /** Keywords match topics exactly instead of names. */
  topicOnly?: boolean;
  fork?: boolean;
  mirror?: boolean;
  template?: boolean;
  archived?: boolean;
  isPrivate?: boolean;
  starredBy?: number;
  teamId?: number;
  sort?: RepositorySortKey;
  order?: 'asc' | 'desc';
  /** This owner's repositories come first. */
  priorityOwnerId?: number;
}

// The user reaches the repository as a collaborator or through a team of the owning organization.
const collaborativeCondition = `(
  EXISTS (SELECT 1 FROM collaboration c WHERE c.repo_id = repository.id AND c.user_id = ?)
  OR EXISTS (SELECT 1 FROM team t JOIN team_user tu ON tu.team_id = t.id
             WHERE t.org_id = repository.owner_id AND tu.uid = ?
               AND (t.authorize = 'owner' OR t.includes_all_repositories = 1
                    OR EXISTS (SELECT 1 FROM team_repo tr WHERE tr.team_id = t.id AND tr.repo_id = repository.id))))`;

const escapeLike = (text: string): string => text.replace(/[\\%_]/g, (c) => `\\${c}`);

function flag(conditions: string[], params: SqlValue[], column: string, value: boolean | undefined): void {
  if (value === undefined) return;
  conditions.push(`repository.${column} = ?`);
  params.push(value ? 1 : 0);
}

function relationCondition(
  relatedTo: NonNullable<RepositoryFilter['relatedTo']>,
  params: SqlValue[],
): string {
  const { userId, relation } = relatedTo;
  if (relation === 'owned') {
    params.push(userId);
    return 'repository.owner_id = ?';
  }
  if (relation === 'collaborative') {
    params.push(userId, userId, userId);
    return `(repository.owner_id != ? AND ${collaborativeCondition})`;
  }
  params.push(userId, userId, userId);
  return `(repository.owner_id = ? OR ${collaborativeCondition})`;
}

// Most repositories have no topics: the cheap comparison spares json_each on every row of a scan.
const topicMatches = (operator: '=' | 'LIKE'): string =>
  `(repository.topics != '[]' AND EXISTS (SELECT 1 FROM json_each(repository.topics) WHERE lower(json_each.value) ${operator} ?${operator === 'LIKE' ? " ESCAPE '\\'" : ''}))`;

/**
 * Gitea's keyword match: each comma-separated keyword is a substring of the name or of a topic (or of the
 * description with includeDesc); `owner/name` matches both parts; with topicOnly, a topic equals it.
 */
function keywordCondition(
  filter: RepositoryFilter,
  params: SqlValue[],
): { exact: string; candidates?: SqlCondition } | undefined {
  const exactParams: SqlValue[] = [];
  const keywords = searchKeywords(filter);
  if (keywords.length === 0) return undefined;
  const alternatives = keywords.map((keyword) => {
    if (filter.topicOnly) {
      exactParams.push(keyword);
      return topicMatches('=');
    }
    const like = (text: string): string => `%${escapeLike(text)}%`;
    const parts = ["repository.lower_name LIKE ? ESCAPE '\\'", topicMatches('LIKE')];
    exactParams.push(like(keyword), like(keyword));
    const slash = keyword.split('/');
    if (slash.length === 2 && filter.teamId === undefined) {
      parts.push(
        "(lower(repository.owner_name) LIKE ? ESCAPE '\\' AND repository.lower_name LIKE ? ESCAPE '\\')",
      );
      exactParams.push(like(slash[0] ?? ''), like(slash[1] ?? ''));
    }
    if (filter.includeDescription) {
      parts.push("lower(repository.description) LIKE ? ESCAPE '\\'");
      exactParams.push(like(keyword));
    }
    return `(${parts.join(' OR ')})`;
  });
  const exact = `(${alternatives.join(' OR ')})`;
  const candidateParams: SqlValue[] = [];
  const candidates = filter.topicOnly
    ? undefined
    : candidateIds(
        {
          keywords,
          includeDescription: filter.includeDescription === true,
          ownerSlashName: filter.teamId === undefined,
        },
        candidateParams,
      );
  params.push(...exactParams);
  // the indexes name the candidates; the LIKE conditions decide, exactly as without them
  return candidates ? { exact, candidates: { sql: candidates, params: candidateParams } } : { exact };
}

/** A SQL condition over `repository` with its parameters. */
export interface SqlCondition {
  sql: string;
  params: SqlValue[];
}

interface SearchQuery {
  /** `repository`, or the search indexes' candidates driving the row lookups (CROSS JOIN keeps that order) */
  from: SqlCondition;
  where: SqlCondition;
  order: SqlCondition;
}

/**
 * `candidates`: the search indexes' candidates drive the lookups (a scan without them); `nameOrder`: the
 * repositories are walked in the alphabetical order of `repository_alpha`, so that a page of a frequent
 * match stops after its last row instead of sorting every match.
 */
type Drive = 'candidates' | 'nameOrder';

function searchQuery(filter: RepositoryFilter, drive: Drive = 'candidates'): SearchQuery {
  const conditions: string[] = [];
  const params: SqlValue[] = [];
  if (filter.ownerId !== undefined) {
    conditions.push('repository.owner_id = ?');
    params.push(filter.ownerId);
  }
  if (filter.relatedTo) conditions.push(relationCondition(filter.relatedTo, params));
  const keyword = keywordCondition(filter, params);
  if (keyword) conditions.push(keyword.exact);
  flag(conditions, params, 'is_fork', filter.fork);
  flag(conditions, params, 'is_mirror', filter.mirror);
  flag(conditions, params, 'is_template', filter.template);
  flag(conditions, params, 'is_archived', filter.archived);
  flag(conditions, params, 'is_private', filter.isPrivate);
  if (filter.starredBy !== undefined) {
    conditions.push('EXISTS (SELECT 1 FROM star WHERE star.repo_id = repository.id AND star.uid = ?)');
    params.push(filter.starredBy);
  }
  if (filter.teamId !== undefined) {
    conditions.push(`EXISTS (SELECT 1 FROM team WHERE team.id = ? AND team.org_id = repository.owner_id
      AND (team.includes_all_repositories = 1
           OR EXISTS (SELECT 1 FROM team_repo WHERE team_repo.team_id = team.id AND team_repo.repo_id = repository.id)))`);
    params.push(filter.teamId);
  }
  const orderParts: string[] = [];
  const orderParams: SqlValue[] = [];
  if (filter.priorityOwnerId !== undefined) {
    orderParts.push('(repository.owner_id = ?) DESC');
    orderParams.push(filter.priorityOwnerId);
  }
  const direction = filter.order === 'desc' ? 'DESC' : 'ASC';
  orderParts.push(
    sortColumns[filter.sort ?? 'alpha'].replaceAll('{dir}', direction),
    `repository.id ${direction}`,
  );
  const candidates = drive === 'candidates' ? keyword?.candidates : undefined;
  return {
    from:
      drive === 'nameOrder'
        ? { sql: 'repository INDEXED BY repository_alpha', params: [] }
        : candidates
          ? {
              sql: `(${candidates.sql}) AS search_candidate CROSS JOIN repository ON repository.id = search_candidate.id`,
              params: candidates.params,
            }
          : { sql: 'repository', params: [] },
    where: { sql: conditions.length > 0 ? conditions.join(' AND ') : '1', params },
    order: { sql: orderParts.join(', '), params: orderParams },
  };
}

/** The filter's conditions over `repository` (keywords, owner, team, flags), without an order. */
export const repositoryConditions = (filter: RepositoryFilter): SqlCondition => searchQuery(filter).where;

/** Every repository matching the filter, in the requested order (id breaks ties). */
export function findRepositories(db: Database, filter: RepositoryFilter): RepositoryRow[] {
  const { from, where, order } = searchQuery(filter);
  return db.all<RepositoryRow>(
    `SELECT repository.* FROM ${from.sql} WHERE ${where.sql} ORDER BY ${order.sql}`,
    ...from.params,
    ...where.params,
    ...order.params,
  );
}

/**
 * Over the repositories matching the filter and `candidate`, in one pass: how many `sure` holds for, and the
 * ids of the others (which the caller decides).
 */
export function countSureRepositories(
  db: Database,
  filter: RepositoryFilter,
  candidate: SqlCondition,
  sure: SqlCondition,
): { sure: number; undecided: number[] } {
  const { from, where } = searchQuery(filter);
  const row = db.get<{ sure: number | null; undecided: string }>(
    `SELECT sum((${sure.sql}) IS 1) AS sure,
       json_group_array(repository.id) FILTER (WHERE (${sure.sql}) IS NOT 1) AS undecided
     FROM ${from.sql} WHERE ${where.sql} AND (${candidate.sql})`,
    ...sure.params,
    ...sure.params,
    ...from.params,
    ...where.params,
    ...candidate.params,
  );
  return { sure: row?.sure ?? 0, undecided: row ? (JSON.parse(row.undecided) as number[]) : [] };
}

/** The columns the filter's order reads (sortColumns, priorityOwnerId), and the id. */
function orderColumns(filter: RepositoryFilter): string[] {
  const sorted = [...sortColumns[filter.sort ?? 'alpha'].matchAll(/repository\.(\w+)/g)].map((m) => m[1]!);
  return [...new Set(['id', ...sorted, ...(filter.priorityOwnerId !== undefined ? ['owner_id'] : [])])];
}

/**
 * One page of the repositories matching the filter and `candidate`, in the requested order, with (over all of
 * them) how many `sure` holds for and the ids of the others. One pass reads the matches' rows and keeps their
 * order columns and `sure`, which are then counted and sorted (a window over the rows would carry each
 * whole row to the sort). Undefined when the page is empty (no match, or past the last).
 */
export function pageOfCandidateRepositories(
  db: Database,
  filter: RepositoryFilter,
  candidate: SqlCondition,
  sure: SqlCondition,
  page: { limit: number; offset: number },
): { ids: number[]; sure: number; undecided: number[] } | undefined {
  const { from, where, order } = searchQuery(filter);
  const kept = orderColumns(filter)
    .map((column) => `repository.${column} AS ${column}`)
    .join(', ');
  const rows = db.all<{ id: number; sure: number; undecided: string }>(
    `WITH matched AS MATERIALIZED (
       SELECT ${kept}, (${sure.sql}) IS 1 AS is_sure
       FROM ${from.sql} WHERE ${where.sql} AND (${candidate.sql}))
     SELECT repository.id AS id,
       (SELECT count(*) FROM matched WHERE is_sure) AS sure,
       (SELECT json_group_array(id) FROM matched WHERE NOT is_sure) AS undecided
     FROM matched AS repository ORDER BY ${order.sql} LIMIT ? OFFSET ?`,
    ...sure.params,
    ...from.params,
    ...where.params,
    ...candidate.params,
    ...order.params,
    page.limit,
    page.offset,
  );
  const first = rows[0];
  if (!first) return undefined;
  return {
    ids: rows.map((row) => row.id),
    sure: first.sure,
    undecided: JSON.parse(first.undecided) as number[],
  };
}

/**
 * One page of the ids matching the filter and `condition`, in the requested order (id breaks ties);
 * `nameOrder` (for the alphabetical order only) walks the repositories in that order.
 */
export function pageOfRepositoryIds(
  db: Database,
  filter: RepositoryFilter,
  condition: SqlCondition,
  page: { limit: number; offset: number },
  drive: Drive = 'candidates',
): number[] {
  const { from, where, order } = searchQuery(filter, drive);
  return db
    .all<{ id: number }>(
      `SELECT repository.id AS id FROM ${from.sql} WHERE ${where.sql} AND (${condition.sql})
       ORDER BY ${order.sql} LIMIT ? OFFSET ?`,
      ...from.params,
      ...where.params,
      ...condition.params,
      ...order.params,
      page.limit,
      page.offset,
    )
    .map((row) => row.id);
}

/** Repository ids split by a `sure` condition: the others are undecided (only candidates). */
export interface ClassifiedIds {
  sure: number[];
  undecided: number[];
}

/** Rows of ids with whether `sure` held (1), split into the sure and the undecided. */
export const splitBySure = (rows: readonly { id: number; sure: number }[]): ClassifiedIds => ({
  sure: rows.filter((row) => row.sure === 1).map((row) => row.id),
  undecided: rows.filter((row) => row.sure !== 1).map((row) => row.id),
});

/** Of the given repositories, those `candidate` holds for, split by `sure`; the others are never visible. */
export function classifyRepositories(
  db: Database,
  ids: readonly number[],
  sure: SqlCondition,
  candidate: SqlCondition,
): ClassifiedIds {
  const rows = db.all<{ id: number; sure: number }>(
    `SELECT id, (${sure.sql}) IS 1 AS sure
     FROM repository WHERE id IN (SELECT value FROM json_each(?)) AND (${candidate.sql})`,
    ...sure.params,
    JSON.stringify(ids),
    ...candidate.params,
  );
  return splitBySure(rows);
}

/** The keywords of a search as they are matched: trimmed, lower-cased, empty ones dropped. */
export const searchKeywords = (filter: RepositoryFilter): string[] =>
  (filter.keywords ?? []).map((k) => k.trim().toLowerCase()).filter((k) => k !== '');

/** Whole rows for the given ids, in the given order. */
export function repositoriesInOrder(db: Database, ids: readonly number[]): RepositoryRow[] {
  if (ids.length === 0) return [];
  const rows = db.all<RepositoryRow>(
    'SELECT * FROM repository WHERE id IN (SELECT value FROM json_each(?))',
    JSON.stringify(ids),
  );
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}
