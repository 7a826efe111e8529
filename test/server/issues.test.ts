import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { startServer, type TestServer, type TestUser } from './harness';

interface IssueBody {
  id: number;
  number: number;
  url: string;
  html_url: string;
  title: string;
  body: string;
  ref: string;
  state: string;
  user: { login: string };
  labels: { id: number; name: string; color: string }[];
  milestone: { id: number; title: string; open_issues: number } | null;
  assignee: { login: string } | null;
  assignees: { login: string }[] | null;
  comments: number;
  closed_at: string | null;
  due_date: string | null;
  created_at: string;
  updated_at: string;
  pull_request: unknown;
  is_locked: boolean;
  assets: unknown[];
  original_author: string;
  original_author_id: number;
  pin_order: number;
  repository: { id: number; name: string; owner: string; full_name: string };
  message: string;
}

interface RepoBody {
  id: number;
  open_issues_count: number;
}

describe('issues: create, get, edit, delete', () => {
  let server: TestServer;
  let owner: TestUser;
  let writer: TestUser;
  let reader: TestUser;
  let stranger: TestUser;

  before(async () => {
    server = await startServer();
    owner = await server.createUser('is-owner');
    writer = await server.createUser('is-writer');
    reader = await server.createUser('is-reader');
    stranger = await server.createUser('is-stranger');
  });
  after(async () => {
    await server.stop();
  });

  async function makeRepo(name: string, isPrivate = false): Promise<RepoBody> {
    const res = await server.request<RepoBody>('POST', '/user/repos', {
      token: owner.token,
      body: { name, private: isPrivate },
    });
    assert.equal(res.status, 201, res.text);
    for (const [user, permission] of [
      [writer, 'write'],
      [reader, 'read'],
    ] as const) {
      const added = await server.request('PUT', `/repos/is-owner/${name}/collaborators/${user.user.login}`, {
        token: owner.token,
        body: { permission },
      });
      assert.equal(added.status, 204, added.text);
    }
    return res.json;
  }

  const create = (repo: string, token: string, body: Record<string, unknown>) =>
    server.request<IssueBody>('POST', `/repos/is-owner/${repo}/issues`, { token, body });
  const openIssues = async (repo: string): Promise<number> =>
    (await server.request<RepoBody>('GET', `/repos/is-owner/${repo}`, { token: owner.token })).json
      .open_issues_count;

  test('creating an issue answers 201 with Gitea fields and counts it on the repository', async () => {
    const repo = await makeRepo('create-basic');
    const res = await create('create-basic', writer.token, {
      title: 'First bug',
      body: 'It breaks',
      ref: 'main',
    });
    assert.equal(res.status, 201, res.text);
    assert.equal(res.json.number, 1);
    assert.equal(res.json.title, 'First bug');
    assert.equal(res.json.body, 'It breaks');
    assert.equal(res.json.ref, 'main');
    assert.equal(res.json.state, 'open');
    assert.equal(res.json.user.login, 'is-writer');
    assert.equal(res.json.url, `${server.url}api/v1/repos/is-owner/create-basic/issues/1`);
    assert.equal(res.json.html_url, `${server.url}is-owner/create-basic/issues/1`);
    assert.deepEqual(res.json.labels, []);
    assert.deepEqual(res.json.assets, []);
    assert.equal(res.json.milestone, null);
    assert.equal(res.json.assignee, null);
    assert.equal(res.json.assignees, null);
    assert.equal(res.json.pull_request, null);
    assert.equal(res.json.closed_at, null);
    assert.equal(res.json.due_date, null);
    assert.equal(res.json.comments, 0);
    assert.equal(res.json.is_locked, false);
    assert.equal(res.json.original_author, '');
    assert.equal(res.json.pin_order, 0);
    assert.deepEqual(res.json.repository, {
      id: repo.id,
      name: 'create-basic',
      owner: 'is-owner',
      full_name: 'is-owner/create-basic',
    });
    assert.match(res.json.created_at, /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/);
    assert.equal(await openIssues('create-basic'), 1);
  });

  test('a missing or blank title is a 422 naming the field', async () => {
    await makeRepo('create-invalid');
    const missing = await create('create-invalid', writer.token, { body: 'no title' });
    assert.equal(missing.status, 422);
    assert.equal(missing.json.message, '[Title]: Required');
    const blank = await create('create-invalid', writer.token, { title: '   ' });
    assert.equal(blank.status, 422);
    const badDue = await create('create-invalid', writer.token, { title: 'x', due_date: 'next week' });
    assert.equal(badDue.status, 422);
    assert.match(badDue.json.message, /DueDate/);
    assert.equal(await openIssues('create-invalid'), 0);
  });

  test('an issue created closed is closed with closed_at and not counted as open', async () => {
    await makeRepo('create-closed');
    const res = await create('create-closed', owner.token, { title: 'done already', closed: true });
    assert.equal(res.status, 201);
    assert.equal(res.json.state, 'closed');
    assert.notEqual(res.json.closed_at, null);
    assert.equal(await openIssues('create-closed'), 0);
  });

  test('a writer sets labels, milestone, assignees and due date on creation', async () => {
    await makeRepo('create-full');
    const label = await server.request<{ id: number }>('POST', '/repos/is-owner/create-full/labels', {
      token: owner.token,
      body: { name: 'bug', color: '#ee0701' },
    });
    const milestone = await server.request<{ id: number }>('POST', '/repos/is-owner/create-full/milestones', {
      token: owner.token,
      body: { title: 'v1' },
    });
    const res = await create('create-full', writer.token, {
      title: 'full',
      labels: [label.json.id],
      milestone: milestone.json.id,
      assignees: ['is-writer'],
      assignee: 'is-owner',
      due_date: '2030-05-01T10:00:00Z',
    });
    assert.equal(res.status, 201, res.text);
    assert.deepEqual(
      res.json.labels.map((l) => [l.name, l.color]),
      [['bug', 'ee0701']],
    );
    assert.equal(res.json.milestone?.title, 'v1');
    assert.equal(res.json.milestone?.open_issues, 1);
    assert.deepEqual(res.json.assignees?.map((a) => a.login).sort(), ['is-owner', 'is-writer']);
    assert.ok(res.json.assignee);
    // only the date counts: the end of that day
    assert.equal(res.json.due_date, '2030-05-01T23:59:59Z');
  });

  test('a reader may open an issue, but their labels, milestone and assignees are ignored', async () => {
    await makeRepo('create-reader');
    const label = await server.request<{ id: number }>('POST', '/repos/is-owner/create-reader/labels', {
      token: owner.token,
      body: { name: 'bug', color: 'ee0701' },
    });
    const res = await create('create-reader', reader.token, {
      title: 'from a reader',
      labels: [label.json.id],
      assignees: ['is-writer'],
      due_date: '2030-01-01',
    });
    assert.equal(res.status, 201, res.text);
    assert.deepEqual(res.json.labels, []);
    assert.equal(res.json.assignees, null);
    assert.equal(res.json.due_date, null);
  });

  test('assigning an unknown user or one without write access is a 422', async () => {
    await makeRepo('create-assign');
    const unknown = await create('create-assign', owner.token, { title: 'x', assignees: ['nobody-here'] });
    assert.equal(unknown.status, 422);
    assert.match(unknown.json.message, /Assignee does not exist/);
    const readOnly = await create('create-assign', owner.token, { title: 'x', assignees: ['is-reader'] });
    assert.equal(readOnly.status, 422);
    const badLabel = await create('create-assign', owner.token, { title: 'x', labels: [999999] });
    assert.equal(badLabel.status, 422);
    const badMilestone = await create('create-assign', owner.token, { title: 'x', milestone: 999999 });
    assert.equal(badMilestone.status, 422);
    assert.equal(await openIssues('create-assign'), 0);
  });

  test('an issue is found by its number on /issues/{index}; unknown numbers are 404', async () => {
    await makeRepo('get-one');
    await create('get-one', owner.token, { title: 'one' });
    await create('get-one', owner.token, { title: 'two' });
    const res = await server.request<IssueBody>('GET', '/repos/is-owner/get-one/issues/2');
    assert.equal(res.status, 200);
    assert.equal(res.json.title, 'two');
    const missing = await server.request<IssueBody>('GET', '/repos/is-owner/get-one/issues/3');
    assert.equal(missing.status, 404);
    const notNumber = await server.request('GET', '/repos/is-owner/get-one/issues/abc');
    assert.equal(notNumber.status, 404);
  });

  test('editing answers 201; closing sets closed_at, reopening clears it, counters follow', async () => {
    await makeRepo('edit-state');
    await create('edit-state', reader.token, { title: 'old title', body: 'old body' });
    const edit = (token: string, body: Record<string, unknown>) =>
      server.request<IssueBody>('PATCH', '/repos/is-owner/edit-state/issues/1', { token, body });
    const renamed = await edit(writer.token, { title: 'new title', body: 'new body', ref: 'dev' });
    assert.equal(renamed.status, 201, renamed.text);
    assert.equal(renamed.json.title, 'new title');
    assert.equal(renamed.json.body, 'new body');
    assert.equal(renamed.json.ref, 'dev');
    const closed = await edit(writer.token, { state: 'closed' });
    assert.equal(closed.json.state, 'closed');
    assert.notEqual(closed.json.closed_at, null);
    assert.equal(await openIssues('edit-state'), 0);
    const reopened = await edit(writer.token, { state: 'open' });
    assert.equal(reopened.json.state, 'open');
    assert.equal(reopened.json.closed_at, null);
    assert.equal(await openIssues('edit-state'), 1);
    const badState = await edit(writer.token, { state: 'sleeping' });
    assert.equal(badState.status, 422);
  });

  test('the poster edits their own issue, other readers get 403, writers manage milestone and due date', async () => {
    await makeRepo('edit-perm');
    await create('edit-perm', reader.token, { title: 'mine' });
    await create('edit-perm', writer.token, { title: 'theirs' });
    const milestone = await server.request<{ id: number }>('POST', '/repos/is-owner/edit-perm/milestones', {
      token: owner.token,
      body: { title: 'm1' },
    });
    const own = await server.request<IssueBody>('PATCH', '/repos/is-owner/edit-perm/issues/1', {
      token: reader.token,
      body: { title: 'still mine', milestone: milestone.json.id },
    });
    assert.equal(own.status, 201);
    assert.equal(own.json.title, 'still mine');
    assert.equal(own.json.milestone, null, 'a non-writer cannot set the milestone');
    const others = await server.request<IssueBody>('PATCH', '/repos/is-owner/edit-perm/issues/2', {
      token: reader.token,
      body: { title: 'hijacked' },
    });
    assert.equal(others.status, 403);
    const byWriter = await server.request<IssueBody>('PATCH', '/repos/is-owner/edit-perm/issues/1', {
      token: writer.token,
      body: { milestone: milestone.json.id, due_date: '2031-02-03T08:00:00+02:00', assignees: ['is-writer'] },
    });
    assert.equal(byWriter.json.milestone?.title, 'm1');
    assert.equal(byWriter.json.due_date, '2031-02-03T21:59:59Z');
    assert.deepEqual(
      byWriter.json.assignees?.map((a) => a.login),
      ['is-writer'],
    );
    const cleared = await server.request<IssueBody>('PATCH', '/repos/is-owner/edit-perm/issues/1', {
      token: writer.token,
      body: { milestone: 0, unset_due_date: true, assignees: [] },
    });
    assert.equal(cleared.json.milestone, null);
    assert.equal(cleared.json.due_date, null);
    assert.equal(cleared.json.assignees, null);
    const unknownMilestone = await server.request<IssueBody>('PATCH', '/repos/is-owner/edit-perm/issues/1', {
      token: writer.token,
      body: { milestone: 424242 },
    });
    assert.equal(unknownMilestone.status, 422);
  });

  test("a stranger cannot see a private repository's issues: 404 everywhere, anonymous writes 401", async () => {
    await makeRepo('private-issues', true);
    await create('private-issues', owner.token, { title: 'secret' });
    for (const path of ['/repos/is-owner/private-issues/issues', '/repos/is-owner/private-issues/issues/1']) {
      assert.equal((await server.request('GET', path, { token: stranger.token })).status, 404, path);
      assert.equal((await server.request('GET', path)).status, 404, path);
    }
    const byStranger = await create('private-issues', stranger.token, { title: 'let me in' });
    assert.equal(byStranger.status, 404);
    const anonymous = await server.request('POST', '/repos/is-owner/private-issues/issues', {
      body: { title: 'x' },
    });
    assert.equal(anonymous.status, 401);
    const visible = await server.request<IssueBody[]>('GET', '/repos/is-owner/private-issues/issues', {
      token: reader.token,
    });
    assert.equal(visible.status, 200);
    assert.equal(visible.json.length, 1);
  });

  test('deleting an issue takes a repository admin (204), keeps numbers unique and fixes the counters', async () => {
    await makeRepo('delete-one');
    await create('delete-one', writer.token, { title: 'a' });
    await create('delete-one', writer.token, { title: 'b' });
    const byWriter = await server.request('DELETE', '/repos/is-owner/delete-one/issues/2', {
      token: writer.token,
    });
    assert.equal(byWriter.status, 403);
    const byOwner = await server.request('DELETE', '/repos/is-owner/delete-one/issues/2', {
      token: owner.token,
    });
    assert.equal(byOwner.status, 204);
    assert.equal((await server.request('GET', '/repos/is-owner/delete-one/issues/2')).status, 404);
    assert.equal(await openIssues('delete-one'), 1);
    const next = await create('delete-one', writer.token, { title: 'c' });
    assert.equal(next.json.number, 3, 'a deleted number is never handed out again');
    const again = await server.request('DELETE', '/repos/is-owner/delete-one/issues/2', {
      token: owner.token,
    });
    assert.equal(again.status, 404);
  });

  test("a deleted user's issues stay, shown as Gitea's Ghost user", async () => {
    await makeRepo('ghosts');
    const leaver = await server.createUser('is-leaver');
    await server.request('PUT', '/repos/is-owner/ghosts/collaborators/is-leaver', {
      token: owner.token,
      body: { permission: 'write' },
    });
    await create('ghosts', leaver.token, { title: 'left behind', assignees: ['is-leaver'] });
    const removed = await server.request('DELETE', '/admin/users/is-leaver', { token: server.admin.token });
    assert.equal(removed.status, 204, removed.text);
    const res = await server.request<IssueBody>('GET', '/repos/is-owner/ghosts/issues/1');
    assert.equal(res.status, 200);
    assert.equal(res.json.user.login, 'Ghost');
    assert.equal(res.json.assignees, null);
  });

  test('an archived repository refuses new issues and comments (423); disabled issues are 404', async () => {
    await makeRepo('archived');
    await create('archived', owner.token, { title: 'before archiving' });
    const archived = await server.request('PATCH', '/repos/is-owner/archived', {
      token: owner.token,
      body: { archived: true },
    });
    assert.equal(archived.status, 200, archived.text);
    const refused = await create('archived', owner.token, { title: 'after' });
    assert.equal(refused.status, 423);
    const comment = await server.request('POST', '/repos/is-owner/archived/issues/1/comments', {
      token: owner.token,
      body: { body: 'too late' },
    });
    assert.equal(comment.status, 423);
    assert.equal((await server.request('GET', '/repos/is-owner/archived/issues/1')).status, 200);

    await makeRepo('no-issues');
    await create('no-issues', owner.token, { title: 'before disabling' });
    const disabled = await server.request('PATCH', '/repos/is-owner/no-issues', {
      token: owner.token,
      body: { has_issues: false },
    });
    assert.equal(disabled.status, 200, disabled.text);
    assert.equal((await server.request('GET', '/repos/is-owner/no-issues/issues')).status, 404);
    assert.equal((await server.request('GET', '/repos/is-owner/no-issues/issues/1')).status, 404);
    assert.equal((await create('no-issues', owner.token, { title: 'x' })).status, 404);
  });

  test('fifty concurrent creations get fifty distinct, gapless numbers', async () => {
    await makeRepo('concurrent');
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) => create('concurrent', writer.token, { title: `issue ${i}` })),
    );
    assert.ok(results.every((r) => r.status === 201));
    const numbers = results.map((r) => r.json.number).sort((a, b) => a - b);
    assert.deepEqual(
      numbers,
      Array.from({ length: 50 }, (_, i) => i + 1),
    );
    assert.equal(await openIssues('concurrent'), 50);
  });
});
