import { forbidden, malformed, notFound } from '../domain/errors';
import type { Database } from '../store/database';
import { findIssueById, touchIssue, type IssueRow } from '../store/issues';
import { assigneeIdsOfIssues, replaceIssueAssignees } from '../store/issuesAssignees';
import type { RepositoryRow } from '../store/repositories';
import { findAccountByName, userType, type UserRow } from '../store/users';
import { canWriteIssues } from './issues';
import { canBeAssigned, resolveAssignees } from './issuesAssignees';
import { emitIssueEvent, type IssueActor } from './issuesEvents';
import { recordAssignee } from './issueTimeline';

/**
 * Gitea 1.27's assignee endpoints: add or remove some assignees of an issue without naming the others.
 * Writers of the issue's unit only (403); each name must be a user who can be assigned (422, as the issue
 * edit answers). Each change gets its timeline entry and `assigned` / `unassigned` goes out.
 */
export function changeIssueAssignees(
  actor: IssueActor,
  repo: RepositoryRow,
  issue: IssueRow,
  names: readonly string[],
  add: boolean,
): IssueRow {
  const { db } = actor;
  if (!canWriteIssues(db, actor, repo, issue.is_pull)) {
    throw forbidden('user should have permission to change the assignees of the issue');
  }
  const users = resolveAssignees(db, repo, names);
  const changed = db.transaction(() => {
    const current = assigneeIdsOfIssues(db, [issue.id]).get(issue.id) ?? [];
    const ids = users.map((user) => user.id);
    const wanted = add ? [...current, ...ids] : current.filter((id) => !ids.includes(id));
    const { added, removed } = replaceIssueAssignees(db, issue.id, wanted);
    for (const id of removed) recordAssignee(actor, issue.id, id, true);
    for (const id of added) recordAssignee(actor, issue.id, id, false);
    if (added.length + removed.length > 0) touchIssue(db, issue.id);
    return added.length + removed.length > 0;
  });
  if (changed) emitIssueEvent(actor, repo, issue, add ? 'assigned' : 'unassigned', '_assign');
  return findIssueById(db, issue.id) ?? issue;
}

/**
 * Whether `name` can be assigned in the repository (Gitea 1.27's assignee checks): 404 for no such user or
 * one who cannot, 400 for an organization (Gitea's CanBeAssigned refuses those with an error).
 */
export function assertAssignable(db: Database, repo: RepositoryRow, name: string): UserRow {
  const user = findAccountByName(db, name);
  if (!user) throw notFound(`user does not exist [name: ${name}]`);
  if (user.type !== userType.individual) {
    throw malformed(`organization can't be added as assignee [user_id: ${user.id}, repo_id: ${repo.id}]`);
  }
  if (!canBeAssigned(db, user, repo)) throw notFound(`${name} cannot be assigned in ${repo.name}`);
  return user;
}
