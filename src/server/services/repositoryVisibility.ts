import type { Paging } from '../domain/paging';
import type { Database } from '../store/database';
import type { RepositoryRow } from '../store/repositories';
import {
  countGramRepositories,
  gramKeyword,
  gramRepositoryIds,
  lastRepositoryId,
} from '../store/repositoryGramSearch';
import {
  classifyRepositories,
  countSureRepositories,
  pageOfCandidateRepositories,
  pageOfRepositoryIds,
  repositoriesInOrder,
  type RepositoryFilter,
} from '../store/repositorySearch';
import { canSeeRepo, readableByEveryoneSql, repositoryVisibilitySql, type Viewer } from './permissions';

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
  // the same search by the same viewer in the same data version is answered as before (Database.memo)
  const key = `visibleRepos:${viewer?.id ?? '-'}:${JSON.stringify(filter)}:${paging.limit}:${paging.offset}`;
  return db.memo(key, () => searchVisibleRepositories(db, viewer, filter, paging));
}

function searchVisibleRepositories(
  db: Database,
  viewer: Viewer,
  filter: RepositoryFilter,
  paging: Paging,
): { items: RepositoryRow[]; total: number } {
  const byGram = pageOfGramMatches(db, viewer, filter, paging);
  if (byGram) return byGram;
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

/** Of the given repositories, those the viewer may see: SQL decides most, canSeeRepo the undecided. */
function visibleAmong(db: Database, viewer: Viewer, ids: readonly number[]): number[] {
  if (ids.length === 0) return [];
  const { sure, candidate } = repositoryVisibilitySql(viewer);
  const classified = classifyRepositories(db, ids, sure, candidate);
  const opened = repositoriesInOrder(db, classified.undecided).filter((repo) => canSeeRepo(db, viewer, repo));
  return [...classified.sure, ...opened.map((repo) => repo.id)];
}

/**
 * pageOfVisibleRepositories for a search by one short keyword (repositoryGramSearch): the repositories
 * everyone may see are counted from the substring table alone; only the others holding the keyword are
 * decided one by one (a restricted viewer sees nothing through "everyone": the general path serves them).
 * The page is read in alphabetical order, walking that order when the matches are dense enough that the
 * page ends sooner than a sort of every match would. Undefined when the search is not of that kind.
 */
function pageOfGramMatches(
  db: Database,
  viewer: Viewer,
  filter: RepositoryFilter,
  paging: Paging,
): { items: RepositoryRow[]; total: number } | undefined {
  const keyword = gramKeyword(filter);
  if (keyword === undefined || viewer?.restricted === true) return undefined;
  const everyone = { sql: readableByEveryoneSql('repository_gram'), params: [] };
  const publicOnly = filter.isPrivate === false ? ' AND repository_gram.is_private = 0' : '';
  const others = gramRepositoryIds(db, keyword, {
    sql: `repository_gram.is_missing = 0 AND NOT ${everyone.sql}${publicOnly}`,
    params: [],
  });
  const seenByEveryone = countGramRepositories(db, keyword, everyone);
  const alsoVisible = visibleAmong(db, viewer, others);
  const total = seenByEveryone + alsoVisible.length;
  if (total === 0 || paging.offset >= total) return { items: [], total };
  const visible = {
    sql: `${readableByEveryoneSql('repository')} OR repository.id IN (SELECT value FROM json_each(?))`,
    params: [JSON.stringify(alsoVisible)],
  };
  // A walk in name order visits about (offset + limit) × repositories / matches rows; a sort, every candidate.
  const walked = ((paging.offset + paging.limit) * lastRepositoryId(db)) / total;
  const drive = walked < seenByEveryone + others.length ? 'nameOrder' : 'candidates';
  const ids = pageOfRepositoryIds(db, filter, visible, paging, drive);
  return { items: repositoriesInOrder(db, ids), total };
}
