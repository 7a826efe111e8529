import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { repositoriesDir } from '../../src/server/config';
import { makeTempDir } from '../helpers/gitFixtures';
import { mustGit, remoteUrl } from '../helpers/gitRemote';
import { runCli, startServer, type TestResponse, type TestServer, type TestUser } from '../server/harness';
import { printFigure } from './profile';
import { fillDisk, makeReadOnly, mountSmallDisk, remount, type SmallDisk } from './faultsDiskSimulation';
import { bareRepositories, fsckFailures, gitAsync, integrityCheck } from './serverProbe';

/**
 * A full disk and a read-only data folder. The behaviour (README, "Reliability"): a write that cannot be
 * stored answers 507 (disk full) or 503 (read-only) with a Gitea-shaped JSON message and changes nothing;
 * reads keep working; the server stays up and works again once space is freed; a server asked to start
 * on a read-only data folder refuses with a one-line message naming it. Never corruption.
 */

interface ErrorJson {
  message: string;
  url: string;
}

let scratch: string;

before(() => {
  scratch = makeTempDir('teahouse-disk-');
});

after(() => {
  rmSync(scratch, { recursive: true, force: true });
});

function assertClearError(res: TestResponse<ErrorJson>, status: number, pattern: RegExp): void {
  assert.equal(res.status, status, res.text);
  assert.match(res.json.message, pattern);
  assert.ok(res.json.url, 'Gitea-shaped error');
}

async function prepare(server: TestServer, name: string): Promise<{ owner: TestUser; repo: string }> {
  const owner = await server.createUser(name);
  const created = await server.request<{ full_name: string }>('POST', '/user/repos', {
    token: owner.token,
    body: { name: 'kept', auto_init: true },
  });
  assert.equal(created.status, 201, created.text);
  return { owner, repo: created.json.full_name };
}

/** A clone with one more commit (a file of `bytes` random bytes), ready to push. */
function cloneWithCommit(
  server: TestServer,
  owner: TestUser,
  repo: string,
  dir: string,
  bytes: number,
): void {
  mustGit(scratch, [
    'clone',
    '--quiet',
    remoteUrl(server.url, repo, { username: owner.user.login, secret: owner.token }),
    dir,
  ]);
  writeFileSync(path.join(dir, 'big.bin'), randomBytes(bytes));
  mustGit(dir, ['add', 'big.bin']);
  mustGit(dir, ['commit', '--quiet', '--no-gpg-sign', '-m', 'big file']);
}

describe('a full disk', () => {
  let disk: SmallDisk | undefined;
  let server: TestServer | undefined;

  after(async () => {
    await server?.stop({ keepData: true });
    disk?.release();
  });

  test('writes answer 507 with a message, reads keep working, and after space is freed all works with no corruption', async (t) => {
    const mounted = mountSmallDisk(48);
    if ('unavailable' in mounted) {
      printFigure('full disk', `skipped: ${mounted.unavailable}`);
      t.skip(mounted.unavailable);
      return;
    }
    disk = mounted;
    printFigure('full disk', 'simulated with a 48 MiB tmpfs filled to the last byte');
    const live = await startServer({ dataDir: path.join(disk.dir, 'data') });
    server = live;
    const { owner, repo } = await prepare(live, 'full-owner');
    const issue = await live.request<{ number: number }>('POST', `/repos/${repo}/issues`, {
      token: owner.token,
      body: { title: 'before the disk filled up' },
    });
    assert.equal(issue.status, 201);
    const clone = path.join(scratch, 'full-clone');
    cloneWithCommit(live, owner, repo, clone, 2 << 20);

    const filler = fillDisk(disk.dir);
    // Large comments: the database must grow to store them, so some are refused.
    const saved: number[] = [];
    let refused = 0;
    for (let i = 0; i < 12; i++) {
      const res = await live.request<{ id: number } & ErrorJson>(
        'POST',
        `/repos/${repo}/issues/${issue.json.number}/comments`,
        {
          token: owner.token,
          body: { body: `${i} ${'x'.repeat(256 << 10)}` },
        },
      );
      if (res.status === 201) saved.push(res.json.id);
      else {
        assertClearError(res, 507, /disk space/);
        refused++;
      }
    }
    assert.ok(refused > 0, 'a full disk refused at least one write');
    const newRepo = await live.request<ErrorJson>('POST', '/user/repos', {
      token: owner.token,
      body: { name: 'no-room', auto_init: true },
    });
    assertClearError(newRepo, 507, /disk space/);
    const pushed = await gitAsync(clone, ['push', 'origin', 'HEAD:main']);
    assert.notEqual(pushed.code, 0, 'a push that cannot be stored fails');

    // Reads are served meanwhile.
    const read = await live.request('GET', `/repos/${repo}/issues/${issue.json.number}`, {
      token: owner.token,
    });
    assert.equal(read.status, 200, read.text);
    const raw = await live.request<string>('GET', `/repos/${repo}/raw/README.md`, { token: owner.token });
    assert.equal(raw.status, 200, raw.text);

    filler.free();
    // The refused repository left nothing half-made behind: its name is free again.
    assert.equal(
      (await live.request('GET', `/repos/${owner.user.login}/no-room`, { token: owner.token })).status,
      404,
    );
    const again = await live.request('POST', '/user/repos', {
      token: owner.token,
      body: { name: 'no-room', auto_init: true },
    });
    assert.equal(again.status, 201, again.text);
    const comment = await live.request('POST', `/repos/${repo}/issues/${issue.json.number}/comments`, {
      token: owner.token,
      body: { body: 'room again' },
    });
    assert.equal(comment.status, 201, comment.text);
    assert.equal((await gitAsync(clone, ['push', 'origin', 'HEAD:main'])).code, 0);
    for (const id of saved) {
      const kept = await live.request('GET', `/repos/${repo}/issues/comments/${id}`, {
        token: owner.token,
      });
      assert.equal(kept.status, 200, `comment ${id} answered 201 while the disk was full`);
    }
    printFigure(
      'full disk',
      `${filler.bytes} filler bytes; ${refused} of 12 large comments refused with 507, ${saved.length} stored`,
    );

    const dataDir = live.dataDir;
    await live.stop({ keepData: true });
    server = undefined;
    assert.equal(integrityCheck(dataDir), 'ok');
    assert.deepEqual(await fsckFailures(bareRepositories(dataDir)), []);
  });
});

