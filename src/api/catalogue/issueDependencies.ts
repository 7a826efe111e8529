import type { OperationSpec } from '../operationSpec';
import { issueIndexParam, limitParam, ownerParam, pageParam, repoParam } from './params';

const pathParams = [ownerParam, repoParam, issueIndexParam] as const;
// Gitea pages these lists itself (FormInt: a malformed number counts as absent) and sends no X-Total-Count.
const pageQuery = [
  { ...pageParam, lenient: true },
  { ...limitParam, lenient: true },
] as const;

/**
 * Gitea 1.27's issue dependencies: `/dependencies` are the issues that block the one in the path, `/blocks`
 * those it blocks. The body names the other issue by owner, repository and number (an IssueMeta).
 */
export const issueDependenciesOperations = [
  {
    operationId: 'issueListIssueDependencies',
    method: 'GET',
    path: '/repos/{owner}/{repo}/issues/{index}/dependencies',
    group: 'issue',
    summary: "List an issue's dependencies, i.e all issues that block this issue.",
    pathParams,
    queryParams: pageQuery,
    success: { status: 200, type: 'Issue', list: true },
    statuses: [404],
    auth: 'public',
    scope: 'issue',
  },
  {
    operationId: 'issueCreateIssueDependencies',
    method: 'POST',
    path: '/repos/{owner}/{repo}/issues/{index}/dependencies',
    group: 'issue',
    summary: 'Make the issue in the url depend on the issue in the form.',
    pathParams,
    body: { type: 'IssueMeta' },
    success: { status: 201, type: 'Issue' },
    statuses: [404, 409, 422, 423],
    auth: 'signedIn',
    scope: 'issue',
  },
  // Gitea's handler answers 201 here though its swagger says 200
  {
    operationId: 'issueRemoveIssueDependencies',
    method: 'DELETE',
    path: '/repos/{owner}/{repo}/issues/{index}/dependencies',
    group: 'issue',
    summary: 'Remove an issue dependency',
    pathParams,
    body: { type: 'IssueMeta' },
    success: { status: 201, type: 'Issue' },
    statuses: [404, 423],
    auth: 'signedIn',
    scope: 'issue',
  },
  {
    operationId: 'issueListBlocks',
    method: 'GET',
    path: '/repos/{owner}/{repo}/issues/{index}/blocks',
    group: 'issue',
    summary: 'List issues that are blocked by this issue',
    pathParams,
    queryParams: pageQuery,
    success: { status: 200, type: 'Issue', list: true },
    statuses: [404],
    auth: 'public',
    scope: 'issue',
  },
  {
    operationId: 'issueCreateIssueBlocking',
    method: 'POST',
    path: '/repos/{owner}/{repo}/issues/{index}/blocks',
    group: 'issue',
    summary: 'Block the issue given in the body by the issue in path',
    pathParams,
    body: { type: 'IssueMeta' },
    success: { status: 201, type: 'Issue' },
    statuses: [404, 409, 422],
    auth: 'signedIn',
    scope: 'issue',
  },
  // Gitea's handler answers 201 here though its swagger says 200
  {
    operationId: 'issueRemoveIssueBlocking',
    method: 'DELETE',
    path: '/repos/{owner}/{repo}/issues/{index}/blocks',
    group: 'issue',
    summary: 'Unblock the issue given in the body by the issue in path',
    pathParams,
    body: { type: 'IssueMeta' },
    success: { status: 201, type: 'Issue' },
    statuses: [404],
    auth: 'signedIn',
    scope: 'issue',
  },
] as const satisfies readonly OperationSpec[];
