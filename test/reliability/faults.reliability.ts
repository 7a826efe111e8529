import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { databaseFile } from '../../src/server/config';
import { Database } from '../../src/server/store/database';
import { makeTempDir } from '../helpers/gitFixtures';
import { mustGit, remoteUrl } from '../helpers/gitRemote';
import { payloadOf, startHookReceiver, type HookReceiver, type ReceivedHook } from '../helpers/hookReceiver';
import { startServer, waitFor, type TestServer, type TestUser } from '../server/harness';
import { startBurst } from './faultBurst';
import { printFigure } from './profile';
import { bareRepositories, fsckFailures, gitAsync, integrityCheck } from './serverProbe';

/**
 * Faults the server must survive: a SIGKILL in the middle of writes, git missing, a workspace repository
 * deleted under it, a webhook receiver that hangs. Each degrades to a clear error; the rest keeps serving.
 */

let scratch: string;

before(() => {
  scratch = makeTempDir('teahouse-faults-');
});

after(() => {
  rmSync(scratch, { recursive: true, force: true });
});

async function createRepository(server: TestServer, user: TestUser, name: string): Promise<string> {
  const res = await server.request<{ full_name: string }>('POST', '/user/repos', {
    token: user.token,
    body: { name, auto_init: true },
  });
  assert.equal(res.status, 201, res.text);
  return res.json.full_name;
}

async function addHook(server: TestServer, token: string, repo: string, url: string): Promise<void> {
  const res = await server.request('POST', `/repos/${repo}/hooks`, {
    token,
    body: {
      type: 'gitea',
      config: { url, content_type: 'json' },
      events: ['issues', 'issue_comment', 'push'],
      active: true,
    },
  });
  assert.equal(res.status, 200, res.text);
}

const eventOf = (hook: ReceivedHook): string => String(hook.headers['x-gitea-event'] ?? '');

