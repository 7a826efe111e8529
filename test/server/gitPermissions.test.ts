import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { startServer, type TestServer } from './harness';
import { createRepository, git, pushTo, serverRepoPath } from '../helpers/gitFixtures';

/**
 * Who may do what with a repository's git data, for every operation of this area, every kind of caller,
 * and a public and a private repository: reads need read access (404 to those who cannot see the
 * repository), writes need write access (401 anonymous, 403 visible but not allowed, 404 invisible).
 */

type Role = 'anonymous' | 'outsider' | 'reader' | 'writer' | 'owner' | 'admin';
type Visibility = 'public' | 'private';

const roles: readonly Role[] = ['anonymous', 'outsider', 'reader', 'writer', 'owner', 'admin'];
const repoName: Record<Visibility, string> = { public: 'open', private: 'closed' };

let server: TestServer;
const tokens = new Map<Role, string | undefined>();
const fileShas = new Map<string, string>();

interface Operation {
  readonly id: string;
  readonly method: string;
  readonly path: (role: Role, visibility: Visibility) => string;
  readonly body?: (role: Role, visibility: Visibility) => unknown;
  /** The status of a caller who may do it. */
  readonly success: number;
}

const reads: readonly Operation[] = [
  ['repoListBranches', '/branches'],
  ['repoGetBranch', '/branches/main'],
  ['repoGetSingleCommit', '/git/commits/main'],
  ['repoGetSingleCommit (alias)', '/commits/main'],
  ['repoGetAllCommits', '/commits?stat=false&files=false'],
  ['repoGetRawFile', '/raw/README.md'],
  ['repoGetArchive', '/archive/main.tar.gz'],
  ['repoGetEditorConfig', '/editorconfig/a.txt'],
  ['repoGetContentsList', '/contents'],
  ['repoGetContents', '/contents/README.md'],
  ['repoListStatuses', '/statuses/main'],
  ['repoGetCombinedStatusByRef', '/commits/main/status'],
].map(([id, path]) => ({ id: id!, method: 'GET', path: () => path!, success: 200 }));

const content = Buffer.from('matrix\n').toString('base64');

const writes: readonly Operation[] = [
  {
    id: 'repoCreateBranch',
    method: 'POST',
    path: () => '/branches',
    body: (role) => ({ new_branch_name: `made-by-${role}` }),
    success: 201,
  },
  { id: 'repoDeleteBranch', method: 'DELETE', path: (role) => `/branches/doomed-${role}`, success: 204 },
  {
    id: 'repoCreateStatus',
    method: 'POST',
    path: () => '/statuses/main',
    body: (role) => ({ state: 'success', context: role }),
    success: 200,
  },
  {
    id: 'repoCreateFile',
    method: 'POST',
    path: (role) => `/contents/created-by-${role}.txt`,
    body: () => ({ content }),
    success: 201,
  },
  {
    id: 'repoUpdateFile',
    method: 'PUT',
    path: (role) => `/contents/put-by-${role}.txt`,
    body: () => ({ content }),
    success: 201,
  },
  {
    id: 'repoDeleteFile',
    method: 'DELETE',
    path: (role) => `/contents/doomed-${role}.txt`,
    body: (role, visibility) => ({ sha: fileShas.get(`${visibility}:${role}`) }),
    success: 200,
  },
];

function expectedRead(role: Role, visibility: Visibility): number {
  if (visibility === 'private' && (role === 'anonymous' || role === 'outsider')) return 404;
  return 200;
}

function expectedWrite(role: Role, visibility: Visibility, success: number): number {
  if (role === 'anonymous') return 401;
  if (role === 'outsider') return visibility === 'private' ? 404 : 403;
  if (role === 'reader') return 403;
  return success;
}

before(async () => {
  server = await startServer();
  const owner = await server.createUser('pm-owner');
  const admin = await server.createUser('pm-admin', { admin: true });
  tokens.set('anonymous', undefined);
  tokens.set('owner', owner.token);
  tokens.set('admin', admin.token);
  for (const role of ['outsider', 'reader', 'writer'] as const)
    tokens.set(role, (await server.createUser(`pm-${role}`)).token);
  for (const visibility of ['public', 'private'] as const) {
    const name = repoName[visibility];
    await createRepository(server, owner.token, name, { private: visibility === 'private' });
    for (const [role, permission] of [
      ['reader', 'read'],
      ['writer', 'write'],
    ] as const) {
      const added = await server.request('PUT', `/repos/pm-owner/${name}/collaborators/pm-${role}`, {
        token: owner.token,
        body: { permission },
      });
      assert.equal(added.status, 204);
    }
    const bare = serverRepoPath(server.dataDir, 'pm-owner', name);
    pushTo(bare, (work) => {
      work.write('.editorconfig', '[*]\nindent_size = 3\n');
      for (const role of roles) work.write(`doomed-${role}.txt`, `${role}\n`);
      work.commit('matrix files');
      for (const role of roles) work.git('branch', `doomed-${role}`);
    });
    for (const role of roles) {
      fileShas.set(`${visibility}:${role}`, git(bare, ['rev-parse', `main:doomed-${role}.txt`]).trim());
    }
  }
});

after(async () => {
  await server.stop();
});

for (const visibility of ['public', 'private'] as const) {
  describe(`a ${visibility} repository`, () => {
    for (const op of reads) {
      for (const role of roles) {
        const status = expectedRead(role, visibility);
        test(`${op.id}: ${role} gets ${status}`, async () => {
          const res = await server.request(
            'GET',
            `/repos/pm-owner/${repoName[visibility]}${op.path(role, visibility)}`,
            {
              token: tokens.get(role),
            },
          );
          assert.equal(res.status, status, res.text.slice(0, 200));
        });
      }
    }
    for (const op of writes) {
      for (const role of roles) {
        const status = expectedWrite(role, visibility, op.success);
        test(`${op.id}: ${role} gets ${status}`, async () => {
          const res = await server.request(
            op.method,
            `/repos/pm-owner/${repoName[visibility]}${op.path(role, visibility)}`,
            {
              token: tokens.get(role),
              body: op.body?.(role, visibility),
            },
          );
          assert.equal(res.status, status, res.text.slice(0, 200));
        });
      }
    }
  });
}

test('refused writes left no branch, file or status behind', async () => {
  for (const visibility of ['public', 'private'] as const) {
    const bare = serverRepoPath(server.dataDir, 'pm-owner', repoName[visibility]);
    const refs = git(bare, ['for-each-ref', '--format=%(refname:short)']);
    const files = git(bare, ['ls-tree', '--name-only', 'main']);
    for (const role of ['anonymous', 'outsider', 'reader'] as const) {
      assert.doesNotMatch(refs, new RegExp(`made-by-${role}\\b`));
      assert.match(refs, new RegExp(`doomed-${role}\\b`));
      assert.doesNotMatch(files, new RegExp(`(created|put)-by-${role}`));
      assert.match(files, new RegExp(`doomed-${role}.txt`));
    }
    // The statuses went to the commit main pointed at then, where the kept branches still point.
    const statusCommit = git(bare, ['rev-parse', 'doomed-reader']).trim();
    const statuses = await server.request<{ context: string }[]>(
      'GET',
      `/repos/pm-owner/${repoName[visibility]}/statuses/${statusCommit}?limit=50`,
      { token: tokens.get('owner') },
    );
    assert.deepEqual(statuses.json.map((s) => s.context).sort(), ['admin', 'owner', 'writer']);
  }
});
