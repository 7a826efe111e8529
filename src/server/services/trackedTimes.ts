import { conflict, forbidden, malformed, notFound } from '../domain/errors';
import { insertComment } from '../store/comments';
import { nowSeconds, type Database } from '../store/database';
import type { IssueRow } from '../store/issues';
import { assigneeIdsOfIssues } from '../store/issuesAssignees';
import type { RepositoryRow } from '../store/repositories';
import {
  deleteStopwatch,
  findStopwatch,
  insertStopwatch,
  otherStopwatches,
  type StopwatchRow,
} from '../store/stopwatches';
import {
  countUserIssueTimes,
  deleteUserIssueTimes,
  insertTrackedTime,
  markTrackedTimeDeleted,
  timeTrackerSettings,
  type TrackedTimeRow,
} from '../store/trackedTimes';
import type { UserRow } from '../store/users';
import { secondsToHours } from '../convert/trackedTime';
import { canWriteIssues } from './issues';
import { isSiteAdmin } from './permissions';

/** Gitea's timeline entries for time tracking (CommentType numbers). */
const timelineType = {
  startTracking: 12,
  stopTracking: 13,
  addTimeManual: 14,
  cancelTracking: 15,
  deleteTimeManual: 26,
};

export const timeTrackerEnabled = (db: Database, repo: RepositoryRow): boolean =>
  timeTrackerSettings(db, repo).enableTimeTracker;

/**
 * Gitea's CanUseTimetracker: the tracker is on and, when only contributors may track time (the default),
 * the user writes to the issues (or pull requests), posted the issue or is assigned to it.
 */
export function canUseTimetracker(
  db: Database,
  user: UserRow,
  repo: RepositoryRow,
  issue: IssueRow,
): boolean {
  const settings = timeTrackerSettings(db, repo);
  if (!settings.enableTimeTracker) return false;
  if (!settings.allowOnlyContributorsToTrackTime) return true;
  return (
    canWriteIssues(db, { doer: user }, repo, issue.is_pull) ||
    issue.poster_id === user.id ||
    (assigneeIdsOfIssues(db, [issue.id]).get(issue.id) ?? []).includes(user.id)
  );
}

/** 400 when the repository tracks no time, 403 when the user may not track it (Gitea's time handlers). */
export function assertCanTrackTime(db: Database, user: UserRow, repo: RepositoryRow, issue: IssueRow): void {
  if (canUseTimetracker(db, user, repo, issue)) return;
  if (!timeTrackerEnabled(db, repo)) throw malformed('time tracking disabled');
  throw forbidden('you are not allowed to track time on this issue');
}

// The timeline keeps seconds after a "|", as Gitea does since 1.21.
const secondsContent = (seconds: number): string => `|${seconds}`;

/** Adds `seconds` of `tracker`'s time to the issue (Gitea's AddTime), with its timeline entry. */
export function addTime(
  db: Database,
  tracker: UserRow,
  issue: IssueRow,
  seconds: number,
  created?: number,
): TrackedTimeRow {
  return db.transaction(() => {
    const time = insertTrackedTime(db, { issueId: issue.id, userId: tracker.id, seconds, created });
    insertComment(db, {
      issueId: issue.id,
      posterId: tracker.id,
      type: timelineType.addTimeManual,
      content: secondsContent(seconds),
      timeId: time.id,
    });
    return time;
  });
}

/** Deletes one tracked time: its owner or a site admin only (403), once (404 when already deleted). */
export function deleteTime(
  db: Database,
  doer: UserRow,
  issue: IssueRow,
  time: TrackedTimeRow | undefined,
): void {
  if (!time || time.issue_id !== issue.id) throw notFound('tracked time does not exist');
  if (time.deleted) throw notFound('tracked time was already deleted');
  if (time.user_id !== doer.id && !isSiteAdmin(doer))
    throw forbidden('only the tracker or an admin may delete it');
  db.transaction(() => {
    markTrackedTimeDeleted(db, time.id);
    insertComment(db, {
      issueId: issue.id,
      posterId: doer.id,
      type: timelineType.deleteTimeManual,
      content: secondsContent(time.time),
    });
  });
}

/** Deletes all of the doer's time on the issue (Gitea's DeleteIssueUserTimes); 404 when there is none. */
export function resetTimes(db: Database, doer: UserRow, issue: IssueRow): void {
  db.transaction(() => {
    if (countUserIssueTimes(db, issue.id, doer.id) === 0) throw notFound('no tracked time to reset');
    const seconds = deleteUserIssueTimes(db, issue.id, doer.id);
    insertComment(db, {
      issueId: issue.id,
      posterId: doer.id,
      type: timelineType.deleteTimeManual,
      content: secondsContent(seconds),
    });
  });
}

/** Stops a running stopwatch into a tracked time of the seconds it ran, with its timeline entry. */
function finishStopwatch(db: Database, user: UserRow, stopwatch: StopwatchRow): TrackedTimeRow {
  const seconds = Math.max(0, nowSeconds() - stopwatch.created);
  const time = insertTrackedTime(db, { issueId: stopwatch.issue_id, userId: user.id, seconds });
  insertComment(db, {
    issueId: stopwatch.issue_id,
    posterId: user.id,
    type: timelineType.stopTracking,
    content: secondsToHours(seconds),
    timeId: time.id,
  });
  deleteStopwatch(db, stopwatch.id);
  return time;
}

/**
 * Who may use an issue's stopwatch (Gitea's prepareIssueStopwatch): writers of its issues or pull
 * requests who may also track time; 403 otherwise.
 */
export function assertMayUseStopwatch(
  db: Database,
  user: UserRow,
  repo: RepositoryRow,
  issue: IssueRow,
): void {
  if (!canWriteIssues(db, { doer: user }, repo, issue.is_pull)) throw forbidden('Unable to write to PRs');
  if (!canUseTimetracker(db, user, repo, issue)) throw forbidden('Cannot use time tracker');
}

/** Starts the user's stopwatch on the issue, stopping any other they run; 409 when it already runs. */
export function startStopwatch(db: Database, user: UserRow, issue: IssueRow): void {
  db.transaction(() => {
    if (findStopwatch(db, user.id, issue.id))
      throw conflict('cannot start a stopwatch again if it already exists');
    for (const other of otherStopwatches(db, user.id, issue.id)) finishStopwatch(db, user, other);
    insertStopwatch(db, user.id, issue.id);
    insertComment(db, { issueId: issue.id, posterId: user.id, type: timelineType.startTracking });
  });
}

/** Stops the user's stopwatch on the issue into a tracked time; 409 when none runs. */
export function stopStopwatch(db: Database, user: UserRow, issue: IssueRow): TrackedTimeRow {
  return db.transaction(() => {
    const stopwatch = findStopwatch(db, user.id, issue.id);
    if (!stopwatch) throw conflict('cannot stop/cancel a non existent stopwatch');
    return finishStopwatch(db, user, stopwatch);
  });
}

/** Throws the user's stopwatch on the issue away without tracking time; 409 when none runs. */
export function cancelStopwatch(db: Database, user: UserRow, issue: IssueRow): void {
  db.transaction(() => {
    const stopwatch = findStopwatch(db, user.id, issue.id);
    if (!stopwatch) throw conflict('cannot stop/cancel a non existent stopwatch');
    deleteStopwatch(db, stopwatch.id);
    insertComment(db, { issueId: issue.id, posterId: user.id, type: timelineType.cancelTracking });
  });
}
