import type { Paging } from '../http/paging';
import type { Database } from '../store/database';
import type { RepositoryRow } from '../store/repositories';
import { canSeeRepo, type Viewer } from './permissions';

/**
 * One page of the repositories the viewer may see, and how many they may see in all. Lists are filtered
 * through the permission module before paging, so totals and pages never count what the caller cannot see.
 */
export function pageOfVisible(
  db: Database,
  viewer: Viewer,
  rows: readonly RepositoryRow[],
  paging: Paging,
): { items: RepositoryRow[]; total: number } {
  const visible = rows.filter((repo) => canSeeRepo(db, viewer, repo));
  return { items: visible.slice(paging.offset, paging.offset + paging.limit), total: visible.length };
}
