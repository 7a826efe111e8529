import type { OperationSpec } from '../operationSpec';
import { orgParam } from './params';

/** An organization's name, its repositories as a whole, and what a user may do in it. */
export const organizationAdminOperations = [
  {
    operationId: 'renameOrg',
    method: 'POST',
    path: '/orgs/{org}/rename',
    group: 'organization',
    summary: 'Rename an organization',
    pathParams: [{ name: 'org', type: 'string', required: true, description: 'existing org name' }],
    body: { type: 'RenameOrgOption', required: true },
    success: { status: 204 },
    statuses: [401, 403, 404, 422],
    auth: 'signedIn',
    scope: 'organization',
  },
  {
    operationId: 'orgDeleteRepos',
    method: 'DELETE',
    path: '/orgs/{org}/repos',
    group: 'organization',
    summary: 'Delete all repositories in an organization',
    pathParams: [orgParam],
    // 204 when there was nothing to delete, 202 when repositories were deleted
    success: { status: 202 },
    statuses: [204, 401, 403, 404],
    auth: 'signedIn',
    scope: 'organization',
  },
  {
    operationId: 'orgGetUserPermissions',
    method: 'GET',
    path: '/users/{username}/orgs/{org}/permissions',
    group: 'organization',
    summary: 'Get user permissions in organization',
    pathParams: [
      {
        name: 'username',
        type: 'string',
        required: true,
        description: 'username of the user whose permissions are to be obtained',
      },
      orgParam,
    ],
    success: { status: 200, type: 'OrganizationPermissions' },
    statuses: [401, 403, 404],
    auth: 'signedIn',
    scope: 'organization',
  },
] as const satisfies readonly OperationSpec[];
