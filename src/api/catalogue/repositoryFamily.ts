import type { OperationSpec } from '../operationSpec';
import { ownerParam, repoParam } from './params';

/** A repository and its relatives: forks brought up to date, repositories made from templates, reparenting. */
export const repositoryFamilyOperations = [
  {
    operationId: 'repoMergeUpstream',
    method: 'POST',
    path: '/repos/{owner}/{repo}/merge-upstream',
    group: 'repository',
    summary: 'Merge a branch from upstream',
    pathParams: [ownerParam, repoParam],
    body: { type: 'MergeUpstreamRequest' },
    success: { status: 200, type: 'MergeUpstreamResponse' },
    statuses: [400, 403, 404, 409, 423],
    auth: 'signedIn',
    scope: 'repository',
  },
  // the swagger names the placeholders template_owner and template_repo; they are the owner and repo of the path
  {
    operationId: 'generateRepo',
    method: 'POST',
    path: '/repos/{owner}/{repo}/generate',
    aliases: ['/repos/{template_owner}/{template_repo}/generate'],
    group: 'repository',
    summary: 'Create a repository using a template',
    pathParams: [
      { name: 'owner', type: 'string', required: true, description: 'owner of the template repository' },
      { name: 'repo', type: 'string', required: true, description: 'name of the template repository' },
    ],
    body: { type: 'GenerateRepoOption', required: true },
    success: { status: 201, type: 'Repository' },
    statuses: [403, 404, 409, 422],
    auth: 'signedIn',
    scope: 'repository',
  },
] as const satisfies readonly OperationSpec[];

/**
 * Reparenting (Gitea 1.27's swagger; Gitea's source of October 2025 has no such routes): described here,
 * not yet assembled into the catalogue, as no handler serves them yet.
 */
export const repositoryReparentOperations = [
  {
    operationId: 'repoReparent',
    method: 'POST',
    path: '/repos/{owner}/{repo}/reparent',
    group: 'repository',
    summary: 'Reparent a repo',
    pathParams: [ownerParam, repoParam],
    body: { type: 'ReparentRepoOption', required: true },
    success: { status: 202, type: 'Repository' },
    statuses: [403, 404, 409, 422],
    auth: 'signedIn',
    scope: 'repository',
  },
  {
    operationId: 'acceptRepoReparent',
    method: 'POST',
    path: '/repos/{owner}/{repo}/reparent/accept',
    group: 'repository',
    summary: 'Accept a reparenting request',
    pathParams: [ownerParam, repoParam],
    success: { status: 202, type: 'Repository' },
    statuses: [403, 404],
    auth: 'signedIn',
    scope: 'repository',
  },
  {
    operationId: 'rejectRepoReparent',
    method: 'POST',
    path: '/repos/{owner}/{repo}/reparent/reject',
    group: 'repository',
    summary: 'Reject a reparenting request',
    pathParams: [ownerParam, repoParam],
    success: { status: 200, type: 'Repository' },
    statuses: [403, 404],
    auth: 'signedIn',
    scope: 'repository',
  },
] as const satisfies readonly OperationSpec[];
