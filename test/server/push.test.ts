import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { makeTempDir } from '../helpers/gitFixtures';
import { mustGit, remoteUrl, tryGit } from '../helpers/gitRemote';
import { startServer, type TestServer, type TestUser } from './harness';

let server: TestServer;
let scratch: string;
let workspace: string;

before(async () => {
  scratch = makeTempDir('teahouse-push-');
  workspace = makeTempDir('teahouse-push-ws-');
  const site = path.join(workspace, 'site');
  mkdirSync(site);
  mustGit(site, ['init', '--quiet', '--initial-branch=main']);
  writeFileSync(path.join(site, 'index.html'), '<h1>v1</h1>\n');
  mustGit(site, ['add', '--all']);
  mustGit(site, ['commit', '--quiet', '--no-gpg-sign', '-m', 'v1']);
  server = await startServer({ args: ['--workspace', workspace] });
});

after(async () => {
  await server.stop();
  rmSync(scratch, { recursive: true, force: true });
  rmSync(workspace, { recursive: true, force: true });
});

let counter = 0;
const freshDir = (): string => path.join(scratch, `c${++counter}`);

interface RepoJson {
  full_name: string;
  empty: boolean;
  default_branch: string;
  size: number;
}

async function makeRepository(owner: TestUser, name: string, autoInit = true): Promise<string> {
  const res = await server.request<RepoJson>('POST', '/user/repos', {
    token: owner.token,
    body: { name, auto_init: autoInit },
  });
  assert.equal(res.status, 201, res.text);
  return res.json.full_name;
}

const as = (user: TestUser): { username: string; secret: string } => ({
  username: user.user.login,
  secret: user.token,
});

/** A clone of `fullName` with one more commit on `branch`. */
function cloneWithCommit(fullName: string, who: TestUser, branch: string, file = 'change.txt'): string {
  const dir = freshDir();
  mustGit(scratch, ['clone', '--quiet', remoteUrl(server.url, fullName, as(who)), dir]);
  mustGit(dir, ['checkout', '--quiet', '-B', branch]);
  writeFileSync(path.join(dir, file), `${branch} ${counter}\n`);
  mustGit(dir, ['add', '--all']);
  mustGit(dir, ['commit', '--quiet', '--no-gpg-sign', '-m', `change on ${branch}`]);
  return dir;
}

