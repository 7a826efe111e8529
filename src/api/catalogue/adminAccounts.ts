import type { OperationSpec } from '../operationSpec';
import { limitParam, pageParam } from './params';

const usernameParam = (description: string) =>
  ({ name: 'username', type: 'string', required: true, description }) as const;

/** What site administrators see and give across accounts: every e-mail address, badges. */
export const adminAccountsOperations = [
  {
    operationId: 'adminGetAllEmails',
    method: 'GET',
    path: '/admin/emails',
    group: 'admin',
    summary: 'List all emails',
    queryParams: [pageParam, limitParam],
    success: { status: 200, type: 'Email', list: true },
    statuses: [401, 403],
    auth: 'admin',
    scope: 'admin',
    paged: true,
  },
  {
    operationId: 'adminSearchEmails',
    method: 'GET',
    path: '/admin/emails/search',
    group: 'admin',
    summary: 'Search all emails',
    queryParams: [{ name: 'q', type: 'string', description: 'keyword' }, pageParam, limitParam],
    success: { status: 200, type: 'Email', list: true },
    statuses: [401, 403],
    auth: 'admin',
    scope: 'admin',
    paged: true,
  },
  {
    operationId: 'adminListUserBadges',
    method: 'GET',
    path: '/admin/users/{username}/badges',
    group: 'admin',
    summary: "List a user's badges",
    pathParams: [usernameParam('username of the user whose badges are to be listed')],
    success: { status: 200, type: 'Badge', list: true },
    statuses: [401, 403, 404],
    auth: 'admin',
    scope: 'admin',
  },
  {
    operationId: 'adminAddUserBadges',
    method: 'POST',
    path: '/admin/users/{username}/badges',
    group: 'admin',
    summary: 'Add a badge to a user',
    pathParams: [usernameParam('username of the user to whom a badge is to be added')],
    body: { type: 'UserBadgeOption' },
    success: { status: 204 },
    statuses: [401, 403, 404, 422],
    auth: 'admin',
    scope: 'admin',
  },
  {
    operationId: 'adminDeleteUserBadges',
    method: 'DELETE',
    path: '/admin/users/{username}/badges',
    group: 'admin',
    summary: 'Remove a badge from a user',
    pathParams: [usernameParam('username of the user whose badge is to be deleted')],
    body: { type: 'UserBadgeOption' },
    success: { status: 204 },
    statuses: [401, 403, 404, 422],
    auth: 'admin',
    scope: 'admin',
  },
] as const satisfies readonly OperationSpec[];
