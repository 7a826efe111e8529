import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { gitea122Tokens, startGitea122Double, type Gitea122Double } from '../helpers/gitea122Double';
import { runCli, send, startServer, type TestServer, type TestUser } from './harness';
import { assetBytes, buildTrackerSource, migrateTracker, ok } from './migrateTrackerSource';

/**
 * Moves between Teahouse and a Gitea 1.22 (the double of the recorded one, whose push queue records the
 * branches of a push into an empty repository 1.5 s after the push returns, and which answers its nil
 * slices as `null`): `teahouse publish` from A into it, and back out of it into C by C's migration.
 */

let a: TestServer;
let c: TestServer;
let alice: TestUser;
let aliceC: TestUser;
let gitea: Gitea122Double;

interface IssueJson {
  number: number;
  title: string;
  body: string;
  state: string;
  labels: { name: string; color: string }[];
  milestone: { title: string } | null;
}

function publish(
  to: string,
  ...extra: string[]
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return runCli(['publish', '--data', a.dataDir, '--repo', 'alice/tracker', '--to', to, '--json', ...extra], {
    env: { ...process.env, TEAHOUSE_PUBLISH_TOKEN: gitea122Tokens.root },
  });
}

/** A GET on the double as root. */
async function fromGitea<T>(apiPath: string): Promise<T> {
  const res = await send<T>(`${gitea.url}api/v1${apiPath}`, 'GET', { token: gitea122Tokens.root });
  assert.equal(res.status, 200, `${apiPath}: ${res.text}`);
  return res.json;
}

before(async () => {
  [a, c, gitea] = await Promise.all([
    startServer(),
    startServer(),
    startGitea122Double({ branchRecordDelayMs: 1500 }),
  ]);
  [alice, aliceC] = await Promise.all([a.createUser('alice'), c.createUser('alice')]);
  const bob = await a.createUser('bob');
  await buildTrackerSource(a, alice, bob);
});

after(async () => {
  await Promise.all([a?.stop(), c?.stop(), gitea?.close()]);
});

