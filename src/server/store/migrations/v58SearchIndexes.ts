/**
 * Issue #17, search that scales. Two indexes answer the repository search's substring match so that it reads
 * only candidate rows (the LIKE conditions then decide exactly, as before):
 * - `repository_fts`, an FTS5 trigram index over the name, topics, description and owner name, for keywords
 *   of three characters and more (a trigram needs three);
 * - `repository_gram`, every distinct one- and two-character substring of the name and of the topics, for
 *   the shorter keywords. `search_position` numbers the characters a trigger cuts them at (triggers cannot
 *   use a recursive CTE); texts are at most `maxIndexedLength` characters (names 100, topics 25 × 35).
 * Issue search by a two-character keyword reads the trigrams of `issue_fts` that begin with it
 * (`issue_fts_vocab`) and the titles and bodies that end with it (`issue_title_tail`, `issue_content_tail`):
 * an occurrence either starts a trigram or sits in the last two characters.
 * Triggers keep the repository indexes in step with every write path (API, migration, restore of an older
 * dump); the last statements fill them for the rows that exist.
 */
const maxIndexedLength = 4096;

// The distinct one- and two-character substrings of `text` for repository `id`, as a SELECT.
const gramsOf = (text: string, id: string): string => `
  SELECT substr(${text}, n, 1), ${id} FROM search_position WHERE n <= length(${text})
  UNION SELECT substr(${text}, n, 2), ${id} FROM search_position WHERE n < length(${text})`;

const repositoryGrams = (row: 'new' | 'old'): string =>
  `${gramsOf(`${row}.lower_name`, `${row}.id`)} UNION ${gramsOf(`lower(${row}.topics)`, `${row}.id`)}`;

export const searchIndexesSchema = `
CREATE TABLE search_position (n INTEGER PRIMARY KEY);
WITH RECURSIVE counter (n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM counter WHERE n < ${maxIndexedLength})
INSERT INTO search_position (n) SELECT n FROM counter;

CREATE VIRTUAL TABLE repository_fts USING fts5 (
  lower_name, topics, description, owner_name,
  content = 'repository', content_rowid = 'id', tokenize = 'trigram'
);
CREATE TABLE repository_gram (
  gram TEXT NOT NULL,
  repo_id INTEGER NOT NULL,
  PRIMARY KEY (gram, repo_id)
) WITHOUT ROWID;

CREATE TRIGGER repository_search_insert AFTER INSERT ON repository BEGIN
  INSERT INTO repository_fts (rowid, lower_name, topics, description, owner_name)
    VALUES (new.id, new.lower_name, new.topics, new.description, new.owner_name);
  INSERT OR IGNORE INTO repository_gram (gram, repo_id) ${repositoryGrams('new')};
END;
CREATE TRIGGER repository_search_delete AFTER DELETE ON repository BEGIN
  INSERT INTO repository_fts (repository_fts, rowid, lower_name, topics, description, owner_name)
    VALUES ('delete', old.id, old.lower_name, old.topics, old.description, old.owner_name);
  DELETE FROM repository_gram WHERE repo_id = old.id AND gram IN (SELECT gram FROM (${repositoryGrams('old')}));
END;
CREATE TRIGGER repository_search_update AFTER UPDATE OF lower_name, topics, description, owner_name ON repository
BEGIN
  INSERT INTO repository_fts (repository_fts, rowid, lower_name, topics, description, owner_name)
    VALUES ('delete', old.id, old.lower_name, old.topics, old.description, old.owner_name);
  INSERT INTO repository_fts (rowid, lower_name, topics, description, owner_name)
    VALUES (new.id, new.lower_name, new.topics, new.description, new.owner_name);
  DELETE FROM repository_gram WHERE repo_id = old.id AND gram IN (SELECT gram FROM (${repositoryGrams('old')}));
  INSERT OR IGNORE INTO repository_gram (gram, repo_id) ${repositoryGrams('new')};
END;

CREATE VIRTUAL TABLE issue_fts_vocab USING fts5vocab (issue_fts, instance);
CREATE INDEX issue_title_tail ON issue (substr(lower(title), -2));
CREATE INDEX issue_content_tail ON issue (substr(lower(content), -2));

INSERT INTO repository_fts (repository_fts) VALUES ('rebuild');
INSERT OR IGNORE INTO repository_gram (gram, repo_id)
  SELECT substr(r.lower_name, p.n, 1), r.id FROM repository r JOIN search_position p ON p.n <= length(r.lower_name)
  UNION SELECT substr(r.lower_name, p.n, 2), r.id FROM repository r JOIN search_position p ON p.n < length(r.lower_name)
  UNION SELECT substr(lower(r.topics), p.n, 1), r.id FROM repository r JOIN search_position p ON p.n <= length(r.topics)
  UNION SELECT substr(lower(r.topics), p.n, 2), r.id FROM repository r JOIN search_position p ON p.n < length(r.topics);
`;
