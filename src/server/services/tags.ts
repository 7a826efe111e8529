import { conflict } from '../domain/errors';
import type { Database } from '../store/database';
import { findReleaseByTag } from '../store/releases';
import type { RepositoryRow } from '../store/repositories';

/**
 * A tag that a release (draft or published) is made on goes with the release, not on its own: Gitea's
 * DeleteTag refuses it with 409 and this message. Release names are matched without case, as Gitea's are.
 */
export function assertTagNotReleased(db: Database, repo: Pick<RepositoryRow, 'id'>, tag: string): void {
  if (findReleaseByTag(db, repo.id, tag)) {
    throw conflict('a tag attached to a release cannot be deleted directly');
  }
}
