import type { ServerCapabilities } from '../../api/capabilities';
import type { PullRequest, PullReviewComment } from '../../api/types';
import { hasFeature } from '../features/featureNeeds';

/** Resolving conversations through the API: Gitea ≥ 1.27 (its web pages had it before). */
export function canResolveOn(capabilities: ServerCapabilities): boolean {
  return hasFeature(capabilities, 'resolveConversations');
}

export function canReplyOn(capabilities: ServerCapabilities): boolean {
  return hasFeature(capabilities, 'threadReplies');
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