describe('pushing over HTTP', () => {
  let owner: TestUser;
  let fullName: string;

  before(async () => {
    owner = await server.createUser('push-owner');
    fullName = await makeRepository(owner, 'target');
  });

  test('a push with credentials creates a branch (with a slash) that the API lists', async () => {
    const dir = cloneWithCommit(fullName, owner, 'feature/login');
    const pushed = mustGit(dir, ['rev-parse', 'HEAD']).trim();
    mustGit(dir, ['push', '--quiet', 'origin', 'feature/login']);
    const branch = await server.request<{ name: string; commit: { id: string; message: string } }>(
      'GET',
      `/repos/${fullName}/branches/feature%2Flogin`,
      { token: owner.token },
    );
    assert.equal(branch.status, 200, branch.text);
    assert.equal(branch.json.commit.id, pushed);
    assert.match(branch.json.commit.message, /change on feature\/login/);
    const list = await server.request<{ name: string }[]>('GET', `/repos/${fullName}/branches`, {
      token: owner.token,
    });
    assert.deepEqual(list.json.map((b) => b.name).sort(), ['feature/login', 'main']);
  });

  test('pushed tags and deleted branches are seen by the next clone', () => {
    const dir = cloneWithCommit(fullName, owner, 'short-lived');
    mustGit(dir, ['push', '--quiet', 'origin', 'short-lived']);
    mustGit(dir, ['tag', 'v1.0']);
    mustGit(dir, ['push', '--quiet', 'origin', 'v1.0', ':short-lived']);
    const refs = mustGit(scratch, ['ls-remote', remoteUrl(server.url, fullName)]);
    assert.match(refs, /refs\/tags\/v1\.0/);
    assert.doesNotMatch(refs, /short-lived/);
  });

  test('the first push into an empty repository makes it non-empty with the pushed branch as default', async () => {
    const empty = await makeRepository(owner, 'blank', false);
    const before = await server.request<RepoJson>('GET', `/repos/${empty}`, { token: owner.token });
    assert.equal(before.json.empty, true);
    const dir = freshDir();
    mkdirSync(dir);
    mustGit(dir, ['init', '--quiet', '--initial-branch=trunk']);
    writeFileSync(path.join(dir, 'a.txt'), 'a\n');
    mustGit(dir, ['add', '--all']);
    mustGit(dir, ['commit', '--quiet', '--no-gpg-sign', '-m', 'first']);
    mustGit(dir, ['push', '--quiet', remoteUrl(server.url, empty, as(owner)), 'trunk']);
    const afterPush = await server.request<RepoJson>('GET', `/repos/${empty}`, { token: owner.token });
    assert.equal(afterPush.json.empty, false);
    assert.equal(afterPush.json.default_branch, 'trunk');
    assert.ok(afterPush.json.size >= 0);
    const clone = freshDir();
    mustGit(scratch, ['clone', '--quiet', remoteUrl(server.url, empty), clone]);
    assert.equal(readFileSync(path.join(clone, 'a.txt'), 'utf8'), 'a\n');
  });

  test('a push without credentials is refused: git is asked for them (401)', async () => {
    const dir = cloneWithCommit(fullName, owner, 'anonymous-try');
    const outcome = tryGit(dir, ['push', remoteUrl(server.url, fullName), 'anonymous-try']);
    assert.notEqual(outcome.code, 0);
    assert.match(outcome.stderr, /could not read Username|Authentication failed/);
    const res = await server.requestRoot('GET', `/${fullName}.git/info/refs?service=git-receive-pack`);
    assert.equal(res.status, 401);
    assert.equal(res.headers.get('www-authenticate'), 'Basic realm="Gitea"');
  });

  test('a user who may only read cannot push (403) and the branch does not appear', async () => {
    const reader = await server.createUser('push-reader');
    const added = await server.request('PUT', `/repos/${fullName}/collaborators/${reader.user.login}`, {
      token: owner.token,
      body: { permission: 'read' },
    });
    assert.equal(added.status, 204);
    const dir = cloneWithCommit(fullName, reader, 'from-reader');
    const outcome = tryGit(dir, ['push', 'origin', 'from-reader']);
    assert.notEqual(outcome.code, 0);
    assert.match(outcome.stderr, /403/);
    const branch = await server.request('GET', `/repos/${fullName}/branches/from-reader`, {
      token: owner.token,
    });
    assert.equal(branch.status, 404);
  });

  test('a collaborator with write access pushes', async () => {
    const writer = await server.createUser('push-writer');
    await server.request('PUT', `/repos/${fullName}/collaborators/${writer.user.login}`, {
      token: owner.token,
      body: { permission: 'write' },
    });
    const dir = cloneWithCommit(fullName, writer, 'from-writer');
    mustGit(dir, ['push', '--quiet', 'origin', 'from-writer']);
    const branch = await server.request('GET', `/repos/${fullName}/branches/from-writer`, {
      token: owner.token,
    });
    assert.equal(branch.status, 200);
  });

  test('a token limited to read:repository may clone but not push', async () => {
    const token = await server.request<{ sha1: string }>('POST', `/users/${owner.user.login}/tokens`, {
      basic: { username: owner.user.login, password: owner.password },
      body: { name: 'read-only', scopes: ['read:repository'] },
    });
    assert.equal(token.status, 201);
    const readOnly = { username: owner.user.login, secret: token.json.sha1 };
    const dir = freshDir();
    mustGit(scratch, ['clone', '--quiet', remoteUrl(server.url, fullName, readOnly), dir]);
    writeFileSync(path.join(dir, 'x.txt'), 'x\n');
    mustGit(dir, ['add', '--all']);
    mustGit(dir, ['commit', '--quiet', '--no-gpg-sign', '-m', 'x']);
    const outcome = tryGit(dir, ['push', 'origin', 'HEAD:refs/heads/scoped']);
    assert.notEqual(outcome.code, 0);
    assert.match(outcome.stderr, /403/);
  });

  test('a large push (several MB, sent chunked) arrives whole', async () => {
    const dir = cloneWithCommit(fullName, owner, 'big');
    const blob = randomBytes(3 * 1024 * 1024);
    writeFileSync(path.join(dir, 'big.bin'), blob);
    mustGit(dir, ['add', '--all']);
    mustGit(dir, ['commit', '--quiet', '--no-gpg-sign', '-m', 'big file']);
    mustGit(dir, ['-c', 'http.postBuffer=65536', 'push', '--quiet', 'origin', 'big']);
    const raw = await fetch(`${server.apiUrl}/repos/${fullName}/raw/big/big.bin`, {
      headers: { Authorization: `token ${owner.token}` },
    });
    assert.equal(raw.status, 200);
    assert.ok(Buffer.from(await raw.arrayBuffer()).equals(blob));
  });
});

