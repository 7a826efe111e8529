import { locked } from '../domain/errors';
import type { RepositoryRow } from '../store/repositories';

/** Writes to an archived repository are refused with 423 Locked, as Gitea's mustNotBeArchived. */
export function assertNotArchived(repo: Pick<RepositoryRow, 'is_archived'>): void {
  if (repo.is_archived) throw locked('repo is archived');
}
