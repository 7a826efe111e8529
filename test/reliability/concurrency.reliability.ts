import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { remoteUrl } from '../helpers/gitRemote';
import { makeTempDir } from '../helpers/gitFixtures';
import { startServer, type TestServer, type TestUser } from '../server/harness';
import { printFigure } from './profile';
import { bareRepositories, fsckFailures, gitAsync } from './serverProbe';

/**
 * Many clients changing the same thing at once. A "lost update" is a change answered 2xx that the final
 * state does not show; each test states what the final state must hold.
 */

let server: TestServer;
let owner: TestUser;
let scratch: string;

before(async () => {
  server = await startServer();
  owner = await server.createUser('race-owner');
  scratch = makeTempDir('teahouse-concurrency-');
});

after(async () => {
  await server.stop();
  rmSync(scratch, { recursive: true, force: true });
});

async function createRepository(name: string): Promise<string> {
  const res = await server.request<{ full_name: string }>('POST', '/user/repos', {
    token: owner.token,
    body: { name, auto_init: true },
  });
  assert.equal(res.status, 201, res.text);
  return res.json.full_name;
}

/** Sends `count` requests at once and checks each was answered `status`; answers their JSON bodies. */
async function allAtOnce<T>(
  count: number,
  status: number,
  send: (index: number) => Promise<{ status: number; text: string; json: T }>,
): Promise<T[]> {
  const answers = await Promise.all(Array.from({ length: count }, (_, index) => send(index)));
  for (const answer of answers) assert.equal(answer.status, status, answer.text);
  return answers.map((answer) => answer.json);
}

const sorted = (values: readonly number[]): number[] => [...values].sort((a, b) => a - b);
const range = (from: number, count: number): number[] => Array.from({ length: count }, (_, i) => from + i);

describe('concurrent issue creation', () => {
  test('100 issues created at once get 100 distinct, gapless numbers', async () => {
    const repo = await createRepository('numbers');
    const created = await allAtOnce<{ number: number; title: string }>(100, 201, (i) =>
      server.request('POST', `/repos/${repo}/issues`, { token: owner.token, body: { title: `race ${i}` } }),
    );
    assert.deepEqual(sorted(created.map((issue) => issue.number)), range(1, 100));
    // Each number is the issue that was answered with it.
    for (const issue of created) {
      const read = await server.request<{ title: string }>('GET', `/repos/${repo}/issues/${issue.number}`, {
        token: owner.token,
      });
      assert.equal(read.json.title, issue.title);
    }
    printFigure('concurrent issue creations', '100 → numbers 1..100, no gap, no duplicate');
  });
});

describe('concurrent label edits on one issue', () => {
  let repo: string;
  let labelIds: number[];

  before(async () => {
    repo = await createRepository('labels');
    labelIds = [];
    for (let i = 0; i < 40; i++) {
      const label = await server.request<{ id: number }>('POST', `/repos/${repo}/labels`, {
        token: owner.token,
        body: { name: `label-${i}`, color: '#00aabb' },
      });
      assert.equal(label.status, 201, label.text);
      labelIds.push(label.json.id);
    }
  });

  const issueLabels = async (index: number): Promise<number[]> => {
    const res = await server.request<{ id: number }[]>('GET', `/repos/${repo}/issues/${index}/labels`, {
      token: owner.token,
    });
    assert.equal(res.status, 200, res.text);
    return sorted(res.json.map((label) => label.id));
  };

  test('20 concurrent additions of different labels: all 20 are on the issue', async () => {
    const issue = await server.request<{ number: number }>('POST', `/repos/${repo}/issues`, {
      token: owner.token,
      body: { title: 'add race' },
    });
    const added = labelIds.slice(0, 20);
    await allAtOnce(20, 200, (i) =>
      server.request('POST', `/repos/${repo}/issues/${issue.json.number}/labels`, {
        token: owner.token,
        body: { labels: [added[i]] },
      }),
    );
    assert.deepEqual(await issueLabels(issue.json.number), sorted(added));
  });

  test('10 removals racing 10 additions: exactly the added labels remain', async () => {
    const removed = labelIds.slice(20, 30);
    const added = labelIds.slice(30, 40);
    const issue = await server.request<{ number: number }>('POST', `/repos/${repo}/issues`, {
      token: owner.token,
      body: { title: 'add/remove race', labels: removed },
    });
    assert.deepEqual(await issueLabels(issue.json.number), sorted(removed));
    await Promise.all([
      allAtOnce(10, 204, (i) =>
        server.request('DELETE', `/repos/${repo}/issues/${issue.json.number}/labels/${removed[i]}`, {
          token: owner.token,
        }),
      ),
      allAtOnce(10, 200, (i) =>
        server.request('POST', `/repos/${repo}/issues/${issue.json.number}/labels`, {
          token: owner.token,
          body: { labels: [added[i]] },
        }),
      ),
    ]);
    assert.deepEqual(await issueLabels(issue.json.number), sorted(added));
  });
});

