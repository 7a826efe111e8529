import { need, shortfall, type Need, type ServerCapabilities } from '../../api/capabilities';
import { operationNamed } from '../../api/operations';

/**
 * What each feature of the issue and pull request views needs of a server, by the operations of Gitea's
 * API: one table, so every place that shows or hides a feature decides alike, and the first Gitea release
 * of each follows from the capability table.
 */
export const featureNeeds = {
  /** The events between the comments. */
  timeline: [need(operationNamed('issueGetCommentsAndTimeline'))],
  /** "Depends on" and "Blocks". */
  dependencies: [need(operationNamed('issueListIssueDependencies')), need(operationNamed('issueListBlocks'))],
  /** Pin Issue / Unpin, pinned issues first. */
  pins: [need(operationNamed('pinIssue')), need(operationNamed('unpinIssue'))],
  /** Lock Conversation / Unlock. */
  locks: [need(operationNamed('issueLockIssue')), need(operationNamed('issueUnlockIssue'))],
  /** Files pasted or dropped into a comment, uploaded to the issue or comment, with the server's rules. */
  attachments: [
    need(operationNamed('getGeneralAttachmentSettings')),
    need(operationNamed('issueCreateIssueAttachment'), ['name']),
    need(operationNamed('issueCreateIssueCommentAttachment'), ['name']),
  ],
  /** Resolve Conversation / Unresolve on a review thread. */
  resolveConversations: [
    need(operationNamed('repoResolvePullReviewComment')),
    need(operationNamed('repoUnresolvePullReviewComment')),
  ],
  /** A reply in a review thread sent as a reply (elsewhere a comment on the same line). */
  threadReplies: [need(operationNamed('repoCreatePullReviewCommentReply'))],
  /** Merge When Checks Succeed and its cancellation. */
  scheduledMerge: [need(operationNamed('repoCancelScheduledAutoMerge'))],
} as const satisfies Readonly<Record<string, readonly Need[]>>;

export type Feature = keyof typeof featureNeeds;

/** Why the server cannot do a feature ("needs Gitea ≥ 1.22"), or undefined when it can. */
export function featureShortfall(capabilities: ServerCapabilities, feature: Feature): string | undefined {
  return shortfall(capabilities, featureNeeds[feature]);
}

export function hasFeature(capabilities: ServerCapabilities, feature: Feature): boolean {
  return featureShortfall(capabilities, feature) === undefined;
}
