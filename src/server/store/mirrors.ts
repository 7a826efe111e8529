import { nowSeconds, type Database } from './database';

/** A row of `mirror`: where a pull mirror fetches from and when. */
export interface MirrorRow {
  repo_id: number;
  remote_address: string;
  auth_username: string;
  auth_password: string;
  interval_seconds: number;
  updated: number;
  next_update: number;
  last_error: string;
}

export interface NewMirror {
  repoId: number;
  remoteAddress: string;
  authUsername: string;
  authPassword: string;
  intervalSeconds: number;
}

export function insertMirror(db: Database, mirror: NewMirror): void {
  const now = nowSeconds();
  db.run(
    `INSERT INTO mirror (repo_id, remote_address, auth_username, auth_password, interval_seconds, updated, next_update)
     VALUES (?, ?, ?, ?, ?, ?, ?)`,
    mirror.repoId,
    mirror.remoteAddress,
    mirror.authUsername,
    mirror.authPassword,
    mirror.intervalSeconds,
    now,
    mirror.intervalSeconds > 0 ? now + mirror.intervalSeconds : 0,
  );
}

export function findMirror(db: Database, repoId: number): MirrorRow | undefined {
  return db.get<MirrorRow>('SELECT * FROM mirror WHERE repo_id = ?', repoId);
}

/** Mirrors with a background interval whose next sync is due, soonest first. */
export function dueMirrors(db: Database, now: number, limit: number): MirrorRow[] {
  return db.all<MirrorRow>(
    'SELECT * FROM mirror WHERE interval_seconds > 0 AND next_update <= ? ORDER BY next_update LIMIT ?',
    now,
    limit,
  );
}

/** Records a sync attempt: success moves `updated`; either way the next one is scheduled. */
export function recordMirrorSync(
  db: Database,
  repoId: number,
  outcome: { ok: boolean; error: string },
): void {
  const now = nowSeconds();
  db.run(
    `UPDATE mirror SET updated = CASE WHEN ? THEN ? ELSE updated END, last_error = ?,
       next_update = CASE WHEN interval_seconds > 0 THEN ? + interval_seconds ELSE 0 END
     WHERE repo_id = ?`,
    outcome.ok ? 1 : 0,
    now,
    outcome.error,
    now,
    repoId,
  );
}

/** Marks a new repository as a mirror (or records where a migration came from) on its row. */
export function recordMigrationSource(
  db: Database,
  repoId: number,
  source: { originalUrl: string; mirror: boolean; mirrorInterval: string },
): void {
  db.run(
    'UPDATE repository SET original_url = ?, is_mirror = ?, mirror_interval = ? WHERE id = ?',
    source.originalUrl,
    source.mirror ? 1 : 0,
    source.mirrorInterval,
    repoId,
  );
}
