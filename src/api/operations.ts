import type { OperationSpec } from './operationSpec';

/**
 * The catalogue: every operation of the Gitea-compatible API v1 this project knows, as data.
 * The client, the server's router, the extension's commands and the docs are all derived from it.
 */
export const operationCatalogue = [
  {
    operationId: 'getVersion',
    method: 'GET',
    path: '/version',
    group: 'miscellaneous',
    summary: 'Returns the version of the Gitea application',
    success: { status: 200, type: 'ServerVersion' },
    auth: 'public',
    scope: 'misc',
  },
  {
    operationId: 'issueListIssues',
    method: 'GET',
    path: '/repos/{owner}/{repo}/issues',
    group: 'issue',
    summary: "List a repository's issues",
    pathParams: [
      { name: 'owner', type: 'string', required: true, description: 'owner of the repo' },
      { name: 'repo', type: 'string', required: true, description: 'name of the repo' },
    ],
    queryParams: [
      {
        name: 'state',
        type: 'string',
        enum: ['closed', 'open', 'all'],
        description: 'whether issue is open or closed',
      },
      { name: 'page', type: 'integer', description: 'page number of results to return (1-based)' },
      { name: 'limit', type: 'integer', description: 'page size of results' },
    ],
    success: { status: 200, type: 'Issue', list: true },
    statuses: [404],
    auth: 'public',
    scope: 'issue',
    paged: true,
  },
] as const satisfies readonly OperationSpec[];

/** The catalogue widened for iteration; `operationCatalogue` keeps the literal types the typed client needs. */
export const operations: readonly OperationSpec[] = operationCatalogue;

export type Operation = (typeof operationCatalogue)[number];
export type OperationId = Operation['operationId'];