describe('a read-only data folder', () => {
  test('a server started on it refuses with a one-line message naming the folder', async () => {
    const first = await startServer();
    const dataDir = first.dataDir;
    await first.stop({ keepData: true });
    let how: string;
    let undo: () => void;
    let disk: SmallDisk | undefined;
    const mounted = mountSmallDisk(16);
    if ('unavailable' in mounted) {
      ({ how, undo } = makeReadOnly(dataDir));
    } else {
      // A read-only mount: what root meets on a read-only volume (file modes would not stop root).
      disk = mounted;
      rmSync(path.join(disk.dir, 'data'), { recursive: true, force: true });
      mkdirSync(path.join(disk.dir, 'data'));
      await runCli([
        'admin',
        'create-user',
        '--data',
        path.join(disk.dir, 'data'),
        '--username',
        'ro',
        '--password',
        'pw-ro-123456',
        '--email',
        'ro@example.com',
      ]);
      remount(disk.dir, 'ro');
      how = 'tmpfs remounted read-only';
      undo = () => remount(disk!.dir, 'rw');
    }
    const folder = disk ? path.join(disk.dir, 'data') : dataDir;
    try {
      const started = await runCli(['serve', '--data', folder, '--host', '127.0.0.1', '--port', '0']);
      assert.equal(started.code, 1, started.stdout + started.stderr);
      assert.match(started.stderr, /^teahouse: cannot use the data folder .+: /m);
      assert.ok(started.stderr.includes(folder), started.stderr);
      assert.doesNotMatch(started.stderr, /\n\s+at /, 'no stack trace');
      printFigure('read-only data folder at start', `${how}: "${started.stderr.trim()}"`);
    } finally {
      undo();
      disk?.release();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  test('repositories made read-only under the running server: git writes answer 503, the rest keeps serving', async () => {
    const server = await startServer();
    try {
      const { owner, repo } = await prepare(server, 'ro-owner');
      const clone = path.join(scratch, 'ro-clone');
      cloneWithCommit(server, owner, repo, clone, 1024);
      const readOnly = makeReadOnly(repositoriesDir(server.dataDir));
      printFigure('read-only repositories while running', readOnly.how);
      try {
        const created = await server.request<ErrorJson>('POST', '/user/repos', {
          token: owner.token,
          body: { name: 'cannot', auto_init: true },
        });
        assertClearError(created, 503, /read-only/);
        const pushed = await gitAsync(clone, ['push', 'origin', 'HEAD:main']);
        assert.notEqual(pushed.code, 0, 'the push is refused');
        const raw = await server.request('GET', `/repos/${repo}/raw/README.md`, { token: owner.token });
        assert.equal(raw.status, 200, raw.text);
        const issue = await server.request('POST', `/repos/${repo}/issues`, {
          token: owner.token,
          body: { title: 'db is fine' },
        });
        assert.equal(issue.status, 201, issue.text);
      } finally {
        readOnly.undo();
      }
      assert.equal(
        (await server.request('GET', `/repos/${owner.user.login}/cannot`, { token: owner.token })).status,
        404,
      );
      assert.equal((await gitAsync(clone, ['push', 'origin', 'HEAD:main'])).code, 0);
      assert.deepEqual(await fsckFailures(bareRepositories(server.dataDir)), []);
    } finally {
      await server.stop();
    }
  });
});
