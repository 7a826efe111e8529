import { conflict, forbidden, notAllowed, notFound } from '../domain/errors';
import { commentType, insertComment } from '../store/comments';
import { findIssueById, findIssueByNumber } from '../store/issues';
import { deleteAutoMerge, findAutoMerge, insertAutoMerge, scheduledPullIds } from '../store/pullAutoMerges';
import { findPullById, findPullByIssueId } from '../store/pullRequests';
import { findRepositoryById } from '../store/repositories';
import { findUserById } from '../store/users';
import type { AppServices } from './appServices';
import { mergePullRequest, refusal } from './merge';
import { isStyleName, type MergeStyle } from './mergeStyles';
import { atLeast, repoAccess } from './permissions';
import { pullStatusPasses } from './pullCommitStatus';
import type { PullActor } from './pullRequests';
import { refreshPull, type PullItem } from './pullRequestsState';

/** What carrying out a scheduled merge takes: the server's parts, without a request. */
export type AutoMergeServices = Pick<
  AppServices,
  'db' | 'dataDir' | 'gitPool' | 'log' | 'rootUrl' | 'events'
>;

export interface ScheduleInput {
  readonly style: MergeStyle;
  readonly title?: string;
  readonly message?: string;
  readonly deleteBranchAfterMerge: boolean;
}

/** Gitea keeps one message: the title, a blank line, the body; an empty title takes the default later. */
const joinMessage = (title = '', body = ''): string =>
  body.trim() ? `${title.trim()}\n\n${body.trim()}` : title.trim();

function splitMessage(message: string): { title: string; message: string } {
  const cut = message.indexOf('\n\n');
  return cut < 0
    ? { title: message, message: '' }
    : { title: message.slice(0, cut), message: message.slice(cut + 2) };
}

/**
 * `merge_when_checks_succeed`: records the merge to make when the head's required checks succeed (409 when
 * one is already scheduled, as Gitea), with its `pull_scheduled_merge` timeline entry, then looks at once:
 * a head whose checks already pass is merged straight away, as Gitea's queue does.
 */
export function scheduleAutoMerge(
  services: AutoMergeServices,
  actor: PullActor,
  item: PullItem,
  input: ScheduleInput,
): void {
  const { db } = actor;
  const early = refusal(item);
  if (early) throw notAllowed(early);
  db.transaction(() => {
    if (findAutoMerge(db, item.pull.id)) {
      throw conflict(
        `pull request is already scheduled to auto merge when checks succeed [pull_id: ${item.pull.id}]`,
      );
    }
    insertAutoMerge(db, {
      pull_id: item.pull.id,
      doer_id: actor.doer.id,
      merge_style: input.style,
      message: joinMessage(input.title, input.message),
      delete_branch_after_merge: input.deleteBranchAfterMerge,
    });
    insertComment(db, { issueId: item.issue.id, posterId: actor.doer.id, type: commentType.scheduledMerge });
  });
  void queueAutoMerge(services, item.pull.id);
}

/**
 * `DELETE …/merge`: the scheduler or a repository administrator (403 for others) drops the schedule (404
 * when there is none), leaving a `pull_cancel_scheduled_merge` entry.
 */
export function cancelAutoMerge(actor: PullActor, item: PullItem): void {
  const { db } = actor;
  const schedule = findAutoMerge(db, item.pull.id);
  if (!schedule) throw notFound(`no scheduled auto merge [pull_id: ${item.pull.id}]`);
  if (schedule.doer_id !== actor.doer.id && !atLeast(repoAccess(db, actor.doer, item.baseRepo), 'admin')) {
    throw forbidden('user has no permission to cancel the scheduled auto merge');
  }
  db.transaction(() => {
    deleteAutoMerge(db, item.pull.id);
    insertComment(db, {
      issueId: item.issue.id,
      posterId: actor.doer.id,
      type: commentType.cancelScheduledMerge,
    });
  });
}

// One attempt at a time per pull request (Gitea's unique queue): a second trigger waits for the first.
const inFlight = new WeakMap<object, Map<number, Promise<void>>>();

