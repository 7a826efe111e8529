import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { startServer, type TestServer, type TestUser } from './harness';

interface ThreadBody {
  id: number;
  subject: { title: string; url: string; html_url: string; type: string; state: string };
  unread: boolean;
}

describe('notifications of pull requests', () => {
  let server: TestServer;
  let owner: TestUser;
  let writer: TestUser;
  let watcher: TestUser;

  before(async () => {
    server = await startServer();
    owner = await server.createUser('np-owner');
    writer = await server.createUser('np-writer');
    watcher = await server.createUser('np-watcher');
    const repo = await server.request('POST', '/user/repos', {
      token: owner.token,
      body: { name: 'pulled', auto_init: true },
    });
    assert.equal(repo.status, 201, repo.text);
    for (const [user, permission] of [
      ['np-writer', 'write'],
      ['np-watcher', 'read'],
    ] as const) {
      const added = await server.request('PUT', `/repos/np-owner/pulled/collaborators/${user}`, {
        token: owner.token,
        body: { permission },
      });
      assert.equal(added.status, 204, added.text);
    }
    const watched = await server.request('PUT', '/repos/np-owner/pulled/subscription', {
      token: watcher.token,
    });
    assert.equal(watched.status, 200, watched.text);
  });
  after(async () => {
    await server.stop();
  });

  /** A branch with one new file, committed through the contents API, and a pull request of it into main. */
  async function openPull(branch: string, title: string): Promise<number> {
    const file = await server.request('POST', `/repos/np-owner/pulled/contents/${branch}.txt`, {
      token: writer.token,
      body: {
        content: Buffer.from(`${branch}\n`).toString('base64'),
        message: `add ${branch}`,
        branch: 'main',
        new_branch: branch,
      },
    });
    assert.equal(file.status, 201, file.text);
    const pull = await server.request<{ number: number }>('POST', '/repos/np-owner/pulled/pulls', {
      token: writer.token,
      body: { head: branch, base: 'main', title },
    });
    assert.equal(pull.status, 201, pull.text);
    return pull.json.number;
  }
  const threadFor = async (
    user: TestUser,
    title: string,
    query = '?all=true',
  ): Promise<ThreadBody | undefined> => {
    const res = await server.request<ThreadBody[]>('GET', `/notifications${query}`, { token: user.token });
    assert.equal(res.status, 200, res.text);
    return res.json.find((t) => t.subject.title === title);
  };

  test('a new pull request reaches the repository’s watchers as a Pull thread, not its author', async () => {
    const number = await openPull('feature', 'Add a feature');
    const thread = await threadFor(watcher, 'Add a feature');
    assert.ok(thread, 'the watcher has a thread');
    assert.equal(thread.unread, true);
    assert.equal(thread.subject.type, 'Pull');
    assert.equal(thread.subject.state, 'open');
    assert.equal(thread.subject.html_url, `${server.url}np-owner/pulled/pulls/${number}`);
    assert.equal(thread.subject.url, `${server.apiUrl}/repos/np-owner/pulled/issues/${number}`);
    assert.ok(await threadFor(watcher, 'Add a feature', '?all=true&subject-type=pull'));
    assert.equal(await threadFor(watcher, 'Add a feature', '?all=true&subject-type=issue'), undefined);
    assert.equal(await threadFor(writer, 'Add a feature'), undefined);
  });

  test('merging tells the author, whose thread shows the pull request merged', async () => {
    const number = await openPull('to-merge', 'Merge me');
    assert.equal(await threadFor(writer, 'Merge me'), undefined);
    const merged = await server.request('POST', `/repos/np-owner/pulled/pulls/${number}/merge`, {
      token: owner.token,
      body: { Do: 'merge' },
    });
    assert.equal(merged.status, 200, merged.text);
    const thread = await threadFor(writer, 'Merge me');
    assert.ok(thread, 'the author has a thread');
    assert.equal(thread.unread, true);
    assert.equal(thread.subject.state, 'merged');
  });

  test('a work-in-progress pull request is not announced to watchers, but its participants hear of comments', async () => {
    const number = await openPull('draft', 'WIP: not yet');
    assert.equal(await threadFor(watcher, 'WIP: not yet'), undefined);
    assert.equal(await threadFor(owner, 'WIP: not yet'), undefined);
    const comment = await server.request('POST', `/repos/np-owner/pulled/issues/${number}/comments`, {
      token: owner.token,
      body: { body: 'looking forward to it' },
    });
    assert.equal(comment.status, 201, comment.text);
    assert.equal((await threadFor(writer, 'WIP: not yet'))?.subject.type, 'Pull');
    assert.equal(await threadFor(watcher, 'WIP: not yet'), undefined);
  });
});
