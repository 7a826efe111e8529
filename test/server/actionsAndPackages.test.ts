import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { operations } from '../../src/api/operations';
import type { OperationSpec } from '../../src/api/operationSpec';
import { startServer, type TestResponse, type TestServer, type TestUser } from './harness';

/**
 * Actions and packages answer as Gitea 1.27 does with `[actions] ENABLED=false` and
 * `[packages] ENABLED=false`: its routes stay mounted (routers/api/v1/api.go), their checks come in order
 * (sign-in, the repository/organization/owner, the caller's role) and the handlers find nothing. Every
 * catalogue operation marked with a `unit` is called here, as an anonymous caller, a signed-in stranger,
 * a repository admin collaborator and the site administrator.
 */

const unitOperations = operations.filter((op) => op.unit !== undefined);

/** The empty answers Gitea gives where nothing was ever run, registered or uploaded. */
const wrapped = (field: string) => ({ total_count: 0, [field]: [] });
const emptyAnswers: Readonly<Record<string, unknown>> = {
  getArtifacts: wrapped('artifacts'),
  listWorkflowJobs: wrapped('jobs'),
  getWorkflowRuns: wrapped('workflow_runs'),
  ListActionTasks: wrapped('workflow_runs'),
  ActionsListRepositoryWorkflows: wrapped('workflows'),
  getRepoRunners: wrapped('runners'),
  repoListActionsSecrets: [],
  getRepoVariablesList: [],
  listAdminWorkflowJobs: wrapped('jobs'),
  getAdminRunners: wrapped('runners'),
  listAdminWorkflowRuns: wrapped('workflow_runs'),
  getOrgWorkflowJobs: wrapped('jobs'),
  getOrgRunners: wrapped('runners'),
  getOrgWorkflowRuns: wrapped('workflow_runs'),
  orgListActionsSecrets: [],
  getOrgVariablesList: [],
  getUserWorkflowJobs: wrapped('jobs'),
  getUserRunners: wrapped('runners'),
  getUserWorkflowRuns: wrapped('workflow_runs'),
  getUserVariablesList: [],
  listPackages: [],
  listPackageVersions: [],
};

/** Writes that would store something with nothing existing first; the local server refuses them. */
const refused = new Set([
  'repoCreateRunnerRegistrationToken',
  'adminCreateRunnerRegistrationToken',
  'orgCreateRunnerRegistrationToken',
  'userCreateRunnerRegistrationToken',
  'updateRepoSecret',
  'updateOrgSecret',
  'updateUserSecret',
  'createRepoVariable',
  'createOrgVariable',
  'createUserVariable',
]);

const values: Readonly<Record<string, string>> = {
  owner: 'ap-owner',
  repo: 'garden',
  org: 'ap-org',
  runner_id: '7',
  secretname: 'DEPLOY_KEY',
  variablename: 'REGION',
  artifact_id: '3',
  job_id: '5',
  run: '2',
  attempt: '1',
  workflow_id: 'ci.yml',
  type: 'generic',
  name: 'tool',
  version: '1.0.0',
  repo_name: 'garden',
};

function pathOf(op: OperationSpec, overrides: Readonly<Record<string, string>> = {}): string {
  return op.path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = overrides[name] ?? values[name];
    assert.ok(value !== undefined, `${op.operationId}: no value for {${name}}`);
    return encodeURIComponent(value);
  });
}

function bodyOf(op: OperationSpec): unknown {
  switch (op.body?.type) {
    case 'CreateOrUpdateSecretOption':
      return { data: 'hunter2' };
    case 'CreateVariableOption':
    case 'UpdateVariableOption':
      return { value: 'eu-west' };
    case 'CreateActionWorkflowDispatch':
      return { ref: 'main' };
    case 'EditActionRunnerOption':
      return { disabled: true };
    default:
      return undefined;
  }
}

let server: TestServer;
let owner: TestUser;
let stranger: TestUser;
let collaborator: TestUser;
let writer: TestUser;

function call(op: OperationSpec, token: string | undefined, overrides?: Readonly<Record<string, string>>) {
  const body = bodyOf(op);
  return server.request(op.method, pathOf(op, overrides), {
    ...(token === undefined ? {} : { token }),
    ...(body === undefined ? {} : { body }),
  });
}

function message(res: TestResponse): string {
  return (res.json as { message?: string } | undefined)?.message ?? `<no message: ${res.text}>`;
}

