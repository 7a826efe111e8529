import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { GitWorkspace, makeTempDir } from '../helpers/gitFixtures';
import { mustGit, remoteUrl, tryGit } from '../helpers/gitRemote';
import { databaseFile, defaultConfig } from '../../src/server/config';
import { createAppServices } from '../../src/server/services/appServices';
import { createLogger } from '../../src/server/log';
import { EventBus, type RepositoryEvent } from '../../src/server/services/events';
import { migrateRepository } from '../../src/server/services/migrations';
import { addressPolicyFor, startMirrorScheduler } from '../../src/server/services/mirrors';
import { createUser } from '../../src/server/services/users';
import { Database } from '../../src/server/store/database';
import { migrate } from '../../src/server/store/migrations';
import { findMirror } from '../../src/server/store/mirrors';
import { startServer, type TestServer, type TestUser } from './harness';

interface RepoJson {
  full_name: string;
  mirror: boolean;
  mirror_updated: string;
  message: string;
}

describe('mirror-sync over the API', () => {
  let server: TestServer;
  let scratch: string;
  let owner: TestUser;
  let work: string;
  const mirrorName = 'mirror-owner/upstream-mirror';

  before(async () => {
    server = await startServer();
    scratch = makeTempDir('teahouse-mirrors-');
    owner = await server.createUser('mirror-owner');
    const created = await server.request('POST', '/user/repos', {
      token: owner.token,
      body: { name: 'upstream', auto_init: true },
    });
    assert.equal(created.status, 201);
    work = path.join(scratch, 'work');
    mustGit(scratch, [
      'clone',
      '--quiet',
      remoteUrl(server.url, 'mirror-owner/upstream', { username: 'mirror-owner', secret: owner.token }),
      work,
    ]);
    mustGit(work, ['push', '--quiet', 'origin', 'HEAD:refs/heads/doomed']);
    const mirror = await server.request<RepoJson>('POST', '/repos/migrate', {
      token: owner.token,
      body: {
        clone_addr: `${server.url}mirror-owner/upstream.git`,
        repo_name: 'upstream-mirror',
        mirror: true,
      },
    });
    assert.equal(mirror.status, 201, mirror.text);
  });

  after(async () => {
    await server.stop();
    rmSync(scratch, { recursive: true, force: true });
  });

  const mirrorRefs = (): string => mustGit(scratch, ['ls-remote', remoteUrl(server.url, mirrorName)]);

  test('mirror-sync fetches new commits and prunes deleted branches (200)', async () => {
    mustGit(work, ['commit', '--quiet', '--allow-empty', '--no-gpg-sign', '-m', 'after the mirror was made']);
    const head = mustGit(work, ['rev-parse', 'HEAD']).trim();
    mustGit(work, ['push', '--quiet', 'origin', 'HEAD:main', ':doomed']);
    assert.doesNotMatch(mirrorRefs(), new RegExp(head));
    assert.match(mirrorRefs(), /refs\/heads\/doomed/);
    const before = await server.request<RepoJson>('GET', `/repos/${mirrorName}`);
    const res = await server.request('POST', `/repos/${mirrorName}/mirror-sync`, { token: owner.token });
    assert.equal(res.status, 200);
    assert.equal(res.text, '');
    assert.match(mirrorRefs(), new RegExp(`${head}\\s+refs/heads/main`));
    assert.doesNotMatch(mirrorRefs(), /refs\/heads\/doomed/);
    const afterSync = await server.request<RepoJson>('GET', `/repos/${mirrorName}`);
    assert.equal(afterSync.json.mirror, true);
    assert.ok(afterSync.json.mirror_updated >= before.json.mirror_updated);
    assert.notEqual(afterSync.json.mirror_updated, '0001-01-01T00:00:00Z');
  });

  test('a repository that is not a mirror answers 400', async () => {
    const res = await server.request<RepoJson>('POST', '/repos/mirror-owner/upstream/mirror-sync', {
      token: owner.token,
    });
    assert.equal(res.status, 400);
    assert.equal(res.json.message, 'Repository is not a mirror');
  });

  test('mirror-sync needs a signed-in user with write access: 401, 404, 403', async () => {
    assert.equal((await server.request('POST', `/repos/${mirrorName}/mirror-sync`)).status, 401);
    const reader = await server.createUser('mirror-reader');
    assert.equal(
      (await server.request('POST', `/repos/${mirrorName}/mirror-sync`, { token: reader.token })).status,
      403,
    );
    assert.equal(
      (await server.request('POST', '/repos/mirror-owner/nothing/mirror-sync', { token: owner.token }))
        .status,
      404,
    );
  });

  test('a mirror is read-only for pushes (403)', () => {
    const dir = path.join(scratch, 'mirror-clone');
    mustGit(scratch, [
      'clone',
      '--quiet',
      remoteUrl(server.url, mirrorName, { username: 'mirror-owner', secret: owner.token }),
      dir,
    ]);
    mustGit(dir, ['commit', '--quiet', '--allow-empty', '--no-gpg-sign', '-m', 'not welcome']);
    const outcome = tryGit(dir, ['push', 'origin', 'HEAD:refs/heads/nope']);
    assert.notEqual(outcome.code, 0);
    assert.match(outcome.stderr, /403/);
  });

  test('the search mode filter finds mirrors', async () => {
    const mirrors = await server.request<{ data: RepoJson[] }>('GET', '/repos/search?q=upstream&mode=mirror');
    assert.deepEqual(
      mirrors.json.data.map((r) => r.full_name),
      [mirrorName],
    );
    const sources = await server.request<{ data: RepoJson[] }>('GET', '/repos/search?q=upstream&mode=source');
    assert.deepEqual(
      sources.json.data.map((r) => r.full_name),
      ['mirror-owner/upstream'],
    );
  });
});

