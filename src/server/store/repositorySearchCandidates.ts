import type { SqlValue } from './database';

/**
 * The repositories a keyword search can match, read from the search indexes of migration 58 instead of a
 * scan: a superset of the rows the LIKE conditions of repositorySearch accept, which still decide. Keywords
 * of three characters and more go to the FTS5 trigram index, shorter ones to the table of one- and
 * two-character substrings of names and topics. Undefined when an index cannot answer (a short keyword
 * with includeDesc, or a short owner in `owner/`): the scan then decides alone.
 */

export interface CandidateKeywords {
  /** trimmed, lower-cased, non-empty */
  keywords: readonly string[];
  includeDescription: boolean;
  /** `owner/name` keywords also match owner and name apart */
  ownerSlashName: boolean;
}

const characters = (text: string): number => [...text].length;

// The user's text as one FTS5 string: no operator, column filter or wildcard inside it is read as syntax.
const ftsString = (text: string): string => `"${text.replaceAll('"', '""')}"`;

interface Lookups {
  fts: string[];
  grams: string[];
}

/** Adds the lookups that find `text` in the name or topics (and description); false when none can. */
function nameOrTopics(text: string, includeDescription: boolean, lookups: Lookups): boolean {
  if (characters(text) >= 3) {
    const columns = includeDescription ? 'lower_name topics description' : 'lower_name topics';
    lookups.fts.push(`{${columns}} : ${ftsString(text)}`);
    return true;
  }
  if (includeDescription) return false;
  lookups.grams.push(text);
  return true;
}

/** `owner/name`: the name part narrows when it can, else the owner part (an empty part matches all). */
function ownerAndName(owner: string, name: string, lookups: Lookups): boolean {
  if (name !== '') return nameOrTopics(name, false, lookups);
  if (characters(owner) < 3) return false;
  lookups.fts.push(`{owner_name} : ${ftsString(owner)}`);
  return true;
}

/** A SELECT of the candidates' ids (`id`, distinct), or undefined when the scan must decide alone. */
export function candidateIds(search: CandidateKeywords, params: SqlValue[]): string | undefined {
  const lookups: Lookups = { fts: [], grams: [] };
  for (const keyword of search.keywords) {
    if (!nameOrTopics(keyword, search.includeDescription, lookups)) return undefined;
    const slash = keyword.split('/');
    if (search.ownerSlashName && slash.length === 2 && !ownerAndName(slash[0]!, slash[1]!, lookups))
      return undefined;
  }
  const sources: string[] = [];
  if (lookups.fts.length > 0) {
    sources.push('SELECT rowid AS id FROM repository_fts WHERE repository_fts MATCH ?');
    params.push(lookups.fts.map((query) => `(${query})`).join(' OR '));
  }
  const grams = [...new Set(lookups.grams)];
  if (grams.length === 1) {
    // one gram's rows are distinct already (the primary key): no temporary B-tree to drop duplicates
    sources.push('SELECT repo_id AS id FROM repository_gram WHERE gram = ?');
    params.push(grams[0]!);
  } else if (grams.length > 1) {
    sources.push(
      'SELECT DISTINCT repo_id AS id FROM repository_gram WHERE gram IN (SELECT value FROM json_each(?))',
    );
    params.push(JSON.stringify(grams));
  }
  return sources.join(' UNION ');
}
