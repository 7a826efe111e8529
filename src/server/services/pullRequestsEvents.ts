import type { HookIssueAction, ReviewPayload } from '../../api/types';
import { toIssue } from '../convert/issue';
import { toPullRequest } from '../convert/pullRequest';
import { toRepository } from '../convert/repository';
import { toUser } from '../convert/user';
import type { ViewContext } from '../convert/viewContext';
import type { AppServices } from './appServices';
import { findIssueById, type IssueRow } from '../store/issues';
import { findPullByIssueId, openPullsWithHead } from '../store/pullRequests';
import { findRepositoryById, type RepositoryRow } from '../store/repositories';
import { findUserById, type UserRow } from '../store/users';
import type { HookEventName } from './events';
import { setPullRequestPayloadShaper, type IssueActor } from './issuesEvents';
import { isZeroId } from '../git/receive';
import { isForcePush, recordPullPush } from './pullPushEntries';
import { gitDirOf, refreshPull, type PullGitContext } from './pullRequestsState';

// Pull request events shaped by the issue services carry the pull request, as Gitea's do.
setPullRequestPayloadShaper((view, repo, issue) => {
  const pull = findPullByIssueId(view.db, issue.id);
  return pull ? toPullRequest(view, { issue, pull }, repo) : toIssue(view, issue, repo);
});

export interface PullEventExtras {
  /** Gitea's ChangesPayload, plus GitHub's `base` form for a changed target branch. */
  readonly changes?: Readonly<Record<string, unknown>>;
  readonly review?: ReviewPayload | null;
  /** The user asked (or no longer asked) to review, of a `pull_request_review_request` event. */
  readonly requestedReviewer?: UserRow;
}

/**
 * Emits a pull request event (`pull_request`, `pull_request_sync`, `pull_request_review_*`) with Gitea's
 * PullRequestPayload, seen as a webhook receiver sees it. Call after the change committed.
 */
export function emitPullRequestEvent(
  actor: IssueActor,
  repo: RepositoryRow,
  issue: IssueRow,
  event: HookEventName,
  action: HookIssueAction,
  extras: PullEventExtras = {},
): void {
  const view: ViewContext = { db: actor.db, rootUrl: actor.rootUrl, user: null };
  const current = findIssueById(actor.db, issue.id) ?? issue;
  const pull = findPullByIssueId(actor.db, current.id);
  if (!pull) return;
  actor.events.emit({
    event,
    repoId: repo.id,
    senderId: actor.doer.id,
    payload: {
      action,
      number: current.number,
      ...(extras.changes ? { changes: extras.changes } : {}),
      pull_request: toPullRequest(view, { issue: current, pull }, repo),
      requested_reviewer: extras.requestedReviewer ? toUser(view, extras.requestedReviewer) : null,
      repository: toRepository(view, repo, 'owner'),
      sender: toUser(view, actor.doer),
      commit_id: '',
      review: extras.review ?? null,
    },
  });
}

const branchPrefix = 'refs/heads/';

/**
 * A push to the head branch of open pull requests moves them: their head is copied into the base
 * repository, the commits it brought go into the timeline (`pull_push`), and `pull_request_sync` (action
 * `synchronized`) goes out with the pusher as sender.
 */
async function synchronizeAfterPush(
  app: AppServices,
  git: PullGitContext,
  repoId: number,
  ref: string,
  senderId: number,
  move: { readonly before: string; readonly after: string },
) {
  const pusher = findUserById(app.db, senderId);
  if (!pusher) return;
  for (const pull of openPullsWithHead(app.db, repoId, ref.slice(branchPrefix.length))) {
    const issue = findIssueById(app.db, pull.issue_id);
    const baseRepo = findRepositoryById(app.db, pull.base_repo_id);
    if (!issue || !baseRepo) continue;
    try {
      await refreshPull(git, { issue, pull, baseRepo });
    } catch (error) {
      // A reader of the pull request may be copying the same head right now; the event still goes out.
      git.log.error(
        `copying the head of ${baseRepo.owner_name}/${baseRepo.name}#${issue.number} failed`,
        error,
      );
    }
    const actor: IssueActor = { db: app.db, rootUrl: app.config.rootUrl, events: app.events, doer: pusher };
    await recordPushedCommits(git, actor, baseRepo, issue, move).catch((error: unknown) =>
      git.log.error(
        `recording the commits pushed to ${baseRepo.owner_name}/${baseRepo.name}#${issue.number} failed`,
        error,
      ),
    );
    emitPullRequestEvent(actor, baseRepo, issue, 'pull_request_sync', 'synchronized');
  }
}

async function recordPushedCommits(
  git: PullGitContext,
  actor: IssueActor,
  baseRepo: RepositoryRow,
  issue: IssueRow,
  move: { readonly before: string; readonly after: string },
): Promise<void> {
  const pull = findPullByIssueId(git.db, issue.id);
  if (!pull || pull.has_merged || isZeroId(move.before)) return;
  const gitDir = gitDirOf(git, baseRepo);
  await recordPullPush(actor, {
    gitDir,
    issueId: issue.id,
    ...move,
    baseTip: pull.base_commit_id,
    force: await isForcePush(gitDir, move.before, move.after),
  });
}

/** Follows pushes for the life of the server (see synchronizeAfterPush). */
export function startPullRequestSync(app: AppServices): void {
  const git: PullGitContext = app;
  const unsubscribe = app.events.subscribe((event) => {
    const ref = event.payload.ref;
    const after = event.payload.after;
    if (event.event !== 'push' || typeof ref !== 'string' || !ref.startsWith(branchPrefix)) return;
    const before = event.payload.before;
    if (typeof after !== 'string' || /^0+$/.test(after) || typeof before !== 'string') return;
    synchronizeAfterPush(app, git, event.repoId, ref, event.senderId, { before, after }).catch(
      (error: unknown) => app.log.error(`updating pull requests after a push to ${ref} failed`, error),
    );
  });
  app.onStop(unsubscribe);
}
