import type { UserHeatmapData } from '../../api/types/user';
import type { Database } from '../store/database';
import { heatmapCells } from '../store/heatmap';
import { findRepositoryById } from '../store/repositories';
import { userType, type UserRow } from '../store/users';
import { nowSeconds } from '../store/database';
import { canSeeRepo, type Viewer } from './permissions';

/** The heatmap covers the past year (Gitea: 31536000 seconds). */
export const heatmapPeriodSeconds = 365 * 24 * 3600;
/**
 * Gitea 1.14.1 on SQLite counts per UTC day (`strftime('%Y-%m-%d', created_unix, 'unixepoch')`); later
 * releases count per 15 minutes. This server answers as the release its `/version` names.
 */
export const heatmapBucketSeconds = 24 * 3600;

/**
 * Gitea's GetUserHeatmapDataByUser: the account's contributions of the past year per day, counted only in
 * repositories the viewer may read (site admins read all), so private activity stays hidden from others.
 * A user's heatmap counts what that user did (store/heatmap.ts lists which actions count); an
 * organization's counts everyone's actions in its repositories.
 */
export function userHeatmap(db: Database, viewer: Viewer, account: UserRow): UserHeatmapData[] {
  const subject =
    account.type === userType.organization ? { organization: account.id } : { user: account.id };
  const cells = heatmapCells(db, subject, nowSeconds() - heatmapPeriodSeconds, heatmapBucketSeconds);
  const readable = new Map<number, boolean>();
  const mayRead = (repoId: number): boolean => {
    let known = readable.get(repoId);
    if (known === undefined) {
      const repo = findRepositoryById(db, repoId);
      known = repo !== undefined && canSeeRepo(db, viewer, repo);
      readable.set(repoId, known);
    }
    return known;
  };
  const perBucket = new Map<number, number>();
  for (const cell of cells) {
    if (!mayRead(cell.repo_id)) continue;
    perBucket.set(cell.timestamp, (perBucket.get(cell.timestamp) ?? 0) + cell.contributions);
  }
  return [...perBucket].map(([timestamp, contributions]) => ({ timestamp, contributions }));
}
