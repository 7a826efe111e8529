import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { startRecordingReverseProxy, type RecordingReverseProxy } from '../helpers/recordingReverseProxy';
import { runCli, startServer, type TestServer, type TestUser } from './harness';
import { buildTrackerSource, assetBytes, ok } from './migrateTrackerSource';
import { createRepo, serverGit } from './pullsFixture';

/**
 * `teahouse publish` between two real Teahouse processes: a repository with its tracker goes from the
 * source's data folder to the target through the target's API (behind a recording proxy, to count what a
 * second run asks), and everything is compared on the target.
 */

let source: TestServer;
let target: TestServer;
let proxy: RecordingReverseProxy;
let alice: TestUser;
let bob: TestUser;
let carol: TestUser;
let bobOnTarget: TestUser;
interface CliRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

function publish(
  args: readonly string[],
  token: string | undefined,
  onLine?: (line: string, stop: () => void) => void,
): Promise<CliRun> {
  const env = { ...process.env };
  delete env['TEAHOUSE_PUBLISH_TOKEN'];
  if (token !== undefined) env['TEAHOUSE_PUBLISH_TOKEN'] = token;
  return runCli(['publish', '--data', source.dataDir, ...args], { env, ...(onLine && { onLine }) });
}

const summaryOf = (run: CliRun): { requests: { reads: number; writes: number }; [key: string]: unknown } => {
  const line = run.stdout.trim().split('\n').at(-1) ?? '';
  const parsed = JSON.parse(line) as { type: string; requests: { reads: number; writes: number } };
  assert.equal(parsed.type, 'summary', run.stdout);
  return parsed;
};

/** Requests the proxy saw since `from`, API and git apart. */
function since(from: number): { api: string[]; writes: string[]; git: string[] } {
  const seen = proxy.seen.slice(from);
  const api = seen.filter((line) => line.split(' ')[1]!.startsWith('/api/v1/'));
  return {
    api,
    writes: api.filter((line) => !line.startsWith('GET ')),
    git: seen.filter((line) => !line.split(' ')[1]!.startsWith('/api/v1/')),
  };
}

/** The migration tests' tracker repository (alice/tracker), with a description, a website and a due date. */
async function buildSource(): Promise<void> {
  await buildTrackerSource(source, alice, bob);
  const repo = '/repos/alice/tracker';
  await ok(source, alice, 'PATCH', repo, { description: 'A project', website: 'https://example.com/proj' });
  await ok(source, alice, 'PATCH', `${repo}/issues/1`, { due_date: '2031-05-06T00:00:00Z' });
}

before(async () => {
  [source, target] = await Promise.all([startServer(), startServer()]);
  [alice, bob] = await Promise.all([source.createUser('alice'), source.createUser('bob')]);
  [carol, bobOnTarget] = await Promise.all([target.createUser('carol'), target.createUser('bob')]);
  await ok(target, carol, 'POST', '/orgs', { username: 'team' });
  proxy = await startRecordingReverseProxy(target.url);
  await buildSource();
});

after(async () => {
  await proxy?.close();
  await Promise.all([source?.stop(), target?.stop()]);
});

