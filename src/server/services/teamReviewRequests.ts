import { invalid, notFound } from '../domain/errors';
import { commentType, insertComment } from '../store/comments';
import type { Database } from '../store/database';
import type { IssueRow } from '../store/issues';
import type { RepositoryRow } from '../store/repositories';
import {
  deleteReviewRow,
  insertReview,
  latestTeamReviewRequest,
  reviewType,
  type ReviewRow,
} from '../store/reviews';
import { findTeamByName, teamReachesRepo, type TeamRow } from '../store/teams';
import { findUserById, userType, type UserRow } from '../store/users';
import type { IssueActor } from './issuesEvents';
import { atLeast, repoAccess } from './permissions';

const notValid = (reason: string): Error => invalid(`NotValidReviewRequest: ${reason}`);

/**
 * The teams named in `team_reviewers`, checked as Gitea's apiReviewRequest and IsValidTeamReviewRequest:
 * none on a user's repository (ignored there); 404 for a name that is no team of the owning organization;
 * 422 when a private repository is out of the team's reach, when the doer may not choose reviewers, or
 * (removing) when the doer is no repository admin.
 */
export function teamReviewers(
  actor: IssueActor,
  repo: RepositoryRow,
  names: readonly string[],
  isAdd: boolean,
): TeamRow[] {
  const { db, doer } = actor;
  if (names.length === 0 || findUserById(db, repo.owner_id)?.type !== userType.organization) return [];
  const doerMode = repoAccess(db, doer, repo, 'repo.pulls');
  return names.map((name) => {
    const team = findTeamByName(db, repo.owner_id, name);
    if (!team) throw notFound(`Team '${name}' not exist`);
    if (!isAdd) {
      if (!atLeast(doerMode, 'admin')) {
        throw notValid('Only admin users can remove team requests. Doer is not admin');
      }
      return team;
    }
    if (repo.is_private && !teamReachesRepo(db, team, repo)) throw notValid("Reviewing team can't read repo");
    if (!atLeast(doerMode, 'write')) throw notValid("Doer can't choose reviewer");
    return team;
  });
}

/**
 * Asks a team to review (Gitea's AddTeamReviewRequest): a review request row naming the team and its
 * timeline entry. Undefined when the team is asked already.
 */
export function requestTeamReview(
  db: Database,
  doer: UserRow,
  issue: IssueRow,
  team: TeamRow,
): ReviewRow | undefined {
  if (latestTeamReviewRequest(db, issue.id, team.id)) return undefined;
  const review = insertReview(db, {
    type: reviewType.request,
    issueId: issue.id,
    reviewerId: 0,
    reviewerTeamId: team.id,
    content: '',
    commitId: '',
    official: false,
    stale: false,
  });
  insertComment(db, {
    issueId: issue.id,
    posterId: doer.id,
    type: commentType.reviewRequest,
    assigneeTeamId: team.id,
    reviewId: review.id,
  });
  return review;
}

/** Withdraws a team's review request (Gitea's RemoveTeamReviewRequest); nothing when there is none. */
export function withdrawTeamReview(db: Database, doer: UserRow, issue: IssueRow, team: TeamRow): void {
  const request = latestTeamReviewRequest(db, issue.id, team.id);
  if (!request) return;
  deleteReviewRow(db, request);
  insertComment(db, {
    issueId: issue.id,
    posterId: doer.id,
    type: commentType.reviewRequest,
    assigneeTeamId: team.id,
    removedAssignee: true,
  });
}
