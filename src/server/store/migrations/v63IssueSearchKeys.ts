/**
 * Issue #17, issue search totals at the speed of the index. The trigram index `issue_fts` is rebuilt
 * contentless and keyed by the issue's place instead of its id: rowid = repo_id << 32 | number (numbers are
 * per repository and never reach 2^32). A search in one repository is then a rowid range of the index, in the
 * order of numbers: its total is a count of index entries and its newest/oldest page the range read
 * backwards/forwards, without visiting one issue row per match.
 * Every text is indexed with two private-use characters (U+E000) appended, so that an occurrence in the last
 * two characters also starts a trigram: a two-character keyword is the trigrams beginning with it, and the
 * tail indexes of migration 58 go. A keyword holding U+E000 is not ASCII, so the LIKE check still decides it.
 * `issue_search_unsure` (issues whose title or body is not ASCII without NUL, for which an index match need
 * not be a LIKE match) is keyed the same way, so a repository's range shows whether it has any.
 * Triggers keep both in step with every write path; the contentless 'delete' gets the values it was given.
 */
export const issueSearchKey = (row: string): string => `((${row}.repo_id << 32) + ${row}.number)`;

export const issueSearchPadding = 'char(57344, 57344)';

const indexed = (row: 'new' | 'old' | 'issue'): string =>
  `${issueSearchKey(row)}, ${row}.title || ${issueSearchPadding}, ${row}.content || ${issueSearchPadding}`;

const unsure = (row: 'new' | 'issue'): string =>
  `length(CAST(${row}.title AS BLOB)) <> length(${row}.title) OR length(CAST(${row}.content AS BLOB)) <> length(${row}.content)`;

export const issueSearchKeysSchema = `
DROP TRIGGER issue_fts_insert;
DROP TRIGGER issue_fts_delete;
DROP TRIGGER issue_fts_update;
DROP TRIGGER issue_search_unsure_insert;
DROP TRIGGER issue_search_unsure_update;
DROP TRIGGER issue_search_unsure_delete;
DROP TABLE issue_fts_vocab;
DROP TABLE issue_fts_terms;
DROP TABLE issue_fts;
DROP TABLE issue_search_unsure;
DROP INDEX issue_title_tail;
DROP INDEX issue_content_tail;
DROP INDEX issue_search_cover;

CREATE VIRTUAL TABLE issue_fts USING fts5 (title, content, content = '', tokenize = 'trigram');
CREATE VIRTUAL TABLE issue_fts_terms USING fts5vocab (issue_fts, row);
CREATE VIRTUAL TABLE issue_fts_vocab USING fts5vocab (issue_fts, instance);
CREATE TABLE issue_search_unsure (key INTEGER PRIMARY KEY);
-- a candidate's kind, state and the usual orders' columns (and its id) from its place, without its row
CREATE INDEX issue_search_cover ON issue (repo_id, number, is_pull, is_closed, created, updated);

CREATE TRIGGER issue_search_insert AFTER INSERT ON issue BEGIN
  INSERT INTO issue_fts (rowid, title, content) VALUES (${indexed('new')});
  INSERT INTO issue_search_unsure (key) SELECT ${issueSearchKey('new')} WHERE ${unsure('new')};
END;
CREATE TRIGGER issue_search_delete AFTER DELETE ON issue BEGIN
  INSERT INTO issue_fts (issue_fts, rowid, title, content) VALUES ('delete', ${indexed('old')});
  DELETE FROM issue_search_unsure WHERE key = ${issueSearchKey('old')};
END;
CREATE TRIGGER issue_search_update AFTER UPDATE OF repo_id, number, title, content ON issue BEGIN
  INSERT INTO issue_fts (issue_fts, rowid, title, content) VALUES ('delete', ${indexed('old')});
  INSERT INTO issue_fts (rowid, title, content) VALUES (${indexed('new')});
  DELETE FROM issue_search_unsure WHERE key = ${issueSearchKey('old')};
  INSERT INTO issue_search_unsure (key) SELECT ${issueSearchKey('new')} WHERE ${unsure('new')};
END;

INSERT INTO issue_fts (rowid, title, content) SELECT ${indexed('issue')} FROM issue;
INSERT INTO issue_search_unsure (key) SELECT ${issueSearchKey('issue')} FROM issue WHERE ${unsure('issue')};
`;
