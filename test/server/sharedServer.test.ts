import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ControlClient, ControlError, type WindowSession } from '../../src/api/localServer/controlClient';
import type { ControlEvent, WindowRegistration } from '../../src/api/localServer/controlProtocol';
import { readServerRuntime } from '../../src/api/localServer/runtimeFile';
import { alive, joinOrStart, waitForExit, type Joined } from '../../src/extension/local/sharedServer';
import { makeTempDir, workspaceRepository } from '../helpers/gitFixtures';
import { cliPath, send, startServer, waitFor } from './harness';

const runtime = { command: process.execPath, env: { NODE_OPTIONS: '--import tsx' }, origin: 'path' as const };

function window(
  dataDir: string,
  id: string,
  folders: string[],
  events: ControlEvent[] = [],
  options: { keepRunning?: boolean; grace?: number } = {},
): Promise<Joined> {
  const registration = (): WindowRegistration => ({
    id,
    label: id,
    folders,
    allowedHosts: [],
    keepRunning: options.keepRunning ?? false,
  });
  return joinOrStart({
    dataDir,
    registration,
    ownVersion: '0.1.0',
    launch: () => Promise.resolve({ cliPath, runtime, stopWhenUnusedSeconds: options.grace ?? 2 }),
    onEvent: (event) => events.push(event),
    log: () => undefined,
  });
}

async function repositories(url: string, token: string): Promise<string[]> {
  const found = await send<{ data: { name: string }[] }>(`${url}api/v1/repos/search?limit=50`, 'GET', {
    token,
  });
  return found.json.data.map((repo) => repo.name).sort();
}

describe('the server VS Code windows share', () => {
  let scratch: string;
  before(() => {
    scratch = makeTempDir('teahouse-shared-');
  });
  after(() => rmSync(scratch, { recursive: true, force: true }));

  test('two windows starting at once share one server that hosts both their folders; a window that leaves takes its repository away, and brings it back with its issues', async () => {
    const dataDir = path.join(scratch, 'two');
    const alpha = workspaceRepository(path.join(scratch, 'wa'), 'alpha');
    const beta = workspaceRepository(path.join(scratch, 'wb'), 'beta');
    const [a, b] = await Promise.all([
      window(dataDir, 'window-a', [alpha]),
      window(dataDir, 'window-b', [beta]),
    ]);
    try {
      assert.equal(a.runtime.pid, b.runtime.pid, 'one server');
      assert.equal(a.runtime.url, b.runtime.url);
      assert.ok(alive(a.runtime.pid));
      const { token, username } = await a.client.mintToken('test');
      assert.deepEqual(await repositories(a.runtime.url!, token), ['alpha', 'beta']);
      const issue = await send<{ number: number }>(
        `${a.runtime.url}api/v1/repos/${username}/alpha/issues`,
        'POST',
        {
          token,
          body: { title: 'made while window A was open' },
        },
      );
      assert.equal(issue.status, 201, issue.text);

      a.session.close();
      await waitFor(
        async () => (await repositories(b.runtime.url!, token)).join() === 'beta',
        10_000,
        'alpha hidden',
      );
      const hidden = await send(`${b.runtime.url}api/v1/repos/${username}/alpha`, 'GET', { token });
      assert.equal(hidden.status, 404);

      const again = await window(dataDir, 'window-a2', [alpha]);
      assert.equal(again.runtime.pid, a.runtime.pid, 'the same server');
      assert.deepEqual(await repositories(again.runtime.url!, token), ['alpha', 'beta']);
      const back = await send<{ title: string }>(
        `${again.runtime.url}api/v1/repos/${username}/alpha/issues/${issue.json.number}`,
        'GET',
        { token },
      );
      assert.equal(back.json.title, 'made while window A was open');
      again.session.close();
      await again.client.close();
    } finally {
      b.session.close();
      await Promise.all([a.client.close(), b.client.close()]);
      // the last window gone, the server stops after its grace period (2 s here)
      assert.ok(await waitForExit(a.runtime.pid, 20_000), 'the unused server stopped');
      assert.equal(readServerRuntime(dataDir), undefined);
    }
  });

  test('the windows hear who joins and leaves; a stop asked by one ends every session with the reason', async () => {
    const dataDir = path.join(scratch, 'stop');
    const eventsB: ControlEvent[] = [];
    const a = await window(dataDir, 'a', []);
    const b = await window(dataDir, 'b', [], eventsB);
    const status = await a.client.status();
    assert.deepEqual(
      status.windows.map((w) => w.id),
      ['a', 'b'],
    );
    assert.equal(status.stopWhenUnusedSeconds, 2);
    const endA = a.session.ended;
    const endB = b.session.ended;
    await a.client.stop();
    assert.deepEqual(await endA, { kind: 'stopping', reason: 'requested' });
    assert.deepEqual(await endB, { kind: 'stopping', reason: 'requested' });
    assert.ok(await waitForExit(a.runtime.pid, 15_000));
    assert.ok(eventsB.some((event) => event.type === 'joined'));
    await Promise.all([a.client.close(), b.client.close()]);
  });

  test('a killed server is a lost session, and the next window starts a new one on the same folder', async () => {
    const dataDir = path.join(scratch, 'killed');
    const first = await window(dataDir, 'first', []);
    process.kill(first.runtime.pid, 'SIGKILL');
    assert.deepEqual(await first.session.ended, { kind: 'lost' });
    await first.client.close();
    const next = await window(dataDir, 'next', []);
    try {
      assert.notEqual(next.runtime.pid, first.runtime.pid);
      assert.equal(readServerRuntime(dataDir)?.pid, next.runtime.pid);
    } finally {
      await next.client.stop();
      await waitForExit(next.runtime.pid, 15_000);
      await next.client.close();
    }
  });

  test('a window that keeps the server running keeps it past the grace period', async () => {
    const dataDir = path.join(scratch, 'keep');
    const kept = await window(dataDir, 'kept', [], [], { keepRunning: true, grace: 1 });
    kept.session.close();
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    assert.ok(alive(kept.runtime.pid), 'still running');
    await kept.client.stop();
    assert.ok(await waitForExit(kept.runtime.pid, 15_000));
    await kept.client.close();
  });
});

