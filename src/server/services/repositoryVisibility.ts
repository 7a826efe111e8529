import type { Paging } from '../domain/paging';
import type { Database } from '../store/database';
import type { RepositoryRow } from '../store/repositories';
import {
  countSureRepositories,
  pageOfCandidateRepositories,
  pageOfRepositoryIds,
  repositoriesInOrder,
  type RepositoryFilter,
} from '../store/repositorySearch';
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
 * pageOfVisible for a search: the database filters, orders, counts and pages with the permission module's
 * SQL (one pass counts and lists the rows it cannot decide, one pass pages); canSeeRepo decides only those
 * rows (`candidate` but not `sure`), and whole rows load for one page only. No list of every match reaches
 * JavaScript: at 100,000 repositories a short keyword matches thousands.
 */
export function pageOfVisibleRepositories(
  db: Database,
  viewer: Viewer,
  filter: RepositoryFilter,
  paging: Paging,
): { items: RepositoryRow[]; total: number } {
  const { sure, candidate } = repositoryVisibilitySql(viewer);
  // Mostly SQL decides every row (always for anonymous callers and admins): then one pass is the answer.
  const first = pageOfCandidateRepositories(db, filter, candidate, sure, paging);
  if (first && first.undecided.length === 0) {
    return { items: repositoriesInOrder(db, first.ids), total: first.sure };
  }
  const counted = countSureRepositories(db, filter, candidate, sure);
  const alsoVisible = repositoriesInOrder(db, counted.undecided)
    .filter((repo) => canSeeRepo(db, viewer, repo))
    .map((repo) => repo.id);
  const visible = {
    sql: `(${candidate.sql}) AND ((${sure.sql}) IS 1 OR repository.id IN (SELECT value FROM json_each(?)))`,
    params: [...candidate.params, ...sure.params, JSON.stringify(alsoVisible)],
  };
  const total = counted.sure + alsoVisible.length;
  if (total === 0 || paging.offset >= total) return { items: [], total };
  return { items: repositoriesInOrder(db, pageOfRepositoryIds(db, filter, visible, paging)), total };
}
