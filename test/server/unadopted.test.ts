import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { giteaApi } from 'gitea-js';
import { makeTempDir } from '../helpers/gitFixtures';
import { mustGit, remoteUrl } from '../helpers/gitRemote';
import { startServer, type TestServer, type TestUser } from './harness';

interface RepoJson {
  full_name: string;
  default_branch: string;
  private: boolean;
  empty: boolean;
}

describe('unadopted repositories', () => {
  let server: TestServer;
  let scratch: string;
  let outside: string;
  let owner: TestUser;
  let works = 0;
  const ownerDir = (): string => path.join(server.dataDir, 'repositories', 'ua-owner');

  /** A bare repository at `<data>/repositories/<owner>/<name>.git` the database knows nothing of. */
  function bareOnDisk(dir: string, branches: readonly string[], head: string): void {
    mustGit(scratch, ['init', '--quiet', '--bare', `--initial-branch=${head}`, dir]);
    if (branches.length === 0) return;
    const work = path.join(scratch, `work-${++works}`);
    mkdirSync(work);
    mustGit(work, ['init', '--quiet', `--initial-branch=${branches[0]!}`]);
    writeFileSync(path.join(work, 'README.md'), `# ${path.basename(dir)}\n`);
    mustGit(work, ['add', '--all']);
    mustGit(work, ['commit', '--quiet', '--no-gpg-sign', '-m', 'first']);
    for (const branch of branches) mustGit(work, ['push', '--quiet', dir, `HEAD:refs/heads/${branch}`]);
  }

  before(async () => {
    server = await startServer();
    scratch = makeTempDir('teahouse-unadopted-');
    outside = makeTempDir('teahouse-unadopted-outside-');
    owner = await server.createUser('ua-owner');
    const known = await server.request('POST', '/user/repos', {
      token: owner.token,
      body: { name: 'known', auto_init: true },
    });
    assert.equal(known.status, 201, known.text);
    mkdirSync(ownerDir(), { recursive: true });
    bareOnDisk(path.join(ownerDir(), 'lost.git'), ['trunk'], 'trunk');
    // HEAD names a branch that is not there: Gitea picks master
    bareOnDisk(path.join(ownerDir(), 'headless.git'), ['master', 'zeta'], 'gone');
    bareOnDisk(path.join(ownerDir(), 'hollow.git'), [], 'main');
    bareOnDisk(path.join(ownerDir(), 'jsrepo.git'), ['main'], 'main');
    mkdirSync(path.join(ownerDir(), 'notgit.git'));
    writeFileSync(path.join(ownerDir(), 'notgit.git', 'file.txt'), 'not a repository\n');
    // not listed: an upper-case folder, a folder without .git, an owner that does not exist, a link outside
    bareOnDisk(path.join(ownerDir(), 'Upper.git'), [], 'main');
    mkdirSync(path.join(ownerDir(), 'plain'));
    bareOnDisk(path.join(server.dataDir, 'repositories', 'nobody-here', 'orphan.git'), [], 'main');
    bareOnDisk(path.join(outside, 'target.git'), ['main'], 'main');
    symlinkSync(path.join(outside, 'target.git'), path.join(ownerDir(), 'linked.git'));
  });

  after(async () => {
    await server.stop();
    rmSync(scratch, { recursive: true, force: true });
    rmSync(outside, { recursive: true, force: true });
  });

  const list = async (query = ''): Promise<{ names: string[]; total: string | null }> => {
    const res = await server.request<string[]>('GET', `/admin/unadopted${query}`, {
      token: server.admin.token,
    });
    assert.equal(res.status, 200, res.text);
    return { names: res.json, total: res.headers.get('x-total-count') };
  };
  const adopt = (name: string, token = server.admin.token) =>
    server.request<{ message: string }>('POST', `/admin/unadopted/${name}`, { token });
  const remove = (name: string, token = server.admin.token) =>
    server.request<{ message: string }>('DELETE', `/admin/unadopted/${name}`, { token });

  test('lists the bare folders no repository claims, of owners that exist, as owner/name', async () => {
    const { names, total } = await list();
    assert.deepEqual(names, [
      'ua-owner/headless',
      'ua-owner/hollow',
      'ua-owner/jsrepo',
      'ua-owner/lost',
      'ua-owner/notgit',
    ]);
    assert.equal(total, '5');
  });

  test('filters by owner/name globs (pattern, or query as Gitea 1.14.1 reads it) and pages', async () => {
    assert.deepEqual((await list('?pattern=ua-owner/h*')).names, ['ua-owner/headless', 'ua-owner/hollow']);
    assert.deepEqual((await list('?query=ua-*/{lost,notgit}')).names, ['ua-owner/lost', 'ua-owner/notgit']);
    assert.deepEqual((await list('?pattern=someone-else')).names, []);
    const page = await list('?page=2&limit=2');
    assert.deepEqual(page.names, ['ua-owner/jsrepo', 'ua-owner/lost']);
    assert.equal(page.total, '5');
  });

  test('only site admins: 401 anonymous, 403 a user', async () => {
    assert.equal((await server.request('GET', '/admin/unadopted')).status, 401);
    assert.equal((await server.request('GET', '/admin/unadopted', { token: owner.token })).status, 403);
    assert.equal((await adopt('ua-owner/lost', owner.token)).status, 403);
    assert.equal((await remove('ua-owner/hollow', owner.token)).status, 403);
  });

  test('adopting makes a private repository with the default branch from HEAD, then it is no longer unadopted', async () => {
    const res = await adopt('ua-owner/lost');
    assert.equal(res.status, 204, res.text);
    const repo = await server.request<RepoJson>('GET', '/repos/ua-owner/lost', { token: owner.token });
    assert.equal(repo.status, 200, repo.text);
    assert.equal(repo.json.default_branch, 'trunk');
    assert.equal(repo.json.private, true);
    assert.equal(repo.json.empty, false);
    const clone = path.join(scratch, 'lost-clone');
    mustGit(scratch, [
      'clone',
      '--quiet',
      remoteUrl(server.url, 'ua-owner/lost', { username: 'ua-owner', secret: owner.token }),
      clone,
    ]);
    assert.equal(readFileSync(path.join(clone, 'README.md'), 'utf8'), '# lost.git\n');
    assert.ok(!(await list()).names.includes('ua-owner/lost'));
    assert.equal((await adopt('ua-owner/lost')).status, 404, 'adopted already');
    assert.equal((await remove('ua-owner/lost')).status, 404, 'an adopted repository is not deleted here');
    assert.ok(existsSync(path.join(ownerDir(), 'lost.git')));
  });

  test('a HEAD naming no branch falls back as Gitea (master); no branches makes an empty repository', async () => {
    assert.equal((await adopt('ua-owner/headless')).status, 204);
    const headless = await server.request<RepoJson>('GET', '/repos/ua-owner/headless', {
      token: owner.token,
    });
    assert.equal(headless.json.default_branch, 'master');
    assert.equal(
      readFileSync(path.join(ownerDir(), 'headless.git', 'HEAD'), 'utf8').trim(),
      'ref: refs/heads/master',
    );
    assert.equal((await adopt('ua-owner/hollow')).status, 204);
    const hollow = await server.request<RepoJson>('GET', '/repos/ua-owner/hollow', { token: owner.token });
    assert.equal(hollow.json.empty, true);
    assert.equal(hollow.json.default_branch, 'main');
  });

  test('refusals: not a git repository 422, unusable name 422, unknown owner or folder 404, links never followed', async () => {
    const notGit = await adopt('ua-owner/notgit');
    assert.equal(notGit.status, 422, notGit.text);
    assert.equal((await server.request('GET', '/repos/ua-owner/notgit', { token: owner.token })).status, 404);
    assert.equal((await adopt('ua-owner/bad.wiki')).status, 422);
    assert.equal((await remove('ua-owner/bad.wiki')).status, 422);
    assert.equal((await adopt('nobody-here/orphan')).status, 404);
    assert.equal((await adopt('ua-owner/missing')).status, 404);
    assert.equal((await adopt('ua-owner/known')).status, 404, 'the database knows it');
    assert.equal((await adopt('ua-owner/linked')).status, 404);
    assert.equal((await remove('ua-owner/linked')).status, 404);
    assert.ok(existsSync(path.join(outside, 'target.git', 'HEAD')), 'the link target is untouched');
    assert.ok(existsSync(path.join(server.dataDir, 'repositories', 'ua-owner', 'known.git')));
  });

  test('deleting removes the folder of an unadopted repository', async () => {
    const res = await remove('ua-owner/notgit');
    assert.equal(res.status, 204, res.text);
    assert.equal(existsSync(path.join(ownerDir(), 'notgit.git')), false);
    assert.ok(!(await list()).names.includes('ua-owner/notgit'));
    assert.equal((await remove('ua-owner/notgit')).status, 404);
    assert.equal((await remove('ua-owner/known')).status, 404);
  });

  test('gitea-js lists, adopts and deletes', async () => {
    const api = giteaApi(server.url.replace(/\/$/, ''), { token: server.admin.token });
    const listed = await api.admin.adminUnadoptedList({ pattern: 'ua-owner/js*' });
    assert.deepEqual(listed.data, ['ua-owner/jsrepo']);
    const adopted = await api.admin.adminAdoptRepository('ua-owner', 'jsrepo');
    assert.equal(adopted.status, 204);
    assert.deepEqual((await api.admin.adminUnadoptedList({ pattern: 'ua-owner/js*' })).data, []);
    bareOnDisk(path.join(ownerDir(), 'jsgone.git'), [], 'main');
    const deleted = await api.admin.adminDeleteUnadoptedRepository('ua-owner', 'jsgone');
    assert.equal(deleted.status, 204);
    assert.equal(existsSync(path.join(ownerDir(), 'jsgone.git')), false);
  });
});
