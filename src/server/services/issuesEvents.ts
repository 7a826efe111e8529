import type { ChangesPayload, HookIssueAction, HookIssueCommentAction } from '../../api/types';
import { toComment } from '../convert/comment';
import { toIssue } from '../convert/issue';
import { toRepository } from '../convert/repository';
import { toUser } from '../convert/user';
import type { ViewContext } from '../convert/viewContext';
import type { Database } from '../store/database';
import type { CommentRow } from '../store/comments';
import { findIssueById, type IssueRow } from '../store/issues';
import type { RepositoryRow } from '../store/repositories';
import type { UserRow } from '../store/users';
import type { EventBus, HookEventName } from './events';
import { lazyPayload } from './lazyPayload';

/** Who acts on issues, and where events go: what the issue services need from a request. */
export interface IssueActor {
  readonly db: Database;
  readonly rootUrl: string;
  readonly events: EventBus;
  readonly doer: UserRow;
}

/** Which family of an issue event: the plain event, or its `_assign`, `_label`, `_milestone` variant. */
export type IssueEventKind = '' | '_assign' | '_label' | '_milestone';

/**
 * Shapes the `pull_request` of a pull request event. The pull request module registers one; until then
 * the issue JSON stands in.
 */
export type PullRequestPayloadShaper = (view: ViewContext, repo: RepositoryRow, issue: IssueRow) => unknown;
let pullRequestShaper: PullRequestPayloadShaper | undefined;
export function setPullRequestPayloadShaper(shaper: PullRequestPayloadShaper): void {
  pullRequestShaper = shaper;
}

// Payloads are seen as a webhook receiver sees them: no viewer (private fields hidden), owner rights.
const payloadView = (actor: IssueActor): ViewContext => ({
  db: actor.db,
  rootUrl: actor.rootUrl,
  user: null,
});

/**
 * Emits `issues` / `issue_<kind>` (or the `pull_request` twins for a pull request) with Gitea's payload:
 * `{action, number, issue | pull_request, repository, sender, changes?}`. Call after the change, inside its
 * transaction (the listeners write their rows in it: one commit) or once it committed.
 */
export function emitIssueEvent(
  actor: IssueActor,
  repo: RepositoryRow,
  issue: IssueRow,
  action: HookIssueAction | 'deleted',
  kind: IssueEventKind = '',
  changes?: ChangesPayload,
): void {
  const view = payloadView(actor);
  // The state after the change (a deleted issue keeps its last row).
  issue = findIssueById(actor.db, issue.id) ?? issue;
  const isPull = issue.is_pull;
  const event: HookEventName = isPull ? `pull_request${kind}` : kind === '' ? 'issues' : `issue${kind}`;
  const eager = {
    action,
    number: issue.number,
    ...(changes ? { changes } : {}),
    ...(isPull ? { requested_reviewer: null, review: null } : {}),
    commit_id: '',
  };
  const subject: Record<string, () => unknown> = isPull
    ? {
        pull_request: () =>
          pullRequestShaper ? pullRequestShaper(view, repo, issue) : toIssue(view, issue, repo),
      }
    : { issue: () => toIssue(view, issue, repo) };
  const payload = lazyPayload(eager, {
    ...subject,
    repository: () => toRepository(view, repo, 'owner'),
    sender: () => toUser(view, actor.doer),
  });
  actor.events.emit({
    event,
    repoId: repo.id,
    senderId: actor.doer.id,
    subject: { number: issue.number },
    rows: { repo, issue },
    payload,
  });
}

/** Emits `issue_comment` (or `pull_request_comment`) with Gitea's IssueCommentPayload. */
export function emitIssueCommentEvent(
  actor: IssueActor,
  repo: RepositoryRow,
  issue: IssueRow,
  comment: CommentRow,
  action: HookIssueCommentAction,
  changes?: ChangesPayload,
): void {
  const view = payloadView(actor);
  const isPull = issue.is_pull;
  actor.events.emit({
    event: isPull ? 'pull_request_comment' : 'issue_comment',
    repoId: repo.id,
    senderId: actor.doer.id,
    subject: { number: issue.number, commentId: comment.id },
    rows: { repo, issue },
    payload: lazyPayload(
      { action, ...(changes ? { changes } : {}), is_pull: isPull },
      {
        issue: () => toIssue(view, issue, repo),
        comment: () => toComment(view, repo, comment, issue),
        repository: () => toRepository(view, repo, 'owner'),
        sender: () => toUser(view, actor.doer),
      },
    ),
  });
}
