// Actions and packages: what a Gitea with those units enabled answers (the local server keeps them off).
import type { Repository } from './repository';
import type { User } from './user';

/** ActionRunner represents a Runner */
export interface ActionRunner {
  busy: boolean;
  disabled: boolean;
  ephemeral: boolean;
  id: number;
  labels: ActionRunnerLabel[];
  name: string;
  status: string;
}

/** ActionRunnerLabel represents a Runner Label */
export interface ActionRunnerLabel {
  id: number;
  name: string;
  type: string;
}

/** ActionRunnersResponse returns Runners */
export interface ActionRunnersResponse {
  runners: ActionRunner[];
  total_count: number;
}

/** Secret represents a secret */
export interface Secret {
  created_at: string;
  /** the secret's description */
  description: string;
  /** the secret's name */
  name: string;
}

/** ActionVariable return value of the query API */
export interface ActionVariable {
  /** the value of the variable */
  data: string;
  /** the description of the variable */
  description: string;
  /** the name of the variable */
  name: string;
  /** the owner to which the variable belongs */
  owner_id: number;
  /** the repository to which the variable belongs */
  repo_id: number;
}

/** ActionWorkflow represents a ActionWorkflow */
export interface ActionWorkflow {
  /** BadgeURL is the URL for the workflow badge */
  badge_url: string;
  created_at: string;
  deleted_at: string;
  /** HTMLURL is the web URL for viewing the workflow */
  html_url: string;
  /** ID is the unique identifier for the workflow */
  id: string;
  /** Name is the name of the workflow */
  name: string;
  /** Path is the file path of the workflow */
  path: string;
  /** State indicates if the workflow is active or disabled */
  state: string;
  updated_at: string;
  /** URL is the API URL for this workflow */
  url: string;
}

/** ActionWorkflowResponse returns a ActionWorkflow */
export interface ActionWorkflowResponse {
  total_count: number;
  workflows: ActionWorkflow[];
}

/** ActionWorkflowRun represents a WorkflowRun */
export interface ActionWorkflowRun {
  actor: User;
  completed_at: string;
  conclusion: string;
  display_title: string;
  event: string;
  head_branch: string;
  head_repository: Repository;
  head_sha: string;
  html_url: string;
  id: number;
  path: string;
  /** PreviousAttemptURL is the API URL of the previous attempt of this run, e.g. ".../actions/runs/{run_id}/attempts/{attempt-1}". It is set only when the current attempt is > 1 (i.e. a rerun). For the first attempt, or for legacy runs that pre-date ActionRunAttempt, it is null. */
  previous_attempt_url: string;
  pull_requests: PullRequestMinimal[];
  repository: Repository;
  repository_id: number;
  /** RunAttempt is 1-based for runs created after ActionRunAttempt was introduced. A value of 0 is a legacy-only sentinel for runs created before attempts existed and indicates no corresponding /attempts/{n} resource is available. */
  run_attempt: number;
  run_number: number;
  started_at: string;
  status: string;
  trigger_actor: User;
  url: string;
}

/** ActionWorkflowRunsResponse returns ActionWorkflowRuns */
export interface ActionWorkflowRunsResponse {
  total_count: number;
  workflow_runs: ActionWorkflowRun[];
}

/** ActionWorkflowJob represents a WorkflowJob */
export interface ActionWorkflowJob {
  completed_at: string;
  conclusion: string;
  created_at: string;
  head_branch: string;
  head_sha: string;
  html_url: string;
  id: number;
  labels: string[];
  name: string;
  run_attempt: number;
  run_id: number;
  run_url: string;
  runner_id: number;
  runner_name: string;
  started_at: string;
  status: string;
  steps: ActionWorkflowStep[];
  url: string;
}

/** ActionWorkflowJobsResponse returns ActionWorkflowJobs */
export interface ActionWorkflowJobsResponse {
  jobs: ActionWorkflowJob[];
  total_count: number;
}

/** ActionWorkflowStep represents a step of a WorkflowJob */
export interface ActionWorkflowStep {
  completed_at: string;
  conclusion: string;
  name: string;
  number: number;
  started_at: string;
  status: string;
}

