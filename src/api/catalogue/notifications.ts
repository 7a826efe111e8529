import type { OperationSpec } from '../operationSpec';
import { limitParam, ownerParam, pageParam, repoParam } from './params';

export const notificationsOperations = [
  {
    operationId: 'notifyGetList',
    method: 'GET',
    path: '/notifications',
    group: 'user',
    summary: "List users's notification threads",
    queryParams: [
      {
        name: 'all',
        type: 'boolean',
        description: 'If true, show notifications marked as read. Default value is false',
      },
      {
        name: 'status-types',
        type: 'string[]',
        description:
          'Show notifications with the provided status types. Options are: unread, read and/or pinned. Defaults to unread & pinned.',
      },
      {
        name: 'subject-type',
        type: 'string[]',
        description: 'filter notifications by subject type',
        enum: ['issue', 'pull', 'commit', 'repository'],
      },
      {
        name: 'since',
        type: 'string',
        description:
          'Only show notifications updated after the given time. This is a timestamp in RFC 3339 format',
      },
      {
        name: 'before',
        type: 'string',
        description:
          'Only show notifications updated before the given time. This is a timestamp in RFC 3339 format',
      },
      pageParam,
      limitParam,
    ],
    success: { status: 200, type: 'NotificationThread', list: true },
    auth: 'signedIn',
    scope: 'notification',
    paged: true,
  },
  {
    operationId: 'notifyReadList',
    method: 'PUT',
    path: '/notifications',
    group: 'user',
    summary: 'Mark notification threads as read, pinned or unread',
    queryParams: [
      {
        name: 'last_read_at',
        type: 'string',
        description:
          'Describes the last point that notifications were checked. Anything updated since this time will not be updated.',
      },
      {
        name: 'all',
        type: 'string',
        description: 'If true, mark all notifications on this repo. Default value is false',
      },
      {
        name: 'status-types',
        type: 'string[]',
        description:
          'Mark notifications with the provided status types. Options are: unread, read and/or pinned. Defaults to unread.',
      },
      {
        name: 'to-status',
        type: 'string',
        description: 'Status to mark notifications as, Defaults to read.',
      },
    ],
    success: { status: 205, type: 'NotificationThread', list: true },
    auth: 'signedIn',
    scope: 'notification',
  },
  // answers 204 when there is nothing unread
  {
    operationId: 'notifyNewAvailable',
    method: 'GET',
    path: '/notifications/new',
    group: 'user',
    summary: 'Check if unread notifications exist',
    success: { status: 200, type: 'NotificationCount' },
    statuses: [204],
    auth: 'signedIn',
    scope: 'notification',
  },
  {
    operationId: 'notifyGetThread',
    method: 'GET',
    path: '/notifications/threads/{id}',
    group: 'user',
    summary: 'Get notification thread by ID',
    pathParams: [{ name: 'id', type: 'string', required: true, description: 'id of notification thread' }],
    success: { status: 200, type: 'NotificationThread' },
    statuses: [403, 404],
    auth: 'signedIn',
    scope: 'notification',
  },
  {
    operationId: 'notifyReadThread',
    method: 'PATCH',
    path: '/notifications/threads/{id}',
    group: 'user',
    summary: 'Mark notification thread as read by ID',
    pathParams: [{ name: 'id', type: 'string', required: true, description: 'id of notification thread' }],
    queryParams: [{ name: 'to-status', type: 'string', description: 'Status to mark notifications as' }],
    success: { status: 205, type: 'NotificationThread' },
    statuses: [403, 404],
    auth: 'signedIn',
    scope: 'notification',
  },
  {
    operationId: 'notifyGetRepoList',
    method: 'GET',
    path: '/repos/{owner}/{repo}/notifications',
    group: 'user',
    summary: "List users's notification threads on a specific repo",
    pathParams: [ownerParam, repoParam],
    queryParams: [
      {
        name: 'all',
        type: 'boolean',
        description: 'If true, show notifications marked as read. Default value is false',
      },
      {
        name: 'status-types',
        type: 'string[]',
        description:
          'Show notifications with the provided status types. Options are: unread, read and/or pinned. Defaults to unread & pinned',
      },
      {
        name: 'subject-type',
        type: 'string[]',
        description: 'filter notifications by subject type',
        enum: ['issue', 'pull', 'commit', 'repository'],
      },
      {
        name: 'since',
        type: 'string',
        description:
          'Only show notifications updated after the given time. This is a timestamp in RFC 3339 format',
      },
      {
        name: 'before',
        type: 'string',
        description:
          'Only show notifications updated before the given time. This is a timestamp in RFC 3339 format',
      },
      pageParam,
      limitParam,
    ],
    success: { status: 200, type: 'NotificationThread', list: true },
    auth: 'signedIn',
    scope: 'notification',
    paged: true,
  },
  {
    operationId: 'notifyReadRepoList',
    method: 'PUT',
    path: '/repos/{owner}/{repo}/notifications',
    group: 'user',
    summary: 'Mark notification threads as read, pinned or unread on a specific repo',
    pathParams: [ownerParam, repoParam],
    queryParams: [
      {
        name: 'all',
        type: 'string',
        description: 'If true, mark all notifications on this repo. Default value is false',
      },
      {
        name: 'status-types',
        type: 'string[]',
        description:
          'Mark notifications with the provided status types. Options are: unread, read and/or pinned. Defaults to unread.',
      },
      {
        name: 'to-status',
        type: 'string',
        description: 'Status to mark notifications as. Defaults to read.',
      },
      {
        name: 'last_read_at',
        type: 'string',
        description:
          'Describes the last point that notifications were checked. Anything updated since this time will not be updated.',
      },
    ],
    success: { status: 205, type: 'NotificationThread', list: true },
    auth: 'signedIn',
    scope: 'notification',
  },
] as const satisfies readonly OperationSpec[];
