import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { giteaApi } from 'gitea-js';
import { startServer, type TestServer, type TestUser } from './harness';
import { cloneAs, createRepo, openPull, pushCommit } from './pullsFixture';

interface Cell {
  timestamp: number;
  contributions: number;
}

const day = 86400;
const total = (cells: Cell[]): number => cells.reduce((sum, cell) => sum + cell.contributions, 0);

describe('user heatmap', () => {
  let server: TestServer;
  before(async () => {
    server = await startServer();
  });
  after(async () => {
    await server.stop();
  });

  const ok = async (promise: Promise<{ status: number; text: string }>, status = 201): Promise<void> => {
    const res = await promise;
    assert.equal(res.status, status, res.text);
  };
  const heatmap = (name: string, token?: string) =>
    server.request<Cell[]>('GET', `/users/${name}/heatmap`, token ? { token } : {});

  /**
   * In `full`: an issue, a comment (2 actions), the issue closed and reopened (not counted: the server
   * records no timeline entry of who closed or reopened).
   */
  async function issueWork(user: TestUser, full: string): Promise<void> {
    const issue = await server.request<{ number: number }>('POST', `/repos/${full}/issues`, {
      token: user.token,
      body: { title: 'work' },
    });
    assert.equal(issue.status, 201, issue.text);
    const path = `/repos/${full}/issues/${issue.json.number}`;
    await ok(server.request('POST', `${path}/comments`, { token: user.token, body: { body: 'note' } }));
    await ok(server.request('PATCH', path, { token: user.token, body: { state: 'closed' } }));
    await ok(server.request('PATCH', path, { token: user.token, body: { state: 'open' } }));
  }

  test("a user's actions of the past year, per UTC day; private ones only for those who may read them", async () => {
    const ann = await server.createUser('hm-ann');
    const other = await server.createUser('hm-other');
    await ok(
      server.request('POST', '/user/repos', { token: ann.token, body: { name: 'pub', auto_init: true } }),
    );
    await ok(
      server.request('POST', '/user/repos', { token: ann.token, body: { name: 'priv', private: true } }),
    );
    await issueWork(ann, 'hm-ann/pub');
    await issueWork(ann, 'hm-ann/priv');
    await ok(
      server.request('POST', '/repos/hm-ann/pub/releases', {
        token: ann.token,
        body: { tag_name: 'v1', target_commitish: 'main' },
      }),
    );
    // a draft is not an action; nor is what someone else does in ann's repository
    await ok(
      server.request('POST', '/repos/hm-ann/pub/releases', {
        token: ann.token,
        body: { tag_name: 'v2', target_commitish: 'main', draft: true },
      }),
    );
    await issueWork(other, 'hm-ann/pub');

    const own = await heatmap('hm-ann', ann.token);
    assert.equal(own.status, 200);
    // 2 repositories created; in each 4 issue actions (opened, commented, closed, reopened, as Gitea's
    // action log counts them); 1 release in the public one
    const now = Math.floor(Date.now() / 1000);
    const today = Math.floor(now / day) * day;
    assert.ok(own.json.every((cell) => cell.timestamp % day === 0 && cell.timestamp <= today));
    assert.ok(
      own.json.every((cell) => cell.timestamp >= today - day),
      'all of it happened just now',
    );
    assert.equal(total(own.json), 11);
    assert.equal(total((await heatmap('hm-ann', server.admin.token)).json), 11);
    // others see only what they may read: the private repository and its creation are left out
    assert.equal(total((await heatmap('hm-ann', other.token)).json), 6);
    assert.equal(total((await heatmap('hm-ann')).json), 6);
    // other's own heatmap counts only other's actions
    assert.equal(total((await heatmap('hm-other', other.token)).json), 4);
  });

  test('an organization counts every action in its repositories', async () => {
    const boss = await server.createUser('hm-boss');
    const outsider = await server.createUser('hm-out');
    await ok(server.request('POST', '/orgs', { token: boss.token, body: { username: 'hm-org' } }));
    await ok(server.request('POST', '/orgs/hm-org/repos', { token: boss.token, body: { name: 'shared' } }));
    await issueWork(boss, 'hm-org/shared');
    await issueWork(outsider, 'hm-org/shared');
    const org = await heatmap('hm-org');
    assert.equal(org.status, 200);
    assert.equal(total(org.json), 9);
    // a repository created under the organization is not the creator's own account's action
    assert.equal(total((await heatmap('hm-boss')).json), 4);
  });

  test('pull requests: opening, submitted reviews and their code comments, the merge; pushes do not count', async () => {
    const owner = await server.createUser('hm-maint');
    const reviewer = await server.createUser('hm-rev');
    const repo = await createRepo(server, owner, 'pulled');
    await ok(
      server.request('PUT', `/repos/${repo.full_name}/collaborators/hm-rev`, {
        token: owner.token,
        body: { permission: 'write' },
      }),
      204,
    );
    const ws = cloneAs(server, owner, repo.full_name);
    try {
      pushCommit(ws, 'feature', { 'lib.txt': 'one\ntwo\n' }, 'Add lib');
    } finally {
      ws.dispose();
    }
    const pr = await openPull(server, owner, repo.full_name, { head: 'feature', base: 'main', title: 'Lib' });
    const reviews = `/repos/${repo.full_name}/pulls/${pr.number}/reviews`;
    const pending = await server.request<{ id: number }>('POST', reviews, {
      token: reviewer.token,
      body: {
        event: 'PENDING',
        body: 'draft',
        comments: [{ path: 'lib.txt', body: 'why?', new_position: 2 }],
      },
    });
    assert.equal(pending.status, 200, pending.text);
    // a pending review and its code comment are not actions yet
    assert.equal(total((await heatmap('hm-rev', reviewer.token)).json), 0);
    await ok(
      server.request('POST', `${reviews}/${pending.json.id}`, {
        token: reviewer.token,
        body: { event: 'COMMENT', body: 'a few questions' },
      }),
      200,
    );
    await ok(server.request('POST', reviews, { token: reviewer.token, body: { event: 'APPROVED' } }), 200);
    // the submitted comment review, its code comment, the approval
    assert.equal(total((await heatmap('hm-rev', reviewer.token)).json), 3);
    await ok(
      server.request('POST', `/repos/${repo.full_name}/pulls/${pr.number}/merge`, {
        token: owner.token,
        body: { Do: 'merge' },
      }),
      200,
    );
    // the repository, the pull request, the merge (the pushes are not recorded)
    assert.equal(total((await heatmap('hm-maint', owner.token)).json), 3);
  });

  test('an unknown user is 404; a user with nothing to show has an empty list', async () => {
    assert.equal((await heatmap('hm-nobody')).status, 404);
    await server.createUser('hm-idle');
    const idle = await heatmap('hm-idle');
    assert.equal(idle.status, 200);
    assert.deepEqual(idle.json, []);
  });

  test('a private user is 404 to anonymous callers, as their profile', async () => {
    const shy = await server.createUser('hm-shy');
    await ok(
      server.request('PATCH', '/admin/users/hm-shy', {
        token: server.admin.token,
        body: { login_name: 'hm-shy', visibility: 'private' },
      }),
      200,
    );
    assert.equal((await heatmap('hm-shy')).status, 404);
    assert.equal((await heatmap('hm-shy', shy.token)).status, 200);
  });

  test('gitea-js reads a heatmap', async () => {
    const gil = await server.createUser('hm-gil');
    await ok(server.request('POST', '/user/repos', { token: gil.token, body: { name: 'g' } }));
    const api = giteaApi(server.url.replace(/\/$/, ''), { token: gil.token });
    const res = await api.users.userGetHeatmapData('hm-gil');
    // gitea-js types one object; Gitea answers a list
    const cells = res.data as unknown as Cell[];
    assert.equal(total(cells), 1);
  });
});
