import { execFile } from 'node:child_process';
import { readdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { Client } from 'undici';
import { readServerRuntime } from '../../src/api/localServer/runtimeFile';
import { fixtureEnv, makeTempDir } from '../helpers/gitFixtures';
import { commitIdentity, mustGit, remoteUrl } from '../helpers/gitRemote';
import { basicHeader, runCli, startServer, waitFor, type TestServer } from './harness';

const workerArgs = ['--workers', '2'];

/** The node processes the primary forked (its git children are not node). */
function workerPids(primary: number): number[] {
  const pids: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      const command = readFileSync(`/proc/${entry}/cmdline`, 'utf8');
      if (ppid === primary && command.includes('serve')) pids.push(Number(entry));
    } catch {
      // the process ended while it was read
    }
  }
  return pids.sort();
}

const alive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

interface Connection {
  readonly client: Client;
  /** The worker that answers on it (`w1`, `w2`), read from the server's access log. */
  readonly worker: string;
}

/**
 * Opens connections until two are answered by different workers: the workers take new connections from the
 * shared socket as they come, and a connection stays with the worker that took it.
 */
async function connectionsOnTwoWorkers(server: TestServer): Promise<[Connection, Connection]> {
  const seen: Connection[] = [];
  for (let n = 0; n < 16; n++) {
    const client = new Client(server.url, { pipelining: 1 });
    const probe = `/api/v1/version?probe=${n}`;
    const answer = await client.request({ method: 'GET', path: probe });
    await answer.body.text();
    const line = new RegExp(`\\[(w\\d+)\\] GET ${probe.replace(/[?]/g, '\\?')} 200`);
    await waitFor(() => line.test(server.output().stderr), 10_000, `the access line of ${probe}`);
    const worker = line.exec(server.output().stderr)![1]!;
    const other = seen.find((connection) => connection.worker !== worker);
    if (other) {
      for (const rest of seen) if (rest !== other) await rest.client.close();
      return [other, { client, worker }];
    }
    seen.push({ client, worker });
  }
  throw new Error('every connection went to the same worker');
}

async function getJson(
  connection: Connection,
  requestPath: string,
  headers: Record<string, string>,
): Promise<{ status: number; etag: string | undefined; json: unknown }> {
  const answer = await connection.client.request({ method: 'GET', path: requestPath, headers });
  const text = await answer.body.text();
  const etag = answer.headers.etag;
  return {
    status: answer.statusCode,
    etag: typeof etag === 'string' ? etag : undefined,
    json: text === '' ? undefined : JSON.parse(text),
  };
}

/** git push without waiting for it (two at once), answering its exit code and stderr. */
function pushAsync(cwd: string, args: readonly string[]): Promise<{ code: number; stderr: string }> {
  return new Promise((resolve) => {
    execFile('git', ['push', ...args], { cwd, env: fixtureEnv(commitIdentity) }, (error, _stdout, stderr) =>
      resolve({ code: error ? Number(error.code ?? 1) : 0, stderr }),
    );
  });
}

