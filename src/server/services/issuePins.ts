import { invalid, malformed, notFound } from '../domain/errors';
import type { Database } from '../store/database';
import { countPinned, movePinRow, pinIssueRow, unpinIssueRow, type IssueRow } from '../store/issues';
import type { RepositoryRow } from '../store/repositories';
import { recordPin, type TimelineWriter } from './issueTimeline';

/** Gitea's `[repository.issue] MAX_PINNED`: pinned issues, and apart from them pull requests, per repository. */
export const maxPinned = 3;

/** Gitea's IsNewPinAllowed. */
export const newPinAllowed = (db: Database, repo: RepositoryRow, isPull: boolean): boolean =>
  countPinned(db, repo.id, isPull) < maxPinned;

/**
 * Pins an issue or pull request after the pinned ones, with its `pin` entry; 400 at the limit (Gitea's
 * ErrIssueMaxPinReached, which its API answers with a 500). Pinning a pinned issue changes nothing (in
 * Gitea a second pin breaks a unique index: a 500).
 */
export function pinIssue(writer: TimelineWriter, repo: RepositoryRow, issue: IssueRow): void {
  const { db } = writer;
  db.transaction(() => {
    if (issue.pin_order > 0) return;
    if (!newPinAllowed(db, repo, issue.is_pull)) {
      throw malformed('the max number of pinned issues has been readched');
    }
    pinIssueRow(db, issue);
    recordPin(writer, issue.id, true);
  });
}

/** Unpins, with its `unpin` entry; an issue that is not pinned stays as it is (as Gitea). */
export function unpinIssue(writer: TimelineWriter, issue: IssueRow): void {
  if (issue.pin_order <= 0) return;
  writer.db.transaction(() => {
    unpinIssueRow(writer.db, issue);
    recordPin(writer, issue.id, false);
  });
}

/**
 * Moves a pinned issue to `position` (1-based), as Gitea's MovePin: no entry in the timeline. Gitea answers
 * a position below 1 and an issue that is not pinned with a 500; here they are a 422 and a 404.
 */
export function moveIssuePin(db: Database, issue: IssueRow, position: number): void {
  if (position < 1) throw invalid("The Position can't be lower than 1");
  if (issue.pin_order <= 0) throw notFound(`IssuePin does not exist [id: ${issue.id}]`);
  if (issue.pin_order === position) return;
  movePinRow(db, issue, position);
}
