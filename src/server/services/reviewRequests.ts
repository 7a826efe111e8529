import { notFound } from '../domain/errors';
import type { Database } from '../store/database';
import type { IssueRow } from '../store/issues';
import type { RepositoryRow } from '../store/repositories';
import { latestReviewVerdict, latestTeamReviewRequest, reviewType, type ReviewRow } from '../store/reviews';
import { findAccountByName, findEmailOwner, findUserById, userType, type UserRow } from '../store/users';
import type { IssueActor } from './issuesEvents';
import { atLeast, repoAccess } from './permissions';
import {
  addReviewRequest,
  notValidReviewRequest,
  removeReviewRequest,
  type RequestedReviewer,
} from './reviewRequestRows';
import { announceReviewRequests } from './reviewRequestEvents';
import { teamReviewers } from './teamReviewRequests';

/** A reviewer named by login, or by e-mail when the name holds an `@`, as Gitea; 404 when nobody. */
function findReviewer(db: Database, name: string): UserRow {
  const account = name.includes('@')
    ? findUserById(db, findEmailOwner(db, name) ?? 0)
    : findAccountByName(db, name);
  if (!account) throw notFound(`User '${name}' not exist`);
  return account;
}

/** Gitea's IsValidReviewRequest: undefined when allowed, else the reason (422). */
function assertValidRequest(
  actor: IssueActor,
  repo: RepositoryRow,
  issue: IssueRow,
  reviewer: UserRow,
  isAdd: boolean,
): void {
  const { db, doer } = actor;
  if (reviewer.type !== userType.individual)
    throw notValidReviewRequest("Organization can't be added as reviewer");
  const doerMode = repoAccess(db, doer, repo, 'repo.pulls');
  const last = latestReviewVerdict(db, issue.id, reviewer.id);
  if (isAdd) {
    if (!atLeast(repoAccess(db, reviewer, repo, 'repo.pulls'), 'read'))
      throw notValidReviewRequest("Reviewer can't read");
    // The poster may ask again someone who has reviewed already.
    const reRequest = doer.id === issue.poster_id && last !== undefined && last.type !== reviewType.request;
    if (reRequest) return;
    if (!atLeast(doerMode, 'write')) throw notValidReviewRequest("Doer can't choose reviewer");
    if (doer.id === reviewer.id) throw notValidReviewRequest("doer can't be reviewer");
    if (reviewer.id === issue.poster_id && issue.original_author_id === 0)
      throw notValidReviewRequest("poster of pr can't be reviewer");
    return;
  }
  // A requested reviewer may decline; otherwise only repository admins remove requests.
  if (last?.type === reviewType.request && reviewer.id === doer.id) return;
  if (!atLeast(doerMode, 'admin')) throw notValidReviewRequest('Doer is not admin');
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
 * skips someone already requested; removing skips someone not requested. Each change is announced (event,
 * notification). Answers the review rows created, users' first.
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
  const announced: { who: RequestedReviewer; isAdd: boolean }[] = [];
  const created = db.transaction(() => {
    const rows: ReviewRow[] = [];
    const change = (pending: ReviewRow | undefined, who: RequestedReviewer): void => {
      if (isAdd && !pending) rows.push(addReviewRequest(db, doer, issue.id, who));
      if (!isAdd && pending) removeReviewRequest(db, doer, pending, who);
      if (isAdd !== !!pending) announced.push({ who, isAdd });
    };
    for (const reviewer of reviewers) {
      const last = latestReviewVerdict(db, issue.id, reviewer.id);
      change(last?.type === reviewType.request ? last : undefined, { userId: reviewer.id });
    }
    for (const team of teams) change(latestTeamReviewRequest(db, issue.id, team.id), { teamId: team.id });
    return rows;
  });
  announceReviewRequests(actor, repo, issue, announced);
  return created;
}