/** What a caller the gate lets through gets: the empty list, 404 for a named object, or the refusal. */
function assertAnswer(op: OperationSpec, res: TestResponse, who: string): void {
  const label = `${op.operationId} as ${who}`;
  if (refused.has(op.operationId)) {
    assert.equal(res.status, 403, label);
    assert.equal(message(res), 'Actions are disabled on this server', label);
  } else if (op.operationId in emptyAnswers) {
    assert.equal(res.status, 200, label);
    assert.deepEqual(res.json, emptyAnswers[op.operationId], label);
  } else {
    assert.equal(res.status, 404, `${label}: ${res.text}`);
    const expected = op.path.includes('/runners/')
      ? 'Runner not found'
      : op.path.includes('/artifacts/')
        ? 'Artifact not found'
        : 'not found';
    assert.equal(message(res), expected, label);
    assert.equal(typeof (res.json as { url?: unknown }).url, 'string', label);
  }
}

/** The gate Gitea puts before each handler, and the 403 a stranger gets from it (undefined: none). */
function strangerRefusal(op: OperationSpec): string | undefined {
  if (op.path.startsWith('/admin/')) return 'forbidden';
  if (op.path.startsWith('/orgs/')) return 'Must be an organization owner';
  if (op.path.startsWith('/packages/'))
    return op.method === 'GET' ? undefined : 'user should have specific permission or be a site admin';
  if (op.path.startsWith('/user/')) return undefined;
  if (/\/actions\/(secrets|variables|runners)(\/|$)|\/actions\/(runs|jobs)$/.test(op.path))
    return 'user should be the owner of the repo';
  return op.method === 'GET'
    ? 'user should have specific read permission or be a repo admin or a site admin'
    : 'user should have a permission to write to a repo';
}

before(async () => {
  server = await startServer();
  owner = await server.createUser('ap-owner');
  stranger = await server.createUser('ap-stranger');
  collaborator = await server.createUser('ap-helper');
  writer = await server.createUser('ap-writer');
  const token = owner.token;
  assert.equal(
    (await server.request('POST', '/user/repos', { token, body: { name: 'garden' } })).status,
    201,
  );
  assert.equal(
    (await server.request('POST', '/user/repos', { token, body: { name: 'vault', private: true } })).status,
    201,
  );
  assert.equal(
    (
      await server.request('PUT', '/repos/ap-owner/garden/collaborators/ap-helper', {
        token,
        body: { permission: 'admin' },
      })
    ).status,
    204,
  );
  const asWriter = { token, body: { permission: 'write' } };
  assert.equal(
    (await server.request('PUT', '/repos/ap-owner/garden/collaborators/ap-writer', asWriter)).status,
    204,
  );
  assert.equal((await server.request('POST', '/orgs', { token, body: { username: 'ap-org' } })).status, 201);
});

after(async () => {
  await server.stop();
});

