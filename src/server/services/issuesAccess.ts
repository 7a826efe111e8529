import { notFound } from '../domain/errors';
import type { Database } from '../store/database';
import type { IssueRow } from '../store/issues';
import { findRepositoryById, type RepositoryRow } from '../store/repositories';
import {
  assertRepoAccess,
  atLeast,
  repoAccess,
  type AccessMode,
  type RepoUnit,
  type Viewer,
} from './permissions';

/** The repository unit an issue or pull request belongs to. */
export const issueUnit = (isPull: boolean): RepoUnit => (isPull ? 'repo.pulls' : 'repo.issues');

/**
 * Whether the viewer may read the repository's issues or pull requests of one of `kinds` (is_pull values):
 * the unit is enabled and the viewer reads it. The cross-repository search searches such repositories.
 */
export const canReadIssueKinds = (
  db: Database,
  viewer: Viewer,
  repo: RepositoryRow,
  kinds: readonly boolean[],
): boolean =>
  kinds.some(
    (isPull) =>
      (isPull ? repo.has_pull_requests : repo.has_issues) &&
      atLeast(repoAccess(db, viewer, repo, issueUnit(isPull)), 'read'),
  );

/**
 * Throws unless the viewer reaches `needed` on the repository's issues (or pull requests): 404 when the
 * unit is disabled or they cannot read it, 401 anonymous, 403 otherwise (through the permission module).
 */
export function assertIssueAccess(
  db: Database,
  viewer: Viewer,
  repo: RepositoryRow,
  isPull: boolean,
  needed: Exclude<AccessMode, 'none'>,
): AccessMode {
  const enabled = isPull ? repo.has_pull_requests : repo.has_issues;
  if (!enabled) throw notFound();
  return assertRepoAccess(db, viewer, repo, needed, issueUnit(isPull));
}

/**
 * Labels and milestones serve issues and pull requests alike: Gitea's reqRepoWriter(issues, pulls)
 * lets a writer of either change them. Returns the better of the two modes, or throws like assertRepoAccess.
 */
export function assertIssuesOrPullsAccess(
  db: Database,
  viewer: Viewer,
  repo: RepositoryRow,
  needed: Exclude<AccessMode, 'none'>,
): void {
  const issues = repoAccess(db, viewer, repo, 'repo.issues');
  const pulls = repoAccess(db, viewer, repo, 'repo.pulls');
  if (atLeast(issues, needed) || atLeast(pulls, needed)) return;
  assertRepoAccess(db, viewer, repo, needed, atLeast(pulls, issues) ? 'repo.pulls' : 'repo.issues');
}

/** Whether the viewer may read this issue or pull request, in whichever repository it is. */
export function canReadIssue(db: Database, viewer: Viewer, issue: IssueRow): boolean {
  const repo = findRepositoryById(db, issue.repo_id);
  return repo !== undefined && canReadIssueKinds(db, viewer, repo, [issue.is_pull]);
}
