import type { Paging } from '../domain/paging';
import { nowSeconds, type Database } from './database';

/**
 * Topics and the repositories that carry them. `repo_count` follows the join rows by trigger (migration
 * v50); the repository's `topics` JSON column is rewritten here after every change, most used first as
 * Gitea orders it, so the repository search and JSON read it without a join.
 */

/** A row of `topic`. */
export interface TopicRow {
  id: number;
  name: string;
  repo_count: number;
  created: number;
  updated: number;
}

// Gitea orders by repo_count alone; the name makes equal counts come out the same way every time.
const topicOrder = 'ORDER BY topic.repo_count DESC, topic.name';

/** The repository's topics, most used first; a page of them when `paging` is given. */
export function listRepoTopics(db: Database, repoId: number, paging?: Paging): TopicRow[] {
  const sql = `SELECT topic.* FROM topic JOIN repo_topic ON repo_topic.topic_id = topic.id
     WHERE repo_topic.repo_id = ? ${topicOrder}`;
  return paging
    ? db.all<TopicRow>(`${sql} LIMIT ? OFFSET ?`, repoId, paging.limit, paging.offset)
    : db.all<TopicRow>(sql, repoId);
}

const escapeLike = (text: string): string => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** One page of the topics whose name contains `keyword` (all of them for ''), and how many match. */
export function searchTopics(
  db: Database,
  keyword: string,
  paging: Paging,
): { rows: TopicRow[]; total: number } {
  const where = "WHERE topic.name LIKE ? ESCAPE '\\'";
  const like = `%${escapeLike(keyword)}%`;
  const total = db.get<{ n: number }>(`SELECT count(*) AS n FROM topic ${where}`, like)?.n ?? 0;
  const rows = db.all<TopicRow>(
    `SELECT topic.* FROM topic ${where} ${topicOrder} LIMIT ? OFFSET ?`,
    like,
    paging.limit,
    paging.offset,
  );
  return { rows, total };
}

function topicId(db: Database, name: string): number {
  const now = nowSeconds();
  db.run('INSERT OR IGNORE INTO topic (name, created, updated) VALUES (?, ?, ?)', name, now, now);
  return db.get<{ id: number }>('SELECT id FROM topic WHERE name = ?', name)!.id;
}

function writeTopicsColumn(db: Database, repoId: number): void {
  const names = listRepoTopics(db, repoId).map((t) => t.name);
  db.run('UPDATE repository SET topics = ? WHERE id = ?', JSON.stringify(names), repoId);
}

/** Gives the repository a topic (made on first use); having it already changes nothing. */
export function addRepoTopic(db: Database, repoId: number, name: string): void {
  db.transaction(() => {
    db.run('INSERT OR IGNORE INTO repo_topic (repo_id, topic_id) VALUES (?, ?)', repoId, topicId(db, name));
    writeTopicsColumn(db, repoId);
  });
}

/** Takes a topic from the repository. False when the repository did not have it. */
export function removeRepoTopic(db: Database, repoId: number, name: string): boolean {
  return db.transaction(() => {
    const removed =
      db.run(
        'DELETE FROM repo_topic WHERE repo_id = ? AND topic_id = (SELECT id FROM topic WHERE name = ?)',
        repoId,
        name,
      ).changes > 0;
    if (removed) writeTopicsColumn(db, repoId);
    return removed;
  });
}

/** The repository carries exactly these topics afterwards; ones it keeps are not touched. */
export function replaceRepoTopics(db: Database, repoId: number, names: readonly string[]): void {
  db.transaction(() => {
    const wanted = new Set(names);
    for (const topic of listRepoTopics(db, repoId)) {
      if (!wanted.delete(topic.name)) {
        db.run('DELETE FROM repo_topic WHERE repo_id = ? AND topic_id = ?', repoId, topic.id);
      }
    }
    for (const name of wanted) {
      db.run('INSERT INTO repo_topic (repo_id, topic_id) VALUES (?, ?)', repoId, topicId(db, name));
    }
    writeTopicsColumn(db, repoId);
  });
}
