import type { Database, SqlValue } from './database';

/**
 * The issues a keyword search can match, read from the trigram index (`issue_fts`) instead of a scan: a
 * SELECT of distinct ids (`id`), a superset of the rows the LIKE condition accepts. A keyword of three
 * characters and more is one FTS5 phrase; one of two ASCII characters is the trigrams beginning with it
 * (from `issue_fts_terms`, one FTS5 query) plus the titles and bodies ending with it (`issue_title_tail`,
 * `issue_content_tail`): an occurrence either starts a trigram or sits in the last two characters.
 * Undefined when the index cannot answer (another short keyword): the scan then decides alone.
 */

// The user's text as one FTS5 string: no operator, column filter or wildcard inside it is read as syntax.
const ftsString = (text: string): string => `"${text.replaceAll('"', '""')}"`;

// Two printable ASCII characters: trigrams are stored case-folded, which for ASCII is lower-casing.
const twoAsciiCharacters = /^[\x20-\x7e]{2}$/;

// Beyond this many trigrams an FTS5 query of them all costs more than reading the vocabulary's instances.
const maxTerms = 1_000;

export interface KeywordCandidates {
  sql: string;
  params: SqlValue[];
}

/** The candidates of a lower-cased keyword, or undefined when only a scan can find its matches. */
export function keywordCandidates(db: Database, keyword: string): KeywordCandidates | undefined {
  if ([...keyword].length >= 3) {
    return { sql: 'SELECT rowid AS id FROM issue_fts WHERE issue_fts MATCH ?', params: [ftsString(keyword)] };
  }
  if (!twoAsciiCharacters.test(keyword)) return undefined;
  const next = `${keyword[0]!}${String.fromCharCode(keyword.charCodeAt(1) + 1)}`;
  const tails = `SELECT id FROM issue WHERE substr(lower(title), -2) = ?
    UNION SELECT id FROM issue WHERE substr(lower(content), -2) = ?`;
  const terms = db
    .all<{ term: string }>(
      'SELECT term FROM issue_fts_terms WHERE term >= ? AND term < ? LIMIT ?',
      keyword,
      next,
      maxTerms + 1,
    )
    .map((row) => row.term);
  if (terms.length === 0) return { sql: tails, params: [keyword, keyword] };
  if (terms.length > maxTerms) {
    return {
      sql: `SELECT doc AS id FROM issue_fts_vocab WHERE term >= ? AND term < ? UNION ${tails}`,
      params: [keyword, next, keyword, keyword],
    };
  }
  // The trigram matches come distinct; a tail adds its issue only when no trigram found it.
  const query = terms.map(ftsString).join(' OR ');
  return {
    sql: `SELECT rowid AS id FROM issue_fts WHERE issue_fts MATCH ?
      UNION ALL SELECT id FROM (${tails}) AS tail
        WHERE NOT EXISTS (SELECT 1 FROM issue_fts WHERE issue_fts MATCH ? AND rowid = tail.id)`,
    params: [query, keyword, keyword, query],
  };
}

/**
 * Whether, for an issue whose title and body are ASCII without NUL (not in `issue_search_unsure`), being a
 * candidate of this keyword is the LIKE match itself: for an ASCII keyword the index folds as lower() does.
 */
export const candidatesExactForAsciiIssues = (keyword: string): boolean =>
  [...keyword].every((c) => c > '\0' && c <= '\x7f');
