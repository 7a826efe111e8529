/**
 * Issue #17, search totals without reading every match. For a keyword the trigram index answers exactly —
 * an ASCII keyword, in an issue whose title and body are ASCII without NUL (SQLite's lower() and LIKE fold
 * ASCII only and stop at a NUL; the trigram tokenizer folds Unicode and reads past it) — an index match is
 * a LIKE match, so the total is counted from indexes alone:
 * - `issue_search_cover` answers a candidate's repository, kind, state and the usual orders' columns (number,
 *   creation, update) without its row;
 * - `issue_search_unsure` lists the issues the index is not exact for (their matches are still checked);
 * - `issue_fts_terms` lists the trigram vocabulary by term: a two-character keyword becomes one FTS5 query
 *   of the trigrams beginning with it, whose matches come distinct and in order.
 */
const unsure = (row: 'new' | 'issue'): string =>
  `length(CAST(${row}.title AS BLOB)) <> length(${row}.title) OR length(CAST(${row}.content AS BLOB)) <> length(${row}.content)`;

export const searchCountsSchema = `
CREATE VIRTUAL TABLE issue_fts_terms USING fts5vocab (issue_fts, row);
CREATE INDEX issue_search_cover ON issue (id, repo_id, is_pull, is_closed, number, created, updated);
CREATE TABLE issue_search_unsure (id INTEGER PRIMARY KEY);

CREATE TRIGGER issue_search_unsure_insert AFTER INSERT ON issue WHEN ${unsure('new')} BEGIN
  INSERT OR IGNORE INTO issue_search_unsure (id) VALUES (new.id);
END;
CREATE TRIGGER issue_search_unsure_update AFTER UPDATE OF title, content ON issue BEGIN
  DELETE FROM issue_search_unsure WHERE id = old.id;
  INSERT OR IGNORE INTO issue_search_unsure (id) SELECT new.id WHERE ${unsure('new')};
END;
CREATE TRIGGER issue_search_unsure_delete AFTER DELETE ON issue BEGIN
  DELETE FROM issue_search_unsure WHERE id = old.id;
END;

INSERT INTO issue_search_unsure (id)
  SELECT id FROM issue WHERE ${unsure('issue')};
`;
