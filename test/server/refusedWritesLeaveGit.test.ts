import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { startServer, type TestServer, type TestUser } from './harness';
import { createRepo, openPull, serverGit } from './pullsFixture';

let server: TestServer;

before(async () => {
  server = await startServer();
});
after(async () => {
  await server.stop();
});

// The fuzzer's check of refused requests (test/reliability/fuzz/snapshot.ts): every object and reference.
const gitState = (fullName: string): string =>
  [
    serverGit(server, fullName, 'for-each-ref', '--format=%(refname) %(objectname)'),
    serverGit(server, fullName, 'cat-file', '--batch-all-objects', '--batch-check=%(objectname)'),
  ].join('\n');

describe('writes refused for their commit message', () => {
  let alice: TestUser;
  const full = 'rl-alice/app';
  const put = (path: string, content: string, extra: Record<string, unknown>) =>
    server.request<{ message: string }>('POST', `/repos/${full}/contents/${path}`, {
      token: alice.token,
      body: { content: Buffer.from(content).toString('base64'), ...extra },
    });

  before(async () => {
    alice = await server.createUser('rl-alice');
    await createRepo(server, alice, 'app');
  });

  test('a file change with a NUL in its message writes no blob or tree', async () => {
    const before = gitState(full);
    const refused = await put('new.txt', 'content never seen before\n', { message: 'bad\u0000message' });
    assert.equal(refused.status, 422, refused.text);
    assert.equal(gitState(full), before);
  });

  test('a merge with a NUL in its message writes no merged tree', async () => {
    assert.equal(
      (await put('feature.txt', 'feature\n', { message: 'Add', new_branch: 'feature' })).status,
      201,
    );
    assert.equal((await put('base.txt', 'base\n', { message: 'Move the base' })).status, 201);
    const pr = await openPull(server, alice, full, { head: 'feature', base: 'main', title: 'Feature' });
    // the pull request's own refresh is done: only the merge may write now
    await server.request('GET', `/repos/${full}/pulls/${pr.number}`, { token: alice.token });
    const before = gitState(full);
    const refused = await server.request('POST', `/repos/${full}/pulls/${pr.number}/merge`, {
      token: alice.token,
      body: { Do: 'merge', merge_message_field: 'bad\u0000message' },
    });
    assert.equal(refused.status, 422, refused.text);
    assert.equal(gitState(full), before);
  });
});
