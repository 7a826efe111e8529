/**
 * Repository topics as Gitea keeps them: one `topic` row per name with the number of repositories that
 * carry it, and the `repo_topic` join. Triggers keep `repo_count` (and `updated`) right however a join row
 * goes, a repository deletion's cascade included; a topic no repository carries any more stays, as in
 * Gitea. The repository's own `topics` column (a JSON array, read by the repository search and JSON)
 * is kept beside them by store/topics.ts; names it already holds are carried over.
 */
export const topicsSchema = `
CREATE TABLE topic (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  name TEXT NOT NULL UNIQUE,
  repo_count INTEGER NOT NULL DEFAULT 0,
  created INTEGER NOT NULL,
  updated INTEGER NOT NULL
);
CREATE INDEX topic_repo_count ON topic (repo_count);

CREATE TABLE repo_topic (
  repo_id INTEGER NOT NULL REFERENCES repository (id) ON DELETE CASCADE,
  topic_id INTEGER NOT NULL REFERENCES topic (id) ON DELETE CASCADE,
  PRIMARY KEY (repo_id, topic_id)
) WITHOUT ROWID;
CREATE INDEX repo_topic_topic ON repo_topic (topic_id);

CREATE TRIGGER repo_topic_added AFTER INSERT ON repo_topic BEGIN
  UPDATE topic SET repo_count = repo_count + 1, updated = CAST(strftime('%s', 'now') AS INTEGER)
  WHERE id = NEW.topic_id;
END;
CREATE TRIGGER repo_topic_removed AFTER DELETE ON repo_topic BEGIN
  UPDATE topic SET repo_count = repo_count - 1, updated = CAST(strftime('%s', 'now') AS INTEGER)
  WHERE id = OLD.topic_id;
END;

INSERT OR IGNORE INTO topic (name, created, updated)
  SELECT DISTINCT lower(trim(json_each.value)), CAST(strftime('%s', 'now') AS INTEGER),
         CAST(strftime('%s', 'now') AS INTEGER)
  FROM repository, json_each(repository.topics)
  WHERE repository.topics != '[]' AND json_each.type = 'text' AND trim(json_each.value) != '';
INSERT OR IGNORE INTO repo_topic (repo_id, topic_id)
  SELECT repository.id, topic.id
  FROM repository, json_each(repository.topics) JOIN topic ON topic.name = lower(trim(json_each.value))
  WHERE repository.topics != '[]' AND json_each.type = 'text';
`;
