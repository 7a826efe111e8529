import { invalid, notFound } from '../domain/errors';
import { commentType, insertComment } from '../store/comments';
import type { Database } from '../store/database';
import type { IssueRow } from '../store/issues';
import type { RepositoryRow } from '../store/repositories';
import {
  deleteReviewRow,
  insertReview,
  latestReviewVerdict,
  reviewType,
  type ReviewRow,
} from '../store/reviews';
import { findAccountByName, findEmailOwner, findUserById, userType, type UserRow } from '../store/users';
import type { IssueActor } from './issuesEvents';
import { atLeast, repoAccess } from './permissions';
import { requestTeamReview, teamReviewers, withdrawTeamReview } from './teamReviewRequests';

/** A review request: a review row of type "request" and its timeline entry (Gitea's comment type 27). */
export function requestReview(db: Database, doer: UserRow, issueId: number, reviewer: UserRow): ReviewRow {
  const review = insertReview(db, {
    type: reviewType.request,
    issueId,
    reviewerId: reviewer.id,
    content: '',
    commitId: '',
    official: false,
    stale: false,
  });
  insertComment(db, {
    issueId,
    posterId: doer.id,
    type: commentType.reviewRequest,
    assigneeId: reviewer.id,
    reviewId: review.id,
  });
  return review;
}

/** A reviewer named by login, or by e-mail when the name holds an `@`, as Gitea; 404 when nobody. */
function findReviewer(db: Database, name: string): UserRow {
  const account = name.includes('@')
    ? findUserById(db, findEmailOwner(db, name) ?? 0)
    : findAccountByName(db, name);
  if (!account) throw notFound(`User '${name}' not exist`);
  return account;
}

const notValid = (reason: string): Error => invalid(`NotValidReviewRequest: ${reason}`);

/** Gitea's IsValidReviewRequest: undefined when allowed, else the reason (422). */
function assertValidRequest(
  actor: IssueActor,
  repo: RepositoryRow,
  issue: IssueRow,
  reviewer: UserRow,
  isAdd: boolean,
): void {
  const { db, doer } = actor;
  if (reviewer.type !== userType.individual) throw notValid("Organization can't be added as reviewer");
  const doerMode = repoAccess(db, doer, repo, 'repo.pulls');
  const last = latestReviewVerdict(db, issue.id, reviewer.id);
  if (isAdd) {
    if (!atLeast(repoAccess(db, reviewer, repo, 'repo.pulls'), 'read')) throw notValid("Reviewer can't read");
    // The poster may ask again someone who has reviewed already.
    const reRequest = doer.id === issue.poster_id && last !== undefined && last.type !== reviewType.request;
    if (reRequest) return;
    if (!atLeast(doerMode, 'write')) throw notValid("Doer can't choose reviewer");
    if (doer.id === reviewer.id) throw notValid("doer can't be reviewer");
    if (reviewer.id === issue.poster_id && issue.original_author_id === 0)
      throw notValid("poster of pr can't be reviewer");
    return;
  }
  // A requested reviewer may decline; otherwise only repository admins remove requests.
  if (last?.type === reviewType.request && reviewer.id === doer.id) return;
  if (!atLeast(doerMode, 'admin')) throw notValid('Doer is not admin');
}

/** The users and teams (`reviewers`, `team_reviewers`) a review request change names. */
export interface ReviewRequestNames {
  readonly reviewers: readonly string[];
  readonly teams: readonly string[];
}

/**
 * Adds or removes review requests as Gitea's apiReviewRequest: every name is resolved and checked before
 * anything changes (404 for an unknown user or team, 422 for a request Gitea refuses; Gitea applies the
 * users' requests before it checks the teams). Teams count only on an organization's repository. Adding
 * skips someone already requested; removing skips someone not requested. Answers the review rows created,
 * users' first.
 */
export function changeReviewRequests(
  actor: IssueActor,
  repo: RepositoryRow,
  issue: IssueRow,
  names: ReviewRequestNames,
  isAdd: boolean,
): ReviewRow[] {
  const { db, doer } = actor;
  const reviewers = names.reviewers.map((name) => findReviewer(db, name));
  for (const reviewer of reviewers) assertValidRequest(actor, repo, issue, reviewer, isAdd);
  const teams = teamReviewers(actor, repo, names.teams, isAdd);
  return db.transaction(() => {
    const created: ReviewRow[] = [];
    for (const reviewer of reviewers) {
      const last = latestReviewVerdict(db, issue.id, reviewer.id);
      if (isAdd) {
        if (last?.type !== reviewType.request) created.push(requestReview(db, doer, issue.id, reviewer));
      } else if (last?.type === reviewType.request) {
        deleteReviewRow(db, last);
        insertComment(db, {
          issueId: issue.id,
          posterId: doer.id,
          type: commentType.reviewRequest,
          assigneeId: reviewer.id,
          removedAssignee: true,
        });
      }
    }
    for (const team of teams) {
      if (!isAdd) {
        withdrawTeamReview(db, doer, issue, team);
        continue;
      }
      const review = requestTeamReview(db, doer, issue, team);
      if (review) created.push(review);
    }
    return created;
  });
}
