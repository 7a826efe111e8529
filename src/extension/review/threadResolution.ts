import * as vscode from 'vscode';
import { need, shortfall, type ServerCapabilities } from '../../api/capabilities';
import { operationNamed } from '../../api/operations';
import type { PullRequest, PullReviewComment } from '../../api/types';

/** Resolving conversations and replying in them through the API: Gitea ≥ 1.27 (the web UI had them before). */
const resolveNeeds = [
  need(operationNamed('repoResolvePullReviewComment')),
  need(operationNamed('repoUnresolvePullReviewComment')),
];
const replyNeeds = [need(operationNamed('repoCreatePullReviewCommentReply'))];

export function canResolveOn(capabilities: ServerCapabilities): boolean {
  return shortfall(capabilities, resolveNeeds) === undefined;
}

export function canReplyOn(capabilities: ServerCapabilities): boolean {
  return shortfall(capabilities, replyNeeds) === undefined;
}

/**
 * Whether the account may resolve the pull request's conversations (Gitea's CanMarkConversation): its
 * author, or a writer of the base repository; the server has the last word (403).
 */
export function mayMarkConversations(pull: PullRequest, me: string): boolean {
  const permissions = pull.base.repo?.permissions;
  return (
    pull.user?.login.toLowerCase() === me.toLowerCase() ||
    permissions?.push === true ||
    permissions?.admin === true
  );
}

/** Who resolved a thread: Gitea marks the conversation on its first comment. */
export function resolverOf(comments: readonly PullReviewComment[]): string | undefined {
  return comments[0]?.resolver?.login || undefined;
}

/**
 * A placed thread's resolution as VS Code shows it: its state, collapsed when resolved, "resolved by" in
 * its title, and the context value the Resolve/Unresolve actions test (`….resolvable`, `….resolved`).
 */
export function showResolution(
  thread: vscode.CommentThread,
  resolver: string | undefined,
  marking: boolean,
  title: string,
): void {
  if (resolver !== undefined || marking)
    thread.state =
      resolver !== undefined ? vscode.CommentThreadState.Resolved : vscode.CommentThreadState.Unresolved;
  thread.collapsibleState =
    resolver !== undefined
      ? vscode.CommentThreadCollapsibleState.Collapsed
      : vscode.CommentThreadCollapsibleState.Expanded;
  thread.label = resolver !== undefined ? vscode.l10n.t('{0} · resolved by {1}', title, resolver) : title;
  if (marking)
    thread.contextValue = `${thread.contextValue ?? ''}${resolver !== undefined ? '.resolved' : '.resolvable'}`;
}
