import { refAction } from '../store/comments';
import { findIssueById, setIssueClosed, type IssueRow } from '../store/issues';
import { findRepositoryById, type RepositoryRow } from '../store/repositories';
import { resolvedCrossReferences } from './crossReferences';
import { closingBlocked } from './issueDependencies';
import { emitIssueEvent, type IssueActor } from './issuesEvents';
import { recordStateChange } from './issueTimeline';

/**
 * Closes or reopens an issue as the consequence of something else (a merged pull request's `Closes #n`, a
 * pushed commit's `fixes #n`): the reference was checked when it was made, so no permission is asked here.
 * An issue open dependencies block stays open, as Gitea lets that error pass. Answers whether it changed.
 */
export function changeIssueState(
  actor: IssueActor,
  repo: RepositoryRow,
  issue: IssueRow,
  closed: boolean,
): boolean {
  const { db } = actor;
  if (issue.is_closed === closed || (closed && closingBlocked(db, repo, issue))) return false;
  db.transaction(() => {
    setIssueClosed(db, issue, closed);
    recordStateChange(actor, issue.id, closed);
  });
  emitIssueEvent(actor, repo, issue, closed ? 'closed' : 'reopened');
  return true;
}

/** After a merge: the issues the pull request's references close or reopen (Gitea's handleCloseCrossReferences). */
export function resolveMergedReferences(actor: IssueActor, pull: IssueRow): void {
  for (const reference of resolvedCrossReferences(actor.db, pull)) {
    const issue = findIssueById(actor.db, reference.issue);
    const repo = issue && findRepositoryById(actor.db, issue.repo_id);
    if (!issue || !repo) continue;
    if (reference.action === refAction.closes) changeIssueState(actor, repo, issue, true);
    else if (reference.action === refAction.reopens) changeIssueState(actor, repo, issue, false);
  }
}
