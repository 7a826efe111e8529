import { nowSeconds, type Database } from './database';

/** A row of `pull_auto_merge`: a merge waiting for the head commit's checks (Gitea's AutoMerge). */
export interface PullAutoMergeRow {
  id: number;
  pull_id: number;
  /** who scheduled it: the merge is made as them */
  doer_id: number;
  merge_style: string;
  /** the commit message as Gitea keeps it: the title, then the body after a blank line */
  message: string;
  delete_branch_after_merge: boolean;
  created_unix: number;
}

export function findAutoMerge(db: Database, pullId: number): PullAutoMergeRow | undefined {
  return db.get<PullAutoMergeRow>('SELECT * FROM pull_auto_merge WHERE pull_id = ?', pullId);
}

export function insertAutoMerge(
  db: Database,
  row: Pick<
    PullAutoMergeRow,
    'pull_id' | 'doer_id' | 'merge_style' | 'message' | 'delete_branch_after_merge'
  >,
): void {
  db.run(
    `INSERT INTO pull_auto_merge (pull_id, doer_id, merge_style, message, delete_branch_after_merge, created_unix)
     VALUES (?, ?, ?, ?, ?, ?)`,
    row.pull_id,
    row.doer_id,
    row.merge_style,
    row.message,
    row.delete_branch_after_merge,
    nowSeconds(),
  );
}

/** Removes a pull request's schedule; answers whether there was one. */
export function deleteAutoMerge(db: Database, pullId: number): boolean {
  return db.run('DELETE FROM pull_auto_merge WHERE pull_id = ?', pullId).changes > 0;
}

/** The pull requests of a base repository (all repositories without one) that wait to be merged. */
export function scheduledPullIds(db: Database, baseRepoId?: number): number[] {
  const rows =
    baseRepoId === undefined
      ? db.all<{ id: number }>(
          `SELECT pull_request.id FROM pull_auto_merge JOIN pull_request ON pull_request.id = pull_auto_merge.pull_id
           WHERE pull_request.has_merged = 0 ORDER BY pull_auto_merge.id`,
        )
      : db.all<{ id: number }>(
          `SELECT pull_request.id FROM pull_auto_merge JOIN pull_request ON pull_request.id = pull_auto_merge.pull_id
           WHERE pull_request.has_merged = 0 AND pull_request.base_repo_id = ? ORDER BY pull_auto_merge.id`,
          baseRepoId,
        );
  return rows.map((row) => row.id);
}