describe('a server with two workers', () => {
  let server: TestServer;
  let scratch: string;
  before(async () => {
    scratch = makeTempDir('teahouse-cluster-');
    server = await startServer({ args: workerArgs });
  });
  after(async () => {
    await server.stop();
    rmSync(scratch, { recursive: true, force: true });
  });

  test('runs a primary and two workers, and the runtime file names the primary at the shared port', () => {
    assert.equal(workerPids(server.process.pid!).length, 2);
    const runtime = readServerRuntime(server.dataDir);
    assert.equal(runtime?.pid, server.process.pid);
    assert.equal(runtime?.url, server.url);
  });

  test('a tag one worker gave stands in the other; a write answered through one is seen at once through the other, and the tag goes stale', async () => {
    const [first, second] = await connectionsOnTwoWorkers(server);
    try {
      const auth = { authorization: `token ${server.admin.token}` };
      const repo = await server.request<{ full_name: string }>('POST', '/user/repos', {
        token: server.admin.token,
        body: { name: 'seen-everywhere' },
      });
      assert.equal(repo.status, 201);
      const issuePath = `/api/v1/repos/${repo.json.full_name}/issues/1`;
      const created = await server.request('POST', `/repos/${repo.json.full_name}/issues`, {
        token: server.admin.token,
        body: { title: 'before' },
      });
      assert.equal(created.status, 201);
      const before = await getJson(second, issuePath, auth);
      assert.equal((before.json as { title: string }).title, 'before');
      assert.ok(before.etag);
      const unchanged = await getJson(first, issuePath, { ...auth, 'if-none-match': before.etag! });
      assert.equal(unchanged.status, 304, 'the other worker knows the tag while the data stands');

      const edit = await first.client.request({
        method: 'PATCH',
        path: issuePath,
        headers: { ...auth, 'content-type': 'application/json' },
        body: JSON.stringify({ title: 'after' }),
      });
      assert.equal(edit.statusCode, 201);
      await edit.body.text();

      const revalidated = await getJson(second, issuePath, { ...auth, 'if-none-match': before.etag! });
      assert.equal(revalidated.status, 200, 'the tag of the old title does not stand for the new one');
      assert.equal((revalidated.json as { title: string }).title, 'after');
      const other = await getJson(first, issuePath, auth);
      assert.equal((other.json as { title: string }).title, 'after');
    } finally {
      await first.client.close();
      await second.client.close();
    }
  });

  test('a token deleted through one worker is refused at once by the other', async () => {
    const [first, second] = await connectionsOnTwoWorkers(server);
    try {
      const user = await server.createUser('cluster-token');
      const auth = { authorization: `token ${user.token}` };
      const basic = { authorization: basicHeader({ username: 'cluster-token', password: user.password }) };
      assert.equal((await getJson(second, '/api/v1/user', auth)).status, 200, 'verified and kept');
      const tokens = await getJson(first, '/api/v1/users/cluster-token/tokens', basic);
      const id = (tokens.json as { id: number; name: string }[]).find((t) => t.name === 'harness')!.id;
      const removed = await first.client.request({
        method: 'DELETE',
        path: `/api/v1/users/cluster-token/tokens/${id}`,
        headers: basic,
      });
      await removed.body.text();
      assert.equal(removed.statusCode, 204);
      assert.equal((await getJson(second, '/api/v1/user', auth)).status, 401);
    } finally {
      await first.client.close();
      await second.client.close();
    }
  });

  test('two pushes to one repository at once: both branches arrive, and of two pushes to one branch one wins', async () => {
    const repo = await server.request<{ full_name: string }>('POST', '/user/repos', {
      token: server.admin.token,
      body: { name: 'pushed-twice', auto_init: true },
    });
    assert.equal(repo.status, 201);
    const url = remoteUrl(server.url, repo.json.full_name, {
      username: server.admin.username,
      secret: server.admin.token,
    });
    const clones = ['a', 'b'].map((name) => {
      const dir = path.join(scratch, name);
      mustGit(scratch, ['clone', '--quiet', url, dir]);
      mustGit(dir, ['commit', '--allow-empty', '--quiet', '-m', `from ${name}`]);
      return dir;
    });
    const branches = await Promise.all(
      clones.map((dir, n) => pushAsync(dir, ['--quiet', 'origin', `HEAD:refs/heads/side-${n}`])),
    );
    assert.deepEqual(
      branches.map((outcome) => outcome.code),
      [0, 0],
      branches.map((outcome) => outcome.stderr).join('\n'),
    );
    const onMain = await Promise.all(clones.map((dir) => pushAsync(dir, ['--quiet', 'origin', 'HEAD:main'])));
    const winners = onMain.filter((outcome) => outcome.code === 0);
    assert.equal(winners.length, 1, onMain.map((outcome) => outcome.stderr).join('\n'));
    const winner = clones[onMain.indexOf(winners[0]!)]!;

    const listed = await server.request<{ name: string; commit: { id: string } }[]>(
      'GET',
      `/repos/${repo.json.full_name}/branches`,
      { token: server.admin.token },
    );
    const tips = new Map(listed.json.map((branch) => [branch.name, branch.commit.id]));
    assert.deepEqual([...tips.keys()].sort(), ['main', 'side-0', 'side-1']);
    assert.equal(tips.get('main'), mustGit(winner, ['rev-parse', 'HEAD']).trim());
    assert.equal(tips.get('side-0'), mustGit(clones[0]!, ['rev-parse', 'HEAD']).trim());
  });

  test('a worker that is killed is replaced, and requests on new connections keep being answered meanwhile', async () => {
    const before = workerPids(server.process.pid!);
    assert.equal(before.length, 2);
    process.kill(before[0]!, 'SIGKILL');
    // a connection the killed worker held is lost with it, as with a killed server of one process
    for (let n = 0; n < 10; n++) {
      const client = new Client(server.url);
      const answer = await client.request({ method: 'GET', path: '/api/v1/version' });
      await answer.body.text();
      await client.close();
      assert.equal(answer.statusCode, 200);
    }
    await waitFor(
      () => {
        const now = workerPids(server.process.pid!);
        return now.length === 2 && !now.includes(before[0]!);
      },
      30_000,
      'a new worker',
    );
    await waitFor(() => /worker \d+ exited \(SIGKILL\); starting another/.test(server.output().stderr));
    for (let n = 0; n < 6; n++) {
      const client = new Client(server.url, { headersTimeout: 20_000 });
      const answer = await client.request({
        method: 'GET',
        path: '/api/v1/user',
        headers: { authorization: `token ${server.admin.token}` },
      });
      await answer.body.text();
      await client.close();
      assert.equal(answer.statusCode, 200);
    }
  });

  test('a second server on the folder is refused while the primary holds it', async () => {
    const second = await runCli(['serve', '--data', server.dataDir, '--port', '0', ...workerArgs]);
    assert.equal(second.code, 3, second.stderr);
    assert.match(second.stderr, /is held by the Teahouse server/);
  });
});

describe('stopping a server with two workers', () => {
  test('SIGTERM stops the primary and every worker', async () => {
    const server = await startServer({ args: workerArgs });
    const workers = workerPids(server.process.pid!);
    assert.equal(workers.length, 2);
    const { code } = await server.stop();
    assert.equal(code, 0);
    await waitFor(() => workers.every((pid) => !alive(pid)), 10_000, 'the workers to exit');
  });

  test("the control path's stop, relayed by a worker, stops every process", async () => {
    const server = await startServer({ args: workerArgs });
    const workers = workerPids(server.process.pid!);
    const exited = new Promise<number | null>((resolve) => server.process.once('exit', resolve));
    const runtime = readServerRuntime(server.dataDir);
    const answer = await fetch(new URL('api/teahouse/v1/control/stop', server.url), {
      method: 'POST',
      headers: { authorization: `Bearer ${runtime!.controlToken}` },
    });
    assert.equal(answer.status, 202);
    assert.equal(await exited, 0);
    await waitFor(() => workers.every((pid) => !alive(pid)), 10_000, 'the workers to exit');
    await server.stop();
  });
});
