import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, symlinkSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { basicHeader, makeTempDir, startServer, type TestServer } from '../server/harness';
import { privateMarkers, privateMatrix } from './attacks/privateMatrix';
import { rawRequest, type RawAnswer } from './fuzz/rawRequest';
import { answerProblem } from './fuzz/runner';
import { snapshotDifferences, takeSnapshot } from './fuzz/snapshot';
import { seedWorld, type FuzzWorld } from './fuzz/world';
import { printFigure } from './profile';

describe('attacks', () => {
  let server: TestServer;
  let world: FuzzWorld;
  /** Every secret the run handles; none may appear in the server's output or at rest. */
  const secrets: string[] = [];

  before(async () => {
    server = await startServer({ args: ['--log-level', 'debug'] });
    world = await seedWorld(server);
    secrets.push(server.admin.password, server.admin.token, world.user.password, world.user.token);
    secrets.push(world.stranger.password, world.stranger.token);
  });

  after(async () => {
    await server.stop();
  });

  const send = (method: string, requestPath: string, token?: string, body?: string): Promise<RawAnswer> =>
    rawRequest(server.url, {
      method,
      path: requestPath,
      headers: {
        ...(token ? { Authorization: `token ${token}` } : {}),
        ...(body !== undefined ? { 'Content-Type': 'application/json' } : {}),
      },
      body,
    });

  it('anonymous callers and strangers never see or change a private repository or organization', async () => {
    const before = await takeSnapshot(server.dataDir);
    const cases = privateMatrix(world);
    const wrong: string[] = [];
    for (const matrixCase of cases) {
      const token = matrixCase.outsider === 'stranger' ? world.stranger.token : undefined;
      const answer = await send(matrixCase.op.method, matrixCase.path, token, matrixCase.body);
      const label = `${matrixCase.outsider} ${matrixCase.op.operationId} ${matrixCase.op.method} ${matrixCase.path}`;
      if (!matrixCase.allowed.includes(answer.status)) {
        wrong.push(
          `${label}: ${answer.status} (expected ${matrixCase.allowed.join('/')}) ${answer.text.slice(0, 160)}`,
        );
      }
      const problem = answerProblem(answer);
      if (problem) wrong.push(`${label}: ${problem}`);
      const leaked = privateMarkers.find((marker) => answer.text.includes(marker));
      if (leaked) wrong.push(`${label}: the answer shows "${leaked}"`);
    }
    printFigure('attack matrix cases (private repository and organization)', cases.length);
    assert.deepEqual(wrong, []);
    assert.deepEqual(snapshotDifferences(before, await takeSnapshot(server.dataDir)), []);
  });

  it('path traversal and option injection through file, archive, branch and ref parameters answer 4xx', async () => {
    const marker = path.join(os.tmpdir(), `teahouse-injected-${process.pid}`);
    const repo = '/api/v1/repos/alice/alpha';
    const hostileRefs = [
      '..%2f..%2f..%2fetc%2fpasswd',
      '--output=' + encodeURIComponent(marker),
      '-c%20core.pager=touch%20' + encodeURIComponent(marker),
      '--upload-pack=touch%20' + encodeURIComponent(marker),
      '%00main',
      'main%00',
      'main..feature',
      'main@%7B-1%7D',
      '%2fetc%2fpasswd',
      'refs%2fheads%2f..%2f..%2fconfig',
    ];
    const hostilePaths = [
      '../../../../etc/passwd',
      '..%2f..%2f..%2f..%2fetc%2fpasswd',
      '%2e%2e/%2e%2e/%2e%2e/config',
      'docs/../../config',
      '.git/config',
      '/etc/passwd',
      '%2fetc%2fpasswd',
      'README.md%00.png',
      '-rf',
    ];
    const requests: string[] = [];
    for (const file of hostilePaths) {
      requests.push(
        `${repo}/raw/${file}`,
        `${repo}/contents/${file}`,
        `${repo}/editorconfig/${file}`,
        `${repo}/media/${file}`,
      );
    }
    for (const ref of hostileRefs) {
      requests.push(
        `${repo}/raw/README.md?ref=${ref}`,
        `${repo}/contents/README.md?ref=${ref}`,
        `${repo}/contents?ref=${ref}`,
        `${repo}/editorconfig/README.md?ref=${ref}`,
        `${repo}/archive/${ref}.zip`,
        `${repo}/archive/${ref}.tar.gz`,
        `${repo}/branches/${ref}`,
        `${repo}/commits?sha=${ref}`,
        `${repo}/git/commits/${ref}`,
        `${repo}/git/refs/${ref}`,
        `${repo}/commits/${ref}/status`,
        `${repo}/compare/${ref}...main`,
        `${repo}/tags/${ref}`,
      );
    }
    requests.push(
      `${repo}/archive/main.zip%00.tar.gz`,
      `${repo}/archive/--format=zip`,
      `${repo}/archive/main.exe`,
    );
    const wrong: string[] = [];
    for (const requestPath of requests) {
      const answer = await send('GET', requestPath, world.admin.token);
      // editorconfig answers the definition the repository's .editorconfig gives a path, never reading the path.
      const definitionOnly =
        requestPath.includes('/editorconfig/') && answer.text === '{"indent_style":"space"}';
      if ((answer.status < 400 && !definitionOnly) || answer.status >= 500)
        wrong.push(`${requestPath}: ${answer.status} ${answer.text.slice(0, 120)}`);
      if (/root:.*:0:0:|\[core\]|repositoryformatversion/.test(answer.text))
        wrong.push(`${requestPath}: leaked a file`);
      const problem = answerProblem(answer);
      if (problem) wrong.push(`${requestPath}: ${problem}`);
    }
    // Branch creation and deletion with option-like or escaping names are refused too.
    for (const name of [
      '--force',
      '-D',
      '../x',
      'refs/heads/../../x',
      'a..b',
      'x.lock',
      'HEAD',
      '@',
      'a b',
      'a\u0000b',
    ]) {
      const created = await send(
        'POST',
        `${repo}/branches`,
        world.user.token,
        JSON.stringify({ new_branch_name: name, old_branch_name: 'main' }),
      );
      if (created.status !== 409 && created.status !== 422)
        wrong.push(`create branch ${JSON.stringify(name)}: ${created.status} ${created.text.slice(0, 120)}`);
    }
    printFigure('attack traversal/injection requests', requests.length + 10);
    assert.deepEqual(wrong, []);
    assert.equal(existsSync(marker), false, 'no option reached git');
  });

  it('smart HTTP never serves a repository outside the repositories it knows', async () => {
    // A bare repository outside the data folder, linked into the repositories folder without a row.
    const outside = makeTempDir('teahouse-outside-');
    execFileSync('git', ['init', '--bare', '-q', path.join(outside, 'loot.git')]);
    const ownerDir = path.join(server.dataDir, 'repositories', 'alice');
    mkdirSync(ownerDir, { recursive: true });
    symlinkSync(path.join(outside, 'loot.git'), path.join(ownerDir, 'loot.git'));
    const basic = {
      Authorization: basicHeader({ username: world.admin.username, password: world.admin.token }),
    };
    const paths = [
      '/alice/loot.git/info/refs?service=git-upload-pack',
      '/alice/../hidden/secret.git/info/refs?service=git-upload-pack',
      '/alice/%2e%2e%2fhidden%2fsecret.git/info/refs?service=git-upload-pack',
      '/%2e%2e/%2e%2e/info/refs?service=git-upload-pack',
      '/..%2f..%2f..%2f..%2ftmp/x.git/info/refs?service=git-upload-pack',
      `/${encodeURIComponent(outside)}/loot.git/info/refs?service=git-upload-pack`,
      `//${outside.slice(1)}/loot.git/info/refs?service=git-upload-pack`,
      '/alice/alpha.git%00/info/refs?service=git-upload-pack',
      '/alice/alpha.git/info/refs?service=git-upload-pack%00',
      '/alice/alpha.git/info/refs?service=--upload-pack=id',
      '/alice/alpha.git/../../../config',
      '/alice/alpha.git/objects/info/packs',
      '/alice/alpha.git/HEAD',
      '/alice/alpha.git/config',
    ];
    const wrong: string[] = [];
    for (const gitPath of paths) {
      for (const headers of [{}, basic]) {
        const answer = await rawRequest(server.url, { method: 'GET', path: gitPath, headers });
        if (answer.status < 400 || answer.status >= 500) wrong.push(`${gitPath}: ${answer.status}`);
        if (/repositoryformatversion|# service=/.test(answer.text)) wrong.push(`${gitPath}: served git data`);
      }
    }
    printFigure('attack smart-HTTP paths', paths.length * 2);
    assert.deepEqual(wrong, []);
  });

  it('keeps passwords and tokens only as hashes at rest', async () => {
    const token = await server.request<{ sha1: string }>('POST', `/users/alice/tokens`, {
      basic: { username: 'alice', password: world.user.password },
      body: { name: 'at-rest', scopes: ['read:user'] },
    });
    assert.equal(token.status, 201, token.text);
    secrets.push(token.json.sha1);
    // Checkpoint-independent: the database and its WAL are read as bytes, whatever SQLite has merged.
    const files = readdirSync(server.dataDir).filter((name) => name.startsWith('teahouse.db'));
    assert.ok(files.length > 0);
    const bytes = Buffer.concat(files.map((name) => readFileSync(path.join(server.dataDir, name))));
    for (const secret of secrets) {
      assert.equal(
        bytes.includes(Buffer.from(secret)),
        false,
        `a secret of ${secret.length} characters is at rest in the database`,
      );
    }
    assert.ok(bytes.includes(Buffer.from('scrypt$')), 'password hashes are scrypt');
    // The only comparison of a secret the server makes itself (tokens are found by their hash) is constant-time.
    const passwords = readFileSync(
      path.join(__dirname, '..', '..', 'src', 'server', 'services', 'passwords.ts'),
      'utf8',
    );
    assert.match(passwords, /timingSafeEqual\(/);
  });

  it('never writes a secret to its log or into an error message', async () => {
    // Failed logins and tokens in the query string, as a careless client would send them.
    await server.request('GET', `/user?token=${world.user.token}`);
    await server.request('GET', `/user?access_token=${world.user.token}x`);
    await server.request('GET', '/user', {
      basic: { username: 'alice', password: `${world.user.password}-wrong` },
    });
    const wrongPassword = await server.request('GET', '/user', {
      basic: { username: 'alice', password: 'Hunter2-not-it' },
    });
    assert.equal(wrongPassword.text.includes('Hunter2-not-it'), false);
    const badToken = await server.request('GET', '/user', { token: `${world.user.token}zz` });
    assert.equal(badToken.text.includes(world.user.token), false);
    const { stdout, stderr } = server.output();
    const log = stdout + stderr;
    assert.ok(log.includes('GET /api/v1/user'), 'the requests were logged');
    const leaked = [...secrets, 'Hunter2-not-it', `${world.user.token}zz`].filter((secret) => {
      // The first-start administrator's password is printed once on purpose (README: "prints its password once").
      const printedOnce =
        secret === server.admin.password ? log.indexOf(secret) === log.lastIndexOf(secret) : false;
      return log.includes(secret) && !printedOnce;
    });
    assert.deepEqual(
      leaked.map((secret) => `${secret.length} characters`),
      [],
    );
  });
});