describe('SIGKILL in the middle of a burst of concurrent writes', () => {
  let server: TestServer;
  let receiver: HookReceiver;

  after(async () => {
    await server.stop();
    rmSync(server.dataDir, { recursive: true, force: true });
    await receiver.close();
  });

  test('every write answered 2xx survives, the database and repositories are intact, queued webhooks go out', async () => {
    // The receiver hangs from the start: every delivery is queued or in flight when the server dies.
    receiver = await startHookReceiver();
    receiver.hang(true);
    const args = ['--webhook-timeout', '60s', '--webhook-retry-base', '100ms'];
    server = await startServer({ args });
    const owner = await server.createUser('crash-owner');
    const repo = await createRepository(server, owner, 'crash');
    await addHook(server, owner.token, repo, `${receiver.url}/crash`);
    const labelIds: number[] = [];
    for (const name of ['bug', 'feature', 'docs']) {
      const label = await server.request<{ id: number }>('POST', `/repos/${repo}/labels`, {
        token: owner.token,
        body: { name, color: '#336699' },
      });
      labelIds.push(label.json.id);
    }
    const commented = await server.request<{ number: number }>('POST', `/repos/${repo}/issues`, {
      token: owner.token,
      body: { title: 'the commented issue' },
    });
    const clone = path.join(scratch, 'crash-clone');
    mustGit(scratch, [
      'clone',
      '--quiet',
      remoteUrl(server.url, repo, { username: owner.user.login, secret: owner.token }),
      clone,
    ]);

    const burst = startBurst({
      server,
      repo,
      token: owner.token,
      clone,
      commentedIssue: commented.json.number,
      labelIds,
    });
    await waitFor(() => burst.successes() >= 150 && burst.record.pushes.length >= 2, 60_000, 'the burst');
    server.signal('SIGKILL');
    await burst.stop();
    const killed = await server.stop({ keepData: true });
    assert.equal(killed.signal, 'SIGKILL');
    const { record } = burst;
    assert.deepEqual(record.unexpected, []);

    // Dead server: its files as the crash left them.
    assert.equal(integrityCheck(server.dataDir), 'ok');
    assert.deepEqual(await fsckFailures(bareRepositories(server.dataDir)), []);
    const queued = (() => {
      const db = new Database(databaseFile(server.dataDir));
      try {
        return db.get<{ n: number }>(
          `SELECT count(*) AS n FROM hook_delivery WHERE state IN ('pending', 'sending')`,
        )!.n;
      } finally {
        db.close();
      }
    })();
    printFigure(
      'SIGKILL burst',
      `${record.issues.length} issues, ${record.comments.length} comments, ${record.labelled.length} label additions, ` +
        `${record.pushes.length} pushes answered 2xx; ${record.interrupted} cut off; ${queued} webhook deliveries queued`,
    );

    receiver.hang(false);
    server = await startServer({ dataDir: server.dataDir, admin: server.admin, args });
    const get = <T>(apiPath: string): Promise<{ status: number; json: T; text: string }> =>
      server.request<T>('GET', apiPath, { token: owner.token });
    for (const issue of record.issues) {
      const read = await get<{ title: string; labels: { id: number }[] }>(
        `/repos/${repo}/issues/${issue.number}`,
      );
      assert.equal(read.status, 200, `issue #${issue.number}: ${read.text}`);
      assert.equal(read.json.title, issue.title);
    }
    for (const { issue, label } of record.labelled) {
      const read = await get<{ id: number }[]>(`/repos/${repo}/issues/${issue}/labels`);
      assert.ok(
        read.json.some((found) => found.id === label),
        `label ${label} of #${issue}`,
      );
    }
    for (const comment of record.comments) {
      const read = await get<{ body: string }>(`/repos/${repo}/issues/comments/${comment.id}`);
      assert.equal(read.status, 200, `comment ${comment.id}: ${read.text}`);
      assert.equal(read.json.body, comment.body);
    }
    for (const push of record.pushes) {
      const read = await get<{ commit: { id: string } }>(`/repos/${repo}/branches/${push.branch}`);
      assert.equal(read.status, 200, `branch ${push.branch}: ${read.text}`);
      assert.equal(read.json.commit.id, push.sha);
    }

    // Each answered write's webhook, queued before the kill, arrives after the restart.
    // What each delivered request was about, read once per request (keys like "issues #3"); a request's
    // status is final once it is listed (the held ones from before the kill stay 0).
    const seen = new Set<string>();
    let read = 0;
    const deliveredKeys = (): Set<string> => {
      for (; read < receiver.received.length; read++) {
        const hook = receiver.received[read]!;
        if (hook.status !== 200) continue;
        const payload = payloadOf<{ issue?: { number: number }; comment?: { id: number }; ref?: string }>(
          hook,
        );
        const event = eventOf(hook);
        if (event === 'issues') seen.add(`issues #${payload.issue?.number}`);
        if (event === 'issue_comment') seen.add(`comment ${payload.comment?.id}`);
        if (event === 'push') seen.add(`push ${payload.ref}`);
      }
      return seen;
    };
    const expected = [
      ...record.issues.map((issue) => `issues #${issue.number}`),
      ...record.comments.map((comment) => `comment ${comment.id}`),
      ...record.pushes.map((push) => `push refs/heads/${push.branch}`),
    ];
    const restarted = Date.now();
    await waitFor(
      () => {
        const keys = deliveredKeys();
        return expected.every((key) => keys.has(key));
      },
      60_000,
      'the deliveries queued before the kill',
    ).catch((error: unknown) => {
      const keys = deliveredKeys();
      throw new Error(`${String(error)}; missing: ${expected.filter((key) => !keys.has(key)).join(', ')}`);
    });
    const delivered = (): ReceivedHook[] => receiver.received.filter((hook) => hook.status === 200);
    printFigure(
      'SIGKILL burst',
      `after restart: every write found; ${delivered().length} webhook deliveries received in ${((Date.now() - restarted) / 1000).toFixed(1)} s`,
    );
  });
});

