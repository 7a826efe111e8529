import type { OperationSpec } from '../operationSpec';
import { ownerParam, repoParam } from './params';

const gitHookNameParam = {
  name: 'id',
  type: 'string',
  required: true,
  description: 'name of the hook (pre-receive, update, post-receive)',
} as const;

/**
 * A repository's server-side git hook scripts (not webhooks, which are repositoryHooks.ts): Gitea lets
 * repository administrators who may edit git hooks read and replace them.
 */
export const gitHooksOperations = [
  {
    operationId: 'repoListGitHooks',
    method: 'GET',
    path: '/repos/{owner}/{repo}/hooks/git',
    group: 'repository',
    summary: 'List the Git hooks in a repository',
    pathParams: [ownerParam, repoParam],
    success: { status: 200, type: 'GitHook', list: true },
    statuses: [403, 404],
    auth: 'signedIn',
    scope: 'repository',
  },
  {
    operationId: 'repoGetGitHook',
    method: 'GET',
    path: '/repos/{owner}/{repo}/hooks/git/{id}',
    group: 'repository',
    summary: 'Get a Git hook',
    pathParams: [ownerParam, repoParam, gitHookNameParam],
    success: { status: 200, type: 'GitHook' },
    statuses: [403, 404],
    auth: 'signedIn',
    scope: 'repository',
  },
  {
    operationId: 'repoEditGitHook',
    method: 'PATCH',
    path: '/repos/{owner}/{repo}/hooks/git/{id}',
    group: 'repository',
    summary: 'Edit a Git hook in a repository',
    pathParams: [ownerParam, repoParam, gitHookNameParam],
    body: { type: 'EditGitHookOption' },
    success: { status: 200, type: 'GitHook' },
    statuses: [403, 404],
    auth: 'signedIn',
    scope: 'repository',
  },
  {
    operationId: 'repoDeleteGitHook',
    method: 'DELETE',
    path: '/repos/{owner}/{repo}/hooks/git/{id}',
    group: 'repository',
    summary: 'Delete a Git hook in a repository',
    pathParams: [ownerParam, repoParam, gitHookNameParam],
    success: { status: 204 },
    statuses: [403, 404],
    auth: 'signedIn',
    scope: 'repository',
  },
] as const satisfies readonly OperationSpec[];
