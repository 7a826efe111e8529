import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { startServer, type TestServer } from './harness';
import {
  buildPermissionWorld,
  roles,
  runPermissionMatrix,
  type Role,
  type RoleTokens,
} from './permissionWorld';

type Operation =
  | 'listIssueTimes'
  | 'addTime'
  | 'resetTime'
  | 'deleteOwnTime'
  | 'listRepoTimes'
  | 'listOwnRepoTimes'
  | 'startStopwatch'
  | 'stopStopwatch'
  | 'cancelStopwatch';

const operations: readonly Operation[] = [
  'listIssueTimes',
  'addTime',
  'resetTime',
  'deleteOwnTime',
  'listRepoTimes',
  'listOwnRepoTimes',
  'startStopwatch',
  'stopStopwatch',
  'cancelStopwatch',
];
const successStatus: Readonly<Record<Operation, number>> = {
  listIssueTimes: 200,
  addTime: 200,
  resetTime: 204,
  deleteOwnTime: 204,
  listRepoTimes: 200,
  listOwnRepoTimes: 200,
  startStopwatch: 201,
  stopStopwatch: 201,
  cancelStopwatch: 204,
};
const isList = (operation: Operation): boolean => operation.startsWith('list');

/**
 * Gitea's answers: every time operation needs a token (401); a private repository does not exist for those
 * who cannot read it (404); anyone who reads the issues lists (their own) times; tracking time on an issue
 * someone else posted needs write access to the issues (403 otherwise), as does a stopwatch.
 */
function expectedStatus(visibility: 'public' | 'private', role: Role, operation: Operation): number {
  if (role === 'anonymous') return 401;
  if (visibility === 'private' && role === 'stranger') return 404;
  if (isList(operation)) return successStatus[operation];
  const writes = role === 'writer' || role === 'owner' || role === 'admin';
  return writes ? successStatus[operation] : 403;
}

describe('tracked time and stopwatch permissions', () => {
  let server: TestServer;
  const tokens: RoleTokens = {};

  before(async () => {
    server = await startServer();
    await buildPermissionWorld(server, tokens, 'tp', {
      eachRepository: async (name) => {
        const issue = await server.request('POST', `/repos/tp-owner/${name}/issues`, {
          token: tokens.owner,
          body: { title: 'track me' },
        });
        assert.equal(issue.status, 201, issue.text);
      },
    });
  });
  after(async () => {
    await server.stop();
  });

  const nameOf = (role: Role): string =>
    role === 'admin' ? server.admin.username : role === 'anonymous' ? 'tp-owner' : `tp-${role}`;

  /** Books time as the role when it may (the setup of reset and delete), answering the time's id. */
  async function ownTime(repo: string, role: Role): Promise<number> {
    const res = await server.request<{ id: number }>('POST', `/repos/tp-owner/${repo}/issues/1/times`, {
      token: role === 'anonymous' ? undefined : tokens[role],
      body: { time: 60 },
    });
    return res.status === 200 ? res.json.id : 1;
  }

  async function attempt(
    repo: string,
    role: Role,
    operation: Operation,
  ): Promise<{ status: number; text: string }> {
    const token = tokens[role];
    const issue = `/repos/tp-owner/${repo}/issues/1`;
    switch (operation) {
      case 'listIssueTimes':
        return server.request('GET', `${issue}/times`, { token });
      case 'addTime':
        return server.request('POST', `${issue}/times`, { token, body: { time: 90 } });
      case 'resetTime':
        await ownTime(repo, role);
        return server.request('DELETE', `${issue}/times`, { token });
      case 'deleteOwnTime':
        return server.request('DELETE', `${issue}/times/${await ownTime(repo, role)}`, { token });
      case 'listRepoTimes':
        return server.request('GET', `/repos/tp-owner/${repo}/times`, { token });
      case 'listOwnRepoTimes':
        return server.request('GET', `/repos/tp-owner/${repo}/times/${nameOf(role)}`, { token });
      case 'startStopwatch':
        return server.request('POST', `${issue}/stopwatch/start`, { token });
      case 'stopStopwatch':
        return server.request('POST', `${issue}/stopwatch/stop`, { token });
      case 'cancelStopwatch':
        await server.request('POST', `${issue}/stopwatch/start`, { token });
        return server.request('DELETE', `${issue}/stopwatch/delete`, { token });
    }
  }

  for (const visibility of ['public', 'private'] as const) {
    test(`every role gets Gitea's status for every time operation on a ${visibility} repository`, async () => {
      const repo = visibility === 'public' ? 'pub' : 'priv';
      await runPermissionMatrix({
        label: visibility,
        roles,
        operations,
        expected: (role, operation) => expectedStatus(visibility, role, operation),
        attempt: (role, operation) => attempt(repo, role, operation),
        emptyRefusalAllowed: true,
      });
    });
  }

  test('a user’s times in a repository are refused (403) to other non-admins, open to repository and site admins', async () => {
    assert.equal(
      (
        await server.request('POST', '/repos/tp-owner/pub/issues/1/times', {
          token: tokens.writer,
          body: { time: 5 },
        })
      ).status,
      200,
    );
    const path = '/repos/tp-owner/pub/times/tp-writer';
    assert.equal((await server.request('GET', path, { token: tokens.reader })).status, 403);
    assert.equal((await server.request('GET', path, { token: tokens.stranger })).status, 403);
    assert.equal((await server.request('GET', path, { token: tokens.owner })).status, 200);
    assert.equal((await server.request('GET', path, { token: tokens.admin })).status, 200);
  });

  test('a team member without the issues unit cannot list an organization repository’s times (404)', async () => {
    const org = await server.request('POST', '/orgs', { token: tokens.owner, body: { username: 'tp-org' } });
    assert.equal(org.status, 201, org.text);
    const repo = await server.request('POST', '/orgs/tp-org/repos', {
      token: tokens.owner,
      body: { name: 'coded', private: true },
    });
    assert.equal(repo.status, 201, repo.text);
    const coder = await server.createUser('tp-coder');
    const team = await server.request<{ id: number }>('POST', '/orgs/tp-org/teams', {
      token: tokens.owner,
      body: { name: 'coders', permission: 'write', units_map: { 'repo.code': 'write' } },
    });
    assert.equal(team.status, 201, team.text);
    assert.equal(
      (await server.request('PUT', `/teams/${team.json.id}/members/tp-coder`, { token: tokens.owner }))
        .status,
      204,
    );
    assert.equal(
      (await server.request('PUT', `/teams/${team.json.id}/repos/tp-org/coded`, { token: tokens.owner }))
        .status,
      204,
    );
    assert.equal(
      (await server.request('GET', '/repos/tp-org/coded/times', { token: coder.token })).status,
      404,
    );
    assert.equal(
      (await server.request('GET', '/repos/tp-org/coded/times', { token: tokens.owner })).status,
      200,
    );
  });
});
