import { nowSeconds, type Database } from './database';

/** A transfer waiting for its recipient (Gitea's `repo_transfer`); at most one per repository. */
export interface RepoTransferRow {
  id: number;
  repo_id: number;
  doer_id: number;
  recipient_id: number;
  /** JSON array of team ids of the recipient organization. */
  team_ids: string;
  created_unix: number;
}

export function findPendingTransfer(db: Database, repoId: number): RepoTransferRow | undefined {
  return db.get<RepoTransferRow>('SELECT * FROM repo_transfer WHERE repo_id = ?', repoId);
}

export function insertPendingTransfer(
  db: Database,
  transfer: Pick<RepoTransferRow, 'repo_id' | 'doer_id' | 'recipient_id' | 'team_ids'>,
): void {
  db.run(
    'INSERT INTO repo_transfer (repo_id, doer_id, recipient_id, team_ids, created_unix) VALUES (?, ?, ?, ?, ?)',
    transfer.repo_id,
    transfer.doer_id,
    transfer.recipient_id,
    transfer.team_ids,
    nowSeconds(),
  );
}

export function deletePendingTransfer(db: Database, repoId: number): void {
  db.run('DELETE FROM repo_transfer WHERE repo_id = ?', repoId);
}

/** Moves the row to a new owner (owner name kept in step, as the repository table stores it). */
export function setRepositoryOwner(db: Database, repoId: number, ownerId: number, ownerName: string): void {
  db.run(
    'UPDATE repository SET owner_id = ?, owner_name = ?, updated = ? WHERE id = ?',
    ownerId,
    ownerName,
    nowSeconds(),
    repoId,
  );
}

/** Drops the repository's links to the teams of the organization that owned it. */
export function unlinkRepositoryTeams(db: Database, repoId: number): void {
  db.run('DELETE FROM team_repo WHERE repo_id = ?', repoId);
}
