import { forbidden, notFound } from '../domain/errors';
import type { Database } from '../store/database';
import { findIssueByNumber, type IssueRow } from '../store/issues';
import { assigneeIdsOfIssues } from '../store/issuesAssignees';
import { usersByIds } from '../store/issuesUsers';
import { issueAudienceIds } from '../store/issueWatches';
import {
  findNotification,
  listNotifications,
  notificationSource,
  notificationStatus,
  setNotificationStatus,
  upsertIssueNotification,
  type NotificationFilter,
  type NotificationRow,
  type NotificationSource,
  type NotificationStatus,
} from '../store/notifications';
import { findRepositoryById, type RepositoryRow } from '../store/repositories';
import type { UserRow } from '../store/users';
import type { EventBus, RepositoryEvent } from './events';
import { issueUnit } from './issuesAccess';
import { atLeast, isSiteAdmin, repoAccess } from './permissions';
import { isWorkInProgress } from '../domain/workInProgress';

/** What an event asks of the notification threads of one issue. */
interface ThreadTrigger {
  number: number;
  commentId: number | null;
  /** only the issue's assignees hear of it (an assignment) */
  assigneesOnly: boolean;
  /** only this user hears of it (a review request) */
  receiverId?: number;
}

const record = (value: unknown): Readonly<Record<string, unknown>> | undefined =>
  typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : undefined;
const integer = (value: unknown): number | undefined =>
  typeof value === 'number' && Number.isSafeInteger(value) ? value : undefined;

/**
 * The events Gitea's notification service turns into threads: an issue or pull request opened, closed,
 * reopened or retitled, a comment or review, (for the assignee alone) an assignment, and (for the requested
 * reviewer alone) a review request.
 */
function triggerOf(event: RepositoryEvent): ThreadTrigger | undefined {
  const payload = event.payload;
  const action = typeof payload.action === 'string' ? payload.action : '';
  const number =
    event.subject?.number ??
    integer(payload.number) ??
    integer(record(payload.issue)?.number) ??
    integer(record(payload.pull_request)?.number);
  if (number === undefined) return undefined;
  const trigger = (commentId: number | null = null, assigneesOnly = false): ThreadTrigger => ({
    number,
    commentId,
    assigneesOnly,
  });
  switch (event.event) {
    case 'issues':
    case 'pull_request':
      if (['opened', 'closed', 'reopened'].includes(action)) return trigger();
      return action === 'edited' && record(payload.changes)?.title !== undefined ? trigger() : undefined;
    case 'issue_comment':
    case 'pull_request_comment':
      return action === 'created'
        ? trigger(event.subject?.commentId ?? integer(record(payload.comment)?.id) ?? null)
        : undefined;
    case 'issue_assign':
    case 'pull_request_assign':
      return action === 'assigned' ? trigger(null, true) : undefined;
    case 'pull_request_review_approved':
    case 'pull_request_review_rejected':
    case 'pull_request_review_comment':
      return trigger();
    case 'pull_request_review_request': {
      const receiverId = integer(record(payload.requested_reviewer)?.id);
      if (action !== 'review_requested' || receiverId === undefined) return undefined;
      return { ...trigger(), receiverId };
    }
    default:
      return undefined;
  }
}

function mayReadIssue(db: Database, user: UserRow, repo: RepositoryRow, issue: IssueRow): boolean {
  const isPull = issue.is_pull;
  const enabled = isPull ? repo.has_pull_requests : repo.has_issues;
  return enabled && atLeast(repoAccess(db, user, repo, issueUnit(isPull)), 'read');
}

/**
 * Creates or brings up the thread of every user who should hear about activity on the issue (Gitea's
 * createOrUpdateIssueNotifications): subscribers, participants and repository watchers who can read it,
 * never the one who acted.
 */
export function notifyIssueActivity(
  db: Database,
  repo: RepositoryRow,
  issue: IssueRow,
  senderId: number,
  trigger: Pick<ThreadTrigger, 'commentId' | 'assigneesOnly' | 'receiverId'>,
): void {
  const isPull = issue.is_pull;
  const audience =
    trigger.receiverId !== undefined
      ? [trigger.receiverId]
      : trigger.assigneesOnly
        ? (assigneeIdsOfIssues(db, [issue.id]).get(issue.id) ?? [])
        : issueAudienceIds(db, issue, !(isPull && isWorkInProgress(issue.title)));
  const users = usersByIds(
    db,
    audience.filter((id) => id !== senderId),
  );
  if (users.size === 0) return;
  db.transaction(() => {
    for (const user of users.values()) {
      if (!mayReadIssue(db, user, repo, issue)) continue;
      upsertIssueNotification(db, {
        userId: user.id,
        repoId: repo.id,
        issueId: issue.id,
        source: isPull ? notificationSource.pullRequest : notificationSource.issue,
        commentId: trigger.commentId,
        updatedBy: senderId,
      });
    }
  });
}

/** Subscribes the notification threads to the event bus; returns the unsubscribe function. */
export function subscribeNotifications(events: EventBus, db: Database): () => void {
  return events.subscribe((event) => {
    const trigger = triggerOf(event);
    if (!trigger) return;
    const repo = event.rows?.repo ?? findRepositoryById(db, event.repoId);
    const issue = event.rows?.issue ?? (repo ? findIssueByNumber(db, repo.id, trigger.number) : undefined);
    if (repo && issue) notifyIssueActivity(db, repo, issue, event.senderId, trigger);
  });
}

/** Gitea's statusStringToNotificationStatus: unread, read or pinned (any case); anything else is nothing. */
export function statusFromWord(word: string): NotificationStatus | undefined {
  switch (word.trim().toLowerCase()) {
    case 'unread':
      return notificationStatus.unread;
    case 'read':
      return notificationStatus.read;
    case 'pinned':
      return notificationStatus.pinned;
    default:
      return undefined;
  }
}

/** The statuses of a `status-types` query, or the defaults when none was given (unknown words drop out). */
export function statusesFromWords(
  words: readonly string[],
  defaults: readonly string[],
): NotificationStatus[] {
  return (words.length > 0 ? words : defaults).flatMap((w) => statusFromWord(w) ?? []);
}

const sourceWords: Readonly<Record<string, NotificationSource>> = {
  issue: notificationSource.issue,
  pull: notificationSource.pullRequest,
  commit: notificationSource.commit,
  repository: notificationSource.repository,
};

/** The sources of a `subject-type` query (Gitea ignores unknown words). */
export function sourcesFromWords(words: readonly string[]): NotificationSource[] {
  return words.flatMap((w) => sourceWords[w.trim().toLowerCase()] ?? []);
}

/** Sets every matching thread to `to` (Gitea's ReadNotifications); answers the changed threads. */
export function markThreads(
  db: Database,
  filter: NotificationFilter,
  to: NotificationStatus,
): NotificationRow[] {
  return db.transaction(() =>
    listNotifications(db, filter).rows.map((row) => setNotificationStatus(db, row.id, to)),
  );
}

/** A thread by id: its owner and site admins may read and change it (403 for others, 404 when missing). */
export function loadThread(db: Database, viewer: UserRow, id: number): NotificationRow {
  const thread = findNotification(db, id);
  if (!thread) throw notFound(`notification does not exist [id: ${id}]`);
  if (thread.user_id !== viewer.id && !isSiteAdmin(viewer)) {
    throw forbidden(`only user itself and admin are allowed to read/change this thread ${id}`);
  }
  return thread;
}