/** Looks at a scheduled pull request now (`sha`: only when its head is still that commit). */
export function queueAutoMerge(services: AutoMergeServices, pullId: number, sha?: string): Promise<void> {
  let queue = inFlight.get(services.db);
  if (!queue) {
    queue = new Map();
    inFlight.set(services.db, queue);
  }
  const previous = queue.get(pullId) ?? Promise.resolve();
  const next = previous
    .then(() => attemptAutoMerge(services, pullId, sha))
    .catch((error: unknown) =>
      services.log.error(`the scheduled merge of pull request ${pullId} failed`, error),
    );
  queue.set(pullId, next);
  void next.then(() => {
    if (queue.get(pullId) === next) queue.delete(pullId);
  });
  return next;
}

/** A status turned success on `sha` in a base repository: its scheduled pull requests with that head are tried. */
export function autoMergeAfterStatus(services: AutoMergeServices, repoId: number, sha: string): void {
  for (const pullId of scheduledPullIds(services.db, repoId)) void queueAutoMerge(services, pullId, sha);
}

/**
 * At start every schedule is looked at once (a status may have turned success while the server was down),
 * and an approval is a trigger too, as Gitea's automerge notifier has it.
 */
export function startAutoMerges(app: AppServices, ready: Promise<void>): void {
  void ready.then(() => {
    for (const pullId of scheduledPullIds(app.db)) void queueAutoMerge(app, pullId);
  });
  const unsubscribe = app.events.subscribe((event) => {
    if (event.event !== 'pull_request_review_approved' || !event.subject) return;
    const issue = findIssueByNumber(app.db, event.repoId, event.subject.number);
    const pull = issue ? findPullByIssueId(app.db, issue.id) : undefined;
    if (pull && findAutoMerge(app.db, pull.id)) void queueAutoMerge(app, pull.id);
  });
  app.onStop(unsubscribe);
}

/**
 * Gitea's handlePullRequestAutoMerge: the merge is made as the scheduler with the stored options once the
 * head is `sha` (when given), the required checks pass and the scheduler may still write the code. A merge
 * that fails is logged and the schedule stays, as in Gitea.
 */
async function attemptAutoMerge(services: AutoMergeServices, pullId: number, sha?: string): Promise<void> {
  const { db, log } = services;
  const schedule = findAutoMerge(db, pullId);
  const pull = findPullById(db, pullId);
  const issue = pull && findIssueById(db, pull.issue_id);
  const baseRepo = pull && findRepositoryById(db, pull.base_repo_id);
  if (!schedule || !pull || !issue || !baseRepo) return;
  const item = { issue, pull: (await refreshPull(services, { issue, pull, baseRepo })).pull, baseRepo };
  const name = `${baseRepo.owner_name}/${baseRepo.name}#${issue.number}`;
  // a head that moved is left to the status of its new commit
  if (sha !== undefined && item.pull.head_commit_id !== sha) return;
  if (!pullStatusPasses(db, item.pull, item.pull.head_commit_id)) {
    log.info(`scheduled merge of ${name}: the required status checks have not succeeded yet`);
    return;
  }
  const doer = findUserById(db, schedule.doer_id);
  if (!doer || !atLeast(repoAccess(db, doer, baseRepo, 'repo.code'), 'write')) {
    log.info(`scheduled merge of ${name}: scheduled by a user who may not merge it`);
    return;
  }
  if (!isStyleName(schedule.merge_style)) return;
  try {
    await mergePullRequest({ ...services, doer }, item, {
      style: schedule.merge_style,
      ...splitMessage(schedule.message),
      deleteBranchAfterMerge: schedule.delete_branch_after_merge,
      noreplyHost: new URL(services.rootUrl).hostname,
    });
    log.info(`scheduled merge of ${name} done`);
  } catch (error) {
    log.error(`scheduled merge of ${name} failed: ${error instanceof Error ? error.message : String(error)}`);
  }
}
