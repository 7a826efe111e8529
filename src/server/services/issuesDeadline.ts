import { forbidden } from '../domain/errors';
import { commentType, insertComment } from '../store/comments';
import { findIssueById, updateIssueFields, type IssueRow } from '../store/issues';
import type { RepositoryRow } from '../store/repositories';
import { canWriteIssues } from './issues';
import type { IssueActor } from './issuesEvents';

/** A deadline as the timeline notes it: the date (UTC), as Gitea's `2006-01-02`. */
const day = (unixSeconds: number): string => new Date(unixSeconds * 1000).toISOString().slice(0, 10);

/**
 * Sets (or with 0 removes) an issue's deadline, as Gitea's UpdateIssueDeadline: writers of the issue's unit
 * only (403), nothing happens when it does not change, otherwise the timeline gets an added, modified or
 * removed deadline entry.
 */
export function setIssueDeadline(
  actor: IssueActor,
  repo: RepositoryRow,
  issue: IssueRow,
  deadlineUnix: number,
): IssueRow {
  const { db } = actor;
  if (!canWriteIssues(db, actor, repo, issue.is_pull)) throw forbidden('Not repo writer');
  if (issue.deadline_unix === deadlineUnix) return issue;
  const previous = issue.deadline_unix;
  const entry =
    deadlineUnix === 0
      ? { type: commentType.removedDeadline, content: day(previous) }
      : previous === 0
        ? { type: commentType.addedDeadline, content: day(deadlineUnix) }
        : { type: commentType.modifiedDeadline, content: `${day(deadlineUnix)}|${day(previous)}` };
  db.transaction(() => {
    updateIssueFields(db, issue, { deadlineUnix });
    insertComment(db, { issueId: issue.id, posterId: actor.doer.id, ...entry });
  });
  return findIssueById(db, issue.id)!;
}
