import type { OperationSpec } from '../operationSpec';
import { limitParam, orgParam, ownerParam, pageParam, repoParam, teamIdParam } from './params';

const dateParam = {
  name: 'date',
  type: 'string',
  description: 'the date of the activities to be found (YYYY-MM-DD)',
} as const;

/** Activity feeds: what was done, as Gitea's action log records it, seen as the caller may see it. */
export const activityFeedOperations = [
  {
    operationId: 'userListActivityFeeds',
    method: 'GET',
    path: '/users/{username}/activities/feeds',
    group: 'user',
    summary: "List a user's activity feeds",
    pathParams: [{ name: 'username', type: 'string', required: true, description: 'username of the user' }],
    queryParams: [
      {
        name: 'only-performed-by',
        type: 'boolean',
        description: 'if true, only show actions performed by the requested user',
        lenient: true,
      },
      dateParam,
      pageParam,
      limitParam,
    ],
    success: { status: 200, type: 'Activity', list: true },
    statuses: [404],
    auth: 'public',
    scope: 'user',
    paged: true,
  },
  {
    operationId: 'orgListActivityFeeds',
    method: 'GET',
    path: '/orgs/{org}/activities/feeds',
    group: 'organization',
    summary: "List an organization's activity feeds",
    pathParams: [orgParam],
    queryParams: [dateParam, pageParam, limitParam],
    success: { status: 200, type: 'Activity', list: true },
    statuses: [404],
    auth: 'public',
    scope: 'organization',
    paged: true,
  },
  {
    operationId: 'orgListTeamActivityFeeds',
    method: 'GET',
    path: '/teams/{id}/activities/feeds',
    group: 'organization',
    summary: "List a team's activity feeds",
    pathParams: [teamIdParam],
    queryParams: [dateParam, pageParam, limitParam],
    success: { status: 200, type: 'Activity', list: true },
    statuses: [401, 403, 404],
    auth: 'signedIn',
    scope: 'organization',
    paged: true,
  },
  {
    operationId: 'repoListActivityFeeds',
    method: 'GET',
    path: '/repos/{owner}/{repo}/activities/feeds',
    group: 'repository',
    summary: "List a repository's activity feeds",
    pathParams: [ownerParam, repoParam],
    queryParams: [dateParam, pageParam, limitParam],
    success: { status: 200, type: 'Activity', list: true },
    statuses: [404],
    auth: 'public',
    scope: 'repository',
    paged: true,
  },
] as const satisfies readonly OperationSpec[];
