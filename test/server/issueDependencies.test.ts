import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { GitWorkspace } from '../helpers/gitFixtures';
import { startServer, type TestServer } from './harness';
import { assertSameShape, recordedBody, trackerFixture, type IssueBody } from './issueTrackerFixture';
import { cloneAs, openPull, pushCommit } from './pullsFixture';

describe('issue dependencies', () => {
  let server: TestServer;
  const workspaces: GitWorkspace[] = [];
  before(async () => {
    server = await startServer();
  });
  after(async () => {
    for (const ws of workspaces) ws.dispose();
    await server.stop();
  });
  const tracker = trackerFixture(() => server);
  const meta = (full: string, index: number) => {
    const [owner, repo] = full.split('/');
    return { owner, repo, index };
  };

  test('an issue depends on another: both lists, both timelines, Gitea’s shapes and statuses', async () => {
    const owner = await tracker.owner('dep-ann');
    const blocker = await tracker.issue(owner, 'dep-ann/app', { title: 'Blocker' });
    const blocked = await tracker.issue(owner, 'dep-ann/app', { title: 'Blocked' });
    const base = '/repos/dep-ann/app/issues';
    const created = await tracker.request<IssueBody>(
      'POST',
      `${base}/${blocked.number}/dependencies`,
      owner.token,
      meta('dep-ann/app', blocker.number),
    );
    assert.equal(created.status, 201, created.text);
    assert.equal(created.json.number, blocked.number);
    assertSameShape(created.json, recordedBody('POST', '/issues/2/dependencies'));

    const dependencies = await tracker.request<IssueBody[]>('GET', `${base}/${blocked.number}/dependencies`);
    assert.deepEqual(
      dependencies.json.map((i) => i.number),
      [blocker.number],
    );
    assertSameShape(dependencies.json, recordedBody('GET', '/issues/2/dependencies'));
    const blocks = await tracker.request<IssueBody[]>('GET', `${base}/${blocker.number}/blocks`);
    assert.deepEqual(
      blocks.json.map((i) => i.number),
      [blocked.number],
    );
    assertSameShape(blocks.json, recordedBody('GET', '/issues/1/blocks'));

    for (const [index, other] of [
      [blocked.number, blocker.number],
      [blocker.number, blocked.number],
    ] as const) {
      const [entry] = await tracker.timeline('dep-ann/app', index);
      assert.equal(entry?.type, 'add_dependency');
      assert.equal(entry?.dependent_issue?.number, other);
    }

    const again = await tracker.request(
      'POST',
      `${base}/${blocked.number}/dependencies`,
      owner.token,
      meta('dep-ann/app', blocker.number),
    );
    assert.equal(again.status, 409);
    const circular = await tracker.request(
      'POST',
      `${base}/${blocker.number}/dependencies`,
      owner.token,
      meta('dep-ann/app', blocked.number),
    );
    assert.equal(circular.status, 422);
    const itself = await tracker.request(
      'POST',
      `${base}/${blocker.number}/dependencies`,
      owner.token,
      meta('dep-ann/app', blocker.number),
    );
    assert.equal(itself.status, 422);

    // Gitea's handler answers 201 for a removal
    const removed = await tracker.request<IssueBody>(
      'DELETE',
      `${base}/${blocked.number}/dependencies`,
      owner.token,
      meta('dep-ann/app', blocker.number),
    );
    assert.equal(removed.status, 201, removed.text);
    const gone = await tracker.request(
      'DELETE',
      `${base}/${blocked.number}/dependencies`,
      owner.token,
      meta('dep-ann/app', blocker.number),
    );
    assert.equal(gone.status, 404);
    assert.deepEqual(
      (await tracker.request<unknown[]>('GET', `${base}/${blocked.number}/dependencies`)).json,
      [],
    );
    assert.equal((await tracker.timeline('dep-ann/app', blocker.number)).at(-1)?.type, 'remove_dependency');

    // and through /blocks, from the other side
    const blocking = await tracker.request<IssueBody>(
      'POST',
      `${base}/${blocker.number}/blocks`,
      owner.token,
      meta('dep-ann/app', blocked.number),
    );
    assert.equal(blocking.status, 201, blocking.text);
    assert.equal(blocking.json.number, blocker.number);
    const unblocking = await tracker.request(
      'DELETE',
      `${base}/${blocker.number}/blocks`,
      owner.token,
      meta('dep-ann/app', blocked.number),
    );
    assert.equal(unblocking.status, 201);
  });

  test('an issue with an open dependency cannot be closed (412) until the blocker is closed', async () => {
    const owner = await tracker.owner('dep-bob');
    const blocker = await tracker.issue(owner, 'dep-bob/app', { title: 'Blocker' });
    const blocked = await tracker.issue(owner, 'dep-bob/app', { title: 'Blocked' });
    const add = await tracker.request(
      'POST',
      `/repos/dep-bob/app/issues/${blocked.number}/dependencies`,
      owner.token,
      meta('dep-bob/app', blocker.number),
    );
    assert.equal(add.status, 201);
    const close = (index: number) =>
      tracker.request<IssueBody>('PATCH', `/repos/dep-bob/app/issues/${index}`, owner.token, {
        state: 'closed',
        title: 'Renamed',
      });
    const refused = await close(blocked.number);
    assert.equal(refused.status, 412);
    assert.equal(
      refused.json.message,
      'cannot close this issue or pull request because it still has open dependencies',
    );
    const unchanged = await tracker.request<IssueBody>('GET', `/repos/dep-bob/app/issues/${blocked.number}`);
    assert.deepEqual([unchanged.json.state, unchanged.json.title], ['open', 'Blocked']);
    assert.equal((await close(blocker.number)).status, 201);
    assert.equal((await close(blocked.number)).status, 201);
  });

  test('a pull request an open issue blocks is not merged (405); with the switch off, dependencies are 404', async () => {
    const owner = await tracker.owner('dep-cat');
    const ws = cloneAs(server, owner, 'dep-cat/app');
    workspaces.push(ws);
    pushCommit(ws, 'feature', { 'f.txt': 'f\n' }, 'feature');
    const pr = await openPull(server, owner, 'dep-cat/app', {
      head: 'feature',
      base: 'main',
      title: 'Feature',
    });
    const blocker = await tracker.issue(owner, 'dep-cat/app', { title: 'Blocker' });
    const add = await tracker.request(
      'POST',
      `/repos/dep-cat/app/issues/${pr.number}/dependencies`,
      owner.token,
      meta('dep-cat/app', blocker.number),
    );
    assert.equal(add.status, 201, add.text);
    const merge = await tracker.request<{ message: string }>(
      'POST',
      `/repos/dep-cat/app/pulls/${pr.number}/merge`,
      owner.token,
      { Do: 'merge' },
    );
    assert.equal(merge.status, 405);
    assert.match(merge.json.message, /blocking this pull request/);

    const off = await tracker.request<{ internal_tracker: { enable_issue_dependencies: boolean } }>(
      'PATCH',
      '/repos/dep-cat/app',
      owner.token,
      { internal_tracker: { enable_issue_dependencies: false } },
    );
    assert.equal(off.status, 200, off.text);
    assert.equal(off.json.internal_tracker.enable_issue_dependencies, false);
    assert.equal(
      (await tracker.request('GET', `/repos/dep-cat/app/issues/${pr.number}/dependencies`)).status,
      404,
    );
    const refused = await tracker.request(
      'POST',
      `/repos/dep-cat/app/issues/${blocker.number}/dependencies`,
      owner.token,
      meta('dep-cat/app', pr.number),
    );
    assert.equal(refused.status, 404);
    // closing is no longer held back, merging still is, as in Gitea
    assert.equal(
      (await tracker.request('GET', `/repos/dep-cat/app/issues/${blocker.number}/blocks`)).status,
      200,
    );
    const mergeAgain = await tracker.request(
      'POST',
      `/repos/dep-cat/app/pulls/${pr.number}/merge`,
      owner.token,
      { Do: 'merge' },
    );
    assert.equal(mergeAgain.status, 405);
  });

  test('who may: writers add, readers 404, an unreadable blocker is hidden, cross-repository works', async () => {
    const owner = await tracker.owner('dep-dan');
    const reader = await server.createUser('dep-dan-reader');
    await tracker.collaborate(owner, 'app', reader, 'read');
    const vaultOwner = await tracker.owner('dep-dan-vault', { private: true });
    await tracker.collaborate(vaultOwner, 'app', owner, 'read');
    const secret = await tracker.issue(vaultOwner, 'dep-dan-vault/app', { title: 'secret blocker' });
    const blocked = await tracker.issue(owner, 'dep-dan/app', { title: 'Blocked' });
    const path = `/repos/dep-dan/app/issues/${blocked.number}/dependencies`;
    const byReader = await tracker.request(
      'POST',
      path,
      reader.token,
      meta('dep-dan-vault/app', secret.number),
    );
    assert.equal(byReader.status, 404);
    const anonymous = await tracker.request(
      'POST',
      path,
      undefined,
      meta('dep-dan-vault/app', secret.number),
    );
    assert.equal(anonymous.status, 401);
    const cross = await tracker.request('POST', path, owner.token, meta('dep-dan-vault/app', secret.number));
    assert.equal(cross.status, 201, cross.text);
    const noRepo = await tracker.request('POST', path, owner.token, meta('nobody/none', 1));
    assert.equal(noRepo.status, 404);

    const asOwner = await tracker.request<IssueBody[]>('GET', path, owner.token);
    assert.equal(asOwner.json[0]?.title, 'secret blocker');
    const asReader = await tracker.request<IssueBody[]>('GET', path, reader.token);
    assert.deepEqual([asReader.json[0]?.title, asReader.json[0]?.id], ['', 0]);
    const asAnonymous = await tracker.request<IssueBody[]>('GET', path);
    assert.equal(asAnonymous.json[0]?.repository, null);
    assert.ok(!JSON.stringify(asAnonymous.json).includes('secret'));
    // the blocked issue's writers see the blocker's title (they may remove the dependency), as Gitea
    const writer = await server.createUser('dep-dan-writer');
    await tracker.collaborate(owner, 'app', writer, 'write');
    const asWriter = await tracker.request<IssueBody[]>('GET', path, writer.token);
    assert.deepEqual([asWriter.json[0]?.title, asWriter.json[0]?.id], ['secret blocker', 0]);
    // the timeline does not show an issue the caller may not read
    const [entry] = await tracker.timeline('dep-dan/app', blocked.number, reader.token);
    assert.deepEqual([entry?.type, entry?.dependent_issue], ['add_dependency', null]);
  });

  test('in an archived repository dependencies cannot change (423)', async () => {
    const owner = await tracker.owner('dep-eve');
    const a = await tracker.issue(owner, 'dep-eve/app', { title: 'A' });
    const b = await tracker.issue(owner, 'dep-eve/app', { title: 'B' });
    const archived = await tracker.request('PATCH', '/repos/dep-eve/app', owner.token, { archived: true });
    assert.equal(archived.status, 200);
    const add = await tracker.request(
      'POST',
      `/repos/dep-eve/app/issues/${a.number}/dependencies`,
      owner.token,
      meta('dep-eve/app', b.number),
    );
    assert.equal(add.status, 423);
    const viaBlocks = await tracker.request(
      'POST',
      `/repos/dep-eve/app/issues/${b.number}/blocks`,
      owner.token,
      meta('dep-eve/app', a.number),
    );
    assert.equal(viaBlocks.status, 404);
  });
});
