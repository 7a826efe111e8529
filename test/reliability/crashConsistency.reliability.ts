import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { databaseFile, intentsDir, repositoriesDir } from '../../src/server/config';
import type { CrashPointName } from '../../src/server/domain/crashPoints';
import { managedGitDir, stagingDir } from '../../src/server/git/paths';
import { commentType } from '../../src/server/store/comments';
import { Database } from '../../src/server/store/database';
import { makeTempDir } from '../helpers/gitFixtures';
import { mustGit, remoteUrl } from '../helpers/gitRemote';
import { payloadOf, startHookReceiver, type HookReceiver, type ReceivedHook } from '../helpers/hookReceiver';
import { runCli, startServer, waitFor, type TestServer, type TestUser } from '../server/harness';
import { printFigure } from './profile';
import { gitAsync } from './serverProbe';

/**
 * Crash consistency between git and the database: the server SIGKILLs itself at a named step of a merge, a
 * push, a transfer or a repository delete (`TEAHOUSE_CRASH_AT`, src/server/domain/crashPoints.ts). After a
 * restart on the same data folder, everything answered before the crash is there, the operation is whole
 * or absent as far as clients can see, and `teahouse doctor` finds nothing to fix.
 */

let scratch: string;
/** Servers of a test that failed half-way, stopped at the end. */
const running = new Set<TestServer>();

before(() => {
  scratch = makeTempDir('teahouse-crash-');
});

after(async () => {
  for (const server of running) await server.stop();
  rmSync(scratch, { recursive: true, force: true });
});

interface World {
  server: TestServer;
  owner: TestUser;
  /** An issue answered 201 before the crash: it must survive. */
  issueNumber: number;
}

/** A server that kills itself at `point`; an owner and an issue acknowledged before anything is tried. */
async function crashingServer(point: CrashPointName, login: string): Promise<World> {
  const server = await startServer({ env: { ...process.env, TEAHOUSE_CRASH_AT: point } });
  const owner = await server.createUser(login);
  running.add(server);
  for (const name of ['keep', 'notes']) {
    const repo = await server.request('POST', '/user/repos', {
      token: owner.token,
      body: { name, auto_init: true },
    });
    assert.equal(repo.status, 201, repo.text);
  }
  const issue = await server.request<{ number: number }>('POST', `/repos/${login}/keep/issues`, {
    token: owner.token,
    body: { title: 'acknowledged before the crash' },
  });
  assert.equal(issue.status, 201, issue.text);
  return { server, owner, issueNumber: issue.json.number };
}

/** Whether the request was cut off (no answer at all); an answer is returned as its status. */
async function attempt(run: () => Promise<{ status: number }>): Promise<'cut off' | number> {
  try {
    return (await run()).status;
  } catch {
    return 'cut off';
  }
}

/** Waits for the SIGKILL, restarts on the same folder without the crash point; checks the acknowledged issue. */
async function restart(world: World): Promise<TestServer> {
  const killed = await world.server.stop({ keepData: true });
  assert.equal(killed.signal, 'SIGKILL', 'the server reached its crash point');
  running.delete(world.server);
  const server = await startServer({ dataDir: world.server.dataDir, admin: world.server.admin });
  running.add(server);
  const issue = await server.request<{ title: string }>(
    'GET',
    `/repos/${world.owner.user.login}/keep/issues/${world.issueNumber}`,
    { token: world.owner.token },
  );
  assert.equal(issue.status, 200, issue.text);
  assert.equal(issue.json.title, 'acknowledged before the crash');
  return server;
}

/** Stops the restarted server and runs `teahouse doctor` on its folder: nothing to fix, nothing left over. */
async function doctorFindsNothing(server: TestServer): Promise<void> {
  await server.stop({ keepData: true });
  running.delete(server);
  try {
    const doctor = await runCli(['doctor', '--data', server.dataDir]);
    assert.equal(doctor.code, 0, doctor.stdout + doctor.stderr);
    assert.match(doctor.stdout, /No problems found/);
    const staging = stagingDir(server.dataDir);
    assert.deepEqual(existsSync(staging) ? readdirSync(staging) : [], [], 'the staging folder is empty');
    const intents = intentsDir(server.dataDir);
    assert.deepEqual(existsSync(intents) ? readdirSync(intents) : [], [], 'no operation is left half done');
  } finally {
    rmSync(server.dataDir, { recursive: true, force: true });
  }
}

/** The pull request's "merged" timeline rows, read from the database (the server writes one per merge). */
function mergeComments(dataDir: string, fullName: string, number: number): number {
  const db = new Database(databaseFile(dataDir));
  try {
    return db.get<{ n: number }>(
      `SELECT count(*) AS n FROM comment JOIN issue ON issue.id = comment.issue_id
       JOIN repository ON repository.id = issue.repo_id
       WHERE comment.type = ? AND issue.number = ? AND repository.owner_name || '/' || repository.name = ?`,
      commentType.mergePull,
      number,
      fullName,
    )!.n;
  } finally {
    db.close();
  }
}

const outcomes: string[] = [];

