import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { giteaApi } from 'gitea-js';
import { startServer, type TestServer } from './harness';

interface RepoBody {
  id: number;
  name: string;
  full_name: string;
  description: string;
  owner: { login: string; id: number };
  private: boolean;
  empty: boolean;
  template: boolean;
  default_branch: string;
  clone_url: string;
  html_url: string;
  url: string;
  size: number;
  watchers_count: number;
  stars_count: number;
  object_format_name: string;
  permissions: { admin: boolean; push: boolean; pull: boolean };
  message: string;
}

describe('repository creation', () => {
  let server: TestServer;
  before(async () => {
    server = await startServer();
  });
  after(async () => {
    await server.stop();
  });

  const gitDir = (owner: string, name: string): string =>
    path.join(server.dataDir, 'repositories', owner.toLowerCase(), `${name.toLowerCase()}.git`);
  const git = (dir: string, ...args: string[]): string =>
    execFileSync('git', ['--git-dir', dir, ...args], { encoding: 'utf8' });
  const create = (token: string, body: Record<string, unknown>, apiPath = '/user/repos') =>
    server.request<RepoBody>('POST', apiPath, { token, body });

  test('POST /user/repos creates an empty bare repository the creator owns and watches', async () => {
    const alice = await server.createUser('rc-alice');
    const res = await create(alice.token, { name: 'Hello-World', description: 'first', private: true });
    assert.equal(res.status, 201);
    assert.equal(res.json.name, 'Hello-World');
    assert.equal(res.json.full_name, 'rc-alice/Hello-World');
    assert.equal(res.json.owner.login, 'rc-alice');
    assert.equal(res.json.description, 'first');
    assert.equal(res.json.private, true);
    assert.equal(res.json.empty, true);
    assert.equal(res.json.default_branch, 'main');
    assert.equal(res.json.object_format_name, 'sha1');
    assert.deepEqual(res.json.permissions, { admin: true, push: true, pull: true });
    assert.equal(res.json.clone_url, `${server.url}rc-alice/Hello-World.git`);
    assert.equal(res.json.html_url, `${server.url}rc-alice/Hello-World`);
    assert.equal(res.json.url, `${server.url}api/v1/repos/rc-alice/Hello-World`);
    assert.equal(res.json.watchers_count, 1);
    assert.equal(res.json.stars_count, 0);
    const dir = gitDir('rc-alice', 'Hello-World');
    assert.equal(git(dir, 'rev-parse', '--is-bare-repository').trim(), 'true');
    assert.equal(git(dir, 'symbolic-ref', 'HEAD').trim(), 'refs/heads/main');
    assert.equal(git(dir, 'for-each-ref').trim(), '');
    const watching = await server.request('GET', '/repos/rc-alice/hello-world/subscription', {
      token: alice.token,
    });
    assert.equal(watching.status, 200);
  });

  test('auto_init writes a real first commit with README, .gitignore and LICENSE by the creator', async () => {
    const bob = await server.createUser('rc-bob');
    const res = await create(bob.token, {
      name: 'inited',
      description: 'A demo repository',
      auto_init: true,
      gitignores: 'Node,Go',
      license: 'MIT',
      default_branch: 'trunk',
    });
    assert.equal(res.status, 201);
    assert.equal(res.json.empty, false);
    assert.equal(res.json.default_branch, 'trunk');
    assert.ok(res.json.size > 0);
    const dir = gitDir('rc-bob', 'inited');
    assert.equal(git(dir, 'symbolic-ref', 'HEAD').trim(), 'refs/heads/trunk');
    const log = git(dir, 'log', '--format=%an|%ae|%cn|%s', 'trunk').trim().split('\n');
    assert.deepEqual(log, ['rc-bob|rc-bob@example.com|rc-bob|Initial commit']);
    assert.deepEqual(git(dir, 'ls-tree', '--name-only', 'trunk').trim().split('\n'), [
      '.gitignore',
      'LICENSE',
      'README.md',
    ]);
    assert.equal(git(dir, 'show', 'trunk:README.md'), '# inited\n\nA demo repository\n');
    const license = git(dir, 'show', 'trunk:LICENSE');
    assert.match(
      license,
      new RegExp(`^MIT License\\n\\nCopyright \\(c\\) ${new Date().getUTCFullYear()} rc-bob\\n`),
    );
    assert.doesNotMatch(license, /<year>|<copyright holders>/);
    const gitignore = git(dir, 'show', 'trunk:.gitignore');
    assert.match(gitignore, /^# ---> Node\n/);
    assert.match(gitignore, /\n# ---> Go\n/);
    assert.match(gitignore, /^node_modules\/$/m);
  });

  test('the Apache licence gets the year and owner in its appendix', async () => {
    const carol = await server.createUser('rc-carol');
    const res = await create(carol.token, { name: 'apache', auto_init: true, license: 'Apache-2.0' });
    assert.equal(res.status, 201);
    const license = git(gitDir('rc-carol', 'apache'), 'show', 'main:LICENSE');
    assert.match(license, /Apache License\s+Version 2\.0, January 2004/);
    assert.match(license, new RegExp(`Copyright ${new Date().getUTCFullYear()} rc-carol\\n`));
  });

  test('a name already taken, in any case, answers 409 and keeps the first repository', async () => {
    const dave = await server.createUser('rc-dave');
    assert.equal((await create(dave.token, { name: 'dup', description: 'original' })).status, 201);
    const again = await create(dave.token, { name: 'DUP', description: 'second' });
    assert.equal(again.status, 409);
    assert.equal(again.json.message, 'The repository with the same name already exists.');
    const kept = await server.request<RepoBody>('GET', '/repos/rc-dave/dup', { token: dave.token });
    assert.equal(kept.json.description, 'original');
  });

  test('invalid repository names answer 422 and create nothing', async () => {
    const erin = await server.createUser('rc-erin');
    for (const name of [
      '',
      '   ',
      'a b',
      'x.git',
      'y.wiki',
      'feed.rss',
      '.',
      '..',
      '-',
      'a..b',
      'ünï',
      'n'.repeat(101),
    ]) {
      const res = await create(erin.token, { name });
      assert.equal(res.status, 422, `name ${JSON.stringify(name)}`);
      assert.ok(res.json.message.length > 0);
    }
    assert.equal((await create(erin.token, {})).status, 422);
    assert.equal((await create(erin.token, { name: 'n'.repeat(100) })).status, 201);
    const mine = await server.request<RepoBody[]>('GET', '/user/repos', { token: erin.token });
    assert.deepEqual(
      mine.json.map((repo) => repo.name),
      ['n'.repeat(100)],
    );
  });

  test('unknown templates answer 422 (gitignore, licence, labels) or 400 (README) and create nothing', async () => {
    const fay = await server.createUser('rc-fay');
    const cases: [Record<string, unknown>, number, RegExp][] = [
      [{ gitignores: 'Node,Cobol' }, 422, /gitignore template does not exist \[name: Cobol\]/],
      [{ license: 'GPL-2.0-only' }, 422, /license template does not exist/],
      [{ issue_labels: 'Fancy' }, 422, /label template does not exist/],
      [{ auto_init: true, readme: 'Fancy' }, 400, /readme template does not exist/],
    ];
    for (const [extra, status, message] of cases) {
      const res = await create(fay.token, { name: 'tpl', ...extra });
      assert.equal(res.status, status, JSON.stringify(extra));
      assert.match(res.json.message, message);
    }
    assert.equal(existsSync(gitDir('rc-fay', 'tpl')), false);
    assert.equal((await server.request('GET', '/repos/rc-fay/tpl', { token: fay.token })).status, 404);
  });

  test('invalid default_branch, trust_model and object_format_name answer 422', async () => {
    const gus = await server.createUser('rc-gus');
    for (const extra of [
      { default_branch: 'bad..branch' },
      { default_branch: '-x' },
      { trust_model: 'nobody' },
      { object_format_name: 'md5' },
    ]) {
      const res = await create(gus.token, { name: 'opts', ...extra });
      assert.equal(res.status, 422, JSON.stringify(extra));
    }
    const sha256 = await create(gus.token, {
      name: 'opts',
      object_format_name: 'sha256',
      trust_model: 'committer',
    });
    assert.equal(sha256.status, 201);
    assert.equal(sha256.json.object_format_name, 'sha256');
    assert.equal(git(gitDir('rc-gus', 'opts'), 'rev-parse', '--show-object-format').trim(), 'sha256');
  });

  test('when the git folder cannot be created, no repository row remains', async () => {
    const hal = await server.createUser('rc-hal');
    // Leftovers of an earlier crash sit where the new repository would go.
    mkdirSync(path.join(gitDir('rc-hal', 'blocked'), 'objects'), { recursive: true });
    const res = await create(hal.token, { name: 'blocked', auto_init: true });
    assert.equal(res.status, 409);
    assert.match(res.json.message, /repository files already exist/);
    assert.equal((await server.request('GET', '/repos/rc-hal/blocked', { token: hal.token })).status, 404);
    const mine = await server.request<RepoBody[]>('GET', '/user/repos', { token: hal.token });
    assert.deepEqual(mine.json, []);
    assert.equal(existsSync(path.join(gitDir('rc-hal', 'blocked'), 'HEAD')), false);
  });

  test('creating without a token answers 401', async () => {
    const res = await server.request<RepoBody>('POST', '/user/repos', { body: { name: 'anon' } });
    assert.equal(res.status, 401);
  });

  test('a user at their max_repo_creation limit gets 403', async () => {
    const ivy = await server.createUser('rc-ivy');
    await server.request('PATCH', '/admin/users/rc-ivy', {
      token: server.admin.token,
      body: { max_repo_creation: 1 },
    });
    assert.equal((await create(ivy.token, { name: 'one' })).status, 201);
    const second = await create(ivy.token, { name: 'two' });
    assert.equal(second.status, 403);
    assert.match(second.json.message, /limit of 1 repositories/);
  });

  test('organization owners and can_create_org_repo teams may create in an organization; others get 403', async () => {
    const owner = await server.createUser('rc-org-owner');
    const creator = await server.createUser('rc-org-creator');
    const member = await server.createUser('rc-org-member');
    const stranger = await server.createUser('rc-org-stranger');
    assert.equal(
      (await server.request('POST', '/orgs', { token: owner.token, body: { username: 'rc-org' } })).status,
      201,
    );
    const makeTeam = async (name: string, canCreate: boolean, user: string): Promise<void> => {
      const team = await server.request<{ id: number }>('POST', '/orgs/rc-org/teams', {
        token: owner.token,
        body: { name, permission: 'read', can_create_org_repo: canCreate, units: ['repo.code'] },
      });
      assert.equal(team.status, 201);
      assert.equal(
        (await server.request('PUT', `/teams/${team.json.id}/members/${user}`, { token: owner.token }))
          .status,
        204,
      );
    };
    await makeTeam('creators', true, 'rc-org-creator');
    await makeTeam('readers', false, 'rc-org-member');

    const byOwner = await create(owner.token, { name: 'by-owner' }, '/orgs/rc-org/repos');
    assert.equal(byOwner.status, 201);
    assert.equal(byOwner.json.owner.login, 'rc-org');
    assert.equal(existsSync(gitDir('rc-org', 'by-owner')), true);
    // The deprecated spelling of the route creates too.
    const byCreator = await create(creator.token, { name: 'by-creator' }, '/org/rc-org/repos');
    assert.equal(byCreator.status, 201);
    // A creator who would only read it is made an admin collaborator, as Gitea does.
    assert.deepEqual(byCreator.json.permissions, { admin: true, push: true, pull: true });
    for (const user of [member, stranger]) {
      const denied = await create(user.token, { name: 'denied' }, '/orgs/rc-org/repos');
      assert.equal(denied.status, 403);
      assert.equal(denied.json.message, 'Given user is not owner of organization.');
    }
    assert.equal((await create(owner.token, { name: 'x' }, '/orgs/rc-org-missing/repos')).status, 404);
    assert.equal((await create(owner.token, { name: 'x' }, '/orgs/rc-org-owner/repos')).status, 404);
  });

  test('site admins create repositories for other users; others cannot', async () => {
    const jay = await server.createUser('rc-jay');
    const res = await create(
      server.admin.token,
      { name: 'gift', private: true },
      '/admin/users/rc-jay/repos',
    );
    assert.equal(res.status, 201);
    assert.equal(res.json.owner.login, 'rc-jay');
    const read = await server.request<RepoBody>('GET', '/repos/rc-jay/gift', { token: jay.token });
    assert.equal(read.status, 200);
    assert.deepEqual(read.json.permissions, { admin: true, push: true, pull: true });
    assert.equal((await create(jay.token, { name: 'self' }, '/admin/users/rc-jay/repos')).status, 403);
    assert.equal(
      (await create(server.admin.token, { name: 'x' }, '/admin/users/rc-nobody/repos')).status,
      404,
    );
  });

  test('gitea-js creates and reads a repository with the field names it expects', async () => {
    const kim = await server.createUser('rc-kim');
    const api = giteaApi(server.url.replace(/\/$/, ''), { token: kim.token });
    const created = await api.user.createCurrentUserRepo({
      name: 'js-made',
      description: 'via gitea-js',
      auto_init: true,
    });
    assert.equal(created.status, 201);
    assert.equal(created.data.full_name, 'rc-kim/js-made');
    assert.equal(created.data.empty, false);
    const read = await api.repos.repoGet('rc-kim', 'js-made');
    assert.equal(read.status, 200);
    assert.equal(read.data.id, created.data.id);
    assert.equal(read.data.description, 'via gitea-js');
    assert.equal(read.data.owner?.login, 'rc-kim');
    assert.equal(read.data.permissions?.admin, true);
    assert.equal(read.data.default_branch, 'main');
    await assert.rejects(
      api.repos.repoGet('rc-kim', 'js-missing'),
      (error: { status: number }) => error.status === 404,
    );
  });
});
