import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { git, makeTempDir } from '../helpers/gitFixtures';
import { startServer, waitFor, type TestServer } from './harness';

interface RepoJson {
  id: number;
  name: string;
  full_name: string;
  empty: boolean;
  private: boolean;
  default_branch: string;
  clone_url: string;
  owner: { login: string };
}

const identity = {
  GIT_AUTHOR_NAME: 'Work Space',
  GIT_AUTHOR_EMAIL: 'work@example.com',
  GIT_COMMITTER_NAME: 'Work Space',
  GIT_COMMITTER_EMAIL: 'work@example.com',
};

/** A working repository at `dir` with one commit (or none). */
function makeRepo(dir: string, options: { commit?: boolean; branch?: string } = {}): void {
  mkdirSync(dir, { recursive: true });
  git(dir, ['init', '--quiet', `--initial-branch=${options.branch ?? 'main'}`]);
  if (options.commit === false) return;
  writeFileSync(path.join(dir, 'README.md'), `# ${path.basename(dir)}\n`);
  git(dir, ['add', '--all']);
  git(dir, ['commit', '--quiet', '--no-gpg-sign', '-m', 'first'], identity);
}

let server: TestServer;
let workspace: string;
let outside: string;

before(async () => {
  workspace = makeTempDir('teahouse-ws-');
  outside = makeTempDir('teahouse-ws-outside-');
  makeRepo(path.join(workspace, 'app'));
  makeRepo(path.join(workspace, 'app', 'vendored'));
  makeRepo(path.join(workspace, 'group', 'nested'), { branch: 'trunk' });
  makeRepo(path.join(workspace, 'node_modules', 'dependency'));
  makeRepo(path.join(workspace, '.hidden', 'secret'));
  makeRepo(path.join(workspace, 'one', 'two', 'three', 'four', 'too-deep'));
  makeRepo(path.join(workspace, 'a', 'tool'));
  makeRepo(path.join(workspace, 'b', 'tool'));
  makeRepo(path.join(workspace, 'My Project'));
  makeRepo(path.join(workspace, 'fresh'), { commit: false });
  mkdirSync(path.join(workspace, 'plain', 'notes'), { recursive: true });
  writeFileSync(path.join(workspace, 'plain', 'notes', 'todo.txt'), 'nothing here\n');
  git(workspace, ['clone', '--quiet', '--bare', path.join(workspace, 'app'), 'archive.git']);
  server = await startServer({ args: ['--workspace', workspace] });
});

after(async () => {
  await server.stop();
  rmSync(workspace, { recursive: true, force: true });
  rmSync(outside, { recursive: true, force: true });
});

const adminRepos = async (): Promise<RepoJson[]> => {
  const res = await server.request<RepoJson[]>('GET', `/users/${server.admin.username}/repos?limit=50`, {
    token: server.admin.token,
  });
  assert.equal(res.status, 200);
  return res.json;
};

const getRepo = (name: string): Promise<{ status: number; json: RepoJson }> =>
  server.request<RepoJson>('GET', `/repos/${server.admin.username}/${name}`, { token: server.admin.token });

