import { invalid, notFound } from '../domain/errors';
import type { Database } from '../store/database';
import { findMilestone, findMilestoneByName, type MilestoneRow } from '../store/milestones';
import type { RepositoryRow } from '../store/repositories';

/**
 * A milestone named in a path: by id first, then by name (Gitea's getMilestoneByIDOrName); 404 when
 * neither matches.
 */
export function milestoneByIdOrName(db: Database, repo: RepositoryRow, idOrName: string): MilestoneRow {
  const id = /^\d{1,15}$/.test(idOrName) ? Number(idOrName) : 0;
  const milestone =
    (id > 0 ? findMilestone(db, repo.id, id) : undefined) ?? findMilestoneByName(db, repo.id, idOrName);
  if (!milestone) throw notFound(`milestone does not exist [id: 0, repo_id: ${repo.id}, name: ${idOrName}]`);
  return milestone;
}

/** A milestone id of the repository named in a body; 0 means none. Unknown → 422. */
export function milestoneIdOrNone(db: Database, repo: RepositoryRow, id: number): number | null {
  if (id === 0) return null;
  const milestone = findMilestone(db, repo.id, id);
  if (!milestone) throw invalid(`milestone does not exist [id: ${id}, repo_id: ${repo.id}]`);
  return milestone.id;
}

/** The list's `state`: open unless `closed` or `all` is asked for, as Gitea. */
export function milestoneStateFilter(state: string | undefined): boolean | undefined {
  if (state === 'closed') return true;
  if (state === 'all') return undefined;
  return false;
}
