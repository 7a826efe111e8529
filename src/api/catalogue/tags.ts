import type { OperationSpec } from '../operationSpec';
import { limitParam, ownerParam, pageParam, repoParam } from './params';

/** A repository's git tags (releases are in releases.ts, annotated tag objects in gitData.ts). */
export const tagsOperations = [
  {
    operationId: 'repoListTags',
    method: 'GET',
    path: '/repos/{owner}/{repo}/tags',
    group: 'repository',
    summary: "List a repository's tags",
    pathParams: [ownerParam, repoParam],
    queryParams: [pageParam, limitParam],
    success: { status: 200, type: 'Tag', list: true },
    statuses: [404],
    auth: 'public',
    scope: 'repository',
    paged: true,
  },
  {
    operationId: 'repoDeleteTag',
    method: 'DELETE',
    path: '/repos/{owner}/{repo}/tags/{tag}',
    group: 'repository',
    summary: "Delete a repository's tag by name",
    pathParams: [
      ownerParam,
      repoParam,
      { name: 'tag', type: 'string', required: true, description: 'name of tag to delete', wildcard: true },
    ],
    success: { status: 204 },
    statuses: [403, 404, 409],
    auth: 'signedIn',
    scope: 'repository',
  },
  {
    operationId: 'repoGetTag',
    method: 'GET',
    path: '/repos/{owner}/{repo}/tags/{tag}',
    group: 'repository',
    summary: 'Get the tag of a repository by tag name',
    pathParams: [
      ownerParam,
      repoParam,
      { name: 'tag', type: 'string', required: true, description: 'name of tag', wildcard: true },
    ],
    success: { status: 200, type: 'Tag' },
    statuses: [404],
    auth: 'public',
    scope: 'repository',
  },
  // the swagger says 200; Gitea answers 201
  {
    operationId: 'repoCreateTag',
    method: 'POST',
    path: '/repos/{owner}/{repo}/tags',
    group: 'repository',
    summary: 'Create a new git tag in a repository',
    pathParams: [ownerParam, repoParam],
    body: { type: 'CreateTagOption', required: true },
    success: { status: 201, type: 'Tag' },
    statuses: [404, 405, 409, 422, 423],
    auth: 'signedIn',
    scope: 'repository',
  },
] as const satisfies readonly OperationSpec[];
