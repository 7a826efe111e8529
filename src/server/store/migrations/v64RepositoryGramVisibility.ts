/**
 * Issue #17, repository search totals without visiting each match. `repository_gram` (migration 58) is
 * rebuilt so that a short keyword's matches can be counted from it alone:
 * - its rows carry what decides whether everyone may see the repository (owner, private, missing), so the
 *   count of those is a range of the table; only the others are decided one by one;
 * - a topic's substrings are taken from each topic's value instead of the JSON text of the list (whose
 *   quotes, commas and escapes made some substrings no topic has), so for a keyword of one or two
 *   characters being in the table is exactly the LIKE conditions of the search (name or a topic);
 * - `repository_alpha` walks repositories in the search's default order (owner, then name), so a page of
 *   a frequent keyword is read off that order instead of sorting every match;
 * - `user_not_public` lists the owners whose repositories not everyone sees.
 * Triggers keep it in step with every write path; the trigram index `repository_fts` is unchanged.
 */
type Row = 'new' | 'old' | 'r';

// What a row of repository_gram carries beside its gram.
const carried = (row: Row): string => `${row}.id, ${row}.owner_id, ${row}.is_private, ${row}.is_missing`;

/**
 * The one- and two-character substrings (`gram`) of the name and of each topic of `row`, with the columns
 * `carry` names, as four SELECTs; `from` joins the row's table when `row` is not a trigger's new or old.
 * CROSS JOIN keeps the positions inside the topics: the other way round reads every position per topic.
 */
function gramSelects(row: Row, carry: string, from = ''): string[] {
  const name = `${row}.lower_name`;
  const topics = `json_each(CASE WHEN json_valid(${row}.topics) THEN ${row}.topics ELSE '[]' END) AS topic`;
  const topic = 'lower(topic.value)';
  const columns = carry === '' ? '' : `, ${carry}`;
  return [
    `SELECT substr(${name}, n, 1) AS gram${columns} FROM ${from}search_position WHERE n <= length(${name})`,
    `SELECT substr(${name}, n, 2) AS gram${columns} FROM ${from}search_position WHERE n < length(${name})`,
    `SELECT substr(${topic}, n, 1) AS gram${columns} FROM ${from}${topics} CROSS JOIN search_position WHERE n <= length(${topic})`,
    `SELECT substr(${topic}, n, 2) AS gram${columns} FROM ${from}${topics} CROSS JOIN search_position WHERE n < length(${topic})`,
  ];
}

// The distinct substrings of a trigger's row, as one SELECT.
const repositoryGrams = (row: 'new' | 'old', carry: string): string =>
  gramSelects(row, carry).join('\n    UNION ');

const gramColumns = 'repository_gram (gram, repo_id, owner_id, is_private, is_missing)';

export const repositoryGramVisibilitySchema = `
DROP TRIGGER repository_search_insert;
DROP TRIGGER repository_search_delete;
DROP TRIGGER repository_search_update;
DROP TABLE repository_gram;

CREATE TABLE repository_gram (
  gram TEXT NOT NULL,
  repo_id INTEGER NOT NULL,
  owner_id INTEGER NOT NULL,
  is_private INTEGER NOT NULL,
  is_missing INTEGER NOT NULL,
  PRIMARY KEY (gram, repo_id)
) WITHOUT ROWID;
CREATE INDEX repository_alpha ON repository (owner_name COLLATE NOCASE, lower_name);
CREATE INDEX user_not_public ON user (id) WHERE visibility <> 'public';

CREATE TRIGGER repository_search_insert AFTER INSERT ON repository BEGIN
  INSERT INTO repository_fts (rowid, lower_name, topics, description, owner_name)
    VALUES (new.id, new.lower_name, new.topics, new.description, new.owner_name);
  INSERT OR IGNORE INTO ${gramColumns} ${repositoryGrams('new', carried('new'))};
END;
CREATE TRIGGER repository_search_delete AFTER DELETE ON repository BEGIN
  INSERT INTO repository_fts (repository_fts, rowid, lower_name, topics, description, owner_name)
    VALUES ('delete', old.id, old.lower_name, old.topics, old.description, old.owner_name);
  DELETE FROM repository_gram WHERE repo_id = old.id AND gram IN (${repositoryGrams('old', '')});
END;
CREATE TRIGGER repository_search_update AFTER UPDATE OF lower_name, topics, description, owner_name ON repository
BEGIN
  INSERT INTO repository_fts (repository_fts, rowid, lower_name, topics, description, owner_name)
    VALUES ('delete', old.id, old.lower_name, old.topics, old.description, old.owner_name);
  INSERT INTO repository_fts (rowid, lower_name, topics, description, owner_name)
    VALUES (new.id, new.lower_name, new.topics, new.description, new.owner_name);
  DELETE FROM repository_gram WHERE repo_id = old.id AND gram IN (${repositoryGrams('old', '')});
  INSERT OR IGNORE INTO ${gramColumns} ${repositoryGrams('new', carried('new'))};
END;
CREATE TRIGGER repository_search_visibility AFTER UPDATE OF owner_id, is_private, is_missing ON repository BEGIN
  UPDATE repository_gram SET owner_id = new.owner_id, is_private = new.is_private, is_missing = new.is_missing
    WHERE repo_id = new.id AND gram IN (${repositoryGrams('new', '')});
END;

${gramSelects('r', carried('r'), 'repository AS r CROSS JOIN ')
  .map((select) => `INSERT OR IGNORE INTO ${gramColumns} ${select};`)
  .join('\n')}
`;
