import * as vscode from 'vscode';
import type { PullReviewComment } from '../../api/types';
import { registerCommand } from '../commands/errorReporter';
import { announceTrackerChange, type Services } from '../commands/services';
import type { PullKey } from './pullSides';
import { ReviewComment, type ReviewThreads } from './reviewThreads';
import { hasFeature } from '../features/featureNeeds';

/** A comment thread as VS Code hands it to a thread's title actions. */
export function isThread(value: unknown): value is vscode.CommentThread {
  return typeof value === 'object' && value !== null && 'uri' in value && 'comments' in value;
}

/** The server's first comment of a thread: the one Gitea marks a conversation on and replies to. */
export function firstComment(thread: vscode.CommentThread): PullReviewComment | undefined {
  const first = thread.comments[0];
  return first instanceof ReviewComment ? first.raw : undefined;
}

/**
 * Sends a reply to a thread's conversation where the server takes replies, and answers whether it did;
 * elsewhere (or in a thread not on the server yet) the caller comments on the same line instead.
 */
export async function replyInThread(
  services: Services,
  key: PullKey,
  thread: vscode.CommentThread,
  text: string,
): Promise<boolean> {
  const first = firstComment(thread);
  const account = services.accounts.get(key.account);
  if (!first || !account || !hasFeature(services.accounts.capabilities(account), 'threadReplies'))
    return false;
  const client = await services.accounts.client(account);
  await client.api.repoCreatePullReviewCommentReply({
    owner: key.owner,
    repo: key.repo,
    index: key.index,
    id: first.id,
    body: { body: text },
  });
  return true;
}

/** Resolve Conversation and Unresolve on a review thread's title. */
export function registerThreadCommands(services: Services, threads: ReviewThreads): vscode.Disposable[] {
  const mark = async (arg: unknown, resolve: boolean): Promise<void> => {
    if (!isThread(arg)) return;
    const key = threads.sideOf(arg.uri)?.key;
    const first = firstComment(arg);
    const account = key && services.accounts.get(key.account);
    if (!key || !first || !account) return;
    if (!hasFeature(services.accounts.capabilities(account), 'resolveConversations'))
      throw new Error(vscode.l10n.t('This server cannot resolve conversations through its API.'));
    const client = await services.accounts.client(account);
    const ref = { owner: key.owner, repo: key.repo, id: first.id };
    if (resolve) await client.api.repoResolvePullReviewComment(ref);
    else await client.api.repoUnresolvePullReviewComment(ref);
    await threads.reload(key);
    announceTrackerChange(services, {
      account,
      ref: { owner: key.owner, repo: key.repo },
      index: key.index,
    });
  };
  const { errors } = services;
  return [
    registerCommand(errors, 'teahouse.review.resolveThread', (thread) => mark(thread, true)),
    registerCommand(errors, 'teahouse.review.unresolveThread', (thread) => mark(thread, false)),
  ];
}
