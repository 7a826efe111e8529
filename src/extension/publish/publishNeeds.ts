import { need, shortfall, type Need, type ServerCapabilities } from '../../api/capabilities';
import { operationNamed, type OperationId } from '../../api/operations';

/**
 * What `teahouse publish` asks of the target (src/server/services/publish/): who the token is, the
 * repository, and each kind of object created, edited and deleted. Nothing here imports vscode.
 */
/** The lists read page by page (to adopt what a repository published into already has). */
const pagedLists: Partial<Record<OperationId, readonly string[]>> = {
  issueListLabels: ['page', 'limit'],
  issueGetMilestones: ['state', 'page', 'limit'],
};

export const targetNeeds: readonly Need[] = (
  [
    'userGetCurrent',
    'userGet',
    'repoGet',
    'createCurrentUserRepo',
    'createOrgRepo',
    'repoEdit',
    'issueListLabels',
    'issueCreateLabel',
    'issueEditLabel',
    'issueDeleteLabel',
    'issueGetMilestones',
    'issueCreateMilestone',
    'issueEditMilestone',
    'issueDeleteMilestone',
    'issueCreateIssue',
    'issueEditIssue',
    'issueReplaceLabels',
    'repoCreatePullRequest',
    'issueCreateComment',
    'issueEditComment',
    'issueDeleteComment',
    'repoGetReleaseByTag',
    'repoCreateRelease',
    'repoEditRelease',
    'repoDeleteRelease',
    'repoCreateReleaseAttachment',
    'repoEditReleaseAttachment',
    'repoDeleteReleaseAttachment',
  ] satisfies OperationId[]
).map((id) => need(operationNamed(id), pagedLists[id] ?? []));

/** Why a server cannot be published to ("needs Gitea ≥ 1.x"), or undefined when it can. */
export function targetShortfall(capabilities: ServerCapabilities): string | undefined {
  return shortfall(capabilities, targetNeeds);
}
