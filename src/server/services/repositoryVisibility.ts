import type { Paging } from '../domain/paging';
import type { Database } from '../store/database';
import type { RepositoryRow } from '../store/repositories';
import { findRepositoryIds, repositoriesInOrder, type RepositoryFilter } from '../store/repositorySearch';
import { canSeeRepo, repositoryVisibilitySql, type Viewer } from './permissions';

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

/**
 * pageOfVisible for a search: the database filters, orders and checks visibility over ids (the permission
 * module's SQL), canSeeRepo decides only the rows that SQL cannot, and whole rows load for one page.
 */
export function pageOfVisibleRepositories(
  db: Database,
  viewer: Viewer,
  filter: RepositoryFilter,
  paging: Paging,
): { items: RepositoryRow[]; total: number } {
  const { sure, candidate } = repositoryVisibilitySql(viewer);
  const matches = findRepositoryIds(db, filter, sure, candidate);
  const undecided = matches.filter((match) => !match.sure).map((match) => match.id);
  const alsoVisible = new Set(
    repositoriesInOrder(db, undecided)
      .filter((repo) => canSeeRepo(db, viewer, repo))
      .map((repo) => repo.id),
  );
  const visible = matches.filter((match) => match.sure || alsoVisible.has(match.id));
  const pageIds = visible.slice(paging.offset, paging.offset + paging.limit).map((match) => match.id);
  return { items: repositoriesInOrder(db, pageIds), total: visible.length };
}