/** ActionArtifact represents a ActionArtifact */
export interface ActionArtifact {
  archive_download_url: string;
  created_at: string;
  expired: boolean;
  expires_at: string;
  id: number;
  name: string;
  size_in_bytes: number;
  updated_at: string;
  url: string;
  workflow_run: ActionWorkflowRun;
}

/** ActionArtifactsResponse returns ActionArtifacts */
export interface ActionArtifactsResponse {
  artifacts: ActionArtifact[];
  total_count: number;
}

/** ActionTask represents a ActionTask */
export interface ActionTask {
  created_at: string;
  /** DisplayTitle is the display title for the workflow run */
  display_title: string;
  /** Event is the type of event that triggered the workflow */
  event: string;
  /** HeadBranch is the branch that triggered the workflow */
  head_branch: string;
  /** HeadSHA is the commit SHA that triggered the workflow */
  head_sha: string;
  /** ID is the unique identifier for the action task */
  id: number;
  /** Name is the name of the workflow */
  name: string;
  /** RunNumber is the sequential number of the workflow run */
  run_number: number;
  run_started_at: string;
  /** Status indicates the current status of the workflow run */
  status: string;
  updated_at: string;
  /** URL is the API URL for this workflow run */
  url: string;
  /** WorkflowID is the identifier of the workflow */
  workflow_id: string;
}

/** ActionTaskResponse returns a ActionTask */
export interface ActionTaskResponse {
  /** TotalCount is the total number of workflow runs */
  total_count: number;
  /** Entries contains the list of workflow runs */
  workflow_runs: ActionTask[];
}

/** RunDetails returns workflow_dispatch runid and url */
export interface RunDetails {
  html_url: string;
  run_url: string;
  workflow_run_id: number;
}

/** Package represents a package */
export interface Package {
  created_at: string;
  creator: User;
  /** The HTML URL to view the package */
  html_url: string;
  /** The unique identifier of the package */
  id: number;
  /** The name of the package */
  name: string;
  owner: User;
  repository: Repository;
  /** The type of the package (e.g., npm, maven, docker) */
  type: string;
  /** The version of the package */
  version: string;
}

/** PackageFile represents a package file */
export interface PackageFile {
  /** The unique identifier of the package file */
  id: number;
  /** The MD5 hash of the package file */
  md5: string;
  /** The name of the package file */
  name: string;
  /** The SHA1 hash of the package file */
  sha1: string;
  /** The SHA256 hash of the package file */
  sha256: string;
  /** The SHA512 hash of the package file */
  sha512: string;
  /** The size of the package file in bytes */
  size: number;
}

/** PullRequestMinimal is the minimal information about a pull request, as returned in the `pull_requests` field of a workflow run. */
export interface PullRequestMinimal {
  base: PullRequestMinimalHead;
  head: PullRequestMinimalHead;
  id: number;
  number: number;
  url: string;
}

/** PullRequestMinimalHead */
export interface PullRequestMinimalHead {
  ref: string;
  repo: PullRequestMinimalHeadRepo;
  sha: string;
}

/** PullRequestMinimalHeadRepo */
export interface PullRequestMinimalHeadRepo {
  id: number;
  name: string;
  url: string;
}

/** CreateOrUpdateSecretOption options when creating or updating secret */
export interface CreateOrUpdateSecretOption {
  /** Data of the secret to update */
  data: string;
  /** Description of the secret to update */
  description?: string;
}

/** CreateVariableOption the option when creating variable */
export interface CreateVariableOption {
  /** Description of the variable to create */
  description?: string;
  /** Value of the variable to create */
  value: string;
}

/** UpdateVariableOption the option when updating variable */
export interface UpdateVariableOption {
  /** Description of the variable to update */
  description?: string;
  /** New name for the variable. If the field is empty, the variable name won't be updated. */
  name?: string;
  /** Value of the variable to update */
  value: string;
}

/** CreateActionWorkflowDispatch represents the payload for triggering a workflow dispatch event */
export interface CreateActionWorkflowDispatch {
  inputs?: Record<string, string>;
  ref: string;
}

/** EditActionRunnerOption */
export interface EditActionRunnerOption {
  disabled: boolean;
}

/** RegistrationToken is the token a runner registers with */
export interface RegistrationToken {
  token: string;
}