describe('git missing from the server', () => {
  let server: TestServer;
  let owner: TestUser;
  let repo: string;

  before(async () => {
    // Set up with git, then restart the same data folder with a PATH where git cannot be found.
    const first = await startServer();
    owner = await first.createUser('nogit-owner');
    repo = await createRepository(first, owner, 'before');
    await first.stop({ keepData: true });
    server = await startServer({
      dataDir: first.dataDir,
      admin: first.admin,
      env: { ...process.env, PATH: path.join(scratch, 'no-git-here') },
    });
  });

  after(async () => {
    await server.stop();
    rmSync(server.dataDir, { recursive: true, force: true });
  });

  test('git reads and writes answer a clear JSON error; issues, users and repository metadata keep working', async () => {
    const raw = await server.request<{ message: string; url: string }>(
      'GET',
      `/repos/${repo}/raw/README.md`,
      {
        token: owner.token,
      },
    );
    assert.equal(raw.status, 503, raw.text);
    assert.match(raw.json.message, /git/i);
    assert.ok(raw.json.url);
    const created = await server.request<{ message: string }>('POST', '/user/repos', {
      token: owner.token,
      body: { name: 'needs-git', auto_init: true },
    });
    assert.equal(created.status, 503, created.text);
    assert.match(created.json.message, /git/i);

    const issue = await server.request<{ number: number }>('POST', `/repos/${repo}/issues`, {
      token: owner.token,
      body: { title: 'still works' },
    });
    assert.equal(issue.status, 201, issue.text);
    const listed = await server.request<unknown[]>('GET', `/repos/${repo}/issues`, { token: owner.token });
    assert.equal(listed.status, 200);
    assert.equal((await server.request('GET', `/repos/${repo}`, { token: owner.token })).status, 200);
    assert.equal((await server.request('GET', '/user', { token: owner.token })).status, 200);
  });

  test('a clone over smart HTTP answers 503 with a message, and the server stays up', async () => {
    const cloned = await gitAsync(scratch, [
      'clone',
      '--quiet',
      remoteUrl(server.url, repo, { username: owner.user.login, secret: owner.token }),
      path.join(scratch, 'nogit-clone'),
    ]);
    assert.notEqual(cloned.code, 0);
    assert.match(cloned.stderr, /503|git/i);
    assert.equal((await server.request('GET', '/version')).status, 200);
  });
});

describe('a workspace repository deleted under the running server', () => {
  let server: TestServer;
  let workspace: string;

  before(async () => {
    workspace = path.join(scratch, 'workspace');
    for (const name of ['doomed', 'survivor']) {
      const dir = path.join(workspace, name);
      mkdirSync(dir, { recursive: true });
      mustGit(dir, ['init', '--quiet', '--initial-branch=main']);
      writeFileSync(path.join(dir, 'README.md'), `# ${name}\n`);
      mustGit(dir, ['add', '--all']);
      mustGit(dir, ['commit', '--quiet', '--no-gpg-sign', '-m', 'first']);
    }
    server = await startServer({ args: ['--workspace', workspace] });
  });

  after(async () => {
    await server.stop();
  });

  test('its git reads answer 404 JSON at once, the other repository and the API keep serving', async () => {
    const owner = server.admin.username;
    const token = server.admin.token;
    // Warm the cat-file readers of both, so a reader of the deleted folder is alive when it goes.
    for (const name of ['doomed', 'survivor']) {
      const raw = await server.request('GET', `/repos/${owner}/${name}/raw/README.md`, { token });
      assert.equal(raw.status, 200, raw.text);
    }
    rmSync(path.join(workspace, 'doomed'), { recursive: true, force: true });

    for (const apiPath of ['raw/README.md', 'branches', 'commits', 'contents']) {
      const res = await server.request<{ message: string; url: string }>(
        'GET',
        `/repos/${owner}/doomed/${apiPath}`,
        { token },
      );
      assert.ok(res.status === 404 || res.status === 410, `${apiPath}: ${res.status} ${res.text}`);
      assert.ok(res.json.message, apiPath);
    }
    const cloned = await gitAsync(scratch, [
      'clone',
      '--quiet',
      `${server.url}${owner}/doomed.git`,
      path.join(scratch, 'doomed-clone'),
    ]);
    assert.notEqual(cloned.code, 0);

    const other = await server.request<string>('GET', `/repos/${owner}/survivor/raw/README.md`, { token });
    assert.equal(other.status, 200);
    assert.equal(other.text, '# survivor\n');
    const issue = await server.request('POST', `/repos/${owner}/survivor/issues`, {
      token,
      body: { title: 'ok' },
    });
    assert.equal(issue.status, 201, issue.text);
  });
});

