import type { Database } from './database';
import { searchKeywords, type RepositoryFilter, type SqlCondition } from './repositorySearch';

/**
 * A search by one keyword of one or two characters, counted from `repository_gram` (migration 64) without
 * visiting its matches: for such a keyword a row of the table is exactly a repository whose name or a
 * topic holds it (the search's LIKE conditions), and the row carries what decides whether everyone sees it.
 */

// The filter fields such a search may set; any other narrows beyond what the table holds.
const gramFilterFields: ReadonlySet<string> = new Set([
  'keywords',
  'includeDescription',
  'topicOnly',
  'isPrivate',
  'sort',
  'order',
]);

/**
 * The keyword of a search the table answers exactly, or undefined: one keyword of one or two characters
 * without `/` (which also matches owner and name apart), in names and topics, at most `private=false`
 * beside it, in the default (alphabetical) order.
 */
export function gramKeyword(filter: RepositoryFilter): string | undefined {
  const narrowing = Object.entries(filter).some(
    ([key, value]) => value !== undefined && !gramFilterFields.has(key),
  );
  if (narrowing || filter.includeDescription || filter.topicOnly || filter.isPrivate === true)
    return undefined;
  if ((filter.sort ?? 'alpha') !== 'alpha') return undefined;
  const keywords = searchKeywords(filter);
  const keyword = keywords.length === 1 ? keywords[0]! : undefined;
  if (keyword === undefined || [...keyword].length > 2 || keyword.includes('/')) return undefined;
  return keyword;
}

/** How many repositories hold the keyword and satisfy `condition` over `repository_gram`. */
export const countGramRepositories = (db: Database, keyword: string, condition: SqlCondition): number =>
  db.get<{ n: number }>(
    `SELECT count(*) AS n FROM repository_gram WHERE gram = ? AND (${condition.sql})`,
    keyword,
    ...condition.params,
  )?.n ?? 0;

/** The ids of the repositories holding the keyword that satisfy `condition` over `repository_gram`. */
export const gramRepositoryIds = (db: Database, keyword: string, condition: SqlCondition): number[] =>
  db
    .all<{ id: number }>(
      `SELECT repo_id AS id FROM repository_gram WHERE gram = ? AND (${condition.sql})`,
      keyword,
      ...condition.params,
    )
    .map((row) => row.id);

/** The highest repository id: about how many rows a walk of the whole table would visit. */
export const lastRepositoryId = (db: Database): number =>
  db.get<{ n: number | null }>('SELECT max(id) AS n FROM repository')?.n ?? 0;