describe('the control path', () => {
  let server: Awaited<ReturnType<typeof startServer>>;
  let client: ControlClient;
  before(async () => {
    server = await startServer();
    const runtime = readServerRuntime(server.dataDir)!;
    client = new ControlClient({ url: runtime.url!, controlToken: runtime.controlToken! });
  });
  after(async () => {
    await client.close();
    await server.stop();
  });

  test('answers only the bearer of the runtime file’s secret', async () => {
    for (const authorization of [
      undefined,
      'Bearer wrong',
      `token ${readServerRuntime(server.dataDir)!.controlToken}`,
    ]) {
      const answer = await send<{ message: string }>(`${server.url}api/teahouse/v1/control`, 'GET', {
        headers: authorization ? { authorization } : {},
      });
      assert.equal(answer.status, 401);
      assert.match(answer.json.message, /bearer secret/);
    }
    const status = await client.status();
    assert.equal(status.pid, server.process.pid);
    assert.equal(status.stopWhenUnusedSeconds, null);
  });

  test('a token it makes belongs to the local administrator', async () => {
    const minted = await client.mintToken('VS Code on this machine');
    const again = await client.mintToken('VS Code on this machine');
    assert.notEqual(minted.token, again.token, 'a second one under a name of its own');
    const me = await send<{ login: string; is_admin: boolean }>(`${server.apiUrl}/user`, 'GET', {
      token: minted.token,
    });
    assert.equal(me.json.login, server.admin.username);
    assert.equal(me.json.is_admin, true);
  });

  test('refuses a registration it cannot use, with the reason, and an update of a window that never joined', async () => {
    const cases: [unknown, RegExp][] = [
      [JSON.stringify('not an object'), /expected a JSON object/],
      [[1, 2], /expected a JSON object/],
      [{ id: 'a b' }, /id must be/],
      [{ id: 'w', folders: ['relative/path'] }, /folders must be absolute paths/],
      [{ id: 'w', allowedHosts: ['bad host!'] }, /allowedHosts: not a host name/],
      [{ id: 'w', keepRunning: 'yes' }, /keepRunning must be true or false/],
    ];
    const secret = readServerRuntime(server.dataDir)!.controlToken!;
    for (const [body, message] of cases) {
      const answer = await send<{ message: string }>(`${server.url}api/teahouse/v1/control/windows`, 'POST', {
        headers: { authorization: `Bearer ${secret}` },
        body,
      });
      assert.equal(answer.status, 422, JSON.stringify(body));
      assert.match(answer.json.message, message);
    }
    const malformed = await send(`${server.url}api/teahouse/v1/control/windows`, 'POST', {
      headers: { authorization: `Bearer ${secret}`, 'content-type': 'application/json' },
      body: '{"id":',
    });
    assert.equal(malformed.status, 400);
    await assert.rejects(
      client.update({ id: 'never', label: '', folders: [], allowedHosts: [], keepRunning: false }),
      (error: unknown) => error instanceof ControlError && error.status === 404,
    );
  });

  test('is not there for a caller that is not on loopback', async (t) => {
    const external = Object.values(os.networkInterfaces())
      .flat()
      .find((entry) => entry?.family === 'IPv4' && !entry.internal);
    if (!external) return t.skip('no external address on this machine');
    const open = await startServer({ args: ['--host', '0.0.0.0'] });
    try {
      const secret = readServerRuntime(open.dataDir)!.controlToken!;
      const url = `http://${external.address}:${new URL(open.url).port}/api/teahouse/v1/control`;
      const answer = await send(url, 'GET', { headers: { authorization: `Bearer ${secret}` } });
      assert.equal(answer.status, 404);
      const local = await send(`${open.url}api/teahouse/v1/control`, 'GET', {
        headers: { authorization: `Bearer ${secret}` },
      });
      assert.equal(local.status, 200);
    } finally {
      await open.stop();
    }
  });

  test('a session joined under an id that joins again is replaced, not removed', async () => {
    const registration = { id: 'twice', label: 'twice', folders: [], allowedHosts: [], keepRunning: false };
    const first: WindowSession = await client.join(registration);
    const second = await client.join(registration);
    await first.ended;
    const status = await client.status();
    assert.deepEqual(
      status.windows.map((w) => w.id),
      ['twice'],
    );
    second.close();
    await waitFor(async () => (await client.status()).windows.length === 0, 5_000, 'the window to leave');
  });
});
