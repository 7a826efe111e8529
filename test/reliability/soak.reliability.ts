import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { defaultIdleMs } from '../../src/server/git/catFile';
import { startServer, waitFor, type TestServer, type TestUser } from '../server/harness';
import { printFigure, profile } from './profile';
import { runLoad, type PlannedRequest } from './soakLoad';
import { gitChildren, mib, openFdCount, rssBytes } from './serverProbe';

/**
 * The soak: `profile.soakSeconds` of mixed reads and writes at `profile.soakConnections` connections
 * after a warm-up. Zero errors; resident memory grows less than 20 % from the end of the warm-up; once
 * the load stops, open file descriptors and git child processes return to their idle counts (git
 * cat-file readers end after the pool's idle time, `defaultIdleMs`).
 */

/** Long enough for V8's heap and SQLite's caches to reach their working size (growth after it is what counts). */
const warmUpSeconds = Math.max(20, Math.round(profile.soakSeconds / 10));
/** How long the idle counts may take to come back: the reader pool's idle time and keep-alive timeouts. */
const settleMs = defaultIdleMs + 20_000;
const seededIssues = 10;

let server: TestServer;
let owner: TestUser;
let repo: string;
let labelIds: number[];

before(async () => {
  server = await startServer();
  owner = await server.createUser('soak-owner');
  const created = await server.request<{ full_name: string }>('POST', '/user/repos', {
    token: owner.token,
    body: { name: 'soak', auto_init: true },
  });
  assert.equal(created.status, 201, created.text);
  repo = created.json.full_name;
  labelIds = [];
  for (const name of ['bug', 'feature', 'question']) {
    const label = await server.request<{ id: number }>('POST', `/repos/${repo}/labels`, {
      token: owner.token,
      body: { name, color: '#aa3300' },
    });
    assert.equal(label.status, 201, label.text);
    labelIds.push(label.json.id);
  }
  for (let i = 1; i <= seededIssues; i++) {
    const issue = await server.request('POST', `/repos/${repo}/issues`, {
      token: owner.token,
      body: { title: `seed ${i}`, body: `Seeded issue **${i}**` },
    });
    assert.equal(issue.status, 201, issue.text);
  }
});

after(async () => {
  await server.stop();
});

/** One of 20 kinds of request in turn: 13 reads, 7 writes. */
function plan(sequence: number): PlannedRequest {
  const api = `/api/v1/repos/${repo}`;
  const issue = 1 + (sequence % seededIssues);
  const label = labelIds[sequence % labelIds.length]!;
  const mix: PlannedRequest[] = [
    { kind: 'issue list', method: 'GET', path: `${api}/issues?state=all&limit=20`, expect: 200 },
    { kind: 'issue list', method: 'GET', path: `${api}/issues?state=open&labels=bug`, expect: 200 },
    { kind: 'repository', method: 'GET', path: api, expect: 200 },
    { kind: 'raw', method: 'GET', path: `${api}/raw/README.md`, expect: 200 },
    { kind: 'raw', method: 'GET', path: `${api}/raw/README.md?ref=main`, expect: 200 },
    { kind: 'contents', method: 'GET', path: `${api}/contents/README.md`, expect: 200 },
    { kind: 'branches', method: 'GET', path: `${api}/branches`, expect: 200 },
    { kind: 'commits', method: 'GET', path: `${api}/commits?limit=5`, expect: 200 },
    { kind: 'issue', method: 'GET', path: `${api}/issues/${issue}`, expect: 200 },
    { kind: 'comments', method: 'GET', path: `${api}/issues/${issue}/comments`, expect: 200 },
    { kind: 'labels', method: 'GET', path: `${api}/labels`, expect: 200 },
    { kind: 'issue list', method: 'GET', path: `${api}/issues?q=seed&limit=5`, expect: 200 },
    { kind: 'user', method: 'GET', path: '/api/v1/user', expect: 200 },
    {
      kind: 'issue creation',
      method: 'POST',
      path: `${api}/issues`,
      body: { title: `soak ${sequence}`, body: `made at step ${sequence}` },
      expect: 201,
    },
    {
      kind: 'comment',
      method: 'POST',
      path: `${api}/issues/${issue}/comments`,
      body: { body: `comment ${sequence} mentioning #${issue}` },
      expect: 201,
    },
    {
      kind: 'comment',
      method: 'POST',
      path: `${api}/issues/${issue}/comments`,
      body: { body: `another comment ${sequence}` },
      expect: 201,
    },
    {
      kind: 'label edit',
      method: 'POST',
      path: `${api}/issues/${issue}/labels`,
      body: { labels: [label] },
      expect: 200,
    },
    {
      kind: 'label edit',
      method: 'PUT',
      path: `${api}/issues/${issue}/labels`,
      body: { labels: [label] },
      expect: 200,
    },
    {
      kind: 'issue edit',
      method: 'PATCH',
      path: `${api}/issues/${issue}`,
      body: { body: `edited at step ${sequence}` },
      expect: 201,
    },
    { kind: 'issue', method: 'GET', path: `${api}/issues/${issue}/labels`, expect: 200 },
  ];
  return mix[sequence % mix.length]!;
}

