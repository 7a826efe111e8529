import { adminUserHandlers } from './adminUsers';
import { adminRenameHandlers } from './adminRename';
import { adminCronHandlers } from './adminCron';
import { adminUnadoptedHandlers } from './adminUnadopted';
import { gitHookHandlers } from './gitHooks';
import { branchHandlers } from './branches';
import { branchProtectionHandlers } from './branchProtections';
import { tagProtectionHandlers } from './tagProtections';
import { branchMoveHandlers } from './branchMoves';
import { compareHandlers } from './compare';
import { pushMirrorHandlers } from './pushMirrors';
import { repositoryFamilyHandlers } from './repositoryFamily';
import { repositoryFileHandlers } from './repositoryFiles';
import { repositoryTransferHandlers } from './repositoryTransfer';
import { collaboratorHandlers } from './collaborators';
import { commentHandlers } from './comments';
import { commitHandlers } from './commits';
import { commitStatusHandlers } from './commitStatuses';
import { contentsWriteHandlers } from './contentsWrite';
import { emailHandlers } from './emails';
import { followerHandlers } from './followers';
import { gpgKeyHandlers } from './gpgKeys';
import { issueHandlers } from './issues';
import { issueLabelHandlers } from './issuesLabels';
import { issueTimelineHandlers } from './issueTimeline';
import { issueDependencyHandlers } from './issueDependencies';
import { issuePinHandlers } from './issuePins';
import { issueAttachmentHandlers } from './issueAttachments';
import { assigneeHandlers } from './assignees';
import { pullHandlers } from './pulls';
import { pullGitHandlers } from './pullsGit';
import { reviewHandlers } from './reviews';
import { reviewCommentHandlers } from './reviewComments';
import { contentsChangeHandlers } from './contentsChange';
import { contentsReadHandlers } from './contentsRead';
import type { OperationId } from '../../api/operations';
import type { Handler, HandlerMap } from './handler';
import { hookHandlers } from './hooks';
import { hookDeliveryHandlers } from './hooksDeliveries';
import { orgHookHandlers } from './hooksOrg';
import { notificationHandlers } from './notifications';
import { reactionHandlers } from './reactions';
import { issueSubscriptionHandlers } from './issueSubscriptions';
import { stopwatchHandlers } from './stopwatches';
import { trackedTimeHandlers } from './trackedTimes';
import { forkHandlers } from './forks';
import { gitDataHandlers } from './gitData';
import { migrateHandlers } from './migrate';
import { mirrorHandlers } from './mirrors';
import { keyHandlers } from './keys';
import { labelHandlers } from './labels';
import { markdownHandlers } from './markdown';
import { deployKeyHandlers } from './keysDeploy';
import { milestoneHandlers } from './milestones';
import { miscHandlers } from './misc';
import { oauth2ApplicationHandlers } from './oauth2Applications';
import { organizationHandlers } from './organizations';
import { organizationMemberHandlers } from './organizationsMembers';
import { releaseHandlers } from './releases';
import { releaseAssetHandlers } from './releaseAssets';
import { repoFileHandlers } from './repoFiles';
import { repositoryDetailHandlers } from './repositoryDetails';
import { signingKeyHandlers } from './signingKeys';
import { tagHandlers } from './tags';
import { teamHandlers } from './teams';
import { topicHandlers } from './topics';
import { settingsHandlers } from './settings';
import { heatmapHandlers } from './heatmap';
import { teamMemberHandlers } from './teamsMembers';
import { teamRepositoryHandlers } from './teamsRepositories';
import { repositoryHandlers } from './repositories';
import { repositoryListHandlers } from './repositoryLists';
import { starHandlers } from './stars';
import { tokenHandlers } from './tokens';
import { userHandlers } from './users';
import { watchingHandlers } from './watching';
import { templateHandlers } from './templates';
import { userSettingsHandlers } from './userSettings';
import { organizationAdminHandlers } from './organizationAdmin';
import { adminBadgeHandlers } from './adminBadges';
import { blockHandlers } from './blocks';
import { accountHookHandlers } from './hooksAccount';
import { avatarHandlers } from './avatars';
import { activityFeedHandlers } from './activityFeeds';
import { wikiHandlers } from './wiki';
import { unitsOffHandlers } from './unitsOff';

/** Every route module's handlers. A route module exports one `HandlerMap`; add it here. */
export const routeModules: readonly HandlerMap[] = [
  miscHandlers,
  markdownHandlers,
  userHandlers,
  adminUserHandlers,
  adminRenameHandlers,
  adminCronHandlers,
  adminUnadoptedHandlers,
  gitHookHandlers,
  tokenHandlers,
  oauth2ApplicationHandlers,
  organizationHandlers,
  organizationMemberHandlers,
  teamHandlers,
  teamMemberHandlers,
  teamRepositoryHandlers,
  repositoryHandlers,
  repositoryListHandlers,
  collaboratorHandlers,
  starHandlers,
  watchingHandlers,
  keyHandlers,
  deployKeyHandlers,
  gpgKeyHandlers,
  emailHandlers,
  followerHandlers,
  releaseHandlers,
  wikiHandlers,
  releaseAssetHandlers,
  branchHandlers,
  branchProtectionHandlers,
  repositoryTransferHandlers,
  commitHandlers,
  repoFileHandlers,
  commitStatusHandlers,
  contentsWriteHandlers,
  issueHandlers,
  commentHandlers,
  labelHandlers,
  issueLabelHandlers,
  issueTimelineHandlers,
  issueDependencyHandlers,
  issuePinHandlers,
  issueAttachmentHandlers,
  assigneeHandlers,
  milestoneHandlers,
  forkHandlers,
  migrateHandlers,
  mirrorHandlers,
  reactionHandlers,
  issueSubscriptionHandlers,
  trackedTimeHandlers,
  stopwatchHandlers,
  notificationHandlers,
  pullHandlers,
  pullGitHandlers,
  reviewHandlers,
  reviewCommentHandlers,
  hookHandlers,
  orgHookHandlers,
  hookDeliveryHandlers,
  topicHandlers,
  settingsHandlers,
  heatmapHandlers,
  gitDataHandlers,
  tagHandlers,
  repositoryDetailHandlers,
  signingKeyHandlers,
  templateHandlers,
  userSettingsHandlers,
  organizationAdminHandlers,
  adminBadgeHandlers,
  blockHandlers,
  accountHookHandlers,
  avatarHandlers,
  activityFeedHandlers,
  contentsChangeHandlers,
  contentsReadHandlers,
  tagProtectionHandlers,
  branchMoveHandlers,
  compareHandlers,
  pushMirrorHandlers,
  repositoryFamilyHandlers,
  repositoryFileHandlers,
  unitsOffHandlers,
];

/**
 * The handlers by operationId. An operation handled by two modules is a mistake that a spread would hide
 * (the later one silently wins), so it stops the server from starting. Catalogue operations without a
 * handler answer 501.
 */
export const handlers: HandlerMap = mergeHandlerMaps(routeModules);

export function mergeHandlerMaps(maps: readonly HandlerMap[]): HandlerMap {
  const merged: Partial<Record<OperationId, Handler>> = {};
  for (const map of maps) {
    for (const [operationId, handler] of Object.entries(map) as [OperationId, Handler | undefined][]) {
      if (!handler) continue;
      if (merged[operationId]) throw new Error(`${operationId} is handled by two route modules`);
      merged[operationId] = handler;
    }
  }
  return merged;
}
