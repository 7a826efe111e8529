import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { startServer, type TestResponse, type TestServer } from './harness';

/**
 * The permission matrix of repository operations: every caller against a public and a private repository,
 * with the answer the rules give (cannot see → 404, anonymous write → 401, can see but not allowed → 403).
 * The expected statuses are written out, not computed, so the table is the specification.
 */

const callers = ['anonymous', 'stranger', 'reader', 'writer', 'admin', 'owner', 'siteAdmin'] as const;
type Caller = (typeof callers)[number];
type Visibility = 'public' | 'private';

interface Operation {
  /** Prepares what the call needs (a throwaway repository to delete, a collaborator to remove); returns the repo name. */
  setup?: (visibility: Visibility, index: number) => Promise<string>;
  call: (repo: string, token: string | undefined) => Promise<TestResponse<unknown>>;
  /** What a successful answer must carry. */
  check: (res: TestResponse<unknown>, repo: string) => void;
}

//                                    anonymous  stranger   reader     writer     admin      owner      siteAdmin
//                                    pub  priv  pub  priv  pub  priv  pub  priv  pub  priv  pub  priv  pub  priv
const expected: Record<string, readonly number[]> = {
  repoGet: /*                      */ [200, 404, 200, 404, 200, 200, 200, 200, 200, 200, 200, 200, 200, 200],
  repoEdit: /*                     */ [401, 401, 403, 404, 403, 403, 403, 403, 200, 200, 200, 200, 200, 200],
  repoDelete: /*                   */ [401, 401, 403, 404, 403, 403, 403, 403, 403, 403, 204, 204, 204, 204],
  repoListCollaborators: /*        */ [401, 401, 200, 404, 200, 200, 200, 200, 200, 200, 200, 200, 200, 200],
  repoAddCollaborator: /*          */ [401, 401, 403, 404, 403, 403, 403, 403, 204, 204, 204, 204, 204, 204],
  repoDeleteCollaborator: /*       */ [401, 401, 403, 404, 403, 403, 403, 403, 204, 204, 204, 204, 204, 204],
  userCurrentPutStar: /*           */ [401, 401, 204, 404, 204, 204, 204, 204, 204, 204, 204, 204, 204, 204],
  userCurrentPutSubscription: /*   */ [401, 401, 200, 404, 200, 200, 200, 200, 200, 200, 200, 200, 200, 200],
  repoListStargazers: /*           */ [200, 404, 200, 404, 200, 200, 200, 200, 200, 200, 200, 200, 200, 200],
};

