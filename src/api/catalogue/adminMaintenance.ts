import type { OperationSpec } from '../operationSpec';
import { limitParam, pageParam } from './params';

/** The server's cron tasks and the repositories found on disk without a database row (site administrators). */
export const adminMaintenanceOperations = [
  {
    operationId: 'adminCronList',
    method: 'GET',
    path: '/admin/cron',
    group: 'admin',
    summary: 'List cron tasks',
    queryParams: [pageParam, limitParam],
    success: { status: 200, type: 'Cron', list: true },
    statuses: [403],
    auth: 'admin',
    scope: 'admin',
    paged: true,
  },
  {
    operationId: 'adminCronRun',
    method: 'POST',
    path: '/admin/cron/{task}',
    group: 'admin',
    summary: 'Run cron task',
    pathParams: [{ name: 'task', type: 'string', required: true, description: 'task to run' }],
    success: { status: 204 },
    statuses: [403, 404],
    auth: 'admin',
    scope: 'admin',
  },
  // a list of `owner/name` strings, not a list of objects; it still pages with Link and X-Total-Count
  {
    operationId: 'adminUnadoptedList',
    method: 'GET',
    path: '/admin/unadopted',
    group: 'admin',
    summary: 'List unadopted repositories',
    queryParams: [
      pageParam,
      limitParam,
      { name: 'pattern', type: 'string', description: 'pattern of repositories to search for' },
      {
        name: 'query',
        type: 'string',
        description: "the pattern under the name Gitea 1.14.1's handler reads (its swagger says pattern)",
      },
    ],
    success: { status: 200, type: 'StringSlice' },
    statuses: [403],
    auth: 'admin',
    scope: 'admin',
    paged: true,
  },
  {
    operationId: 'adminAdoptRepository',
    method: 'POST',
    path: '/admin/unadopted/{owner}/{repo}',
    group: 'admin',
    summary: 'Adopt unadopted files as a repository',
    pathParams: [
      { name: 'owner', type: 'string', required: true, description: 'owner of the repo' },
      { name: 'repo', type: 'string', required: true, description: 'name of the repo' },
    ],
    success: { status: 204 },
    statuses: [403, 404],
    auth: 'admin',
    scope: 'admin',
  },
  {
    operationId: 'adminDeleteUnadoptedRepository',
    method: 'DELETE',
    path: '/admin/unadopted/{owner}/{repo}',
    group: 'admin',
    summary: 'Delete unadopted files',
    pathParams: [
      { name: 'owner', type: 'string', required: true, description: 'owner of the repo' },
      { name: 'repo', type: 'string', required: true, description: 'name of the repo' },
    ],
    success: { status: 204 },
    statuses: [403],
    auth: 'admin',
    scope: 'admin',
  },
] as const satisfies readonly OperationSpec[];