test(
  `soak: ${profile.soakSeconds} s of mixed reads and writes at ${profile.soakConnections} connections`,
  { timeout: (warmUpSeconds + profile.soakSeconds) * 1000 + settleMs * 2 + 60_000 },
  async () => {
    const pid = server.process.pid!;
    // Idle: no git reader alive (setup may have started some) and no client connection open.
    await waitFor(() => gitChildren(pid).length === 0, settleMs, 'no git processes before the soak');
    await new Promise((resolve) => setTimeout(resolve, 6_000));
    const idle = { fds: openFdCount(pid), git: gitChildren(pid).length };

    const load = { url: server.url, token: owner.token, connections: profile.soakConnections, plan };
    const warmUp = await runLoad({ ...load, seconds: warmUpSeconds });
    const rssStart = rssBytes(pid);
    const busyGit: number[] = [];
    const sampler = setInterval(() => busyGit.push(gitChildren(pid).length), 1000);
    const soak = await runLoad({ ...load, seconds: profile.soakSeconds });
    clearInterval(sampler);
    const rssEnd = rssBytes(pid);
    const growth = (rssEnd - rssStart) / rssStart;
    const busyFds = openFdCount(pid);

    let settled = { fds: busyFds, git: gitChildren(pid).length };
    const settleStarted = Date.now();
    await waitFor(
      () => {
        settled = { fds: openFdCount(pid), git: gitChildren(pid).length };
        return settled.fds <= idle.fds && settled.git <= idle.git;
      },
      settleMs,
      'open files and git processes back to idle',
    ).catch(() => undefined); // asserted below, with the figures printed first
    const settleSeconds = ((Date.now() - settleStarted) / 1000).toFixed(1);

    printFigure(
      'soak requests',
      `${soak.requests} in ${soak.seconds.toFixed(1)} s (+${warmUp.requests} warm-up)`,
    );
    printFigure('soak req/s', (soak.requests / soak.seconds).toFixed(0));
    printFigure(
      'soak errors',
      `${soak.errors + warmUp.errors}${soak.samples.length ? `: ${soak.samples.join(' | ')}` : ''}`,
    );
    printFigure(
      'soak mix',
      Object.entries(soak.byKind)
        .map(([kind, n]) => `${kind} ${n}`)
        .join(', '),
    );
    printFigure(
      'soak RSS',
      `${mib(rssStart)} after warm-up → ${mib(rssEnd)} at the end (${(growth * 100).toFixed(1)} %)`,
    );
    printFigure(
      'soak fds',
      `idle ${idle.fds}, end of load ${busyFds}, ${settleSeconds} s later ${settled.fds}`,
    );
    printFigure(
      'soak git processes',
      `idle ${idle.git}, up to ${Math.max(0, ...busyGit)} under load, ${settleSeconds} s later ${settled.git}`,
    );

    assert.deepEqual([...warmUp.samples, ...soak.samples], []);
    assert.equal(soak.errors + warmUp.errors, 0);
    assert.ok(soak.requests > 0);
    assert.ok(growth < 0.2, `RSS grew ${(growth * 100).toFixed(1)} %`);
    assert.ok(settled.fds <= idle.fds, `open file descriptors: ${settled.fds}, idle was ${idle.fds}`);
    assert.ok(settled.git <= idle.git, `git processes: ${settled.git}, idle was ${idle.git}`);
  },
);