describe('teahouse publish', () => {
  const remote = '/repos/team/tracker';

  test('publishes the repository, its refs and its tracker into an organisation of the target', async () => {
    const run = await publish(
      ['--repo', 'alice/tracker', '--to', proxy.url, '--owner', 'team', '--json'],
      carol.token,
    );
    assert.equal(run.code, 0, run.stderr + run.stdout);
    const summary = summaryOf(run);
    assert.equal(summary['repositoryCreated'], true);
    assert.equal(summary['htmlUrl'], `${target.url}team/tracker`);

    const repo = await ok<{ description: string; website: string; default_branch: string; private: boolean }>(
      target,
      carol,
      'GET',
      remote,
    );
    assert.equal(repo.description, 'A project');
    assert.equal(repo.website, 'https://example.com/proj');
    assert.equal(repo.default_branch, 'main');
    for (const ref of [
      'refs/heads/main',
      'refs/heads/feature',
      'refs/heads/open-work',
      'refs/tags/v1.0',
      'refs/tags/v1.1-rc',
    ]) {
      assert.equal(
        serverGit(target, 'team/tracker', 'rev-parse', ref),
        serverGit(source, 'alice/tracker', 'rev-parse', ref),
        ref,
      );
    }

    const labels = await ok<{ name: string; color: string; description: string }[]>(
      target,
      carol,
      'GET',
      `${remote}/labels`,
    );
    assert.deepEqual(labels.map((l) => [l.name, l.color, l.description]).sort(), [
      ['bug', 'ee0701', 'Something is broken'],
      ['feature', '84b6eb', ''],
    ]);
    const milestones = await ok<
      { title: string; state: string; description: string; due_on: string | null }[]
    >(target, carol, 'GET', `${remote}/milestones?state=all`);
    assert.deepEqual(milestones.map((m) => [m.title, m.state, m.description, m.due_on]).sort(), [
      ['v0', 'closed', '', null],
      ['v1', 'open', 'first\r\nrelease', '2030-01-02T03:04:05Z'],
    ]);

    type IssueJson = {
      number: number;
      title: string;
      body: string;
      state: string;
      labels: { name: string }[];
      milestone: { title: string } | null;
      pull_request: unknown;
      due_date: string | null;
    };
    const issues = await ok<IssueJson[]>(
      target,
      carol,
      'GET',
      `${remote}/issues?state=all&type=issues&limit=50`,
    );
    const pulls = await ok<
      { number: number; title: string; head: { ref: string }; base: { ref: string }; state: string }[]
    >(target, carol, 'GET', `${remote}/pulls?state=all`);
    const byNumber = new Map(issues.map((i) => [i.number, i]));
    // numbers match: the target was empty
    const first = byNumber.get(1)!;
    assert.equal(first.title, 'First issue');
    // alice has no account on the target: credited by name; the body's bytes kept
    assert.match(first.body, /^\*Originally by \*\*alice\*\* on \d{4}-\d\d-\d\d \d\d:\d\d UTC\*\n\n/);
    assert.ok(
      first.body.endsWith('\n\nBytes kept: *markdown*\r\n\ttabs, trailing spaces  \nunicode ✓ — 🫖\n\n'),
    );
    assert.deepEqual(first.labels.map((l) => l.name).sort(), ['bug', 'feature']);
    assert.equal(first.milestone?.title, 'v1');
    assert.equal(first.due_date?.slice(0, 10), '2031-05-06');
    const second = byNumber.get(2)!;
    assert.equal(second.state, 'closed');
    // bob has an account on the target: his name links to it
    assert.ok(second.body.startsWith(`*Originally by [**bob**](${proxy.url}bob) on `), second.body);
    // the merged pull request: the target's API cannot make a merged one, so an issue says what it was
    const merged = byNumber.get(3)!;
    assert.equal(merged.title, 'Add the feature');
    assert.equal(merged.state, 'closed');
    assert.match(
      merged.body,
      /Pull request from `feature` into `main`, merged by alice on .* as [0-9a-f]{10}\./,
    );
    // the open one is a pull request there, from the pushed branch
    assert.deepEqual(
      pulls.map((p) => [p.number, p.title, p.head.ref, p.base.ref, p.state]),
      [[4, 'Open work', 'open-work', 'main', 'open']],
    );

    const comments1 = await ok<{ body: string; user: { login: string } }[]>(
      target,
      carol,
      'GET',
      `${remote}/issues/1/comments`,
    );
    assert.equal(comments1.length, 2);
    assert.ok(comments1[0]!.body.endsWith('\n\nbob comments\r\n'));
    assert.ok(comments1[1]!.body.endsWith('\n\nalice answers'));
    assert.ok(comments1.every((c) => c.user.login === 'carol'));
    const review = (await ok<{ body: string }[]>(target, carol, 'GET', `${remote}/issues/3/comments`))
      .map((c) => c.body)
      .join('\n---\n');
    assert.match(review, /\[\*\*bob\*\*\]\(.*\) requested changes at [0-9a-f]{10} on /);
    assert.match(review, /Needs work/);
    assert.match(review, /\*\*alice\*\* reviewed at [0-9a-f]{10} on .*\n\nanswered/);
    assert.match(review, /fine now$/);
    // (this server keeps no diff hunk with a code comment; test/unit/publishText.test.ts shows one quoted)
    // the line comment comes with its diff hunk (the four lines ending at the commented one)
    assert.match(
      review,
      /`feature.txt`, line 2:\n```diff\n[^`]*\n@@ -0,0 \+1,2 @@\n\+line one\n\+line two\n```\n\nwhy two lines\?/,
    );
    const approval = await ok<{ body: string }[]>(target, carol, 'GET', `${remote}/issues/4/comments`);
    assert.match(approval[0]!.body, /^\*\*alice\*\* approved these changes at [0-9a-f]{10} on .*\n\nok$/);

    const releases = await ok<
      {
        tag_name: string;
        name: string;
        body: string;
        prerelease: boolean;
        assets: { id: number; name: string }[];
      }[]
    >(target, carol, 'GET', `${remote}/releases`);
    const v10 = releases.find((r) => r.tag_name === 'v1.0')!;
    assert.equal(v10.name, 'One');
    assert.match(v10.body, /\n\nnotes\r\n$/);
    assert.deepEqual(
      v10.assets.map((a) => a.name),
      ['tool.bin'],
    );
    const download = await fetch(`${target.url}team/tracker/releases/download/v1.0/tool.bin`, {
      headers: { Authorization: `token ${carol.token}` },
    });
    assert.deepEqual(Buffer.from(await download.arrayBuffer()), assetBytes);
    assert.equal(releases.find((r) => r.tag_name === 'v1.1-rc')?.prerelease, true);
  });

  test('a second run over unchanged data writes nothing; after a new comment it sends one request for it', async () => {
    let mark = proxy.seen.length;
    const idle = await publish(
      ['--repo', 'alice/tracker', '--to', proxy.url, '--owner', 'team', '--json'],
      carol.token,
    );
    assert.equal(idle.code, 0, idle.stderr);
    assert.deepEqual(since(mark).writes, []);
    assert.equal(summaryOf(idle).requests.writes, 0);

    await ok(source, bob, 'POST', '/repos/alice/tracker/issues/2/comments', { body: 'one more thing' });
    mark = proxy.seen.length;
    const again = await publish(
      ['--repo', 'alice/tracker', '--to', proxy.url, '--owner', 'team', '--json'],
      carol.token,
    );
    assert.equal(again.code, 0, again.stderr);
    const asked = since(mark);
    assert.deepEqual(asked.writes, ['POST /api/v1/repos/team/tracker/issues/2/comments']);
    // who am I, and is the repository still the one of the ledger: nothing per item
    assert.deepEqual(
      asked.api.filter((line) => line.startsWith('GET ')),
      ['GET /api/v1/user', 'GET /api/v1/repos/team/tracker', 'GET /api/v1/users/bob'],
    );
    const comments = await ok<{ body: string }[]>(target, carol, 'GET', `${remote}/issues/2/comments`);
    assert.ok(comments.at(-1)!.body.endsWith('one more thing'));
  });

  test('edits and deletions here are carried over: a new title, a removed label, a deleted comment', async () => {
    const repo = '/repos/alice/tracker';
    await ok(source, alice, 'PATCH', `${repo}/issues/1`, { title: 'First issue, renamed' });
    const labels = await ok<{ id: number; name: string }[]>(source, alice, 'GET', `${repo}/labels`);
    await ok(source, alice, 'DELETE', `${repo}/issues/1/labels/${labels.find((l) => l.name === 'bug')!.id}`);
    const comments = await ok<{ id: number; body: string }[]>(
      source,
      alice,
      'GET',
      `${repo}/issues/1/comments`,
    );
    await ok(
      source,
      alice,
      'DELETE',
      `${repo}/issues/comments/${comments.find((c) => c.body === 'alice answers')!.id}`,
    );

    const run = await publish(
      ['--repo', 'alice/tracker', '--to', proxy.url, '--owner', 'team', '--json'],
      carol.token,
    );
    assert.equal(run.code, 0, run.stderr);
    const issue = await ok<{ title: string; labels: { name: string }[] }>(
      target,
      carol,
      'GET',
      `${remote}/issues/1`,
    );
    assert.equal(issue.title, 'First issue, renamed');
    assert.deepEqual(
      issue.labels.map((l) => l.name),
      ['feature'],
    );
    const left = await ok<{ body: string }[]>(target, carol, 'GET', `${remote}/issues/1/comments`);
    assert.deepEqual(
      left.map((c) => c.body.split('\n\n').at(-1)),
      ['bob comments\r\n'],
    );
    const summary = summaryOf(run) as unknown as { updated: { issue: number }; deleted: { comment: number } };
    assert.equal(summary.updated.issue, 1);
    assert.equal(summary.deleted.comment, 1);
  });

  test('an interrupted run keeps what it sent and the next one finishes without duplicates', async () => {
    await createRepo(source, alice, 'many');
    for (let i = 1; i <= 40; i++)
      await ok(source, alice, 'POST', '/repos/alice/many/issues', { title: `Issue ${i}` });
    const stopped = await publish(
      ['--repo', 'alice/many', '--to', proxy.url, '--json'],
      carol.token,
      (line, stop) => {
        const event = JSON.parse(line) as { type: string; phase?: string; done?: number };
        if (event.phase === 'issues' && event.done === 5) stop();
      },
    );
    assert.equal(stopped.code, 130, stopped.stderr);
    const partial = summaryOf(stopped) as unknown as { cancelled: boolean; created: { issue: number } };
    assert.equal(partial.cancelled, true);
    assert.ok(partial.created.issue >= 5 && partial.created.issue < 40, String(partial.created.issue));

    const rest = await publish(['--repo', 'alice/many', '--to', proxy.url, '--json'], carol.token);
    assert.equal(rest.code, 0, rest.stderr);
    const issues = await ok<{ number: number; title: string }[]>(
      target,
      carol,
      'GET',
      '/repos/carol/many/issues?state=all&limit=50',
    );
    assert.deepEqual(
      issues.map((i) => [i.number, i.title]).sort((a, b) => (a[0] as number) - (b[0] as number)),
      Array.from({ length: 40 }, (_, i) => [i + 1, `Issue ${i + 1}`]),
    );
  });

  test('refusals: a bad token, a name taken on the target, an unknown organisation, missing arguments', async () => {
    const bad = await publish(
      ['--repo', 'alice/tracker', '--to', proxy.url, '--owner', 'team'],
      'not-a-token',
    );
    assert.equal(bad.code, 1);
    assert.match(
      bad.stderr,
      /cannot publish alice\/tracker: the target answered 401 to GET \/user \(the token is not valid on the target\)/,
    );

    await createRepo(target, bobOnTarget, 'taken');
    await ok(source, alice, 'POST', '/user/repos', { name: 'taken' });
    const taken = await publish(
      ['--repo', 'alice/taken', '--to', proxy.url, '--owner', 'bob'],
      bobOnTarget.token,
    );
    assert.equal(taken.code, 1);
    assert.match(
      taken.stderr,
      /bob\/taken already exists on .*; choose another name, or publish into it on purpose \(--existing\)/,
    );

    const noOrg = await publish(
      ['--repo', 'alice/taken', '--to', proxy.url, '--owner', 'nobody'],
      carol.token,
    );
    assert.equal(noOrg.code, 1);
    assert.match(
      noOrg.stderr,
      /there is no organisation "nobody" on .* that carol may create repositories in/,
    );

    const noRepo = await publish(['--repo', 'alice/missing', '--to', proxy.url], carol.token);
    assert.equal(noRepo.code, 1);
    assert.match(noRepo.stderr, /there is no repository alice\/missing in /);

    const usage = await publish(['--to', proxy.url], carol.token);
    assert.equal(usage.code, 2);
    assert.match(usage.stderr, /missing required option --repo\nUsage: teahouse publish /);
    const noToken = await publish(['--repo', 'alice/tracker', '--to', proxy.url], undefined);
    assert.equal(noToken.code, 2);
    assert.match(noToken.stderr, /no token for the target: set \$TEAHOUSE_PUBLISH_TOKEN/);
    const notUrl = await publish(['--repo', 'alice/tracker', '--to', 'ftp://x'], carol.token);
    assert.equal(notUrl.code, 1);
    assert.match(notUrl.stderr, /"ftp:\/\/x" is not an http\(s\) address/);
  });
});
