import type { PullRequest, PullReviewComment } from '../../api/types';

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