function note(point: CrashPointName, answer: 'cut off' | number, result: string): void {
  outcomes.push(`${point}: ${answer === 'cut off' ? 'request cut off' : `answered ${answer}`}, ${result}`);
}

after(() => printFigure('crash points', outcomes.join('; ')));

describe('a merge cut off by SIGKILL', () => {
  const cases: { point: CrashPointName; merged: boolean }[] = [
    { point: 'merge:before-ref-update', merged: false },
    { point: 'merge:after-ref-update', merged: true },
    { point: 'merge:after-record', merged: true },
  ];
  for (const { point, merged } of cases) {
    test(`${point}: merged exactly when the base branch holds the merge commit`, async () => {
      const world = await crashingServer(point, `merger-${cases.findIndex((c) => c.point === point)}`);
      const { owner } = world;
      const repo = `${owner.user.login}/notes`;
      const file = await world.server.request('POST', `/repos/${repo}/contents/feature.txt`, {
        token: owner.token,
        body: {
          content: Buffer.from('a feature\n').toString('base64'),
          new_branch: 'feature',
          message: 'feature',
        },
      });
      assert.equal(file.status, 201, file.text);
      const pull = await world.server.request<{ number: number }>('POST', `/repos/${repo}/pulls`, {
        token: owner.token,
        body: { head: 'feature', base: 'main', title: 'the feature' },
      });
      assert.equal(pull.status, 201, pull.text);
      const baseBefore = await world.server.request<{ commit: { id: string } }>(
        'GET',
        `/repos/${repo}/branches/main`,
        { token: owner.token },
      );

      const answer = await attempt(() =>
        world.server.request('POST', `/repos/${repo}/pulls/${pull.json.number}/merge`, {
          token: owner.token,
          body: { Do: 'merge' },
        }),
      );
      assert.equal(answer, 'cut off');
      const server = await restart(world);
      const after = await server.request<{ merged: boolean; merge_commit_sha: string | null; state: string }>(
        'GET',
        `/repos/${repo}/pulls/${pull.json.number}`,
        { token: owner.token },
      );
      const base = await server.request<{ commit: { id: string } }>('GET', `/repos/${repo}/branches/main`, {
        token: owner.token,
      });
      assert.equal(after.json.merged, merged, after.text);
      if (merged) {
        assert.equal(after.json.state, 'closed');
        assert.equal(
          base.json.commit.id,
          after.json.merge_commit_sha,
          'the base branch is at the merge commit',
        );
        assert.equal(mergeComments(server.dataDir, repo, pull.json.number), 1, 'one merge comment');
      } else {
        assert.equal(after.json.state, 'open');
        assert.equal(base.json.commit.id, baseBefore.json.commit.id, 'the base branch did not move');
        const again = await server.request('POST', `/repos/${repo}/pulls/${pull.json.number}/merge`, {
          token: owner.token,
          body: { Do: 'merge' },
        });
        assert.equal(again.status, 200, `the merge can be tried again: ${again.text}`);
      }
      note(point, answer, merged ? 'merged after restart' : 'not merged; merged again after restart');
      await doctorFindsNothing(server);
    });
  }
});

describe('a push cut off by SIGKILL', () => {
  let receiver: HookReceiver;
  before(async () => {
    receiver = await startHookReceiver();
  });
  after(() => receiver.close());
  const points: CrashPointName[] = ['push:after-ref-update', 'push:after-record'];
  for (const [index, point] of points.entries()) {
    test(`${point}: the first push into an empty repository makes it non-empty with that default branch`, async () => {
      const world = await crashingServer(point, `pusher-${index}`);
      const { owner } = world;
      const repo = `${owner.user.login}/empty`;
      const created = await world.server.request('POST', '/user/repos', {
        token: owner.token,
        body: { name: 'empty' },
      });
      assert.equal(created.status, 201, created.text);
      const hook = await world.server.request('POST', `/repos/${repo}/hooks`, {
        token: owner.token,
        body: {
          type: 'gitea',
          config: { url: `${receiver.url}/${point}`, content_type: 'json' },
          events: ['push'],
          active: true,
        },
      });
      assert.equal(hook.status, 200, hook.text);
      const work = path.join(scratch, `push-${index}`);
      mustGit(scratch, ['init', '--quiet', '--initial-branch=trunk', work]);
      writeFileSync(path.join(work, 'README.md'), 'pushed\n');
      mustGit(work, ['add', '--all']);
      mustGit(work, ['commit', '--quiet', '--no-gpg-sign', '-m', 'first']);
      const pushed = mustGit(work, ['rev-parse', 'HEAD']).trim();
      const url = remoteUrl(world.server.url, repo, { username: owner.user.login, secret: owner.token });
      const push = await gitAsync(work, ['push', '--quiet', url, 'trunk']);
      assert.notEqual(push.code, 0, 'the push is not acknowledged');

      const server = await restart(world);
      const row = await server.request<{ empty: boolean; default_branch: string }>('GET', `/repos/${repo}`, {
        token: owner.token,
      });
      const branch = await server.request<{ commit: { id: string } }>(
        'GET',
        `/repos/${repo}/branches/trunk`,
        {
          token: owner.token,
        },
      );
      // git wrote the reference before the server was cut off: the push happened, and the row says so.
      assert.equal(branch.status, 200, branch.text);
      assert.equal(branch.json.commit.id, pushed);
      assert.equal(row.json.empty, false, row.text);
      assert.equal(row.json.default_branch, 'trunk', row.text);
      writeFileSync(path.join(work, 'README.md'), 'pushed again\n');
      mustGit(work, ['commit', '--quiet', '--no-gpg-sign', '-am', 'second']);
      const again = await gitAsync(work, [
        'push',
        '--quiet',
        remoteUrl(server.url, repo, { username: owner.user.login, secret: owner.token }),
        'trunk',
      ]);
      assert.equal(again.code, 0, again.stderr);
      // The push is announced exactly once: recorded at restart, or queued before the crash and sent now.
      const pushEvents = (): ReceivedHook[] =>
        receiver.received.filter(
          (h) => h.path === `/${point}` && (payloadOf(h) as { ref?: string }).ref === 'refs/heads/trunk',
        );
      await waitFor(() => pushEvents().length >= 2, 20_000, 'both push events');
      assert.deepEqual(
        pushEvents().map((h) => (payloadOf(h) as { before: string }).before),
        ['0'.repeat(40), pushed],
        'the crashed push announced once, then the second push',
      );
      note(point, 'cut off', 'branch pushed, repository row and push event followed at restart');
      await doctorFindsNothing(server);
    });
  }
});

