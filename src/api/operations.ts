import type { OperationSpec } from './operationSpec';
import { adminOperations } from './catalogue/admin';
import { adminMaintenanceOperations } from './catalogue/adminMaintenance';
import { miscellaneousOperations } from './catalogue/miscellaneous';
import { notificationsOperations } from './catalogue/notifications';
import { organizationsOperations } from './catalogue/organizations';
import { organizationMembersOperations } from './catalogue/organizationMembers';
import { teamsOperations } from './catalogue/teams';
import { repositoriesOperations } from './catalogue/repositories';
import { repositoryFilesOperations } from './catalogue/repositoryFiles';
import { repositoryDetailsOperations } from './catalogue/repositoryDetails';
import { repositoryTopicsOperations } from './catalogue/repositoryTopics';
import { branchesOperations } from './catalogue/branches';
import { commitsOperations } from './catalogue/commits';
import { gitDataOperations } from './catalogue/gitData';
import { tagsOperations } from './catalogue/tags';
import { repositoryAccessOperations } from './catalogue/repositoryAccess';
import { repositoryHooksOperations } from './catalogue/repositoryHooks';
import { gitHooksOperations } from './catalogue/gitHooks';
import { releasesOperations } from './catalogue/releases';
import { releaseAssetsOperations } from './catalogue/releaseAssets';
import { pullRequestsOperations } from './catalogue/pullRequests';
import { pullReviewsOperations } from './catalogue/pullReviews';
import { issuesOperations } from './catalogue/issues';
import { issueCommentsOperations } from './catalogue/issueComments';
import { issueDependenciesOperations } from './catalogue/issueDependencies';
import { issuePinsOperations } from './catalogue/issuePins';
import { issueAttachmentsOperations } from './catalogue/issueAttachments';
import { assigneesOperations } from './catalogue/assignees';
import { reactionsOperations } from './catalogue/reactions';
import { labelsOperations } from './catalogue/labels';
import { milestonesOperations } from './catalogue/milestones';
import { trackedTimeOperations } from './catalogue/trackedTime';
import { usersOperations } from './catalogue/users';
import { currentUserOperations } from './catalogue/currentUser';
import { userKeysOperations } from './catalogue/userKeys';
import { templatesOperations } from './catalogue/templates';
import { accountSettingsOperations } from './catalogue/accountSettings';
import { adminAccountsOperations } from './catalogue/adminAccounts';
import { organizationAdminOperations } from './catalogue/organizationAdmin';
import { userBlocksOperations } from './catalogue/userBlocks';
import { accountHooksOperations } from './catalogue/accountHooks';
import { avatarOperations } from './catalogue/avatars';
import { activityFeedOperations } from './catalogue/activityFeeds';
import { tagProtectionsOperations } from './catalogue/tagProtections';
import { pushMirrorsOperations } from './catalogue/pushMirrors';
import { repositoryCodeOperations } from './catalogue/repositoryCode';
import { repositoryFamilyOperations } from './catalogue/repositoryFamily';
import { wikiOperations } from './catalogue/wiki';
import { actionsRepoRunsOperations } from './catalogue/actionsRepoRuns';
import { actionsWorkflowsOperations } from './catalogue/actionsWorkflows';
import { actionsRepoSettingsOperations } from './catalogue/actionsRepoSettings';
import { actionsOwnersOperations } from './catalogue/actionsOwners';
import { actionsUserOperations } from './catalogue/actionsUser';
import { packagesOperations } from './catalogue/packages';

/**
 * The catalogue: every operation of the Gitea-compatible API v1 this project knows, as data.
 * The client, the server's router, the extension's commands and the docs are all derived from it.
 * Each file under `catalogue/` holds one area; where the spec, the 1.1.1 swagger and today's Gitea
 * disagree, `path` is today's route, the older spellings are `aliases`, and the spec decides the answer.
 */
export const operationCatalogue = [
  ...adminOperations,
  ...adminMaintenanceOperations,
  ...miscellaneousOperations,
  ...notificationsOperations,
  ...organizationsOperations,
  ...organizationMembersOperations,
  ...teamsOperations,
  ...repositoriesOperations,
  ...repositoryFilesOperations,
  ...repositoryDetailsOperations,
  ...repositoryTopicsOperations,
  ...branchesOperations,
  ...commitsOperations,
  ...gitDataOperations,
  ...tagsOperations,
  ...repositoryAccessOperations,
  ...repositoryHooksOperations,
  ...gitHooksOperations,
  ...releasesOperations,
  ...releaseAssetsOperations,
  ...pullRequestsOperations,
  ...pullReviewsOperations,
  ...issuesOperations,
  ...issueCommentsOperations,
  ...issueDependenciesOperations,
  ...issuePinsOperations,
  ...issueAttachmentsOperations,
  ...assigneesOperations,
  ...reactionsOperations,
  ...labelsOperations,
  ...milestonesOperations,
  ...trackedTimeOperations,
  ...usersOperations,
  ...currentUserOperations,
  ...userKeysOperations,
  ...templatesOperations,
  ...accountSettingsOperations,
  ...adminAccountsOperations,
  ...organizationAdminOperations,
  ...userBlocksOperations,
  ...accountHooksOperations,
  ...avatarOperations,
  ...activityFeedOperations,
  ...pushMirrorsOperations,
  ...tagProtectionsOperations,
  ...repositoryCodeOperations,
  ...repositoryFamilyOperations,
  ...wikiOperations,
  ...actionsRepoRunsOperations,
  ...actionsWorkflowsOperations,
  ...actionsRepoSettingsOperations,
  ...actionsOwnersOperations,
  ...actionsUserOperations,
  ...packagesOperations,
] as const satisfies readonly OperationSpec[];

/** The catalogue widened for iteration; `operationCatalogue` keeps the literal types the typed client needs. */
export const operations: readonly OperationSpec[] = operationCatalogue;

export type Operation = (typeof operationCatalogue)[number];
export type OperationId = Operation['operationId'];

const operationsById = new Map(operations.map((operation) => [operation.operationId, operation]));

/** One operation of the catalogue by its id. */
export function operationNamed(operationId: OperationId): OperationSpec {
  return operationsById.get(operationId)!;
}
