import type { IssueRow } from '../store/issues';
import type { RepositoryRow } from '../store/repositories';
import { countTeamMembers, listTeamMembers } from '../store/teams';
import { findUserById, type UserRow } from '../store/users';
import type { IssueActor } from './issuesEvents';
import { emitPullRequestEvent } from './pullRequestsEvents';
import type { RequestedReviewer } from './reviewRequestRows';

/** The people a review request reaches: the user, or every member of the team but the pull request's poster. */
function reachedUsers(actor: IssueActor, issue: IssueRow, who: RequestedReviewer): UserRow[] {
  if ('userId' in who) {
    const user = findUserById(actor.db, who.userId);
    return user ? [user] : [];
  }
  const all = { offset: 0, limit: countTeamMembers(actor.db, who.teamId) };
  return listTeamMembers(actor.db, who.teamId, all).rows.filter((member) => member.id !== issue.poster_id);
}

/**
 * Announces review requests made or withdrawn, as Gitea's PullRequestReviewRequest notifiers: one
 * `pull_request_review_request` event (X-Gitea-Event `pull_request`, action `review_requested` or
 * `review_request_removed`, `requested_reviewer` set) per person reached; a request also brings up that
 * person's notification thread. Call after the change committed.
 */
export function announceReviewRequests(
  actor: IssueActor,
  repo: RepositoryRow,
  issue: IssueRow,
  changes: readonly { who: RequestedReviewer; isAdd: boolean }[],
): void {
  for (const { who, isAdd } of changes) {
    for (const user of reachedUsers(actor, issue, who)) {
      emitPullRequestEvent(
        actor,
        repo,
        issue,
        'pull_request_review_request',
        isAdd ? 'review_requested' : 'review_request_removed',
        { requestedReviewer: user },
      );
    }
  }
}
