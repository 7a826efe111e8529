import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { giteaApi } from 'gitea-js';
import { databaseFile } from '../../src/server/config';
import { Database } from '../../src/server/store/database';
import { makeTempDir } from '../helpers/gitFixtures';
import { mustGit, remoteUrl } from '../helpers/gitRemote';
import { startServer, type TestServer, type TestUser } from './harness';

interface CronJson {
  name: string;
  schedule: string;
  next: string;
  prev: string;
  exec_times: number;
}

const zeroTime = '0001-01-01T00:00:00Z';

describe('admin cron', () => {
  let server: TestServer;
  let scratch: string;
  let workspace: string;
  let owner: TestUser;

  before(async () => {
    scratch = makeTempDir('teahouse-cron-');
    workspace = makeTempDir('teahouse-cron-ws-');
    server = await startServer({ args: ['--workspace', workspace, '--allowed-hosts', '127.0.0.1'] });
    owner = await server.createUser('cron-owner');
  });

  after(async () => {
    await server.stop();
    rmSync(scratch, { recursive: true, force: true });
    rmSync(workspace, { recursive: true, force: true });
  });

  const list = async (query = ''): Promise<{ tasks: CronJson[]; total: string | null }> => {
    const res = await server.request<CronJson[]>('GET', `/admin/cron${query}`, { token: server.admin.token });
    assert.equal(res.status, 200, res.text);
    return { tasks: res.json, total: res.headers.get('x-total-count') };
  };
  const task = async (name: string): Promise<CronJson> => {
    const found = (await list()).tasks.find((t) => t.name === name);
    assert.ok(found, `task ${name} is listed`);
    return found;
  };

  test('lists the server periodic tasks with their schedules as Gitea Cron objects', async () => {
    const { tasks, total } = await list();
    assert.deepEqual(
      tasks.map((t) => [t.name, t.schedule]),
      [
        ['cleanup_hook_task_table', '@every 24h'],
        ['update_mirrors', '@every 1m'],
        ['sync_workspace', '@every 15s'],
      ],
    );
    assert.equal(total, '3');
    const startedAt = Date.now();
    for (const t of tasks) {
      assert.deepEqual(Object.keys(t).sort(), ['exec_times', 'name', 'next', 'prev', 'schedule']);
      assert.match(t.next, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
      assert.ok(Date.parse(t.next) > startedAt - 1000, `${t.name} runs next in the future`);
    }
    const mirrors = tasks.find((t) => t.name === 'update_mirrors')!;
    assert.equal(mirrors.prev, zeroTime);
    assert.equal(mirrors.exec_times, 0);
    // the workspace is scanned once at start
    assert.ok(tasks.find((t) => t.name === 'sync_workspace')!.exec_times >= 1);
  });

  test('pages as Gitea (page, limit, X-Total-Count)', async () => {
    const { tasks, total } = await list('?page=2&limit=1');
    assert.deepEqual(
      tasks.map((t) => t.name),
      ['update_mirrors'],
    );
    assert.equal(total, '3');
  });

  test('only site admins: 401 anonymous, 403 a user; 404 for an unknown task', async () => {
    assert.equal((await server.request('GET', '/admin/cron')).status, 401);
    assert.equal((await server.request('GET', '/admin/cron', { token: owner.token })).status, 403);
    assert.equal(
      (await server.request('POST', '/admin/cron/update_mirrors', { token: owner.token })).status,
      403,
    );
    const unknown = await server.request('POST', '/admin/cron/no_such_task', { token: server.admin.token });
    assert.equal(unknown.status, 404);
  });

  test('running update_mirrors syncs the mirrors that are due, and counts the run', async () => {
    const created = await server.request('POST', '/user/repos', {
      token: owner.token,
      body: { name: 'upstream', auto_init: true },
    });
    assert.equal(created.status, 201, created.text);
    const mirror = await server.request<{ id: number }>('POST', '/repos/migrate', {
      token: owner.token,
      body: {
        clone_addr: `${server.url}cron-owner/upstream.git`,
        repo_name: 'upstream-mirror',
        mirror: true,
      },
    });
    assert.equal(mirror.status, 201, mirror.text);
    const work = path.join(scratch, 'work');
    mustGit(scratch, [
      'clone',
      '--quiet',
      remoteUrl(server.url, 'cron-owner/upstream', { username: 'cron-owner', secret: owner.token }),
      work,
    ]);
    mustGit(work, ['commit', '--quiet', '--allow-empty', '--no-gpg-sign', '-m', 'after the mirror was made']);
    const head = mustGit(work, ['rev-parse', 'HEAD']).trim();
    mustGit(work, ['push', '--quiet', 'origin', 'HEAD:main']);
    const mirrorHead = async (): Promise<string> => {
      const res = await server.request<{ commit: { id: string } }>(
        'GET',
        '/repos/cron-owner/upstream-mirror/branches/main',
        { token: owner.token },
      );
      return res.json.commit.id;
    };
    const before = await task('update_mirrors');

    // not due yet (its interval is hours): a run leaves it alone
    const notDue = await server.request('POST', '/admin/cron/update_mirrors', { token: server.admin.token });
    assert.equal(notDue.status, 204, notDue.text);
    assert.notEqual(await mirrorHead(), head);

    const db = new Database(databaseFile(server.dataDir));
    try {
      db.run('UPDATE mirror SET next_update = 0 WHERE repo_id = ?', mirror.json.id);
    } finally {
      db.close();
    }
    const due = await server.request('POST', '/admin/cron/update_mirrors', { token: server.admin.token });
    assert.equal(due.status, 204, due.text);
    assert.equal(await mirrorHead(), head);

    const afterRuns = await task('update_mirrors');
    assert.equal(afterRuns.exec_times, before.exec_times + 2);
    assert.notEqual(afterRuns.prev, zeroTime);
    assert.ok(Date.parse(afterRuns.prev) >= Date.parse(before.prev));
  });

  test('running cleanup_hook_task_table removes deliveries finished more than 7 days ago', async () => {
    const created = await server.request('POST', '/user/repos', {
      token: owner.token,
      body: { name: 'hooked', auto_init: true },
    });
    assert.equal(created.status, 201, created.text);
    const hook = await server.request<{ id: number }>('POST', '/repos/cron-owner/hooked/hooks', {
      token: owner.token,
      body: {
        type: 'gitea',
        config: { url: 'http://127.0.0.1:9/cron', content_type: 'json' },
        active: false,
      },
    });
    assert.equal(hook.status, 200, hook.text); // Gitea 1.14.1's AddRepoHook answers 200
    const now = Math.floor(Date.now() / 1000);
    const day = 24 * 3600;
    const rows: [string, string, number][] = [
      ['delivered', 'old-delivered', now - 8 * day],
      ['failed', 'old-failed', now - 8 * day],
      ['delivered', 'recent-delivered', now - 6 * day],
      // never sent: not finished, whatever its age
      ['pending', 'old-pending', 0],
    ];
    const db = new Database(databaseFile(server.dataDir));
    try {
      for (const [state, event, delivered] of rows) {
        db.run(
          `INSERT INTO hook_delivery (hook_id, uuid, event_type, payload, state, attempts, next_attempt_at, created, delivered)
           VALUES (?, ?, ?, '{}', ?, 1, ?, ?, ?)`,
          hook.json.id,
          randomUUID(),
          event,
          state,
          // a pending row due far in the future, so the worker leaves it alone
          state === 'pending' ? Date.now() + 3_600_000 : 0,
          now - 10 * day,
          delivered,
        );
      }
    } finally {
      db.close();
    }
    const remaining = async (): Promise<string[]> => {
      const res = await server.request<{ event_type: string }[]>(
        'GET',
        `/repos/cron-owner/hooked/hooks/${hook.json.id}/deliveries`,
        { token: owner.token },
      );
      assert.equal(res.status, 200, res.text);
      return res.json.map((d) => d.event_type).sort();
    };
    assert.equal((await remaining()).length, 4);
    const run = await server.request('POST', '/admin/cron/cleanup_hook_task_table', {
      token: server.admin.token,
    });
    assert.equal(run.status, 204, run.text);
    assert.deepEqual(await remaining(), ['old-pending', 'recent-delivered']);
  });

  test('gitea-js lists and runs cron tasks', async () => {
    const api = giteaApi(server.url.replace(/\/$/, ''), { token: server.admin.token });
    const listed = await api.admin.adminCronList();
    assert.ok(listed.data.some((t) => t.name === 'sync_workspace' && t.schedule === '@every 15s'));
    const before = listed.data.find((t) => t.name === 'sync_workspace')!.exec_times!;
    const run = await api.admin.adminCronRun('sync_workspace');
    assert.equal(run.status, 204);
    assert.ok((await task('sync_workspace')).exec_times > before);
  });
});
