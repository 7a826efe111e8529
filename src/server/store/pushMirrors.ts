import { nowSeconds, type Database } from './database';

export interface PushMirrorRow {
  id: number;
  repo_id: number;
  remote_name: string;
  /** The address without credentials, as Gitea shows it. */
  remote_address: string;
  /** The credentials sealed by services/secretBox.ts, or null when the remote needs none. */
  sealed_credentials: Uint8Array | null;
  interval_seconds: number;
  sync_on_commit: boolean;
  created_unix: number;
  last_update_unix: number | null;
  last_error: string;
  next_update_unix: number;
}

export interface NewPushMirror {
  readonly repoId: number;
  readonly remoteName: string;
  readonly remoteAddress: string;
  readonly sealedCredentials: Uint8Array | null;
  readonly intervalSeconds: number;
  readonly syncOnCommit: boolean;
}

export function insertPushMirror(db: Database, mirror: NewPushMirror): PushMirrorRow {
  const now = nowSeconds();
  const id = Number(
    db.run(
      `INSERT INTO push_mirror (repo_id, remote_name, remote_address, sealed_credentials, interval_seconds,
         sync_on_commit, created_unix, next_update_unix) VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
      mirror.repoId,
      mirror.remoteName,
      mirror.remoteAddress,
      mirror.sealedCredentials,
      mirror.intervalSeconds,
      mirror.syncOnCommit ? 1 : 0,
      now,
      mirror.intervalSeconds > 0 ? now + mirror.intervalSeconds : 0,
    ).lastInsertRowid,
  );
  return db.get<PushMirrorRow>('SELECT * FROM push_mirror WHERE id = ?', id)!;
}

/** A repository's push mirrors, oldest first. */
export function listPushMirrors(db: Database, repoId: number): PushMirrorRow[] {
  return db.all<PushMirrorRow>('SELECT * FROM push_mirror WHERE repo_id = ? ORDER BY id', repoId);
}

export function findPushMirror(db: Database, repoId: number, remoteName: string): PushMirrorRow | undefined {
  return db.get<PushMirrorRow>(
    'SELECT * FROM push_mirror WHERE repo_id = ? AND remote_name = ?',
    repoId,
    remoteName,
  );
}

export function deletePushMirror(db: Database, id: number): void {
  db.run('DELETE FROM push_mirror WHERE id = ?', id);
}

/** Push mirrors whose timer has run out, the longest overdue first. */
export function duePushMirrors(db: Database, now: number, limit: number): PushMirrorRow[] {
  return db.all<PushMirrorRow>(
    'SELECT * FROM push_mirror WHERE next_update_unix > 0 AND next_update_unix <= ? ORDER BY next_update_unix LIMIT ?',
    now,
    limit,
  );
}

/** How a push went (error '' when it went through), and when the timer runs out next. */
export function recordPushMirrorSync(db: Database, mirror: PushMirrorRow, error: string): void {
  const now = nowSeconds();
  db.run(
    'UPDATE push_mirror SET last_update_unix = ?, last_error = ?, next_update_unix = ? WHERE id = ?',
    now,
    error,
    mirror.interval_seconds > 0 ? now + mirror.interval_seconds : 0,
    mirror.id,
  );
}