describe('pushing into a workspace repository', () => {
  const site = (): string => path.join(workspace, 'site');
  const admin = (): { username: string; secret: string } => ({
    username: server.admin.username,
    secret: server.admin.token,
  });
  const siteName = (): string => `${server.admin.username}/site`;

  test('a push to its checked-out branch updates the clean working tree', () => {
    const dir = freshDir();
    mustGit(scratch, ['clone', '--quiet', remoteUrl(server.url, siteName(), admin()), dir]);
    writeFileSync(path.join(dir, 'index.html'), '<h1>v2</h1>\n');
    mustGit(dir, ['commit', '--quiet', '--no-gpg-sign', '-am', 'v2']);
    mustGit(dir, ['push', '--quiet', 'origin', 'main']);
    assert.equal(readFileSync(path.join(site(), 'index.html'), 'utf8'), '<h1>v2</h1>\n');
    assert.equal(mustGit(site(), ['status', '--porcelain']), '');
    assert.equal(mustGit(site(), ['log', '-1', '--format=%s']).trim(), 'v2');
  });

  test('a push to its checked-out branch is refused with git’s reason when the working tree has changes', () => {
    writeFileSync(path.join(site(), 'index.html'), '<h1>edited locally</h1>\n');
    const dir = freshDir();
    mustGit(scratch, ['clone', '--quiet', remoteUrl(server.url, siteName(), admin()), dir]);
    writeFileSync(path.join(dir, 'index.html'), '<h1>v3</h1>\n');
    mustGit(dir, ['commit', '--quiet', '--no-gpg-sign', '-am', 'v3']);
    const outcome = tryGit(dir, ['push', 'origin', 'main']);
    assert.notEqual(outcome.code, 0);
    assert.match(outcome.stderr, /rejected/);
    assert.match(outcome.stderr, /Working directory has unstaged changes|unstaged changes/);
    assert.equal(readFileSync(path.join(site(), 'index.html'), 'utf8'), '<h1>edited locally</h1>\n');
    mustGit(site(), ['checkout', '--', 'index.html']);
  });

  test('a push to another branch of a workspace repository leaves the working tree alone', async () => {
    const dir = freshDir();
    mustGit(scratch, ['clone', '--quiet', remoteUrl(server.url, siteName(), admin()), dir]);
    mustGit(dir, ['checkout', '--quiet', '-b', 'draft']);
    writeFileSync(path.join(dir, 'draft.txt'), 'draft\n');
    mustGit(dir, ['add', '--all']);
    mustGit(dir, ['commit', '--quiet', '--no-gpg-sign', '-m', 'draft']);
    mustGit(dir, ['push', '--quiet', 'origin', 'draft']);
    assert.equal(mustGit(site(), ['rev-parse', '--abbrev-ref', 'HEAD']).trim(), 'main');
    assert.match(mustGit(site(), ['branch', '--list', 'draft']), /draft/);
    const branch = await server.request('GET', `/repos/${siteName()}/branches/draft`, {
      token: server.admin.token,
    });
    assert.equal(branch.status, 200);
  });
});