describe('repository permission matrix', () => {
  let server: TestServer;
  const tokens = new Map<Caller, string | undefined>();
  const owner = 'rp-owner';
  const sharedRepo = (visibility: Visibility): string => `matrix-${visibility}`;

  const createRepo = async (name: string, visibility: Visibility): Promise<void> => {
    const token = tokens.get('owner');
    const created = await server.request('POST', '/user/repos', {
      token,
      body: { name, private: visibility === 'private' },
    });
    assert.equal(created.status, 201, created.text);
    for (const [user, permission] of [
      ['rp-reader', 'read'],
      ['rp-writer', 'write'],
      ['rp-admin', 'admin'],
    ] as const) {
      const added = await server.request('PUT', `/repos/${owner}/${name}/collaborators/${user}`, {
        token,
        body: { permission },
      });
      assert.equal(added.status, 204, added.text);
    }
  };

  const request = (method: string, path: string, token: string | undefined, body?: unknown) =>
    server.request<unknown>(method, path, {
      ...(token === undefined ? {} : { token }),
      ...(body === undefined ? {} : { body }),
    });
  const isList = (res: TestResponse<unknown>): void => {
    assert.ok(Array.isArray(res.json));
    assert.notEqual(res.headers.get('x-total-count'), null);
  };
  const isEmpty = (res: TestResponse<unknown>): void => assert.equal(res.text, '');
  const field = (res: TestResponse<unknown>, name: string): unknown =>
    (res.json as Record<string, unknown>)[name];

  const operations: Record<string, Operation> = {
    repoGet: {
      call: (repo, token) => request('GET', `/repos/${owner}/${repo}`, token),
      check: (res, repo) => assert.equal(field(res, 'full_name'), `${owner}/${repo}`),
    },
    repoEdit: {
      call: (repo, token) => request('PATCH', `/repos/${owner}/${repo}`, token, { description: 'edited' }),
      check: (res) => assert.equal(field(res, 'description'), 'edited'),
    },
    repoDelete: {
      setup: async (visibility, index) => {
        const name = `del-${visibility}-${index}`;
        await createRepo(name, visibility);
        return name;
      },
      call: (repo, token) => request('DELETE', `/repos/${owner}/${repo}`, token),
      check: isEmpty,
    },
    repoListCollaborators: {
      call: (repo, token) => request('GET', `/repos/${owner}/${repo}/collaborators`, token),
      check: isList,
    },
    repoAddCollaborator: {
      call: (repo, token) =>
        request('PUT', `/repos/${owner}/${repo}/collaborators/rp-extra`, token, { permission: 'read' }),
      check: isEmpty,
    },
    repoDeleteCollaborator: {
      setup: async (visibility) => {
        const repo = sharedRepo(visibility);
        const added = await request(
          'PUT',
          `/repos/${owner}/${repo}/collaborators/rp-extra`,
          tokens.get('owner'),
          {},
        );
        assert.equal(added.status, 204);
        return repo;
      },
      call: (repo, token) => request('DELETE', `/repos/${owner}/${repo}/collaborators/rp-extra`, token),
      check: isEmpty,
    },
    userCurrentPutStar: {
      call: (repo, token) => request('PUT', `/user/starred/${owner}/${repo}`, token),
      check: isEmpty,
    },
    userCurrentPutSubscription: {
      call: (repo, token) => request('PUT', `/repos/${owner}/${repo}/subscription`, token),
      check: (res) => assert.equal(field(res, 'subscribed'), true),
    },
    repoListStargazers: {
      call: (repo, token) => request('GET', `/repos/${owner}/${repo}/stargazers`, token),
      check: isList,
    },
  };

  const cases = Object.entries(expected).flatMap(([operationId, statuses]) =>
    callers.flatMap((caller, callerIndex) =>
      (['public', 'private'] as const).map((visibility, visibilityIndex) => ({
        operationId,
        caller,
        visibility,
        status: statuses[callerIndex * 2 + visibilityIndex]!,
        index: callerIndex,
      })),
    ),
  );
  console.log(`repository permission matrix: ${cases.length} cases`);

  before(async () => {
    server = await startServer();
    tokens.set('anonymous', undefined);
    tokens.set('siteAdmin', server.admin.token);
    for (const [caller, name] of [
      ['owner', owner],
      ['stranger', 'rp-stranger'],
      ['reader', 'rp-reader'],
      ['writer', 'rp-writer'],
      ['admin', 'rp-admin'],
    ] as const) {
      tokens.set(caller, (await server.createUser(name)).token);
    }
    await server.createUser('rp-extra');
    await createRepo(sharedRepo('public'), 'public');
    await createRepo(sharedRepo('private'), 'private');
  });
  after(async () => {
    await server.stop();
  });

  test('the matrix covers every operation, caller and visibility', () => {
    assert.equal(cases.length, Object.keys(operations).length * callers.length * 2);
    for (const statuses of Object.values(expected)) assert.equal(statuses.length, callers.length * 2);
  });

  for (const { operationId, caller, visibility, status, index } of cases) {
    test(`${operationId} by ${caller} on a ${visibility} repository answers ${status}`, async () => {
      const operation = operations[operationId]!;
      const repo = operation.setup ? await operation.setup(visibility, index) : sharedRepo(visibility);
      const res = await operation.call(repo, tokens.get(caller));
      assert.equal(res.status, status, res.text);
      if (status < 300) operation.check(res, repo);
      else assert.ok(typeof field(res, 'message') === 'string' && String(field(res, 'message')).length > 0);
    });
  }
});