describe('a transfer cut off by SIGKILL', () => {
  const cases: { point: CrashPointName; moved: boolean }[] = [
    { point: 'transfer:after-folder-move', moved: false },
    { point: 'transfer:after-commit', moved: true },
  ];
  for (const [index, { point, moved }] of cases.entries()) {
    test(`${point}: the repository is under exactly one owner, its folder where the row says`, async () => {
      const world = await crashingServer(point, `giver-${index}`);
      const { owner } = world;
      const recipient = await world.server.createUser(`taker-${index}`);
      const answer = await attempt(() =>
        world.server.request('POST', `/repos/${owner.user.login}/notes/transfer`, {
          token: world.server.admin.token,
          body: { new_owner: recipient.user.login },
        }),
      );
      assert.equal(answer, 'cut off');
      const server = await restart(world);
      const [from, to] = await Promise.all(
        [owner.user.login, recipient.user.login].map((login) =>
          server.request('GET', `/repos/${login}/notes/branches/main`, { token: server.admin.token }),
        ),
      );
      assert.deepEqual([from!.status, to!.status], moved ? [404, 200] : [200, 404]);
      const gitDirs = [owner, recipient].map((u) => managedGitDir(server.dataDir, u.user.login, 'notes'));
      assert.deepEqual(
        gitDirs.map((dir) => existsSync(dir)),
        moved ? [false, true] : [true, false],
      );
      note(point, answer, moved ? 'transferred' : 'not transferred, folder moved back at restart');
      await doctorFindsNothing(server);
    });
  }
});

describe('a repository delete cut off by SIGKILL', () => {
  const cases: { point: CrashPointName; deleted: boolean }[] = [
    { point: 'delete:after-folder-move', deleted: false },
    { point: 'delete:after-commit', deleted: true },
    { point: 'delete:after-folder-removed', deleted: true },
  ];
  for (const [index, { point, deleted }] of cases.entries()) {
    test(`${point}: the row is gone exactly when the folder and attachments are`, async () => {
      const world = await crashingServer(point, `deleter-${index}`);
      const { owner } = world;
      const repo = `${owner.user.login}/notes`;
      const release = await world.server.request<{ id: number }>('POST', `/repos/${repo}/releases`, {
        token: owner.token,
        body: { tag_name: 'v1', name: 'v1' },
      });
      assert.equal(release.status, 201, release.text);
      const form = new FormData();
      form.append('attachment', new Blob(['an asset\n']), 'asset.txt');
      const asset = await fetch(`${world.server.apiUrl}/repos/${repo}/releases/${release.json.id}/assets`, {
        method: 'POST',
        headers: { Authorization: `token ${owner.token}` },
        body: form,
      });
      assert.equal(asset.status, 201, await asset.text());
      const attachments = path.join(world.server.dataDir, 'attachments');
      assert.equal(readdirSync(attachments).length, 1);

      const answer = await attempt(() =>
        world.server.request('DELETE', `/repos/${repo}`, { token: owner.token }),
      );
      assert.equal(answer, 'cut off');
      const server = await restart(world);
      const read = await server.request('GET', `/repos/${repo}/branches/main`, { token: owner.token });
      assert.equal(read.status, deleted ? 404 : 200, read.text);
      assert.equal(existsSync(managedGitDir(server.dataDir, owner.user.login, 'notes')), !deleted);
      assert.equal(readdirSync(attachments).length, deleted ? 0 : 1, 'attachment files follow the row');
      // The other repositories are untouched.
      assert.ok(existsSync(repositoriesDir(server.dataDir)));
      note(
        point,
        answer,
        deleted ? 'deleted, leftovers removed at restart' : 'not deleted, folder put back at restart',
      );
      await doctorFindsNothing(server);
    });
  }
});
