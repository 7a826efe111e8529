import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, type RequestOptions, type TestServer, type TestUser } from './harness';

/**
 * Who may do what with a repository over git and the fork/mirror API: every actor against every kind of
 * repository and every action, with the status Gitea's rules give (401 asks for credentials, 404 hides
 * what the caller may not see, 403 refuses what they see but may not do).
 */

type Actor = 'anonymous' | 'wrong' | 'stranger' | 'reader' | 'writer' | 'owner' | 'admin' | 'readToken';
type Repo = 'public' | 'private' | 'publicMirror' | 'privateMirror' | 'archived';
type Action = 'fetch' | 'pushAdvert' | 'pushPost' | 'listForks' | 'mirrorSync' | 'createFork';

const actors: readonly Actor[] = [
  'anonymous',
  'wrong',
  'stranger',
  'reader',
  'writer',
  'owner',
  'admin',
  'readToken',
];

/** Expected statuses per repository and action, in the order of `actors`. */
const matrix: Readonly<Record<Repo, Partial<Record<Action, readonly number[]>>>> = {
  //                   anonymous wrong stranger reader writer owner admin readToken
  public: {
    fetch: /*       */ [200, 401, 200, 200, 200, 200, 200, 200],
    pushAdvert: /*  */ [401, 401, 403, 403, 200, 200, 200, 403],
    pushPost: /*    */ [401, 401, 403, 403, 200, 200, 200, 403],
    listForks: /*   */ [200, 401, 200, 200, 200, 200, 200, 200],
    mirrorSync: /*  */ [401, 401, 403, 403, 400, 400, 400, 403],
  },
  private: {
    fetch: /*       */ [401, 401, 404, 200, 200, 200, 200, 200],
    pushAdvert: /*  */ [401, 401, 404, 403, 200, 200, 200, 403],
    pushPost: /*    */ [401, 401, 404, 403, 200, 200, 200, 403],
    listForks: /*   */ [404, 401, 404, 200, 200, 200, 200, 200],
    mirrorSync: /*  */ [401, 401, 404, 403, 400, 400, 400, 403],
    createFork: /*  */ [401, 401, 404, 0, 0, 0, 0, 403],
  },
  publicMirror: {
    fetch: /*       */ [200, 401, 200, 200, 200, 200, 200, 200],
    pushAdvert: /*  */ [401, 401, 403, 403, 403, 403, 403, 403],
    mirrorSync: /*  */ [401, 401, 403, 403, 200, 200, 200, 403],
  },
  privateMirror: {
    fetch: /*       */ [401, 401, 404, 200, 200, 200, 200, 200],
    pushAdvert: /*  */ [401, 401, 404, 403, 403, 403, 403, 403],
    mirrorSync: /*  */ [401, 401, 404, 403, 200, 200, 200, 403],
  },
  archived: {
    fetch: /*       */ [200, 401, 200, 200, 200, 200, 200, 200],
    pushAdvert: /*  */ [401, 401, 403, 403, 403, 403, 403, 403],
  },
};

let server: TestServer;
const users = new Map<Actor, TestUser>();
let readToken: string;
const repoNames: Record<Repo, string> = {
  public: 'pm-owner/public',
  private: 'pm-owner/private',
  publicMirror: 'pm-owner/public-mirror',
  privateMirror: 'pm-owner/private-mirror',
  archived: 'pm-owner/archived',
};

before(async () => {
  server = await startServer();
  for (const actor of ['stranger', 'reader', 'writer', 'owner'] as const)
    users.set(actor, await server.createUser(`pm-${actor}`));
  users.set('admin', await server.createUser('pm-admin', { admin: true }));
  const owner = users.get('owner')!;
  const token = await server.request<{ sha1: string }>('POST', '/users/pm-owner/tokens', {
    basic: { username: 'pm-owner', password: owner.password },
    body: { name: 'read-only', scopes: ['read:repository'] },
  });
  readToken = token.json.sha1;
  for (const [name, isPrivate] of [
    ['public', false],
    ['private', true],
    ['archived', false],
  ] as const) {
    const res = await server.request('POST', '/user/repos', {
      token: owner.token,
      body: { name, auto_init: true, private: isPrivate },
    });
    assert.equal(res.status, 201);
  }
  assert.equal(
    (
      await server.request('PATCH', '/repos/pm-owner/archived', {
        token: owner.token,
        body: { archived: true },
      })
    ).status,
    200,
  );
  for (const [name, isPrivate] of [
    ['public-mirror', false],
    ['private-mirror', true],
  ] as const) {
    const res = await server.request('POST', '/repos/migrate', {
      token: owner.token,
      body: {
        clone_addr: `${server.url}pm-owner/public.git`,
        repo_name: name,
        mirror: true,
        private: isPrivate,
      },
    });
    assert.equal(res.status, 201, res.text);
  }
  for (const repo of Object.values(repoNames)) {
    for (const [actor, permission] of [
      ['reader', 'read'],
      ['writer', 'write'],
    ] as const) {
      const res = await server.request('PUT', `/repos/${repo}/collaborators/pm-${actor}`, {
        token: owner.token,
        body: { permission },
      });
      assert.equal(res.status, 204, `${repo} ${actor}`);
    }
  }
});

after(async () => {
  await server.stop();
});

/** How the actor authenticates: Basic for git (as git sends it), the same credentials for the API. */
function credentials(actor: Actor): RequestOptions {
  if (actor === 'anonymous') return {};
  if (actor === 'wrong') return { basic: { username: 'pm-owner', password: 'not-the-password' } };
  if (actor === 'readToken') return { basic: { username: 'pm-owner', password: readToken } };
  const user = users.get(actor)!;
  return { basic: { username: user.user.login, password: user.token } };
}

async function perform(actor: Actor, repo: string, action: Action): Promise<number> {
  const auth = credentials(actor);
  switch (action) {
    case 'fetch':
      return (await server.requestRoot('GET', `/${repo}.git/info/refs?service=git-upload-pack`, auth)).status;
    case 'pushAdvert':
      return (await server.requestRoot('GET', `/${repo}.git/info/refs?service=git-receive-pack`, auth))
        .status;
    case 'pushPost':
      // An empty command list: receive-pack answers without changing anything.
      return (
        await server.requestRoot('POST', `/${repo}.git/git-receive-pack`, {
          ...auth,
          body: '0000',
          headers: { 'Content-Type': 'application/x-git-receive-pack-request' },
        })
      ).status;
    case 'listForks':
      return (await server.request('GET', `/repos/${repo}/forks`, auth)).status;
    case 'mirrorSync':
      return (await server.request('POST', `/repos/${repo}/mirror-sync`, auth)).status;
    case 'createFork':
      return (
        await server.request('POST', `/repos/${repo}/forks`, { ...auth, body: { name: `fork-${actor}` } })
      ).status;
  }
}

describe('permission matrix for git over HTTP, forks and mirrors', () => {
  for (const [repo, actions] of Object.entries(matrix) as [
    Repo,
    Partial<Record<Action, readonly number[]>>,
  ][]) {
    for (const [action, statuses] of Object.entries(actions) as [Action, readonly number[]][]) {
      actors.forEach((actor, i) => {
        const expected = statuses[i]!;
        // 0: a success that changes state (covered by the fork tests), not repeated here.
        if (expected === 0) return;
        test(`${actor} → ${action} on the ${repo} repository answers ${expected}`, async () => {
          assert.equal(await perform(actor, repoNames[repo], action), expected);
        });
      });
    }
  }
});
