import { nowSeconds, type Database } from './database';
import type { RepositoryRow } from './repositories';
import type { UserRow } from './users';

/** Gitea's RepoWatchMode: no row is "none"; `dont` remembers an explicit unwatch of an auto-watch. */
export const watchMode = { normal: 1, dont: 2, auto: 3 } as const;
export type WatchMode = (typeof watchMode)[keyof typeof watchMode];

const watching = (mode: number | undefined): boolean => mode === watchMode.normal || mode === watchMode.auto;

export interface WatchRow {
  mode: WatchMode;
  created: number;
}

export function findWatch(db: Database, userId: number, repoId: number): WatchRow | undefined {
  return db.get<WatchRow>(
    'SELECT mode, created FROM watch WHERE user_id = ? AND repo_id = ?',
    userId,
    repoId,
  );
}

export const isWatching = (db: Database, userId: number, repoId: number): boolean =>
  watching(findWatch(db, userId, repoId)?.mode);

/**
 * Sets the user's watch mode (undefined removes it) and keeps `num_watches` equal to the number of
 * watching rows, in one transaction, as Gitea's watchRepoMode does.
 */
export function setWatchMode(
  db: Database,
  userId: number,
  repoId: number,
  mode: WatchMode | undefined,
): void {
  db.transaction(() => {
    const before = findWatch(db, userId, repoId)?.mode;
    if (before === mode) return;
    const now = nowSeconds();
    if (mode === undefined) db.run('DELETE FROM watch WHERE user_id = ? AND repo_id = ?', userId, repoId);
    else {
      db.run(
        `INSERT INTO watch (user_id, repo_id, mode, created, updated) VALUES (?, ?, ?, ?, ?)
         ON CONFLICT (user_id, repo_id) DO UPDATE SET mode = excluded.mode, updated = excluded.updated`,
        userId,
        repoId,
        mode,
        now,
        now,
      );
    }
    const diff = Number(watching(mode)) - Number(watching(before));
    if (diff !== 0) db.run('UPDATE repository SET num_watches = num_watches + ? WHERE id = ?', diff, repoId);
  });
}

/** One page of the users watching a repository, and how many there are. */
export function listWatchers(
  db: Database,
  repoId: number,
  page: { offset: number; limit: number },
): { rows: readonly UserRow[]; total: number } {
  const rows = watchersOf(db, repoId, page);
  const total =
    db.get<{ n: number }>('SELECT count(*) AS n FROM watch WHERE repo_id = ? AND mode IN (1, 3)', repoId)
      ?.n ?? 0;
  return { rows, total };
}

/** The watchers of a repository in the order they started watching (a page of them, or all: limit -1). */
export function watchersOf(
  db: Database,
  repoId: number,
  page: { offset: number; limit: number } = { offset: 0, limit: -1 },
): readonly UserRow[] {
  // every event's action log asks: kept until someone watches, stops or a user changes
  return db.memoOf(['watch', 'user'], `watchers:${repoId}:${page.limit}:${page.offset}`, () =>
    db.all<UserRow>(
      `SELECT user.* FROM watch JOIN user ON user.id = watch.user_id
       WHERE watch.repo_id = ? AND watch.mode IN (1, 3) ORDER BY watch.id LIMIT ? OFFSET ?`,
      repoId,
      page.limit,
      page.offset,
    ),
  );
}

/** Every repository the user watches, in the order they started (visibility is decided by the caller). */
export function watchedRepositories(db: Database, userId: number): RepositoryRow[] {
  return db.all<RepositoryRow>(
    `SELECT repository.* FROM watch JOIN repository ON repository.id = watch.repo_id
     WHERE watch.user_id = ? AND watch.mode IN (1, 3) ORDER BY watch.id`,
    userId,
  );
}

/** Gitea's WatchRepo(false): an auto-watch becomes an explicit "don't watch"; any other watch goes away. */
export function unwatch(db: Database, userId: number, repoId: number): void {
  db.transaction(() => {
    const before = findWatch(db, userId, repoId)?.mode;
    setWatchMode(db, userId, repoId, before === watchMode.auto ? watchMode.dont : undefined);
  });
}
