import { spawn } from 'node:child_process';
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { readServerRuntime } from '../../src/api/localServer/runtimeFile';
import { intentsDir } from '../../src/server/config';
import { GitWorkspace, makeTempDir, workspaceRepository } from '../helpers/gitFixtures';
import { remoteUrl } from '../helpers/gitRemote';
import { runCli, startServer, type TestServer } from './harness';

const heldLine = (dataDir: string, server: TestServer): RegExp =>
  new RegExp(
    `^teahouse: the data folder ${dataDir.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} is held by the Teahouse server ` +
      `with pid ${server.process.pid} at ${server.url.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\n$`,
  );

describe('one data folder, one server', () => {
  let scratch: string;
  before(() => {
    scratch = makeTempDir('teahouse-lock-');
  });
  after(() => rmSync(scratch, { recursive: true, force: true }));

  test('a second serve on a held folder refuses in one line, and the first keeps serving its own repository without a flap', async () => {
    const dataDir = path.join(scratch, 'flap');
    const alpha = workspaceRepository(path.join(scratch, 'wa'), 'alpha');
    workspaceRepository(path.join(scratch, 'wb'), 'beta');
    const first = await startServer({ dataDir, args: ['--workspace', path.dirname(alpha)] });
    try {
      const runtime = readServerRuntime(dataDir);
      assert.equal(runtime?.pid, first.process.pid);
      assert.equal(runtime?.url, first.url);
      assert.equal(statSync(path.join(dataDir, 'server.json')).mode & 0o077, 0, 'only its OS user reads it');

      const second = await runCli([
        'serve',
        '--data',
        dataDir,
        '--port',
        '0',
        '--workspace',
        path.join(scratch, 'wb'),
      ]);
      assert.equal(second.code, 3);
      assert.equal(second.stdout, '');
      assert.match(second.stderr, heldLine(dataDir, first));

      // 15 s of probes: only alpha, always, and its file answers every time
      const deadline = Date.now() + 15_000;
      let probes = 0;
      while (Date.now() < deadline) {
        const found = await first.request<{ data: { full_name: string }[] }>('GET', '/repos/search?limit=50');
        assert.equal(found.status, 200);
        assert.deepEqual(
          found.json.data.map((repo) => repo.full_name),
          [`${first.admin.username}/alpha`],
        );
        const raw = await first.request('GET', `/repos/${first.admin.username}/alpha/raw/README.md`);
        assert.equal(raw.status, 200);
        assert.equal(raw.text, '# alpha\n');
        probes++;
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
      assert.ok(probes >= 20, `${probes} probes`);
      assert.doesNotMatch(first.output().stderr, /is gone|is back|hidden until/);
    } finally {
      await first.stop();
    }
    assert.equal(readServerRuntime(dataDir), undefined, 'a clean stop removes the runtime file');
  });

  test('SIGKILL the holder: the next serve takes the folder at once and finishes what it left', async () => {
    const dataDir = path.join(scratch, 'killed');
    const holder = await startServer({
      dataDir,
      env: { ...process.env, TEAHOUSE_CRASH_AT: 'push:after-ref-update' },
    });
    const created = await holder.request('POST', '/user/repos', {
      token: holder.admin.token,
      body: { name: 'notes', auto_init: true },
    });
    assert.equal(created.status, 201, created.text);
    const url = remoteUrl(holder.url, `${holder.admin.username}/notes`, {
      username: holder.admin.username,
      secret: holder.admin.token,
    });
    const work = GitWorkspace.clone(url);
    work.git('checkout', '--quiet', '-b', 'topic');
    work.write('topic.txt', 'pushed as the server died\n').commit('Topic');
    // the server kills itself after moving the reference, before recording the push
    const push = await new Promise<number | null>((resolve) => {
      const child = spawn('git', ['push', '--quiet', 'origin', 'topic'], { cwd: work.dir, stdio: 'ignore' });
      child.once('exit', resolve);
    });
    assert.notEqual(push, 0, 'the push was cut off');
    const killed = await holder.stop({ keepData: true });
    assert.equal(killed.signal, 'SIGKILL');
    assert.equal(readdirSync(intentsDir(dataDir)).length, 1, 'the push left its note');

    const started = Date.now();
    const next = await startServer({ dataDir, admin: holder.admin });
    try {
      assert.ok(Date.now() - started < 20_000, 'it did not wait for a lock');
      assert.match(next.output().stderr, /recovery: recorded 1 reference change\(s\) of .*\/notes/);
      assert.deepEqual(readdirSync(intentsDir(dataDir)), []);
      const branch = await next.request('GET', `/repos/${holder.admin.username}/notes/branches/topic`, {
        token: holder.admin.token,
      });
      assert.equal(branch.status, 200, branch.text);
      assert.equal(readServerRuntime(dataDir)?.pid, next.process.pid);
    } finally {
      await next.stop();
      rmSync(work.dir, { recursive: true, force: true });
    }
  });

  test("a second server never runs recovery on the holder's operations in flight", async () => {
    const dataDir = path.join(scratch, 'in-flight');
    const holder = await startServer({ dataDir });
    try {
      const created = await holder.request<{ id: number }>('POST', '/user/repos', {
        token: holder.admin.token,
        body: { name: 'busy', auto_init: true },
      });
      assert.equal(created.status, 201, created.text);
      // what a merge in flight looks like to another process: its note, written before the first step
      mkdirSync(intentsDir(dataDir), { recursive: true });
      const note = path.join(intentsDir(dataDir), '000000000000001-000000000-in-flight.json');
      const intent = { kind: 'refs', repoId: created.json.id, pusherId: 1, before: [] };
      writeFileSync(note, JSON.stringify(intent));
      const second = await runCli(['serve', '--data', dataDir, '--port', '0']);
      assert.equal(second.code, 3, second.stderr);
      assert.ok(existsSync(note), 'the note of the operation in flight is left to its server');
      assert.equal(readFileSync(note, 'utf8'), JSON.stringify(intent));
      assert.doesNotMatch(second.stderr + second.stdout, /recovery/);

      const doctor = await runCli(['doctor', '--data', dataDir]);
      assert.match(
        doctor.stdout,
        /^note: .*in-flight\.json: the write-ahead note of an operation in flight of the server with pid \d+/m,
      );
      rmSync(note);
    } finally {
      await holder.stop();
    }
  });

  test('restore and doctor --fix refuse a held folder; admin create-user and doctor work beside the server', async () => {
    const dataDir = path.join(scratch, 'beside');
    const server = await startServer({ dataDir });
    try {
      const fix = await runCli(['doctor', '--data', dataDir, '--fix']);
      assert.equal(fix.code, 3);
      assert.match(
        fix.stderr,
        /is held by the Teahouse server with pid \d+ at http:.*; stop it before 'doctor --fix'/,
      );

      const archive = path.join(scratch, 'beside.tar.gz');
      const dump = await runCli(['dump', '--data', dataDir, '--file', archive, '--quiet']);
      assert.equal(dump.code, 0, dump.stderr);
      const restore = await runCli(['restore', '--file', archive, '--data', dataDir, '--quiet']);
      assert.equal(restore.code, 3);
      assert.match(restore.stderr, /is held by the Teahouse server with pid \d+/);

      const check = await runCli(['doctor', '--data', dataDir]);
      assert.equal(check.code, 0, check.stdout + check.stderr);

      const admin = await runCli([
        'admin',
        'create-user',
        '--data',
        dataDir,
        '--username',
        'beside',
        '--password',
        'beside-password-1',
        '--email',
        'beside@example.com',
      ]);
      assert.equal(admin.code, 0, admin.stderr);
      const user = await server.request('GET', '/users/beside', { token: server.admin.token });
      assert.equal(user.status, 200);

      // a restore into an empty folder holds it while it fills it: a server cannot start there meanwhile
      const target = path.join(scratch, 'restored');
      const restored = await runCli(['restore', '--file', archive, '--data', target, '--quiet']);
      assert.equal(restored.code, 0, restored.stderr);
      assert.equal(readServerRuntime(target), undefined, 'the restore let the folder go');
    } finally {
      await server.stop();
    }
  });
});

test('the bundled CLI on a Node.js without node:sqlite says so in one line', async () => {
  // the machine's own Node (20 on a fresh machine) runs the CLI's entry the way the bundle starts
  const { execFileSync, spawnSync } = await import('node:child_process');
  const candidates = (process.env['PATH'] ?? '')
    .split(path.delimiter)
    .map((dir) => path.join(dir, 'node'))
    .filter((file) => existsSync(file) && !file.includes('node_modules'));
  const old = candidates.find((file) => {
    const version = execFileSync(file, ['--version'], { encoding: 'utf8' }).trim();
    return Number(/^v(\d+)/.exec(version)?.[1]) < 22;
  });
  if (!old) return; // no Node older than 22 here: nothing to run it on
  const bundle = path.join(makeTempDir('teahouse-bundle-'), 'cli.js');
  const esbuild = await import('esbuild');
  await esbuild.build({
    entryPoints: [path.join(__dirname, '..', '..', 'src', 'server', 'main.ts')],
    outfile: bundle,
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    logLevel: 'silent',
  });
  try {
    const run = spawnSync(old, [bundle, 'serve', '--data', path.join(path.dirname(bundle), 'data')], {
      encoding: 'utf8',
    });
    assert.equal(run.status, 4);
    assert.equal(run.stdout, '');
    assert.match(
      run.stderr,
      /^teahouse: Teahouse needs Node\.js 22\.13 or later with node:sqlite; this is Node\.js 20\.\d+\.\d+ at \S+\n$/,
    );
    assert.equal(existsSync(path.join(path.dirname(bundle), 'data')), false, 'nothing was touched');
  } finally {
    rmSync(path.dirname(bundle), { recursive: true, force: true });
  }
});
