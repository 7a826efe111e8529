import { forbidden } from '../domain/errors';
import { collaboratorMode } from '../store/access';
import type { Database } from '../store/database';
import { repositoryMemberCandidates } from '../store/issuesAssignees';
import type { RepositoryRow } from '../store/repositories';
import { findUserById, userType, type UserRow } from '../store/users';
import { canBeAssigned } from './issuesAssignees';
import { atLeast, teamUnitAccess } from './permissions';

/** Gitea appends an individual owner after the others (it is no collaborator of its own repository). */
function withOwner(db: Database, repo: RepositoryRow, users: UserRow[], excludeId = 0): UserRow[] {
  const owner = findUserById(db, repo.owner_id);
  if (!owner || owner.type !== userType.individual || owner.id === excludeId) return users;
  return users.some((user) => user.id === owner.id) ? users : [...users, owner];
}

/**
 * Gitea's GetRepoAssignees: the active collaborators and team members who may be assigned (canBeAssigned:
 * write access to code, issues or pull requests), by name, then an individual owner.
 */
export function repositoryAssignees(db: Database, repo: RepositoryRow): UserRow[] {
  const assignable = repositoryMemberCandidates(db, repo).filter((user) => canBeAssigned(db, user, repo));
  return withOwner(db, repo, assignable);
}

/**
 * Gitea's GetReviewers: every active collaborator and the members of teams that read pull requests, by
 * name, then an individual owner; never the pull request's poster.
 */
export function repositoryReviewers(db: Database, repo: RepositoryRow, posterId = 0): UserRow[] {
  const reviewers = repositoryMemberCandidates(db, repo).filter(
    (user) =>
      user.id !== posterId &&
      (collaboratorMode(db, repo.id, user.id) !== undefined ||
        atLeast(teamUnitAccess(db, user, repo, 'repo.pulls'), 'read')),
  );
  return withOwner(db, repo, reviewers, posterId);
}

/**
 * Gitea's CanDoerChangeReviewRequests, which its reviewer list asks for (403 otherwise): not in an archived
 * repository; the poster, the owner, a collaborator, or a member of a team that reads pull requests. A site
 * administrator is none of those by being one.
 */
export function assertMayChooseReviewers(
  db: Database,
  doer: UserRow,
  repo: RepositoryRow,
  posterId = 0,
): void {
  const allowed =
    !repo.is_archived &&
    (doer.id === posterId ||
      doer.id === repo.owner_id ||
      collaboratorMode(db, repo.id, doer.id) !== undefined ||
      atLeast(teamUnitAccess(db, doer, repo, 'repo.pulls'), 'read'));
  if (!allowed) throw forbidden('doer has no permission to get reviewers');
}