describe('the background mirror sync', () => {
  test('a mirror whose time has come is fetched, its commits become a push event, and the next sync is scheduled', async () => {
    const dataDir = makeTempDir('teahouse-mirror-bg-');
    const db = new Database(databaseFile(dataDir));
    migrate(db);
    const stops: (() => void | Promise<void>)[] = [];
    const events: RepositoryEvent[] = [];
    const bus = new EventBus((error) => {
      throw error;
    });
    // a payload is read while its listener runs, as the webhook service does: kept as it was then
    bus.subscribe((event) => events.push(JSON.parse(JSON.stringify(event)) as RepositoryEvent));
    const app = createAppServices({
      db,
      log: createLogger('info', () => undefined),
      config: { ...defaultConfig({ dataDir }), rootUrl: 'http://127.0.0.1:3000/' },
      onStop: (cleanup) => stops.push(cleanup),
      events: bus,
    });
    const source = GitWorkspace.init();
    try {
      source.write('a.txt', 'a\n').commit('first');
      const admin = createUser(db, {
        username: 'bg-admin',
        email: 'bg@example.com',
        password: 'pw-bg-admin-1',
        isAdmin: true,
      });
      const repo = await migrateRepository(
        {
          db,
          dataDir,
          noreplyHost: '127.0.0.1',
          rootUrl: app.config.rootUrl,
          events: bus,
          policy: addressPolicyFor(app),
          defaultMirrorInterval: 600,
          minMirrorInterval: 600,
        },
        admin,
        admin,
        {
          cloneAddr: source.dir,
          authUsername: '',
          authPassword: '',
          authToken: '',
          repoName: 'bg',
          description: '',
          isPrivate: false,
          mirror: true,
        },
      );
      const scheduler = startMirrorScheduler(app, { tickMs: 3_600_000 });
      const newer = source.write('b.txt', 'b\n').commit('second');

      await scheduler.runDue();
      assert.equal(events.filter((e) => e.event === 'push').length, 0, 'not due yet: nothing fetched');

      db.run('UPDATE mirror SET next_update = 0 WHERE repo_id = ?', repo.id);
      await scheduler.runDue();
      const pushes = events.filter((e) => e.event === 'push');
      assert.equal(pushes.length, 1);
      assert.equal(pushes[0]!.payload['after'], newer);
      const mirror = findMirror(db, repo.id)!;
      assert.equal(mirror.last_error, '');
      assert.ok(mirror.next_update >= mirror.updated + 600);
    } finally {
      for (const stop of stops.reverse()) await stop();
      db.close();
      source.dispose();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
