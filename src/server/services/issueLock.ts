import { setIssueLocked, type IssueRow } from '../store/issues';
import { recordLock, type TimelineWriter } from './issueTimeline';

/**
 * Locks or unlocks an issue's conversation with its `lock` / `unlock` entry (the reason as its text), as
 * Gitea's updateIssueLock: already in that state, nothing changes. Gitea's API takes any reason (its web
 * form offers `[repository.issue] LOCK_REASONS`) and records the entry as the repository's owner; here the
 * doer is recorded.
 */
export function setIssueLock(writer: TimelineWriter, issue: IssueRow, locked: boolean, reason = ''): void {
  if (issue.is_locked === locked) return;
  writer.db.transaction(() => {
    setIssueLocked(writer.db, issue, locked);
    recordLock(writer, issue.id, locked, locked ? reason : '');
  });
}
