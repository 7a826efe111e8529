import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { giteaApi } from 'gitea-js';
import { GitWorkspace, makeTempDir } from '../helpers/gitFixtures';
import { mustGit, remoteUrl } from '../helpers/gitRemote';
import { runCli, startServer, type TestServer, type TestUser } from './harness';

interface RepoJson {
  id: number;
  full_name: string;
  empty: boolean;
  mirror: boolean;
  mirror_interval: string;
  private: boolean;
  description: string;
  original_url: string;
  default_branch: string;
  message: string;
}

let server: TestServer;
let scratch: string;
let source: GitWorkspace;
let sourceBare: string;

before(async () => {
  server = await startServer();
  scratch = makeTempDir('teahouse-migrate-');
  source = GitWorkspace.init('trunk');
  source.write('README.md', '# migrated\n').commit('first');
  source.branch('feature/x').write('x.txt', 'x\n').commit('feature');
  source.checkout('trunk').tag('v1.0', 'release one');
  sourceBare = source.bareClone();
});

after(async () => {
  await server.stop();
  rmSync(scratch, { recursive: true, force: true });
  source.dispose();
  rmSync(sourceBare, { recursive: true, force: true });
});

const migrate = (who: TestUser | { token: string }, body: Record<string, unknown>) =>
  server.request<RepoJson>('POST', '/repos/migrate', { token: who.token, body });

let counter = 0;
const freshDir = (): string => path.join(scratch, `c${++counter}`);