describe('a webhook receiver that hangs', () => {
  let server: TestServer;
  let hanging: HookReceiver;
  let healthy: HookReceiver;

  before(async () => {
    hanging = await startHookReceiver();
    healthy = await startHookReceiver();
    // A long timeout: the hanging receiver holds its requests for the whole test.
    server = await startServer({ args: ['--webhook-timeout', '120s'] });
  });

  after(async () => {
    await server.stop();
    await hanging.close();
    await healthy.close();
  });

  test('holds at most its own deliveries: other hooks still get theirs while it hangs', async () => {
    const owner = await server.createUser('hang-owner');
    const stuck = await createRepository(server, owner, 'stuck');
    const fine = await createRepository(server, owner, 'fine');
    await addHook(server, owner.token, stuck, `${hanging.url}/stuck`);
    await addHook(server, owner.token, fine, `${healthy.url}/fine`);
    hanging.hang(true);
    // More deliveries to the hanging receiver than the worker sends at once.
    for (let i = 0; i < 12; i++) {
      const res = await server.request('POST', `/repos/${stuck}/issues`, {
        token: owner.token,
        body: { title: `s${i}` },
      });
      assert.equal(res.status, 201);
    }
    await hanging.waitForCount(1);
    for (let i = 0; i < 5; i++) {
      const res = await server.request('POST', `/repos/${fine}/issues`, {
        token: owner.token,
        body: { title: `f${i}` },
      });
      assert.equal(res.status, 201);
    }
    await healthy.waitForCount(5, 20_000);
    assert.ok(
      hanging.received.every((hook) => hook.status === 0),
      'the hanging receiver has answered nothing yet',
    );
    // The API is not held up either.
    assert.equal((await server.request('GET', `/repos/${stuck}/issues`, { token: owner.token })).status, 200);
    printFigure(
      'hanging webhook receiver',
      `${hanging.received.length} requests held; other hook got 5 of 5`,
    );
  });
});

describe('the database locked by another process', () => {
  let server: TestServer;

  before(async () => {
    server = await startServer();
  });

  after(async () => {
    await server.stop();
  });

  test('a write that waits past the lock timeout answers 503 with Retry-After; once free, writes work', async () => {
    const owner = await server.createUser('locked-owner');
    const repo = await createRepository(server, owner, 'locked');
    const other = new Database(databaseFile(server.dataDir));
    try {
      other.exec('BEGIN IMMEDIATE');
      const res = await server.request<{ message: string; url: string }>('POST', `/repos/${repo}/issues`, {
        token: owner.token,
        body: { title: 'waits for the lock' },
      });
      assert.equal(res.status, 503, res.text);
      assert.match(res.json.message, /busy/);
      assert.equal(res.headers.get('retry-after'), '1');
    } finally {
      other.exec('ROLLBACK');
      other.close();
    }
    const after = await server.request('POST', `/repos/${repo}/issues`, {
      token: owner.token,
      body: { title: 'after the lock' },
    });
    assert.equal(after.status, 201, after.text);
  });
});
