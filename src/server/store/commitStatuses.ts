import { nowSeconds, type Database, type SqlValue } from './database';

export type CommitStatusState = 'pending' | 'success' | 'error' | 'failure' | 'warning' | 'skipped';

export const commitStatusStates: readonly CommitStatusState[] = [
  'pending',
  'success',
  'error',
  'failure',
  'warning',
  'skipped',
];

/** A row of `commit_status`. */
export interface CommitStatusRow {
  id: number;
  repo_id: number;
  sha: string;
  /** 1, 2, 3… per repository and commit: the `id` the API shows. */
  idx: number;
  state: CommitStatusState;
  target_url: string;
  description: string;
  context: string;
  creator_id: number;
  created: number;
  updated: number;
}

export interface NewCommitStatus {
  repoId: number;
  sha: string;
  state: CommitStatusState;
  targetUrl: string;
  description: string;
  context: string;
  creatorId: number;
}

/** Inserts a status with the commit's next index. */
export function insertCommitStatus(db: Database, status: NewCommitStatus): CommitStatusRow {
  return db.transaction(() => {
    const idx =
      (db.get<{ n: number | null }>(
        'SELECT max(idx) AS n FROM commit_status WHERE repo_id = ? AND sha = ?',
        status.repoId,
        status.sha,
      )?.n ?? 0) + 1;
    const now = nowSeconds();
    const { lastInsertRowid } = db.run(
      `INSERT INTO commit_status (repo_id, sha, idx, state, target_url, description, context, creator_id, created, updated)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      status.repoId,
      status.sha,
      idx,
      status.state,
      status.targetUrl,
      status.description,
      status.context,
      status.creatorId,
      now,
      now,
    );
    return db.get<CommitStatusRow>('SELECT * FROM commit_status WHERE id = ?', lastInsertRowid)!;
  });
}

/**
 * Gitea's `sort` values for status lists. Its `leastindex` and `highestindex` really sort by index
 * descending and ascending; clients rely on that, so it stays.
 */
const orders: Readonly<Record<string, string>> = {
  oldest: 'created ASC, idx ASC',
  recentupdate: 'updated DESC, idx DESC',
  leastupdate: 'updated ASC, idx ASC',
  leastindex: 'idx DESC',
  highestindex: 'idx ASC',
};

export interface StatusListOptions {
  /** One of Gitea's sort names; anything else is newest first. */
  sort?: string;
  state?: CommitStatusState;
  limit: number;
  offset: number;
}

/** One page of a commit's statuses and how many there are. */
export function listCommitStatuses(
  db: Database,
  repoId: number,
  sha: string,
  options: StatusListOptions,
): { rows: CommitStatusRow[]; total: number } {
  const where = ['repo_id = ?', 'sha = ?'];
  const params: SqlValue[] = [repoId, sha];
  if (options.state) {
    where.push('state = ?');
    params.push(options.state);
  }
  const condition = where.join(' AND ');
  const order = orders[options.sort ?? ''] ?? 'created DESC, idx DESC';
  const total =
    db.get<{ n: number }>(`SELECT count(*) AS n FROM commit_status WHERE ${condition}`, ...params)?.n ?? 0;
  const rows = db.all<CommitStatusRow>(
    `SELECT * FROM commit_status WHERE ${condition} ORDER BY ${order} LIMIT ? OFFSET ?`,
    ...params,
    options.limit,
    options.offset,
  );
  return { rows, total };
}

/** The newest status of each context of a commit, newest first. */
export function latestCommitStatuses(db: Database, repoId: number, sha: string): CommitStatusRow[] {
  return db.all<CommitStatusRow>(
    `SELECT * FROM commit_status WHERE repo_id = ? AND sha = ? AND idx IN (
       SELECT max(idx) FROM commit_status WHERE repo_id = ? AND sha = ? GROUP BY context
     ) ORDER BY idx DESC`,
    repoId,
    sha,
    repoId,
    sha,
  );
}
