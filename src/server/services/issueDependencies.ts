import { conflict, invalid, notAllowed, notFound, preconditionFailed } from '../domain/errors';
import type { Database } from '../store/database';
import {
  dependenciesEnabled,
  dependencyExists,
  deleteDependency,
  hasOpenDependencies,
  insertDependency,
} from '../store/issueDependencies';
import { findIssueByNumber, type IssueRow } from '../store/issues';
import { findRepositoryByName, type RepositoryRow } from '../store/repositories';
import { canReadIssueKinds, issueUnit } from './issuesAccess';
import type { IssueActor } from './issuesEvents';
import { recordDependency } from './issueTimeline';
import { atLeast, repoAccess, type Viewer } from './permissions';

/** An issue with its repository: either side of a dependency. */
export interface IssueInRepo {
  readonly repo: RepositoryRow;
  readonly issue: IssueRow;
}

/** Whether the repository's issues may have dependencies (its `internal_tracker.enable_issue_dependencies`). */
export const issueDependenciesEnabled = (db: Database, repo: RepositoryRow): boolean =>
  dependenciesEnabled(db, repo);

/**
 * Gitea's rule on closing: while dependencies are on in the repository, an issue (or pull request) that an
 * open issue still blocks cannot be closed (412, ErrDependenciesLeft).
 */
export function assertNoOpenDependencies(db: Database, repo: RepositoryRow, issue: IssueRow): void {
  if (closingBlocked(db, repo, issue)) {
    throw preconditionFailed(
      'cannot close this issue or pull request because it still has open dependencies',
    );
  }
}

/**
 * Gitea's merge check (ErrDependenciesLeft): a pull request an open issue blocks cannot be merged, whatever
 * the switch says. Gitea's API answers it with a 500; here it is the 405 of the other refusals, with the
 * message Gitea's web page shows.
 */
export function assertMergeNotBlocked(db: Database, issue: IssueRow): void {
  if (hasOpenDependencies(db, issue.id)) {
    throw notAllowed(
      'You need to close all issues that are blocking this pull request before you can merge it.',
    );
  }
}

/** Whether closing the issue is refused for its open dependencies (closing by a reference just skips it). */
export const closingBlocked = (db: Database, repo: RepositoryRow, issue: IssueRow): boolean =>
  issueDependenciesEnabled(db, repo) && hasOpenDependencies(db, issue.id);

/**
 * The issue an IssueMeta names (Gitea's getFormIssue): in the repository of the path unless `owner` and
 * `repo` name another one (cross-repository dependencies are allowed, Gitea's default); 404 when the
 * repository or the issue does not exist. An IssueMeta without owner and repo names no repository.
 */
export function issueFromMeta(
  db: Database,
  current: RepositoryRow,
  meta: { readonly owner?: string; readonly repo?: string; readonly index?: number },
): IssueInRepo {
  const owner = meta.owner ?? '';
  const name = meta.repo ?? '';
  const repo =
    owner === current.owner_name && name === current.name ? current : findRepositoryByName(db, owner, name);
  if (!repo) throw notFound(`repository does not exist [name: ${name}]`);
  const index = meta.index ?? 0;
  const issue = findIssueByNumber(db, repo.id, index);
  if (!issue) throw notFound(`issue does not exist [repo_id: ${repo.id}, index: ${index}]`);
  return { repo, issue };
}

const canRead = (db: Database, viewer: Viewer, side: IssueInRepo): boolean =>
  canReadIssueKinds(db, viewer, side.repo, [side.issue.is_pull]);

/**
 * What adding or removing a dependency needs (Gitea's createIssueDependency): the blocked issue's repository
 * has dependencies on and is not archived, the caller writes its issues (or pull requests) and reads the
 * blocking one; anything else is a 404, as Gitea hides it.
 */
function assertMayChange(actor: IssueActor, target: IssueInRepo, dependency: IssueInRepo): void {
  const { db } = actor;
  if (target.repo.is_archived || !issueDependenciesEnabled(db, target.repo)) throw notFound();
  const unit = issueUnit(target.issue.is_pull);
  if (!atLeast(repoAccess(db, actor.doer, target.repo, unit), 'write')) throw notFound();
  if (!canRead(db, actor.doer, dependency)) throw notFound();
}

/**
 * Makes `target` depend on `dependency`, with an entry in both timelines. Gitea's API answers its
 * ErrDependencyExists and ErrCircularDependency with a 500 and lets an issue depend on itself (its web page
 * refuses that); here they are a 409 and 422s with Gitea's messages.
 */
export function addDependency(actor: IssueActor, target: IssueInRepo, dependency: IssueInRepo): void {
  assertMayChange(actor, target, dependency);
  const issueId = target.issue.id;
  const dependencyId = dependency.issue.id;
  if (issueId === dependencyId) throw invalid('You cannot make an issue depend on itself.');
  const { db } = actor;
  db.transaction(() => {
    if (dependencyExists(db, issueId, dependencyId)) {
      throw conflict(
        `issue dependency does already exist [issue id: ${issueId}, dependency id: ${dependencyId}]`,
      );
    }
    if (dependencyExists(db, dependencyId, issueId)) {
      throw invalid(
        `circular dependencies exists (two issues blocking each other) [issue id: ${issueId}, dependency id: ${dependencyId}]`,
      );
    }
    insertDependency(db, actor.doer.id, issueId, dependencyId);
    recordDependency(actor, issueId, dependencyId, true);
  });
}

/** Removes the dependency, with an entry in both timelines; 404 when there is none (Gitea: a 500). */
export function removeDependency(actor: IssueActor, target: IssueInRepo, dependency: IssueInRepo): void {
  assertMayChange(actor, target, dependency);
  const issueId = target.issue.id;
  const dependencyId = dependency.issue.id;
  actor.db.transaction(() => {
    if (!deleteDependency(actor.db, issueId, dependencyId)) {
      throw notFound(
        `issue dependency does not exist [issue id: ${issueId}, dependency id: ${dependencyId}]`,
      );
    }
    recordDependency(actor, issueId, dependencyId, false);
  });
}
