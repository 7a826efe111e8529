import type { ParamSpec } from '../operationSpec';
import { limitParam, pageParam } from './params';

/** Path parameters of the Actions and package operations, spelled once. */
export const runnerIdParam = {
  name: 'runner_id',
  type: 'string',
  required: true,
  description: 'id of the runner',
} as const satisfies ParamSpec;
export const secretnameParam = {
  name: 'secretname',
  type: 'string',
  required: true,
  description: 'name of the secret',
} as const satisfies ParamSpec;
export const variablenameParam = {
  name: 'variablename',
  type: 'string',
  required: true,
  description: 'name of the variable',
} as const satisfies ParamSpec;
export const artifactIdParam = {
  name: 'artifact_id',
  type: 'string',
  required: true,
  description: 'id of the artifact',
} as const satisfies ParamSpec;
export const jobIdParam = {
  name: 'job_id',
  type: 'integer',
  required: true,
  description: 'id of the job',
} as const satisfies ParamSpec;
export const runNumberParam = {
  name: 'run',
  type: 'integer',
  required: true,
  description: 'id of the run',
} as const satisfies ParamSpec;
export const attemptNumberParam = {
  name: 'attempt',
  type: 'integer',
  required: true,
  description: 'attempt number of the run (1-based)',
} as const satisfies ParamSpec;
export const workflowIdParam = {
  name: 'workflow_id',
  type: 'string',
  required: true,
  description: 'id of the workflow (its file name)',
} as const satisfies ParamSpec;
export const typeParam = {
  name: 'type',
  type: 'string',
  required: true,
  description: 'type of the package',
} as const satisfies ParamSpec;
export const nameParam = {
  name: 'name',
  type: 'string',
  required: true,
  description: 'name of the package',
} as const satisfies ParamSpec;
export const versionParam = {
  name: 'version',
  type: 'string',
  required: true,
  description: 'version of the package',
} as const satisfies ParamSpec;
export const repoNameParam = {
  name: 'repo_name',
  type: 'string',
  required: true,
  description: 'name of the repository to link',
} as const satisfies ParamSpec;

/** Query parameters of the Actions and package lists (Gitea reads the numbers and flags leniently: a bad one is absent). */
export const actorQueryParam = {
  name: 'actor',
  type: 'string',
  description: 'triggered by user',
} as const satisfies ParamSpec;
export const branchQueryParam = {
  name: 'branch',
  type: 'string',
  description: 'workflow branch',
} as const satisfies ParamSpec;
export const disabledQueryParam = {
  name: 'disabled',
  type: 'boolean',
  description: 'filter by disabled status (true or false)',
  lenient: true,
} as const satisfies ParamSpec;
export const eventQueryParam = {
  name: 'event',
  type: 'string',
  description: 'workflow event name',
} as const satisfies ParamSpec;
export const excludePullRequestsQueryParam = {
  name: 'exclude_pull_requests',
  type: 'boolean',
  description: 'if true, the `pull_requests` field on each returned run is emptied',
  lenient: true,
} as const satisfies ParamSpec;
export const headShaQueryParam = {
  name: 'head_sha',
  type: 'string',
  description: 'triggering sha of the workflow run',
} as const satisfies ParamSpec;
export const nameQueryParam = {
  name: 'name',
  type: 'string',
  description: 'name of the artifact',
} as const satisfies ParamSpec;
export const orderQueryParam = {
  name: 'order',
  type: 'string',
  description: 'sort order, either ’asc’ (ascending) or ’desc’ (descending). Default is ’asc’',
} as const satisfies ParamSpec;
export const qQueryParam = {
  name: 'q',
  type: 'string',
  description: 'name filter',
} as const satisfies ParamSpec;
export const returnRunDetailsQueryParam = {
  name: 'return_run_details',
  type: 'boolean',
  description: 'Whether the response should include the workflow run ID and URLs.',
  lenient: true,
} as const satisfies ParamSpec;
export const scopedWorkflowSourceRepoIdQueryParam = {
  name: 'scoped_workflow_source_repo_id',
  type: 'integer',
  description:
    'For a scoped workflow, the ID of the source repository providing it; omit or 0 for a repo-level workflow.',
  lenient: true,
} as const satisfies ParamSpec;
export const sortQueryParam = {
  name: 'sort',
  type: 'string',
  description: 'sort jobs by attribute. Supported values are ’id’. Default is ’id’',
} as const satisfies ParamSpec;
export const statusQueryParam = {
  name: 'status',
  type: 'string',
  description: 'workflow status (pending, queued, in_progress, failure, success, skipped)',
} as const satisfies ParamSpec;
export const typeQueryParam = {
  name: 'type',
  type: 'string',
  description: 'package type filter',
  enum: [
    'alpine',
    'cargo',
    'chef',
    'composer',
    'conan',
    'conda',
    'container',
    'cran',
    'debian',
    'generic',
    'go',
    'helm',
    'maven',
    'npm',
    'nuget',
    'pub',
    'pypi',
    'rpm',
    'rubygems',
    'swift',
    'terraform',
    'vagrant',
  ],
} as const satisfies ParamSpec;

/** The filters of every workflow run list (repository, organization, user, site). */
export const runFilterQueryParams = [
  eventQueryParam,
  branchQueryParam,
  statusQueryParam,
  actorQueryParam,
  headShaQueryParam,
] as const;

/** A workflow job list's filter, paging and order. */
export const jobListQueryParams = [
  statusQueryParam,
  pageParam,
  limitParam,
  sortQueryParam,
  orderQueryParam,
] as const;
