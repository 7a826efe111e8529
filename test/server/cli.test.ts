import assert from 'node:assert/strict';
import { rmSync } from 'node:fs';
import http from 'node:http';
import { after, describe, test } from 'node:test';
import { makeTempDir, runCli, startServer, waitFor } from './harness';

describe('teahouse serve', () => {
  const dirs: string[] = [];
  after(() => {
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  test('prints its URL, creates an administrator on first start only, and keeps it across restarts', async () => {
    const dataDir = makeTempDir();
    dirs.push(dataDir);
    const first = await startServer({ dataDir });
    const { stdout } = first.output();
    assert.match(stdout, /^Teahouse listening on http:\/\/127\.0\.0\.1:\d+\/$/m);
    assert.match(stdout, /^Created the administrator "[^"]+" with the password "[^"]{20}"/m);
    assert.ok(first.admin.username.length > 0);
    const me = await first.request<{ login: string; is_admin: boolean }>('GET', '/user', {
      token: first.admin.token,
    });
    assert.equal(me.status, 200);
    assert.equal(me.json.is_admin, true);
    assert.deepEqual(await first.stop(), { code: 0, signal: null });

    const second = await startServer({ dataDir });
    assert.doesNotMatch(second.output().stdout, /Created the administrator/);
    const again = await second.request<{ login: string }>('GET', '/user', {
      basic: { username: first.admin.username, password: first.admin.password },
    });
    assert.equal(again.status, 200);
    assert.equal(again.json.login, first.admin.username);
    assert.deepEqual(await second.stop(), { code: 0, signal: null });
  });

  test('SIGTERM lets an in-flight request finish, then exits 0', async () => {
    const server = await startServer({ args: ['--log-level', 'debug'] });
    const body = JSON.stringify({ name: 'in-flight' });
    const answer = new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = http.request(`${server.apiUrl}/users/${server.admin.username}/tokens?in-flight=1`, {
        method: 'POST',
        headers: {
          Authorization: `Basic ${Buffer.from(`${server.admin.username}:${server.admin.password}`).toString('base64')}`,
          'Content-Type': 'application/json',
          'Content-Length': String(Buffer.byteLength(body)),
        },
      });
      req.on('response', (res) => {
        let text = '';
        res.on('data', (chunk: Buffer) => (text += chunk.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
      });
      req.on('error', reject);
      // Half the body now: the request is in flight until the rest arrives.
      req.write(body.slice(0, 5));
      void (async () => {
        await waitFor(
          () => server.output().stderr.includes('/tokens?in-flight=1'),
          10_000,
          'the request to arrive',
        );
        server.signal('SIGTERM');
        await waitFor(
          () => server.output().stderr.includes('SIGTERM: stopping'),
          10_000,
          'the stop to begin',
        );
        req.end(body.slice(5));
      })().catch(reject);
    });
    const result = await answer;
    assert.equal(result.status, 201);
    assert.equal((JSON.parse(result.body) as { name: string }).name, 'in-flight');
    assert.deepEqual(await server.stop(), { code: 0, signal: null });
  });

  test('a bad flag exits 2 with the usage', async () => {
    const result = await runCli(['serve', '--port', 'eighty']);
    assert.equal(result.code, 2);
    assert.match(result.stderr, /--port must be 0\.\.65535/);
    const unknown = await runCli(['serve', '--nope']);
    assert.equal(unknown.code, 2);
    assert.match(unknown.stderr, /Usage: teahouse serve/);
  });

  test('a port in use exits 1 with a one-line message', async () => {
    const server = await startServer();
    const port = new URL(server.url).port;
    const dataDir = makeTempDir();
    dirs.push(dataDir);
    const result = await runCli(['serve', '--data', dataDir, '--port', port]);
    assert.equal(result.code, 1);
    assert.match(result.stderr, new RegExp(`teahouse: port ${port} on 127\\.0\\.0\\.1 is in use`));
    await server.stop();
  });
});

describe('teahouse admin create-user', () => {
  const dirs: string[] = [];
  after(() => {
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  test('creates a user in a data folder while a server runs on it', async () => {
    const server = await startServer();
    const created = await runCli([
      'admin',
      'create-user',
      '--data',
      server.dataDir,
      '--username',
      'cli-alice',
      '--password',
      'cli-password-1',
      '--email',
      'cli-alice@example.com',
      '--admin',
    ]);
    assert.equal(created.code, 0, created.stderr);
    assert.match(created.stdout, /^Created administrator "cli-alice" \(id \d+\)$/m);
    const me = await server.request<{ login: string; is_admin: boolean }>('GET', '/user', {
      basic: { username: 'cli-alice', password: 'cli-password-1' },
    });
    assert.equal(me.status, 200);
    assert.equal(me.json.login, 'cli-alice');
    assert.equal(me.json.is_admin, true);
    await server.stop();
  });

  test('a duplicate or invalid user exits 1 with a one-line message', async () => {
    const dataDir = makeTempDir();
    dirs.push(dataDir);
    const base = ['admin', 'create-user', '--data', dataDir, '--password', 'cli-password-1'];
    const first = await runCli([...base, '--username', 'cli-bob', '--email', 'bob@example.com']);
    assert.equal(first.code, 0, first.stderr);
    assert.match(first.stdout, /^Created user "cli-bob"/m);

    const duplicate = await runCli([...base, '--username', 'CLI-BOB', '--email', 'other@example.com']);
    assert.equal(duplicate.code, 1);
    assert.equal(
      duplicate.stderr,
      'teahouse: cannot create user "CLI-BOB": user already exists [name: CLI-BOB]\n',
    );

    const invalid = await runCli([...base, '--username=-bad-', '--email', 'bad@example.com']);
    assert.equal(invalid.code, 1);
    assert.match(invalid.stderr, /^teahouse: cannot create user "-bad-": name is invalid/);
    assert.equal(invalid.stderr.split('\n').filter((l) => l !== '').length, 1);

    const badEmail = await runCli([...base, '--username', 'cli-carl', '--email', 'nope']);
    assert.equal(badEmail.code, 1);
    assert.match(badEmail.stderr, /e-mail invalid/);
  });

  test('a value starting with a dash is taken as the value (a generated password), an option is not', async () => {
    const dataDir = makeTempDir();
    dirs.push(dataDir);
    const dashed = await runCli([
      'admin',
      'create-user',
      '--data',
      dataDir,
      '--username',
      'cli-dash',
      '--password',
      '-Go6Lib_x1VT0_fnss',
      '--email',
      'dash@example.com',
    ]);
    assert.equal(dashed.code, 0, dashed.stderr);
    assert.match(dashed.stdout, /^Created user "cli-dash"/m);
    const server = await startServer({ dataDir, admin: { username: '', password: '', token: '' } });
    try {
      const me = await server.request<{ login: string }>('GET', '/user', {
        basic: { username: 'cli-dash', password: '-Go6Lib_x1VT0_fnss' },
      });
      assert.equal(me.status, 200, me.text);
    } finally {
      await server.stop({ keepData: true });
    }
    const missing = await runCli(['admin', 'create-user', '--data', '--username', 'x']);
    assert.equal(missing.code, 2);
    assert.match(missing.stderr, /--data/);
  });

  test('missing flags exit 2 with the usage', async () => {
    const result = await runCli(['admin', 'create-user', '--username', 'x']);
    assert.equal(result.code, 2);
    assert.match(result.stderr, /missing required options --password, --email/);
    assert.match(result.stderr, /^Usage: teahouse admin create-user /m);
  });
});
