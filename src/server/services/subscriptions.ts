import { forbidden } from '../domain/errors';
import type { Database } from '../store/database';
import type { IssueRow } from '../store/issues';
import { findIssueWatch, isIssueParticipant, setIssueWatch } from '../store/issueWatches';
import type { RepositoryRow } from '../store/repositories';
import type { UserRow } from '../store/users';
import { isWatching } from '../store/watches';
import { atLeast, isSiteAdmin, repoAccess } from './permissions';

/**
 * Gitea's CheckIssueWatch: an explicit (un)subscription decides; without one, watching the repository or
 * taking part in the issue (poster, commenter, reviewer, assignee) subscribes.
 */
export function isSubscribed(db: Database, user: UserRow, issue: IssueRow): boolean {
  const explicit = findIssueWatch(db, user.id, issue.id);
  if (explicit) return explicit.is_watching;
  return isWatching(db, user.id, issue.repo_id) || isIssueParticipant(db, issue, user.id);
}

/** Only the user themself changes their subscription, or a site admin or repository admin (403 otherwise). */
export function assertMayChangeSubscription(
  db: Database,
  doer: UserRow,
  target: UserRow,
  repo: RepositoryRow,
): void {
  if (doer.id === target.id || isSiteAdmin(doer) || atLeast(repoAccess(db, doer, repo), 'admin')) return;
  throw forbidden(`${doer.name} is not permitted to change subscriptions for ${target.name}`);
}

/** Subscribes or unsubscribes the user; answers whether anything changed (Gitea answers 201 then, else 200). */
export function setSubscription(db: Database, user: UserRow, issue: IssueRow, watch: boolean): boolean {
  return db.transaction(() => {
    if (isSubscribed(db, user, issue) === watch) return false;
    setIssueWatch(db, user.id, issue.id, watch);
    return true;
  });
}
