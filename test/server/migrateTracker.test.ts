import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { mustGit, remoteUrl } from '../helpers/gitRemote';
import { startServer, type TestServer, type TestUser } from './harness';
import { assetBytes, buildTrackerSource, ok } from './migrateTrackerSource';
import { snapshotRepository, type Snapshot } from './migrateTrackerSnapshot';

/**
 * The tracker part of `POST /repos/migrate` (service `gitea`) between real Teahouse processes: A → B → C,
 * every object compared field by field (ids and URLs aside).
 */

let a: TestServer;
let b: TestServer;
let c: TestServer;
let aliceA: TestUser;
let bobA: TestUser;
let aliceB: TestUser;
let aliceC: TestUser;
const fullName = 'alice/tracker';

const allFlags = {
  labels: true,
  milestones: true,
  issues: true,
  pull_requests: true,
  releases: true,
  wiki: true,
};

const migrate = (target: TestServer, user: TestUser, from: TestServer, token: string, extra = {}) =>
  target.request<{ full_name: string; message: string }>('POST', '/repos/migrate', {
    token: user.token,
    body: {
      clone_addr: `${from.url}${fullName}.git`,
      repo_name: 'tracker',
      service: 'gitea',
      auth_token: token,
      ...allFlags,
      ...extra,
    },
  });

let snapA: Snapshot;
let snapB: Snapshot;

before(async () => {
  [a, b, c] = await Promise.all([startServer(), startServer(), startServer()]);
  [aliceA, bobA, aliceB, aliceC] = await Promise.all([
    a.createUser('alice'),
    a.createUser('bob'),
    b.createUser('alice'),
    c.createUser('alice'),
  ]);
  await buildTrackerSource(a, aliceA, bobA);
  snapA = await snapshotRepository(a, aliceA.token, fullName);
});

after(async () => {
  await Promise.all([a, b, c].map((server) => server.stop()));
});

describe('migrating issues, pull requests and releases between Teahouse servers', () => {
  test('A → B: every object arrives with its numbers, bodies, dates, states and authors (201)', async () => {
    const res = await migrate(b, aliceB, a, aliceA.token);
    assert.equal(res.status, 201, res.text);
    snapB = await snapshotRepository(b, aliceB.token, fullName);
    assert.deepEqual(snapB.effective, snapA.effective);
    assert.deepEqual((snapB.effective as { topics: unknown }).topics, { topics: ['round-trip', 'tracker'] });
    assert.equal(snapB.gitRefs, snapA.gitRefs);
    assert.ok(snapA.counts.issues === 4 && snapA.counts.comments === 4 && snapA.counts.reviews === 3);
  });

  test("B's release asset is the source's file, byte for byte, downloadable at its own address", async () => {
    const releases = await ok<
      { tag_name: string; assets: { name: string; browser_download_url: string }[] }[]
    >(b, aliceB, 'GET', `/repos/${fullName}/releases`);
    const asset = releases.find((release) => release.tag_name === 'v1.0')?.assets[0];
    assert.equal(asset?.name, 'tool.bin');
    assert.ok(asset.browser_download_url.startsWith(b.url), 'the asset is served by B, not by A');
    const download = await fetch(asset.browser_download_url, {
      headers: { Authorization: `token ${aliceB.token}` },
    });
    assert.equal(download.status, 200);
    assert.deepEqual(Buffer.from(await download.arrayBuffer()), assetBytes);
  });

  test('on B, alice is the local alice and bob, who has no account there, is an original author', async () => {
    const issues = await ok<
      {
        number: number;
        user: { login: string; id: number };
        original_author: string;
        original_author_id: number;
      }[]
    >(b, aliceB, 'GET', `/repos/${fullName}/issues?state=all&type=issues`);
    const first = issues.find((i) => i.number === 1)!;
    assert.equal(first.user.login, 'alice');
    assert.equal(first.user.id, aliceB.user.id);
    assert.equal(first.original_author, '');
    const bobs = issues.find((i) => i.number === 2)!;
    assert.equal(bobs.user.login, 'Ghost');
    assert.equal(bobs.original_author, 'bob');
    assert.equal(bobs.original_author_id, bobA.user.id);
    const reactions = await ok<{ user: { login: string; id: number }; content: string }[]>(
      b,
      aliceB,
      'GET',
      `/repos/${fullName}/issues/1/reactions`,
    );
    assert.deepEqual(
      reactions.map((r) => [r.content, r.user.login, r.user.id]),
      [
        ['+1', 'bob(gitea)', -1],
        ['heart', 'alice', aliceB.user.id],
      ],
    );
    const reviews = await ok<{ user: { login: string } }[]>(
      b,
      aliceB,
      'GET',
      `/repos/${fullName}/pulls/3/reviews`,
    );
    assert.deepEqual(
      reviews.map((r) => r.user.login),
      ['bob(gitea)', 'alice'],
    );
  });

  test('B → C: the copy migrates back into a fresh server with the same result', async () => {
    const res = await migrate(c, aliceC, b, aliceB.token);
    assert.equal(res.status, 201, res.text);
    const snapC = await snapshotRepository(c, aliceC.token, fullName);
    assert.deepEqual(snapC.exact, snapB.exact);
    assert.deepEqual(snapC.effective, snapA.effective);
    assert.equal(snapC.gitRefs, snapA.gitRefs);
    const created = await ok<{ number: number }>(c, aliceC, 'POST', `/repos/${fullName}/issues`, {
      title: 'after the import',
    });
    assert.equal(created.number, 5, 'a new issue continues after the imported numbers');
  });
});

describe('a tracker migration that fails leaves nothing behind', () => {
  const nothingLeft = async (server: TestServer, user: TestUser, name: string): Promise<void> => {
    const res = await server.request('GET', `/repos/alice/${name}`, { token: user.token });
    assert.equal(res.status, 404, res.text);
    assert.equal(existsSync(path.join(server.dataDir, 'repositories', 'alice', `${name}.git`)), false);
  };

  test('an unreachable source: 422 "Migration failed", no repository', async () => {
    const res = await b.request<{ message: string }>('POST', '/repos/migrate', {
      token: aliceB.token,
      body: {
        clone_addr: 'http://127.0.0.1:9/alice/gone.git',
        repo_name: 'gone',
        service: 'gitea',
        ...allFlags,
      },
    });
    assert.equal(res.status, 422, res.text);
    assert.match(res.json.message, /^Migration failed: the source is unreachable/);
    await nothingLeft(b, aliceB, 'gone');
  });

  test('a token the source refuses (401): 422 "Authentication failed", no repository', async () => {
    const res = await migrate(b, aliceB, a, 'not-a-token', { repo_name: 'refused' });
    assert.equal(res.status, 422, res.text);
    assert.match(res.json.message, /^Authentication failed: the source answered 401/);
    await nothingLeft(b, aliceB, 'refused');
  });
});

test('the pull request heads came along as refs/pull/N/head', () => {
  const refs = mustGit(b.dataDir, ['ls-remote', remoteUrl(b.url, fullName)]);
  assert.match(refs, /refs\/pull\/3\/head/);
  assert.match(refs, /refs\/pull\/4\/head/);
});
