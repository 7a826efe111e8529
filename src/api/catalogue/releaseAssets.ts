import type { OperationSpec } from '../operationSpec';
import { ownerParam, repoParam } from './params';

const releaseIdParam = {
  name: 'id',
  type: 'integer',
  required: true,
  description: 'id of the release',
} as const;
const attachmentIdParam = (action: string) =>
  ({
    name: 'attachment_id',
    type: 'integer',
    required: true,
    description: `id of the attachment to ${action}`,
  }) as const;

/** The files attached to a release. */
export const releaseAssetsOperations = [
  {
    operationId: 'repoListReleaseAttachments',
    method: 'GET',
    path: '/repos/{owner}/{repo}/releases/{id}/assets',
    group: 'repository',
    summary: "List release's attachments",
    pathParams: [ownerParam, repoParam, releaseIdParam],
    success: { status: 200, type: 'Attachment', list: true },
    statuses: [404],
    auth: 'public',
    scope: 'repository',
  },
  // multipart/form-data: the file in the `attachment` field; `name` overrides the file's own name
  {
    operationId: 'repoCreateReleaseAttachment',
    method: 'POST',
    path: '/repos/{owner}/{repo}/releases/{id}/assets',
    group: 'repository',
    summary: 'Create a release attachment',
    pathParams: [ownerParam, repoParam, releaseIdParam],
    queryParams: [{ name: 'name', type: 'string', description: 'name of the attachment' }],
    body: { type: 'file', content: 'multipart', field: 'attachment', required: true },
    success: { status: 201, type: 'Attachment' },
    statuses: [400, 403, 404],
    auth: 'signedIn',
    scope: 'repository',
  },
  {
    operationId: 'repoGetReleaseAttachment',
    method: 'GET',
    path: '/repos/{owner}/{repo}/releases/{id}/assets/{attachment_id}',
    group: 'repository',
    summary: 'Get a release attachment',
    pathParams: [ownerParam, repoParam, releaseIdParam, attachmentIdParam('get')],
    success: { status: 200, type: 'Attachment' },
    statuses: [404],
    auth: 'public',
    scope: 'repository',
  },
  {
    operationId: 'repoEditReleaseAttachment',
    method: 'PATCH',
    path: '/repos/{owner}/{repo}/releases/{id}/assets/{attachment_id}',
    group: 'repository',
    summary: 'Edit a release attachment',
    pathParams: [ownerParam, repoParam, releaseIdParam, attachmentIdParam('edit')],
    body: { type: 'EditAttachmentOptions' },
    success: { status: 201, type: 'Attachment' },
    statuses: [403, 404],
    auth: 'signedIn',
    scope: 'repository',
  },
  {
    operationId: 'repoDeleteReleaseAttachment',
    method: 'DELETE',
    path: '/repos/{owner}/{repo}/releases/{id}/assets/{attachment_id}',
    group: 'repository',
    summary: 'Delete a release attachment',
    pathParams: [ownerParam, repoParam, releaseIdParam, attachmentIdParam('delete')],
    success: { status: 204 },
    statuses: [403, 404],
    auth: 'signedIn',
    scope: 'repository',
  },
] as const satisfies readonly OperationSpec[];
