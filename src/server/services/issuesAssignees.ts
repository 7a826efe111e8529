import { invalid } from '../domain/errors';
import type { Database } from '../store/database';
import { addIssueMentions } from '../store/issuesAssignees';
import { usersByLowerNames } from '../store/issuesUsers';
import type { RepositoryRow } from '../store/repositories';
import { findUserByName, userType, type UserRow } from '../store/users';
import { atLeast, canSeeRepo, isBlockedBy, repoAccess } from './permissions';

/**
 * Gitea's CanBeAssigned: an individual user with write access to the code, issues or pull requests of
 * the repository (owners, org owners, write teams, write/admin collaborators).
 */
export function canBeAssigned(db: Database, user: UserRow, repo: RepositoryRow): boolean {
  if (user.type !== userType.individual) return false;
  return (['repo.code', 'repo.issues', 'repo.pulls'] as const).some((unit) =>
    atLeast(repoAccess(db, user, repo, unit), 'write'),
  );
}

/**
 * The users named as assignees (the deprecated single `assignee` joins the list, as in Gitea): 422 when a
 * name is unknown or the user cannot be assigned in this repository.
 */
export function resolveAssignees(
  db: Database,
  repo: RepositoryRow,
  names: readonly string[],
  single?: string,
): UserRow[] {
  const wanted = [
    ...new Set([...names, ...(single ? [single] : [])].map((n) => n.trim()).filter((n) => n !== '')),
  ];
  const users = new Map<number, UserRow>();
  for (const name of wanted) {
    const user = findUserByName(db, name);
    if (!user) throw invalid(`Assignee does not exist: [name: ${name}]`);
    if (!canBeAssigned(db, user, repo)) {
      throw invalid(`user does not have access to repo [user_id: ${user.id}, repo_name: ${repo.name}]`);
    }
    users.set(user.id, user);
  }
  return [...users.values()];
}

// Gitea's mention pattern: @name after a space, the start, or an opening bracket.
const mentionPattern = /(?:^|[\s([])@([0-9a-zA-Z_-]+(?:\.[0-9a-zA-Z_-]+)*)/g;

/**
 * Records the users mentioned in `text` who can see the repository (as Gitea's issue_user mentions), except
 * those who block the writer (Gitea's FindAndUpdateIssueMentions).
 */
export function recordMentions(
  db: Database,
  doer: UserRow,
  repo: RepositoryRow,
  issueId: number,
  text: string,
): void {
  const names = [...new Set([...text.matchAll(mentionPattern)].map((m) => m[1]!.toLowerCase()))];
  const users = usersByLowerNames(db, names).filter(
    (user) => canSeeRepo(db, user, repo) && !isBlockedBy(db, doer, [user.id]),
  );
  addIssueMentions(
    db,
    issueId,
    users.map((u) => u.id),
  );
}
