import { nowSeconds, type Database } from './database';

/** What a ledger item maps: one kind of local object published to a remote repository. */
export type PublishedKind = 'label' | 'milestone' | 'issue' | 'comment' | 'review' | 'release' | 'asset';

export interface PublishTargetRow {
  id: number;
  repo_id: number;
  server_url: string;
  remote_full_name: string;
  remote_repo_id: number;
  created: number;
  updated: number;
}

export interface PublishedItem {
  readonly remoteId: number;
  /** The remote object it hangs under where the API needs it (a release asset's release), else 0. */
  readonly remoteParentId: number;
  readonly fingerprint: string;
}

export function findPublishTarget(
  db: Database,
  repoId: number,
  serverUrl: string,
  remoteFullName: string,
): PublishTargetRow | undefined {
  return db.get<PublishTargetRow>(
    'SELECT * FROM publish_target WHERE repo_id = ? AND server_url = ? AND remote_full_name = ?',
    repoId,
    serverUrl,
    remoteFullName.toLowerCase(),
  );
}

/** The target row for this remote repository, created or pointed at `remoteRepoId` (a recreated remote). */
export function savePublishTarget(
  db: Database,
  repoId: number,
  serverUrl: string,
  remoteFullName: string,
  remoteRepoId: number,
): PublishTargetRow {
  const now = nowSeconds();
  db.run(
    `INSERT INTO publish_target (repo_id, server_url, remote_full_name, remote_repo_id, created, updated)
     VALUES (?, ?, ?, ?, ?, ?)
     ON CONFLICT (repo_id, server_url, remote_full_name)
     DO UPDATE SET remote_repo_id = excluded.remote_repo_id, updated = excluded.updated`,
    repoId,
    serverUrl,
    remoteFullName.toLowerCase(),
    remoteRepoId,
    now,
    now,
  );
  return findPublishTarget(db, repoId, serverUrl, remoteFullName)!;
}

/** Forgets every item of a target: its remote repository is a new one (deleted and created again). */
export function clearPublishedItems(db: Database, targetId: number): void {
  db.run('DELETE FROM publish_item WHERE target_id = ?', targetId);
}

/** Every published item of one kind, by local id. */
export function publishedItems(
  db: Database,
  targetId: number,
  kind: PublishedKind,
): Map<number, PublishedItem> {
  const rows = db.all<{ local_id: number; remote_id: number; remote_parent_id: number; fingerprint: string }>(
    'SELECT local_id, remote_id, remote_parent_id, fingerprint FROM publish_item WHERE target_id = ? AND kind = ?',
    targetId,
    kind,
  );
  return new Map(
    rows.map((r) => [
      r.local_id,
      { remoteId: r.remote_id, remoteParentId: r.remote_parent_id, fingerprint: r.fingerprint },
    ]),
  );
}

export function recordPublishedItem(
  db: Database,
  targetId: number,
  kind: PublishedKind,
  localId: number,
  item: PublishedItem,
): void {
  db.run(
    `INSERT INTO publish_item (target_id, kind, local_id, remote_id, remote_parent_id, fingerprint)
     VALUES (?, ?, ?, ?, ?, ?)
     ON CONFLICT (target_id, kind, local_id) DO UPDATE SET remote_id = excluded.remote_id,
       remote_parent_id = excluded.remote_parent_id, fingerprint = excluded.fingerprint`,
    targetId,
    kind,
    localId,
    item.remoteId,
    item.remoteParentId,
    item.fingerprint,
  );
}

export function forgetPublishedItem(
  db: Database,
  targetId: number,
  kind: PublishedKind,
  localId: number,
): void {
  db.run(
    'DELETE FROM publish_item WHERE target_id = ? AND kind = ? AND local_id = ?',
    targetId,
    kind,
    localId,
  );
}