describe('moves with Gitea 1.22', () => {
  test('publish waits until Gitea shows the pushed branches, then opens the pull request from one (exit 0)', async () => {
    const run = await publish(gitea.url);
    assert.equal(run.code, 0, run.stderr + run.stdout);
    const summary = JSON.parse(run.stdout.trim().split('\n').at(-1)!) as {
      created: { issue: number; comment: number; release: number; asset: number };
      refsRejected: string[];
      warnings: string[];
    };
    assert.deepEqual(summary.refsRejected, []);
    assert.deepEqual(summary.warnings, []);
    assert.deepEqual([summary.created.issue, summary.created.release, summary.created.asset], [4, 2, 1]);

    const asked = gitea.requests;
    // it asked for the branch until the push queue had recorded it, and sent the pull request once
    assert.ok(
      asked.filter((line) => line === 'GET /repos/root/tracker/branches/main').length >= 2,
      asked.join('\n'),
    );
    assert.equal(asked.filter((line) => line === 'POST /repos/root/tracker/pulls').length, 1);

    // Gitea's queue made the first branch it recorded ("feature") the default; publish set it back
    const repo = await fromGitea<{ default_branch: string; empty: boolean }>('/repos/root/tracker');
    assert.deepEqual([repo.default_branch, repo.empty], ['main', false]);
    const pulls = await fromGitea<
      { number: number; head: { ref: string }; base: { ref: string }; state: string }[]
    >('/repos/root/tracker/pulls?state=all');
    assert.deepEqual(
      pulls.map((p) => [p.number, p.head.ref, p.base.ref, p.state]),
      [[4, 'open-work', 'main', 'open']],
    );
    const issues = await fromGitea<IssueJson[]>('/repos/root/tracker/issues?state=all&limit=50');
    assert.deepEqual(issues.map((i) => [i.number, i.title, i.state]).sort(), [
      [1, 'First issue', 'open'],
      [2, 'Bob reports', 'closed'],
      [3, 'Add the feature', 'closed'],
      [4, 'Open work', 'open'],
    ]);
  });

  test('C takes the published repository offline from Gitea 1.22: issues, comments, labels and pull requests arrive', async () => {
    const res = await migrateTracker(c, aliceC, {
      cloneAddr: `${gitea.url}root/tracker.git`,
      repoName: 'tracker',
      authToken: gitea122Tokens.root,
    });
    assert.equal(res.status, 201, res.text);
    const onC = '/repos/alice/tracker';

    const shape = (issues: IssueJson[]) =>
      issues
        .map((i) => [
          i.number,
          i.title,
          i.body,
          i.state,
          i.labels.map((l) => `${l.name}#${l.color}`).sort(),
          i.milestone?.title ?? null,
        ])
        .sort((x, y) => Number(x[0]) - Number(y[0]));
    const published = await fromGitea<IssueJson[]>('/repos/root/tracker/issues?state=all&limit=50');
    const offline = await ok<IssueJson[]>(c, aliceC, 'GET', `${onC}/issues?state=all&limit=50`);
    assert.deepEqual(shape(offline), shape(published));
    // and what A had: the same numbers, titles, states and labels
    const original = await ok<IssueJson[]>(a, alice, 'GET', '/repos/alice/tracker/issues?state=all&limit=50');
    const summary = (issues: IssueJson[]) =>
      issues
        .map((i) => [i.number, i.title, i.state, i.labels.map((l) => l.name).sort()])
        .sort((x, y) => Number(x[0]) - Number(y[0]));
    assert.deepEqual(summary(offline), summary(original));

    for (const number of [1, 2, 3, 4]) {
      const there = await fromGitea<{ body: string }[]>(`/repos/root/tracker/issues/${number}/comments`);
      const here = await ok<{ body: string }[]>(c, aliceC, 'GET', `${onC}/issues/${number}/comments`);
      assert.deepEqual(
        here.map((comment) => comment.body),
        there.map((comment) => comment.body),
        `comments of #${number}`,
      );
    }
    const comments1 = await ok<{ body: string }[]>(c, aliceC, 'GET', `${onC}/issues/1/comments`);
    assert.ok(
      comments1[0]!.body.endsWith('bob comments\r\n') && comments1[1]!.body.endsWith('alice answers'),
    );

    const labels = await ok<{ name: string; color: string }[]>(c, aliceC, 'GET', `${onC}/labels`);
    assert.deepEqual(labels.map((l) => [l.name, l.color]).sort(), [
      ['bug', 'ee0701'],
      ['feature', '84b6eb'],
    ]);
    const pulls = await ok<{ number: number; head: { ref: string }; base: { ref: string } }[]>(
      c,
      aliceC,
      'GET',
      `${onC}/pulls?state=all`,
    );
    assert.deepEqual(
      pulls.map((p) => [p.number, p.head.ref, p.base.ref]),
      [[4, 'open-work', 'main']],
    );
    const releases = await ok<{ tag_name: string; assets: { browser_download_url: string }[] }[]>(
      c,
      aliceC,
      'GET',
      `${onC}/releases`,
    );
    const asset = releases.find((r) => r.tag_name === 'v1.0')?.assets[0];
    assert.ok(asset, JSON.stringify(releases));
    const download = await fetch(asset.browser_download_url, {
      headers: { authorization: `token ${aliceC.token}` },
    });
    assert.deepEqual(Buffer.from(await download.arrayBuffer()), assetBytes);
  });

  test('a Gitea that never shows the pushed branch: publish stops after --branch-wait and says why (exit 1)', async () => {
    const stuck = await startGitea122Double({ branchRecordDelayMs: Infinity });
    try {
      const started = performance.now();
      const run = await publish(stuck.url, '--branch-wait', '1s');
      const seconds = (performance.now() - started) / 1000;
      assert.equal(run.code, 1, run.stderr + run.stdout);
      assert.match(
        run.stderr,
        /cannot publish alice\/tracker: the target does not show the pushed branch "main" 1 s after the push \(GET \/repos\/root\/tracker\/branches\/main still answers 404\).*Run again later to go on, or give it more time with --branch-wait/,
      );
      assert.ok(seconds < 20, `took ${seconds} s`);
      assert.ok(!stuck.requests.some((line) => line.startsWith('POST /repos/root/tracker/pulls')));
    } finally {
      await stuck.close();
    }
  });
});
