import type { OperationSpec } from '../operationSpec';
import { ownerParam, repoParam } from './params';

/** Git objects and references as they are stored: blobs, trees, annotated tags, refs. */
export const gitDataOperations = [
  {
    operationId: 'GetBlob',
    method: 'GET',
    path: '/repos/{owner}/{repo}/git/blobs/{sha}',
    group: 'repository',
    summary: 'Gets the blob of a repository.',
    pathParams: [
      ownerParam,
      repoParam,
      { name: 'sha', type: 'string', required: true, description: 'sha of the blob' },
    ],
    success: { status: 200, type: 'GitBlobResponse' },
    statuses: [400, 404],
    auth: 'public',
    scope: 'repository',
  },
  {
    operationId: 'GetTree',
    method: 'GET',
    path: '/repos/{owner}/{repo}/git/trees/{sha}',
    group: 'repository',
    summary: 'Gets the tree of a repository.',
    pathParams: [
      ownerParam,
      repoParam,
      { name: 'sha', type: 'string', required: true, description: 'sha of the commit' },
    ],
    // pages with `per_page` inside the answer (`truncated`, `total_count`), not with `limit` and headers;
    // Gitea reads all three with QueryBool/QueryInt, unchecked
    queryParams: [
      { name: 'recursive', type: 'boolean', description: 'show all directories and files', lenient: true },
      {
        name: 'page',
        type: 'integer',
        description: 'page number; the "truncated" field says whether there is more',
      },
      { name: 'per_page', type: 'integer', description: 'number of items per page', lenient: true },
    ],
    success: { status: 200, type: 'GitTreeResponse' },
    statuses: [400, 404],
    auth: 'public',
    scope: 'repository',
  },
  // 1.14.1 called it GetTag; today's Gitea renamed it, which also keeps it apart from repoGetTag (/tags/{tag})
  {
    operationId: 'GetAnnotatedTag',
    otherOperationIds: ['GetTag'],
    method: 'GET',
    path: '/repos/{owner}/{repo}/git/tags/{sha}',
    group: 'repository',
    summary: 'Gets the tag object of an annotated tag (not lightweight tags)',
    pathParams: [
      ownerParam,
      repoParam,
      {
        name: 'sha',
        type: 'string',
        required: true,
        description:
          'sha of the tag. The Git tags API only supports annotated tag objects, not lightweight tags.',
      },
    ],
    success: { status: 200, type: 'AnnotatedTag' },
    statuses: [400, 404],
    auth: 'public',
    scope: 'repository',
  },
  {
    operationId: 'repoListAllGitRefs',
    method: 'GET',
    path: '/repos/{owner}/{repo}/git/refs',
    group: 'repository',
    summary: "Get specified ref or filtered repository's refs",
    pathParams: [ownerParam, repoParam],
    success: { status: 200, type: 'Reference', list: true },
    statuses: [404],
    auth: 'public',
    scope: 'repository',
  },
  // `heads/main`, `tags`, `heads/feature/x`: a prefix of the ref's name, slashes included
  {
    operationId: 'repoListGitRefs',
    method: 'GET',
    path: '/repos/{owner}/{repo}/git/refs/{ref}',
    group: 'repository',
    summary: "Get specified ref or filtered repository's refs",
    pathParams: [
      ownerParam,
      repoParam,
      {
        name: 'ref',
        type: 'string',
        required: true,
        description: 'part or full name of the ref',
        wildcard: true,
      },
    ],
    success: { status: 200, type: 'Reference', list: true },
    statuses: [404],
    auth: 'public',
    scope: 'repository',
  },
] as const satisfies readonly OperationSpec[];