describe('migrating from a local path', () => {
  test('an administrator migrates a local repository with every branch and tag (201)', async () => {
    const res = await migrate(server.admin, {
      clone_addr: sourceBare,
      repo_name: 'from-disk',
      description: 'copied',
    });
    assert.equal(res.status, 201, res.text);
    assert.equal(res.json.full_name, `${server.admin.username}/from-disk`);
    assert.equal(res.json.mirror, false);
    assert.equal(res.json.empty, false);
    assert.equal(res.json.default_branch, 'trunk');
    assert.equal(res.json.description, 'copied');
    assert.equal(res.json.original_url, sourceBare);
    const refs = mustGit(scratch, ['ls-remote', remoteUrl(server.url, res.json.full_name)]);
    assert.match(refs, /refs\/heads\/feature\/x/);
    assert.match(refs, /refs\/tags\/v1\.0/);
    const dir = freshDir();
    mustGit(scratch, ['clone', '--quiet', remoteUrl(server.url, res.json.full_name), dir]);
    assert.equal(readFileSync(path.join(dir, 'README.md'), 'utf8'), '# migrated\n');
  });

  test('a migrated repository that is not a mirror keeps no remote', () => {
    const config = readFileSync(
      path.join(
        server.dataDir,
        'repositories',
        server.admin.username.toLowerCase(),
        'from-disk.git',
        'config',
      ),
      'utf8',
    );
    assert.doesNotMatch(config, /\[remote/);
  });

  test('a user who is not an administrator may not migrate a local path (422)', async () => {
    const user = await server.createUser('mig-local');
    const res = await migrate(user, { clone_addr: sourceBare, repo_name: 'nope' });
    assert.equal(res.status, 422);
    assert.equal(res.json.message, 'You are not allowed to import local repositories.');
  });

  test('a local path that is not a folder is refused (422)', async () => {
    const res = await migrate(server.admin, {
      clone_addr: path.join(scratch, 'missing'),
      repo_name: 'nothing',
    });
    assert.equal(res.status, 422);
    assert.equal(res.json.message, 'Invalid local path, it does not exist or not a directory.');
  });

  test('a folder that is not a repository is refused with git’s reason (422)', async () => {
    const res = await migrate(server.admin, { clone_addr: scratch, repo_name: 'not-a-repo' });
    assert.equal(res.status, 422);
    assert.match(res.json.message, /not a git repository|does not appear/);
    assert.equal(
      (
        await server.request('GET', `/repos/${server.admin.username}/not-a-repo`, {
          token: server.admin.token,
        })
      ).status,
      404,
    );
  });
});

describe('migrating from a URL', () => {
  let owner: TestUser;
  let publicRepo: string;
  let privateRepo: string;

  before(async () => {
    owner = await server.createUser('mig-owner');
    for (const [name, isPrivate] of [
      ['pub-source', false],
      ['priv-source', true],
    ] as const) {
      const res = await server.request<RepoJson>('POST', '/user/repos', {
        token: owner.token,
        body: { name, auto_init: true, private: isPrivate },
      });
      assert.equal(res.status, 201);
    }
    publicRepo = `${server.url}mig-owner/pub-source.git`;
    privateRepo = `${server.url}mig-owner/priv-source.git`;
  });

  test('a repository of this same server is migrated over HTTP (loopback is allowed on a loopback server)', async () => {
    const res = await migrate(owner, { clone_addr: publicRepo, repo_name: 'copy-of-pub' });
    assert.equal(res.status, 201, res.text);
    assert.equal(res.json.original_url, publicRepo);
    assert.equal(res.json.empty, false);
    assert.equal(res.json.default_branch, 'main');
  });

  test('a private source is migrated with credentials that are kept nowhere', async () => {
    const res = await migrate(owner, {
      clone_addr: privateRepo,
      repo_name: 'copy-of-priv',
      auth_username: 'mig-owner',
      auth_password: owner.token,
      private: true,
    });
    assert.equal(res.status, 201, res.text);
    assert.equal(res.json.private, true);
    assert.equal(res.json.original_url, privateRepo);
    const gitDir = path.join(server.dataDir, 'repositories', 'mig-owner', 'copy-of-priv.git');
    assert.ok(existsSync(gitDir));
    assert.doesNotMatch(readFileSync(path.join(gitDir, 'config'), 'utf8'), new RegExp(owner.token));
    const output = server.output();
    assert.doesNotMatch(output.stdout + output.stderr, new RegExp(owner.token));
  });

  test('credentials inside the URL are used and removed from it', async () => {
    const withCredentials = new URL(privateRepo);
    withCredentials.username = 'mig-owner';
    withCredentials.password = owner.token;
    const res = await migrate(owner, {
      clone_addr: withCredentials.href,
      repo_name: 'url-credentials',
      private: true,
    });
    assert.equal(res.status, 201, res.text);
    assert.equal(res.json.original_url, privateRepo);
  });

  test('a private source without credentials fails authentication (422)', async () => {
    const res = await migrate(owner, { clone_addr: privateRepo, repo_name: 'no-credentials' });
    assert.equal(res.status, 422);
    assert.match(res.json.message, /^Authentication failed/);
  });

  test('an unreachable address is refused with a clear message (422)', async () => {
    const res = await migrate(owner, {
      clone_addr: 'http://127.0.0.1:9/nothing.git',
      repo_name: 'unreachable',
    });
    assert.equal(res.status, 422);
    assert.match(res.json.message, /unreachable/);
  });

  test('an address that is not a git repository is refused (422)', async () => {
    const res = await migrate(owner, { clone_addr: `${server.url}api/v1/version`, repo_name: 'not-there' });
    assert.equal(res.status, 422);
    assert.match(res.json.message, /^Migration failed: the address is not a git repository/);
  });

  test('other schemes and option injections are refused before git runs (422)', async () => {
    const marker = path.join(scratch, 'injected');
    for (const clone_addr of [
      `file://${sourceBare}`,
      `ext::sh -c touch% ${marker}`,
      `--upload-pack=touch ${marker}`,
      `-u touch ${marker} ${sourceBare}`,
      'git://127.0.0.1/repo.git',
      `ssh://127.0.0.1${sourceBare}`,
      'relative/path',
    ]) {
      const res = await migrate(server.admin, { clone_addr, repo_name: `inject-${++counter}` });
      assert.equal(res.status, 422, clone_addr);
      assert.match(res.json.message, /not allowed/, clone_addr);
    }
    assert.equal(existsSync(marker), false);
  });

  test('an existing name is a conflict (409) and leaves nothing behind', async () => {
    const res = await migrate(owner, { clone_addr: publicRepo, repo_name: 'pub-source' });
    assert.equal(res.status, 409);
    assert.equal(res.json.message, 'The repository with the same name already exists.');
    const staging = path.join(server.dataDir, 'repositories', '.staging');
    assert.deepEqual(existsSync(staging) ? readdirSync(staging) : [], []);
  });

  test('missing fields are 422 naming them', async () => {
    const res = await migrate(owner, { repo_name: 'no-address' });
    assert.equal(res.status, 422);
    assert.match(res.json.message, /CloneAddr/);
  });

  test('only administrators migrate for others; organization owners migrate into their organization', async () => {
    const other = await server.createUser('mig-other');
    const forOther = await migrate(owner, {
      clone_addr: publicRepo,
      repo_name: 'for-other',
      repo_owner: 'mig-other',
    });
    assert.equal(forOther.status, 403);
    assert.equal(forOther.json.message, 'Given user is not an organization.');
    const unknown = await migrate(owner, {
      clone_addr: publicRepo,
      repo_name: 'for-nobody',
      repo_owner: 'mig-nobody',
    });
    assert.equal(unknown.status, 422);
    const byUid = await migrate(server.admin, {
      clone_addr: publicRepo,
      repo_name: 'admin-made',
      uid: other.user.id,
    });
    assert.equal(byUid.status, 201, byUid.text);
    assert.equal(byUid.json.full_name, 'mig-other/admin-made');
    assert.equal(
      (await server.request('POST', '/orgs', { token: owner.token, body: { username: 'mig-org' } })).status,
      201,
    );
    const intoOrg = await migrate(owner, {
      clone_addr: publicRepo,
      repo_name: 'org-copy',
      repo_owner: 'mig-org',
    });
    assert.equal(intoOrg.status, 201, intoOrg.text);
    const notOwner = await migrate(other, {
      clone_addr: publicRepo,
      repo_name: 'org-copy-2',
      repo_owner: 'mig-org',
    });
    assert.equal(notOwner.status, 403);
  });

  test('a mirror keeps its remote and interval; a too-short interval is refused', async () => {
    const res = await migrate(owner, { clone_addr: publicRepo, repo_name: 'pub-mirror', mirror: true });
    assert.equal(res.status, 201, res.text);
    assert.equal(res.json.mirror, true);
    assert.equal(res.json.mirror_interval, '8h0m0s');
    const custom = await migrate(owner, {
      clone_addr: publicRepo,
      repo_name: 'pub-mirror-2',
      mirror: true,
      mirror_interval: '1h30m',
    });
    assert.equal(custom.json.mirror_interval, '1h30m0s');
    const short = await migrate(owner, {
      clone_addr: publicRepo,
      repo_name: 'pub-mirror-3',
      mirror: true,
      mirror_interval: '5m',
    });
    assert.equal(short.status, 422);
    const bad = await migrate(owner, {
      clone_addr: publicRepo,
      repo_name: 'pub-mirror-4',
      mirror: true,
      mirror_interval: 'soon',
    });
    assert.equal(bad.status, 422);
  });

  test('gitea-js migrates with the 1.1.1 form fields (uid) and reads the result', async () => {
    const api = giteaApi(server.url.replace(/\/$/, ''), { token: owner.token });
    const created = await api.repos.repoMigrate({
      clone_addr: publicRepo,
      repo_name: 'via-js',
      uid: owner.user.id,
      mirror: false,
    });
    assert.equal(created.status, 201);
    assert.equal(created.data.full_name, 'mig-owner/via-js');
    assert.equal(created.data.original_url, publicRepo);
  });
});

describe('the address policy on a server that listens beyond loopback', () => {
  let open: TestServer;
  let source: string;

  before(async () => {
    open = await startServer({ args: ['--host', '0.0.0.0'] });
    const port = new URL(open.url).port;
    const created = await open.request('POST', '/user/repos', {
      token: open.admin.token,
      body: { name: 'src', auto_init: true },
    });
    assert.equal(created.status, 201);
    source = `http://127.0.0.1:${port}/${open.admin.username}/src.git`;
  });

  after(async () => {
    await open.stop();
  });

  test('a loopback source is refused with the reason (422)', async () => {
    const res = await open.request<RepoJson>('POST', '/repos/migrate', {
      token: open.admin.token,
      body: { clone_addr: source, repo_name: 'looped' },
    });
    assert.equal(res.status, 422);
    assert.match(res.json.message, /You can not import from disallowed hosts: .*loopback address/);
    assert.match(
      open.output().stderr,
      /address policy: the host "127\.0\.0\.1" resolves to a loopback address/,
    );
  });

  test('a name that resolves to loopback is refused too', async () => {
    const res = await open.request<RepoJson>('POST', '/repos/migrate', {
      token: open.admin.token,
      body: { clone_addr: source.replace('127.0.0.1', 'localhost'), repo_name: 'looped-by-name' },
    });
    assert.equal(res.status, 422);
    assert.match(res.json.message, /disallowed hosts/);
  });
});

describe('the serve flags of the address policy and mirrors', () => {
  test('a bad --allowed-hosts entry or a too-short --mirror-interval stops serve with exit code 2', async () => {
    const badHosts = await runCli([
      'serve',
      '--port',
      '0',
      '--data',
      scratch,
      '--allowed-hosts',
      'bad host!',
    ]);
    assert.equal(badHosts.code, 2);
    assert.match(badHosts.stderr, /--allowed-hosts: not a host name/);
    const shortInterval = await runCli([
      'serve',
      '--port',
      '0',
      '--data',
      scratch,
      '--mirror-interval',
      '1m',
    ]);
    assert.equal(shortInterval.code, 2);
    assert.match(shortInterval.stderr, /--mirror-interval must be a duration of at least 10m0s/);
  });
});
