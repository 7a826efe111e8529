import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { startServer, type TestServer, type TestUser } from './harness';

/** A fork's branch brought up to date with its base: nothing to do, a fast-forward, or a merge. */

let server: TestServer;
let owner: TestUser;
let forker: TestUser;
let counter = 0;

async function commitOn(repo: string, token: string, branch = 'main'): Promise<string> {
  const res = await server.request<{ commit: { sha: string } }>(
    'POST',
    `/repos/${repo}/contents/f${++counter}.txt`,
    {
      token,
      body: { content: Buffer.from(`${counter}\n`).toString('base64'), message: `change ${counter}`, branch },
    },
  );
  assert.equal(res.status, 201, res.text);
  return res.json.commit.sha;
}

const tipOf = async (repo: string, branch = 'main'): Promise<string> =>
  (await server.request<{ commit: { id: string } }>('GET', `/repos/${repo}/branches/${branch}`)).json.commit
    .id;

const mergeUpstream = (repo: string, body: Record<string, unknown>, token = forker.token) =>
  server.request<{ merge_style: string }>('POST', `/repos/${repo}/merge-upstream`, { token, body });

before(async () => {
  server = await startServer();
  owner = await server.createUser('mu-owner');
  forker = await server.createUser('mu-forker');
  const created = await server.request('POST', '/user/repos', {
    token: owner.token,
    body: { name: 'upstream', auto_init: true },
  });
  assert.equal(created.status, 201, created.text);
  const fork = await server.request('POST', '/repos/mu-owner/upstream/forks', {
    token: forker.token,
    body: {},
  });
  assert.equal(fork.status, 202, fork.text);
});

after(async () => {
  await server.stop();
});

describe('merge-upstream', () => {
  const fork = 'mu-forker/upstream';

  test('is up to date, then fast-forwards, then merges a diverged branch', async () => {
    assert.deepEqual((await mergeUpstream(fork, { branch: 'main' })).json, { merge_style: 'up-to-date' });
    const upstreamTip = await commitOn('mu-owner/upstream', owner.token);
    const forward = await mergeUpstream(fork, { branch: 'main' });
    assert.equal(forward.status, 200, forward.text);
    assert.deepEqual(forward.json, { merge_style: 'fast-forward' });
    assert.equal(await tipOf(fork), upstreamTip);

    await commitOn('mu-owner/upstream', owner.token);
    const forkOwn = await commitOn(fork, forker.token);
    const ffOnly = await mergeUpstream(fork, { branch: 'main', ff_only: true });
    assert.equal(ffOnly.status, 400);
    assert.match(ffOnly.text, /fast-forward merge not possible/);
    assert.equal(await tipOf(fork), forkOwn);
    const merged = await mergeUpstream(fork, { branch: 'main' });
    assert.deepEqual(merged.json, { merge_style: 'merge' });
    const head = await server.request<{ parents: { sha: string }[]; commit: { message: string } }>(
      'GET',
      `/repos/${fork}/git/commits/${await tipOf(fork)}`,
    );
    assert.equal(head.json.commit.message, 'merge upstream\n');
    assert.equal(head.json.parents[0]!.sha, forkOwn);
  });

  test('answers 400 for a repository that is no fork, 404 for a missing branch, 403 for a reader', async () => {
    assert.equal((await mergeUpstream('mu-owner/upstream', { branch: 'main' }, owner.token)).status, 400);
    assert.equal((await mergeUpstream(fork, { branch: 'none' })).status, 404);
    assert.equal((await mergeUpstream(fork, {})).status, 404);
    assert.equal((await mergeUpstream(fork, { branch: 'main' }, owner.token)).status, 403);
    assert.equal((await server.request('POST', `/repos/${fork}/merge-upstream`, { body: {} })).status, 401);
  });
});
