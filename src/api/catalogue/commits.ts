import type { OperationSpec } from '../operationSpec';
import { limitParam, ownerParam, pageParam, repoParam } from './params';

export const commitsOperations = [
  {
    operationId: 'repoGetAllCommits',
    method: 'GET',
    path: '/repos/{owner}/{repo}/commits',
    group: 'repository',
    summary: 'Get a list of all commits from a repository',
    pathParams: [ownerParam, repoParam],
    queryParams: [
      {
        name: 'sha',
        type: 'string',
        description: "SHA or branch to start listing commits from (usually 'master')",
      },
      { name: 'path', type: 'string', description: 'filepath of a file/dir' },
      {
        name: 'since',
        type: 'string',
        description: 'Only commits after this date will be returned (ISO 8601 format)',
      },
      {
        name: 'until',
        type: 'string',
        description: 'Only commits before this date will be returned (ISO 8601 format)',
      },
      {
        name: 'stat',
        type: 'boolean',
        description: "include diff stats for every commit (disable for speedup, default 'true')",
      },
      {
        name: 'verification',
        type: 'boolean',
        description: "include verification for every commit (disable for speedup, default 'true')",
      },
      {
        name: 'files',
        type: 'boolean',
        description:
          "include a list of affected files for every commit (disable for speedup, default 'true')",
      },
      pageParam,
      limitParam,
      {
        name: 'not',
        type: 'string',
        description: 'commits that match the given specifier will not be listed.',
      },
    ],
    success: { status: 200, type: 'Commit', list: true },
    statuses: [404, 409],
    auth: 'public',
    scope: 'repository',
    paged: true,
  },
  // the spec's later revisions name GET /commits/{ref}; today it is served under /git/commits
  {
    operationId: 'repoGetSingleCommit',
    method: 'GET',
    path: '/repos/{owner}/{repo}/git/commits/{sha}',
    aliases: ['/repos/{owner}/{repo}/commits/{ref}'],
    group: 'repository',
    summary: 'Get a single commit from a repository',
    pathParams: [
      ownerParam,
      repoParam,
      { name: 'sha', type: 'string', required: true, description: 'a git ref or commit sha' },
    ],
    queryParams: [
      {
        name: 'stat',
        type: 'boolean',
        description: "include diff stats for every commit (disable for speedup, default 'true')",
      },
      {
        name: 'verification',
        type: 'boolean',
        description: "include verification for every commit (disable for speedup, default 'true')",
      },
      {
        name: 'files',
        type: 'boolean',
        description:
          "include a list of affected files for every commit (disable for speedup, default 'true')",
      },
    ],
    success: { status: 200, type: 'Commit' },
    statuses: [404, 422],
    auth: 'public',
    scope: 'repository',
  },
  // the spec answers the combined status on /statuses too, so today's separate list (repoListStatusesByRef) is left out;
  // its id is kept as another id of the /statuses alias, which the 1.1.1 swagger names repoGetCombinedStatusByRef
  {
    operationId: 'repoGetCombinedStatusByRef',
    otherOperationIds: ['repoListStatusesByRef'],
    method: 'GET',
    path: '/repos/{owner}/{repo}/commits/{ref}/status',
    aliases: ['/repos/{owner}/{repo}/commits/{ref}/statuses'],
    group: 'repository',
    summary: "Get a commit's combined status, by branch/tag/commit reference",
    pathParams: [
      ownerParam,
      repoParam,
      { name: 'ref', type: 'string', required: true, description: 'name of branch/tag/commit' },
    ],
    queryParams: [pageParam, limitParam],
    success: { status: 200, type: 'CombinedStatus' },
    statuses: [400, 404],
    auth: 'public',
    scope: 'repository',
  },
  {
    operationId: 'repoListStatuses',
    method: 'GET',
    path: '/repos/{owner}/{repo}/statuses/{sha}',
    group: 'repository',
    summary: "Get a commit's statuses",
    pathParams: [
      ownerParam,
      repoParam,
      { name: 'sha', type: 'string', required: true, description: 'sha of the commit' },
    ],
    queryParams: [
      {
        name: 'sort',
        type: 'string',
        description: 'type of sort',
        enum: ['oldest', 'recentupdate', 'leastupdate', 'leastindex', 'highestindex'],
      },
      {
        name: 'state',
        type: 'string',
        description: 'type of state',
        enum: ['pending', 'success', 'error', 'failure', 'warning'],
      },
      pageParam,
      limitParam,
    ],
    success: { status: 200, type: 'CommitStatus', list: true },
    statuses: [400, 404],
    auth: 'public',
    scope: 'repository',
    paged: true,
  },
  // the spec answers 200 with the status list; v1.3 and today answer 201 with one status
  {
    operationId: 'repoCreateStatus',
    method: 'POST',
    path: '/repos/{owner}/{repo}/statuses/{sha}',
    group: 'repository',
    summary: 'Create a commit status',
    pathParams: [
      ownerParam,
      repoParam,
      { name: 'sha', type: 'string', required: true, description: 'sha of the commit' },
    ],
    body: { type: 'CreateStatusOption' },
    success: { status: 200, type: 'CommitStatus', list: true },
    statuses: [400, 404],
    auth: 'signedIn',
    scope: 'repository',
  },
] as const satisfies readonly OperationSpec[];