describe('concurrent milestone edits', () => {
  interface Milestone {
    id: number;
    open_issues: number;
    closed_issues: number;
  }

  test("20 issues moved into a milestone at once, then 10 closed at once: the milestone's counts are exact", async () => {
    const repo = await createRepository('milestones');
    const milestone = await server.request<Milestone>('POST', `/repos/${repo}/milestones`, {
      token: owner.token,
      body: { title: 'v1' },
    });
    assert.equal(milestone.status, 201, milestone.text);
    const issues = await allAtOnce<{ number: number }>(20, 201, (i) =>
      server.request('POST', `/repos/${repo}/issues`, { token: owner.token, body: { title: `m${i}` } }),
    );
    await allAtOnce(20, 201, (i) =>
      server.request('PATCH', `/repos/${repo}/issues/${issues[i]!.number}`, {
        token: owner.token,
        body: { milestone: milestone.json.id },
      }),
    );
    await allAtOnce(10, 201, (i) =>
      server.request('PATCH', `/repos/${repo}/issues/${issues[i]!.number}`, {
        token: owner.token,
        body: { state: 'closed' },
      }),
    );
    const read = await server.request<Milestone>('GET', `/repos/${repo}/milestones/${milestone.json.id}`, {
      token: owner.token,
    });
    assert.equal(read.json.open_issues, 10);
    assert.equal(read.json.closed_issues, 10);
    const listed = await server.request<{ number: number }[]>(
      'GET',
      `/repos/${repo}/issues?state=all&milestones=v1&limit=50`,
      { token: owner.token },
    );
    assert.equal(listed.json.length, 20, listed.text);
  });

  test('20 milestones created at once get distinct ids and are all listed', async () => {
    const repo = await createRepository('milestone-create');
    const created = await allAtOnce<Milestone>(20, 201, (i) =>
      server.request('POST', `/repos/${repo}/milestones`, { token: owner.token, body: { title: `m-${i}` } }),
    );
    assert.equal(new Set(created.map((m) => m.id)).size, 20);
    const listed = await server.request<Milestone[]>('GET', `/repos/${repo}/milestones?state=all&limit=50`, {
      token: owner.token,
    });
    assert.deepEqual(sorted(listed.json.map((m) => m.id)), sorted(created.map((m) => m.id)));
  });
});

describe('concurrent comments', () => {
  test("50 comments at once, then 50 edits at once: all listed, each with its last body, and the issue's count is 50", async () => {
    const repo = await createRepository('comments');
    const issue = await server.request<{ number: number }>('POST', `/repos/${repo}/issues`, {
      token: owner.token,
      body: { title: 'busy thread' },
    });
    const comments = await allAtOnce<{ id: number }>(50, 201, (i) =>
      server.request('POST', `/repos/${repo}/issues/${issue.json.number}/comments`, {
        token: owner.token,
        body: { body: `comment ${i}` },
      }),
    );
    await allAtOnce(50, 200, (i) =>
      server.request('PATCH', `/repos/${repo}/issues/comments/${comments[i]!.id}`, {
        token: owner.token,
        body: { body: `edited ${i}` },
      }),
    );
    const listed = await server.request<{ id: number; body: string }[]>(
      'GET',
      `/repos/${repo}/issues/${issue.json.number}/comments`,
      { token: owner.token },
    );
    const bodies = new Map(listed.json.map((comment) => [comment.id, comment.body]));
    comments.forEach((comment, i) => assert.equal(bodies.get(comment.id), `edited ${i}`));
    assert.equal(bodies.size, 50);
    const read = await server.request<{ comments: number }>(
      'GET',
      `/repos/${repo}/issues/${issue.json.number}`,
      {
        token: owner.token,
      },
    );
    assert.equal(read.json.comments, 50);
  });
});

describe('concurrent pushes to one branch', () => {
  test('8 pushes that are not fast-forwards of each other: one wins, the others are rejected, fsck is clean', async () => {
    const repo = await createRepository('pushes');
    const url = remoteUrl(server.url, repo, { username: owner.user.login, secret: owner.token });
    const clones: string[] = [];
    for (let i = 0; i < 8; i++) {
      const dir = path.join(scratch, `push-${i}`);
      assert.equal((await gitAsync(scratch, ['clone', '--quiet', url, dir])).code, 0);
      writeFileSync(path.join(dir, 'race.txt'), `writer ${i}\n`);
      await gitAsync(dir, ['add', 'race.txt']);
      assert.equal(
        (await gitAsync(dir, ['commit', '--quiet', '--no-gpg-sign', '-m', `writer ${i}`])).code,
        0,
      );
      clones.push(dir);
    }
    const heads = await Promise.all(
      clones.map(async (dir) => (await gitAsync(dir, ['rev-parse', 'HEAD'])).stdout.trim()),
    );
    const outcomes = await Promise.all(clones.map((dir) => gitAsync(dir, ['push', 'origin', 'HEAD:main'])));
    const winners = outcomes.flatMap((outcome, i) => (outcome.code === 0 ? [i] : []));
    assert.equal(winners.length, 1, outcomes.map((o) => o.stderr).join('\n---\n'));
    for (const [i, outcome] of outcomes.entries()) {
      if (i === winners[0]) continue;
      // git names the refused ref: "! [rejected]" (stale) or "! [remote rejected]" (lost the lock race).
      assert.match(outcome.stderr, /\[(remote )?rejected\]|failed to push/, outcome.stderr);
    }
    const branch = await server.request<{ commit: { id: string } }>('GET', `/repos/${repo}/branches/main`, {
      token: owner.token,
    });
    assert.equal(branch.json.commit.id, heads[winners[0]!]);
    assert.deepEqual(await fsckFailures(bareRepositories(server.dataDir)), []);
    printFigure('concurrent pushes to one branch', `8 → 1 accepted, 7 rejected, fsck clean`);
  });
});
