import { invalid } from '../domain/errors';
import type { Database } from '../store/database';
import { deleteCollaboration, upsertCollaboration, type CollaboratorMode } from '../store/collaborations';
import type { RepositoryRow } from '../store/repositories';
import { findUserById, findUserByName, type UserRow } from '../store/users';
import { assertNotBlockedEitherWay } from './permissions';
import { unwatch } from '../store/watches';

/** The user a collaborator path names; Gitea answers 422 for an unknown one (organizations are not users here). */
export function collaboratorByName(db: Database, name: string): UserRow {
  const user = findUserByName(db, name);
  if (!user) throw invalid(`user does not exist [name: ${name}]`);
  return user;
}

/** Adds or updates a collaborator. The owner and inactive accounts cannot be collaborators (422). */
export function addCollaborator(
  db: Database,
  repo: RepositoryRow,
  user: UserRow,
  mode: CollaboratorMode,
): void {
  if (user.id === repo.owner_id) throw invalid('the owner of a repository cannot be added as a collaborator');
  if (!user.is_active) throw invalid("collaborator's account is inactive");
  // Gitea's AddOrUpdateCollaborator: not when the owner and the user block one another
  const owner = findUserById(db, repo.owner_id);
  if (owner) assertNotBlockedEitherWay(db, user, owner);
  upsertCollaboration(db, repo.id, user.id, mode);
}

/** Removes a collaborator and, as Gitea does, their watch of the repository. Not being one is not an error. */
export function removeCollaborator(db: Database, repo: RepositoryRow, user: UserRow): void {
  db.transaction(() => {
    if (deleteCollaboration(db, repo.id, user.id)) unwatch(db, user.id, repo.id);
  });
}
