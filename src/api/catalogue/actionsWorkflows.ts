import type { OperationSpec } from '../operationSpec';
import { workflowIdParam } from './actionsParams';
import { limitParam, ownerParam, pageParam, repoParam } from './params';

/**
 * A repository's workflows (the files under `.gitea/workflows`): reqRepoReader(unit.TypeActions), and
 * reqRepoWriter for enabling, disabling and dispatching. `unit: 'actions'` makes the local server answer as
 * a Gitea 1.27 with Actions turned off (server/routes/unitsOff.ts).
 */
export const actionsWorkflowsOperations = [
  {
    operationId: 'ActionsListRepositoryWorkflows',
    method: 'GET',
    path: '/repos/{owner}/{repo}/actions/workflows',
    group: 'repository',
    summary: 'List repository workflows',
    pathParams: [ownerParam, repoParam],
    success: { status: 200, type: 'ActionWorkflowResponse' },
    statuses: [400, 401, 403, 404, 422],
    auth: 'signedIn',
    scope: 'repository',
    unit: 'actions',
  },
  {
    operationId: 'ActionsGetWorkflow',
    method: 'GET',
    path: '/repos/{owner}/{repo}/actions/workflows/{workflow_id}',
    group: 'repository',
    summary: 'Get a workflow',
    pathParams: [ownerParam, repoParam, workflowIdParam],
    success: { status: 200, type: 'ActionWorkflow' },
    statuses: [400, 401, 403, 404, 422],
    auth: 'signedIn',
    scope: 'repository',
    unit: 'actions',
  },
  {
    operationId: 'ActionsDisableWorkflow',
    method: 'PUT',
    path: '/repos/{owner}/{repo}/actions/workflows/{workflow_id}/disable',
    group: 'repository',
    summary: 'Disable a workflow',
    pathParams: [ownerParam, repoParam, workflowIdParam],
    success: { status: 204 },
    statuses: [400, 401, 403, 404, 422],
    auth: 'signedIn',
    scope: 'repository',
    unit: 'actions',
  },
  {
    operationId: 'ActionsDispatchWorkflow',
    method: 'POST',
    path: '/repos/{owner}/{repo}/actions/workflows/{workflow_id}/dispatches',
    group: 'repository',
    summary: 'Create a workflow dispatch event',
    pathParams: [ownerParam, repoParam, workflowIdParam],
    queryParams: [
      {
        name: 'return_run_details',
        type: 'boolean',
        description: 'Whether the response should include the workflow run ID and URLs.',
        lenient: true,
      },
      {
        name: 'scoped_workflow_source_repo_id',
        type: 'integer',
        description:
          'For a scoped workflow, the ID of the source repository providing it; omit or 0 for a repo-level workflow.',
        lenient: true,
      },
    ],
    body: { type: 'CreateActionWorkflowDispatch' },
    success: { status: 204 },
    statuses: [200, 400, 401, 403, 404, 422],
    auth: 'signedIn',
    scope: 'repository',
    unit: 'actions',
  },
  {
    operationId: 'ActionsEnableWorkflow',
    method: 'PUT',
    path: '/repos/{owner}/{repo}/actions/workflows/{workflow_id}/enable',
    group: 'repository',
    summary: 'Enable a workflow',
    pathParams: [ownerParam, repoParam, workflowIdParam],
    success: { status: 204 },
    statuses: [400, 401, 403, 404, 409, 422],
    auth: 'signedIn',
    scope: 'repository',
    unit: 'actions',
  },
  {
    operationId: 'ActionsListWorkflowRuns',
    method: 'GET',
    path: '/repos/{owner}/{repo}/actions/workflows/{workflow_id}/runs',
    group: 'repository',
    summary: 'List runs for a workflow',
    pathParams: [ownerParam, repoParam, workflowIdParam],
    queryParams: [
      { name: 'event', type: 'string', description: 'workflow event name', lenient: true },
      { name: 'branch', type: 'string', description: 'workflow branch', lenient: true },
      {
        name: 'status',
        type: 'string',
        description: 'workflow status (pending, queued, in_progress, failure, success, skipped)',
        lenient: true,
      },
      { name: 'actor', type: 'string', description: 'triggered by user', lenient: true },
      { name: 'head_sha', type: 'string', description: 'triggering sha of the workflow run', lenient: true },
      {
        name: 'exclude_pull_requests',
        type: 'boolean',
        description: 'if true, the `pull_requests` field on each returned run is emptied',
        lenient: true,
      },
      {
        name: 'scoped_workflow_source_repo_id',
        type: 'integer',
        description:
          'For a scoped workflow, the ID of the source repository providing it; omit or 0 for a repo-level workflow.',
        lenient: true,
      },
      pageParam,
      limitParam,
    ],
    success: { status: 200, type: 'ActionWorkflowRunsResponse' },
    statuses: [400, 401, 403, 404],
    auth: 'signedIn',
    scope: 'repository',
    unit: 'actions',
  },
] as const satisfies readonly OperationSpec[];
