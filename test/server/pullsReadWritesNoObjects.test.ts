import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { GitWorkspace } from '../helpers/gitFixtures';
import { startServer, type TestServer, type TestUser } from './harness';
import { cloneAs, createRepo, openPull, pushCommit, serverGit, type PullJson } from './pullsFixture';

let server: TestServer;
const workspaces: GitWorkspace[] = [];

before(async () => {
  server = await startServer();
});
after(async () => {
  for (const ws of workspaces) ws.dispose();
  await server.stop();
});

// The fuzzer's check of refused requests (test/reliability/fuzz/snapshot.ts): every object and reference.
const gitState = (fullName: string): string =>
  [
    serverGit(server, fullName, 'for-each-ref', '--format=%(refname) %(objectname)'),
    serverGit(server, fullName, 'cat-file', '--batch-all-objects', '--batch-check=%(objectname)'),
  ].join('\n');

describe('reading a pull request whose base branch moved', () => {
  let alice: TestUser;
  let ws: GitWorkspace;
  const full = 'rw-alice/app';

  before(async () => {
    alice = await server.createUser('rw-alice');
    await createRepo(server, alice, 'app');
    ws = cloneAs(server, alice, full);
    workspaces.push(ws);
  });

  test('rechecks mergeability without writing git objects, refused (422) or answered', async () => {
    pushCommit(ws, 'feature', { 'feature.txt': 'feature\n' }, 'Add the feature');
    const pr = await openPull(server, alice, full, { head: 'feature', base: 'main', title: 'Feature' });
    // The base moves: the merge of the two is a tree the repository does not have yet.
    pushCommit(ws, 'main', { 'base.txt': 'base\n' }, 'Move the base');
    const before = gitState(full);

    const refused = await server.request(
      'GET',
      `/repos/${full}/pulls/${pr.number}/commits?verification=maybe`,
      {
        token: alice.token,
      },
    );
    assert.equal(refused.status, 422, refused.text);
    assert.equal(gitState(full), before, 'a refused read wrote to git');

    const read = await server.request<PullJson>('GET', `/repos/${full}/pulls/${pr.number}`, {
      token: alice.token,
    });
    assert.equal(read.status, 200, read.text);
    assert.equal(read.json.mergeable, true);
    assert.equal(gitState(full), before, 'a read wrote to git');
  });
});
