import type { ParamSpec } from '../operationSpec';

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