describe('Actions and packages with the units turned off', () => {
  test('the catalogue holds every /actions/ and /packages/ operation of Gitea 1.27.1, each marked', () => {
    assert.equal(unitOperations.length, 82);
    const unmarked = operations.filter((op) => /\/actions(\/|$)|^\/packages\//.test(op.path) && !op.unit);
    assert.deepEqual(
      unmarked.map((op) => op.operationId),
      [],
    );
    for (const op of unitOperations) {
      assert.ok(
        op.operationId in emptyAnswers ||
          refused.has(op.operationId) ||
          op.method !== 'GET' ||
          /\{(?!owner|repo|org\})\w+\}/.test(op.path) ||
          op.success.type === 'Package',
        op.operationId,
      );
    }
  });

  test('the owner, or the site administrator where only it may, gets the empty answer', async () => {
    for (const op of unitOperations) {
      const token = op.path.startsWith('/admin/') ? server.admin.token : owner.token;
      assertAnswer(op, await call(op, token), op.path.startsWith('/admin/') ? 'site admin' : 'owner');
    }
  });

  test('the site administrator passes every gate', async () => {
    for (const op of unitOperations) assertAnswer(op, await call(op, server.admin.token), 'site admin');
  });

  test('a signed-in stranger is stopped by the gate Gitea puts first, or gets the empty answer', async () => {
    for (const op of unitOperations) {
      const res = await call(op, stranger.token);
      const refusal = strangerRefusal(op);
      if (refusal === undefined) {
        assertAnswer(op, res, 'stranger');
        continue;
      }
      assert.equal(res.status, 403, `${op.operationId}: ${res.text}`);
      if (refusal !== 'forbidden') assert.equal(message(res), refusal, op.operationId);
    }
  });

  test('a repository admin collaborator passes the unit gates but not the owner gate', async () => {
    for (const op of unitOperations.filter((o) => o.path.startsWith('/repos/'))) {
      const res = await call(op, collaborator.token);
      if (strangerRefusal(op) === 'user should be the owner of the repo') {
        assert.equal(res.status, 403, op.operationId);
        assert.equal(message(res), 'user should be the owner of the repo', op.operationId);
      } else {
        assertAnswer(op, res, 'repository admin');
      }
    }
  });

  test('a collaborator with write access is refused like a stranger: with the unit off only admins pass', async () => {
    for (const op of unitOperations.filter((o) => o.path.startsWith('/repos/'))) {
      const res = await call(op, writer.token);
      assert.equal(res.status, 403, `${op.operationId}: ${res.text}`);
      assert.equal(message(res), strangerRefusal(op), op.operationId);
    }
  });

  test('an anonymous caller needs to sign in, except for the repository reads Gitea mounts without reqToken', async () => {
    for (const op of unitOperations) {
      const res = await call(op, undefined);
      if (op.auth === 'public') {
        assert.equal(res.status, 403, op.operationId);
        assert.equal(message(res), strangerRefusal(op), op.operationId);
      } else {
        assert.equal(res.status, 401, `${op.operationId}: ${res.text}`);
      }
    }
    const open = unitOperations
      .filter((op) => op.auth === 'public')
      .map((op) => op.operationId)
      .sort();
    assert.deepEqual(
      open,
      [
        'GetWorkflowRun',
        'ListActionTasks',
        'getArtifact',
        'getArtifactsOfRun',
        'getArtifacts',
        'getWorkflowRunAttempt',
        'listWorkflowRunAttemptJobs',
        'listWorkflowRunJobs',
        'downloadArtifact',
      ].sort(),
    );
  });

  test('a private repository, a missing organization or owner is a 404 before any role check', async () => {
    for (const op of unitOperations) {
      if (op.path.startsWith('/repos/')) {
        const res = await call(op, stranger.token, { repo: 'vault' });
        assert.equal(res.status, 404, `${op.operationId}: ${res.text}`);
        assert.equal((await call(op, owner.token, { owner: 'nobody-here' })).status, 404, op.operationId);
      } else if (op.path.startsWith('/orgs/')) {
        assert.equal((await call(op, owner.token, { org: 'no-such-org' })).status, 404, op.operationId);
      } else if (op.path.startsWith('/packages/')) {
        assert.equal((await call(op, owner.token, { owner: 'nobody-here' })).status, 404, op.operationId);
      }
    }
  });

  test('a token without the scope is refused before anything else', async () => {
    const created = await server.request<{ sha1: string }>('POST', '/users/ap-owner/tokens', {
      basic: { username: 'ap-owner', password: owner.password },
      body: { name: 'read-only', scopes: ['read:user'] },
    });
    assert.equal(created.status, 201);
    const listPackages = unitOperations.find((op) => op.operationId === 'listPackages')!;
    assert.equal((await call(listPackages, created.json.sha1)).status, 403);
    const userRuns = unitOperations.find((op) => op.operationId === 'getUserWorkflowRuns')!;
    assert.equal((await call(userRuns, created.json.sha1)).status, 200);
  });

  test('malformed identifiers and bodies never yield a 5xx', async () => {
    const odd = {
      runner_id: 'x%y',
      run: 'abc',
      job_id: '-1',
      artifact_id: '1e9',
      attempt: '0',
      workflow_id: '../x',
    };
    for (const op of unitOperations) {
      const token = op.path.startsWith('/admin/') ? server.admin.token : owner.token;
      const body = op.method === 'GET' ? {} : { body: '{not json' };
      const res = await server.request(op.method, pathOf(op, odd), { token, ...body });
      assert.ok(res.status < 500, `${op.operationId}: ${res.status} ${res.text}`);
      if (op.body) assert.ok(res.status === 400 || res.status === 422, `${op.operationId}: ${res.status}`);
    }
  });
});
