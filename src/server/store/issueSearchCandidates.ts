import type { Database, SqlValue } from './database';

/**
 * The issues a keyword search can match, read from the trigram index (`issue_fts`, migration 63) instead of
 * a scan: a superset of the issues the LIKE condition accepts, as index rowids — search keys, repo_id << 32
 * | number. A keyword of three characters and more is one FTS5 phrase; one of two ASCII characters is the
 * trigrams beginning with it (from `issue_fts_terms`), which the padding of every indexed text makes
 * complete: an occurrence in the last two characters starts a trigram too. Undefined when the index cannot
 * answer (another short keyword): the scan then decides alone.
 */
export type KeywordCandidates =
  /** one FTS5 query: its rowids come distinct and in order, and a rowid range narrows it to a repository */
  | { kind: 'match'; query: string }
  /** more trigrams than one query should hold: their instances, read from the vocabulary */
  | { kind: 'terms'; from: string; to: string }
  /** no indexed text holds the keyword */
  | { kind: 'none' };

// The user's text as one FTS5 string: no operator, column filter or wildcard inside it is read as syntax.
const ftsString = (text: string): string => `"${text.replaceAll('"', '""')}"`;

// Two printable ASCII characters: trigrams are stored case-folded, which for ASCII is lower-casing.
const twoAsciiCharacters = /^[\x20-\x7e]{2}$/;

// Beyond this many trigrams an FTS5 query of them all costs more than reading the vocabulary's instances.
const maxTerms = 1_000;

/** The candidates of a lower-cased keyword, or undefined when only a scan can find its matches. */
export function keywordCandidates(db: Database, keyword: string): KeywordCandidates | undefined {
  if ([...keyword].length >= 3) return { kind: 'match', query: ftsString(keyword) };
  if (!twoAsciiCharacters.test(keyword)) return undefined;
  const next = `${keyword[0]!}${String.fromCharCode(keyword.charCodeAt(1) + 1)}`;
  const terms = db
    .all<{ term: string }>(
      'SELECT term FROM issue_fts_terms WHERE term >= ? AND term < ? LIMIT ?',
      keyword,
      next,
      maxTerms + 1,
    )
    .map((row) => row.term);
  if (terms.length === 0) return { kind: 'none' };
  if (terms.length > maxTerms) return { kind: 'terms', from: keyword, to: next };
  return { kind: 'match', query: terms.map(ftsString).join(' OR ') };
}

/** A search key's repository id and issue number, as SQL over the key in `column`. */
export const keyRepository = (column: string): string => `(${column} >> 32)`;
export const keyNumber = (column: string): string => `(${column} & 4294967295)`;

/** The rowids of one repository's issues in `issue_fts`: its range of search keys (`?` = the repository id). */
export const repositoryKeyRange = (column: string): string =>
  `${column} BETWEEN (? << 32) AND (? << 32) + 4294967295`;

/** The candidates' search keys as a SELECT of `key`, within one repository's range when it is given. */
export function candidateKeys(
  candidates: KeywordCandidates,
  repoId: number | undefined,
): { sql: string; params: SqlValue[] } {
  const range = (column: string): { condition: string; params: SqlValue[] } =>
    repoId === undefined
      ? { condition: '', params: [] }
      : { condition: ` AND ${repositoryKeyRange(column)}`, params: [repoId, repoId] };
  switch (candidates.kind) {
    case 'match': {
      const { condition, params } = range('rowid');
      return {
        sql: `SELECT rowid AS key FROM issue_fts WHERE issue_fts MATCH ?${condition}`,
        params: [candidates.query, ...params],
      };
    }
    case 'terms': {
      const { condition, params } = range('doc');
      return {
        sql: `SELECT DISTINCT doc AS key FROM issue_fts_vocab WHERE term >= ? AND term < ?${condition}`,
        params: [candidates.from, candidates.to, ...params],
      };
    }
    case 'none':
      return { sql: 'SELECT NULL AS key WHERE 0', params: [] };
  }
}

/**
 * Whether, for an issue whose title and body are ASCII without NUL (not in `issue_search_unsure`), being a
 * candidate of this keyword is the LIKE match itself: for an ASCII keyword the index folds as lower() does.
 */
export const candidatesExactForAsciiIssues = (keyword: string): boolean =>
  [...keyword].every((c) => c > '\0' && c <= '\x7f');