describe('workspace discovery', () => {
  test('every repository of the workspace is hosted, owned by the local administrator', async () => {
    const names = (await adminRepos()).map((repo) => repo.name).sort();
    assert.deepEqual(names, ['My-Project', 'app', 'archive', 'fresh', 'nested', 'tool', 'tool-2']);
    const app = await getRepo('app');
    assert.equal(app.status, 200);
    assert.equal(app.json.owner.login, server.admin.username);
    assert.equal(app.json.empty, false);
    assert.equal(app.json.default_branch, 'main');
    assert.equal(app.json.clone_url, `${server.url}${server.admin.username}/app.git`);
  });

  test('the default branch follows the checked-out branch and an empty repository is empty', async () => {
    assert.equal((await getRepo('nested')).json.default_branch, 'trunk');
    const fresh = await getRepo('fresh');
    assert.equal(fresh.status, 200);
    assert.equal(fresh.json.empty, true);
  });

  test('node_modules, hidden folders, repositories inside repositories and deep folders are not searched', async () => {
    for (const name of ['dependency', 'secret', 'vendored', 'too-deep', 'plain', 'notes']) {
      assert.equal((await getRepo(name)).status, 404, name);
    }
  });

  test('a repository on a loopback server is public, so anyone may read it', async () => {
    const res = await server.request<RepoJson>('GET', `/repos/${server.admin.username}/app`);
    assert.equal(res.status, 200);
    assert.equal(res.json.private, false);
  });

  test('nothing is copied: the repository is served from its own folder', async () => {
    git(path.join(workspace, 'app'), ['branch', 'served-in-place']);
    await waitFor(
      async () => {
        const res = await server.requestRoot(
          'GET',
          `/${server.admin.username}/app.git/info/refs?service=git-upload-pack`,
        );
        return res.text.includes('refs/heads/served-in-place');
      },
      10_000,
      'the new branch to be advertised',
    );
    assert.equal(
      existsSync(path.join(server.dataDir, 'repositories', server.admin.username.toLowerCase(), 'app.git')),
      false,
    );
  });

  test('commits made in the folder are noticed: an empty repository stops being empty', async () => {
    const dir = path.join(workspace, 'fresh');
    writeFileSync(path.join(dir, 'a.txt'), 'a\n');
    git(dir, ['add', '--all']);
    git(dir, ['commit', '--quiet', '--no-gpg-sign', '-m', 'first'], identity);
    await waitFor(
      async () => (await getRepo('fresh')).json.empty === false,
      10_000,
      'fresh to have a commit',
    );
  });

  test('a repository whose folder goes away answers 404 and leaves the lists, and comes back with its id', async () => {
    const before = await getRepo('nested');
    assert.equal(before.status, 200);
    const moved = path.join(outside, 'nested');
    renameSync(path.join(workspace, 'group', 'nested'), moved);
    await waitFor(async () => (await getRepo('nested')).status === 404, 10_000, 'nested to be hidden');
    assert.equal(
      (await adminRepos()).some((repo) => repo.name === 'nested'),
      false,
    );
    const search = await server.request<{ data: RepoJson[] }>('GET', '/repos/search?q=nested', {
      token: server.admin.token,
    });
    assert.equal(search.status, 200);
    assert.equal(search.json.data.length, 0);
    const clone = await server.requestRoot(
      'GET',
      `/${server.admin.username}/nested.git/info/refs?service=git-upload-pack`,
      {
        token: server.admin.token,
      },
    );
    assert.equal(clone.status, 404);

    renameSync(moved, path.join(workspace, 'group', 'nested'));
    await waitFor(async () => (await getRepo('nested')).status === 200, 10_000, 'nested to return');
    assert.equal((await getRepo('nested')).json.id, before.json.id);
  });

  test('a repository that appears while the server runs is hosted', async () => {
    makeRepo(path.join(workspace, 'later'));
    await waitFor(async () => (await getRepo('later')).status === 200, 10_000, 'later to appear');
  });
});

describe('workspace repositories across restarts', () => {
  test('a restarted server keeps each repository id, matched on the folder', async () => {
    const dataDir = makeTempDir('teahouse-ws-data-');
    const first = await startServer({ dataDir, args: ['--workspace', workspace] });
    let ids: Map<string, number>;
    try {
      const list = await first.request<RepoJson[]>('GET', `/users/${first.admin.username}/repos?limit=50`, {
        token: first.admin.token,
      });
      ids = new Map(list.json.map((repo) => [repo.name, repo.id]));
      assert.ok(ids.has('app'));
    } finally {
      await first.stop({ keepData: true });
    }
    // A new folder sorted first must not take anyone's id or name.
    makeRepo(path.join(workspace, '0-first'));
    const second = await startServer({ dataDir, args: ['--workspace', workspace] });
    try {
      // The administrator of the first start stays, with its token.
      const list = await second.request<RepoJson[]>('GET', `/users/${first.admin.username}/repos?limit=50`, {
        token: first.admin.token,
      });
      assert.equal(list.status, 200);
      for (const repo of list.json) {
        if (ids.has(repo.name)) assert.equal(repo.id, ids.get(repo.name), repo.name);
      }
      assert.ok(list.json.some((repo) => repo.name === '0-first'));
    } finally {
      await second.stop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
