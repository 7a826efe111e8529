import type { OperationSpec } from '../operationSpec';
import { limitParam, ownerParam, pageParam, repoParam } from './params';

const remoteNameParam = {
  name: 'name',
  type: 'string',
  required: true,
  description: 'remote name of the push mirror',
} as const;

/** Push mirrors: a repository pushed to another server, on an interval and on each push (Gitea's reqAdmin group). */
export const pushMirrorsOperations = [
  {
    operationId: 'repoListPushMirrors',
    method: 'GET',
    path: '/repos/{owner}/{repo}/push_mirrors',
    group: 'repository',
    summary: 'Get all push mirrors of the repository',
    pathParams: [ownerParam, repoParam],
    queryParams: [pageParam, limitParam],
    success: { status: 200, type: 'PushMirror', list: true },
    statuses: [400, 403, 404],
    auth: 'signedIn',
    scope: 'repository',
    paged: true,
  },
  // Gitea answers 200, not 201, for a new push mirror
  {
    operationId: 'repoAddPushMirror',
    method: 'POST',
    path: '/repos/{owner}/{repo}/push_mirrors',
    group: 'repository',
    summary: 'add a push mirror to the repository',
    pathParams: [ownerParam, repoParam],
    body: { type: 'CreatePushMirrorOption' },
    success: { status: 200, type: 'PushMirror' },
    statuses: [400, 401, 403, 404, 423],
    auth: 'signedIn',
    scope: 'repository',
  },
  {
    operationId: 'repoGetPushMirrorByRemoteName',
    method: 'GET',
    path: '/repos/{owner}/{repo}/push_mirrors/{name}',
    group: 'repository',
    summary: 'Get push mirror of the repository by remoteName',
    pathParams: [ownerParam, repoParam, remoteNameParam],
    success: { status: 200, type: 'PushMirror' },
    statuses: [400, 403, 404],
    auth: 'signedIn',
    scope: 'repository',
  },
  {
    operationId: 'repoDeletePushMirror',
    method: 'DELETE',
    path: '/repos/{owner}/{repo}/push_mirrors/{name}',
    group: 'repository',
    summary: 'deletes a push mirror from a repository by remoteName',
    pathParams: [ownerParam, repoParam, remoteNameParam],
    success: { status: 204 },
    statuses: [400, 403, 404, 423],
    auth: 'signedIn',
    scope: 'repository',
  },
  {
    operationId: 'repoPushMirrorSync',
    method: 'POST',
    path: '/repos/{owner}/{repo}/push_mirrors-sync',
    group: 'repository',
    summary: 'Sync all push mirrored repository',
    pathParams: [ownerParam, repoParam],
    success: { status: 200 },
    statuses: [400, 403, 404, 422, 423, 500],
    auth: 'signedIn',
    scope: 'repository',
  },
] as const satisfies readonly OperationSpec[];
