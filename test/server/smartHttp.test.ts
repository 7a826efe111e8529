import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { makeTempDir } from '../helpers/gitFixtures';
import { mustGit, remoteUrl, tryGit } from '../helpers/gitRemote';
import { startServer, type TestServer, type TestUser } from './harness';

let server: TestServer;
let scratch: string;

before(async () => {
  server = await startServer();
  scratch = makeTempDir('teahouse-smart-');
});

after(async () => {
  await server.stop();
  rmSync(scratch, { recursive: true, force: true });
});

let counter = 0;
const freshDir = (): string => path.join(scratch, `c${++counter}`);

async function makeRepository(owner: TestUser, name: string, isPrivate: boolean): Promise<string> {
  const res = await server.request<{ full_name: string }>('POST', '/user/repos', {
    token: owner.token,
    body: { name, auto_init: true, private: isPrivate },
  });
  assert.equal(res.status, 201, res.text);
  return res.json.full_name;
}

const infoRefs = (fullName: string, service = 'git-upload-pack'): string =>
  `/${fullName}.git/info/refs?service=${service}`;

describe('cloning over HTTP', () => {
  let owner: TestUser;
  let publicRepo: string;
  let privateRepo: string;

  before(async () => {
    owner = await server.createUser('smart-owner');
    publicRepo = await makeRepository(owner, 'open', false);
    privateRepo = await makeRepository(owner, 'closed', true);
  });

  test('anyone clones a public repository, and gets its commits', () => {
    const dir = freshDir();
    mustGit(scratch, ['clone', '--quiet', remoteUrl(server.url, publicRepo), dir]);
    assert.match(readFileSync(path.join(dir, 'README.md'), 'utf8'), /open/);
    assert.equal(mustGit(dir, ['rev-list', '--count', 'HEAD']).trim(), '1');
  });

  test('an anonymous clone of a private repository is asked for credentials (401, Basic realm)', async () => {
    const res = await server.requestRoot('GET', infoRefs(privateRepo));
    assert.equal(res.status, 401);
    assert.equal(res.headers.get('www-authenticate'), 'Basic realm="Gitea"');
    const outcome = tryGit(scratch, ['clone', '--quiet', remoteUrl(server.url, privateRepo), freshDir()]);
    assert.notEqual(outcome.code, 0);
    assert.match(outcome.stderr, /could not read Username|Authentication failed/);
  });

  test('the owner clones a private repository with a token as the password', () => {
    const dir = freshDir();
    mustGit(scratch, [
      'clone',
      '--quiet',
      remoteUrl(server.url, privateRepo, { username: owner.user.login, secret: owner.token }),
      dir,
    ]);
    assert.match(readFileSync(path.join(dir, 'README.md'), 'utf8'), /closed/);
  });

  test('the owner clones a private repository with the account password', () => {
    const dir = freshDir();
    mustGit(scratch, [
      'clone',
      '--quiet',
      remoteUrl(server.url, privateRepo, { username: owner.user.login, secret: owner.password }),
      dir,
    ]);
    assert.equal(mustGit(dir, ['rev-list', '--count', 'HEAD']).trim(), '1');
  });

  test('a token as the user name (x-oauth-basic) is accepted too', async () => {
    const res = await server.requestRoot('GET', infoRefs(privateRepo), {
      basic: { username: owner.token, password: 'x-oauth-basic' },
    });
    assert.equal(res.status, 200);
    assert.equal(res.headers.get('content-type'), 'application/x-git-upload-pack-advertisement');
  });

  test('a wrong token is refused with 401 and git fails', async () => {
    const res = await server.requestRoot('GET', infoRefs(publicRepo), {
      basic: { username: owner.user.login, password: 'f'.repeat(40) },
    });
    assert.equal(res.status, 401);
    assert.equal(res.headers.get('www-authenticate'), 'Basic realm="Gitea"');
    const outcome = tryGit(scratch, [
      'clone',
      '--quiet',
      remoteUrl(server.url, privateRepo, { username: owner.user.login, secret: 'wrong-password' }),
      freshDir(),
    ]);
    assert.notEqual(outcome.code, 0);
    assert.match(outcome.stderr, /Authentication failed|401/);
  });

  test('a signed-in user who may not see a private repository gets 404, not a password prompt', async () => {
    const stranger = await server.createUser('smart-stranger');
    const res = await server.requestRoot('GET', infoRefs(privateRepo), { token: stranger.token });
    assert.equal(res.status, 404);
    assert.equal(res.headers.get('www-authenticate'), null);
  });

  test('an unknown repository asks anonymous callers for credentials and is 404 for others', async () => {
    assert.equal((await server.requestRoot('GET', infoRefs(`${owner.user.login}/nothing-here`))).status, 401);
    const res = await server.requestRoot('GET', infoRefs(`${owner.user.login}/nothing-here`), {
      token: owner.token,
    });
    assert.equal(res.status, 404);
  });

  test('the path without .git works too, as in Gitea', async () => {
    const res = await server.requestRoot('GET', `/${publicRepo}/info/refs?service=git-upload-pack`);
    assert.equal(res.status, 200);
    assert.match(res.text, /# service=git-upload-pack/);
  });

  test('protocol v2 is spoken when the client asks for it', async () => {
    const res = await server.requestRoot('GET', infoRefs(publicRepo), {
      headers: { 'Git-Protocol': 'version=2' },
    });
    assert.equal(res.status, 200);
    assert.match(res.text, /version 2/);
    assert.match(res.text, /ls-refs/);
    const listed = mustGit(scratch, [
      '-c',
      'protocol.version=2',
      'ls-remote',
      remoteUrl(server.url, publicRepo),
    ]);
    assert.match(listed, /refs\/heads\/main/);
  });

  test('a gzip-compressed upload-pack request is inflated by git', async () => {
    const advertised = await server.requestRoot('GET', infoRefs(publicRepo));
    const head = /([0-9a-f]{40}) refs\/heads\/main/.exec(advertised.text)?.[1];
    assert.ok(head);
    const pkt = (line: string): string => `${(line.length + 4).toString(16).padStart(4, '0')}${line}`;
    const body = gzipSync(Buffer.from(`${pkt(`want ${head}\n`)}0000${pkt('done\n')}`));
    const response = await fetch(`${server.url}${publicRepo}.git/git-upload-pack`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-git-upload-pack-request', 'Content-Encoding': 'gzip' },
      body,
    });
    assert.equal(response.status, 200);
    assert.equal(response.headers.get('content-type'), 'application/x-git-upload-pack-result');
    const bytes = Buffer.from(await response.arrayBuffer());
    assert.ok(bytes.includes('PACK'), 'the answer carries a pack');
  });

  test('only the smart HTTP services are served: other services and methods are refused', async () => {
    assert.equal(
      (await server.requestRoot('GET', `/${publicRepo}.git/info/refs?service=git-upload-archive`)).status,
      403,
    );
    const wrongMethod = await server.requestRoot('GET', `/${publicRepo}.git/git-upload-pack`);
    assert.equal(wrongMethod.status, 405);
    assert.equal(wrongMethod.headers.get('allow'), 'POST');
    assert.equal((await server.requestRoot('GET', `/${publicRepo}.git/objects/info/packs`)).status, 404);
  });

  test('paths that try to leave the repositories root name no repository', async () => {
    for (const attempt of [
      `/${owner.user.login}/..%2F..%2F..%2Fetc.git/info/refs?service=git-upload-pack`,
      `/..%2F${owner.user.login}/open.git/info/refs?service=git-upload-pack`,
      `/${owner.user.login}/%2e%2e.git/info/refs?service=git-upload-pack`,
    ]) {
      const res = await server.requestRoot('GET', attempt, { token: owner.token });
      assert.equal(res.status, 404, attempt);
    }
  });

  test('the clone_url of the repository JSON is the address git clones from', async () => {
    const res = await server.request<{ clone_url: string }>('GET', `/repos/${publicRepo}`);
    assert.equal(res.status, 200);
    const dir = freshDir();
    mustGit(scratch, ['clone', '--quiet', res.json.clone_url, dir]);
    assert.equal(mustGit(dir, ['rev-list', '--count', 'HEAD']).trim(), '1');
  });
});
