import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { startServer, type TestServer, type TestUser } from './harness';

interface MilestoneBody {
  id: number;
  title: string;
  description: string;
  state: string;
  open_issues: number;
  closed_issues: number;
  due_on: string | null;
  closed_at: string | null;
  created_at: string;
  updated_at: string;
  message: string;
}

describe('milestones', () => {
  let server: TestServer;
  let owner: TestUser;
  let reader: TestUser;

  before(async () => {
    server = await startServer();
    owner = await server.createUser('ms-owner');
    reader = await server.createUser('ms-reader');
    const repo = await server.request('POST', '/user/repos', {
      token: owner.token,
      body: { name: 'roadmap' },
    });
    assert.equal(repo.status, 201, repo.text);
    await server.request('PUT', '/repos/ms-owner/roadmap/collaborators/ms-reader', {
      token: owner.token,
      body: { permission: 'read' },
    });
  });
  after(async () => {
    await server.stop();
  });

  const createMilestone = (body: Record<string, unknown>, token = owner.token) =>
    server.request<MilestoneBody>('POST', '/repos/ms-owner/roadmap/milestones', { token, body });

  test('a milestone is created (201) with its due date, and a title is required', async () => {
    const res = await createMilestone({
      title: 'v1.0',
      description: 'first cut',
      due_on: '2030-06-01T12:00:00Z',
    });
    assert.equal(res.status, 201, res.text);
    assert.equal(res.json.title, 'v1.0');
    assert.equal(res.json.description, 'first cut');
    assert.equal(res.json.state, 'open');
    assert.equal(res.json.open_issues, 0);
    assert.equal(res.json.closed_issues, 0);
    assert.equal(res.json.due_on, '2030-06-01T12:00:00Z');
    assert.equal(res.json.closed_at, null);
    const noDue = await createMilestone({ title: 'someday' });
    assert.equal(noDue.json.due_on, null);
    const closed = await createMilestone({ title: 'done', state: 'closed' });
    assert.equal(closed.json.state, 'closed');
    assert.notEqual(closed.json.closed_at, null);
    assert.equal((await createMilestone({ description: 'untitled' })).status, 422);
    assert.equal((await createMilestone({ title: 'bad date', due_on: 'june' })).status, 422);
    assert.equal((await createMilestone({ title: 'bad state', state: 'paused' })).status, 422);
  });

  test('the list filters by state (open by default) and name, with X-Total-Count', async () => {
    const open = await server.request<MilestoneBody[]>('GET', '/repos/ms-owner/roadmap/milestones');
    assert.equal(open.status, 200);
    assert.ok(open.json.every((m) => m.state === 'open'));
    assert.ok(open.json.some((m) => m.title === 'v1.0'));
    assert.equal(open.headers.get('x-total-count'), String(open.json.length));
    const closed = await server.request<MilestoneBody[]>(
      'GET',
      '/repos/ms-owner/roadmap/milestones?state=closed',
    );
    assert.deepEqual(
      closed.json.map((m) => m.title),
      ['done'],
    );
    const all = await server.request<MilestoneBody[]>('GET', '/repos/ms-owner/roadmap/milestones?state=all');
    assert.equal(all.json.length, open.json.length + closed.json.length);
    const named = await server.request<MilestoneBody[]>(
      'GET',
      '/repos/ms-owner/roadmap/milestones?state=all&name=V1',
    );
    assert.deepEqual(
      named.json.map((m) => m.title),
      ['v1.0'],
    );
  });

  test('a milestone is found by id or by name; unknown ones are 404', async () => {
    const created = await createMilestone({ title: 'by-name' });
    const byId = await server.request<MilestoneBody>(
      'GET',
      `/repos/ms-owner/roadmap/milestones/${created.json.id}`,
    );
    assert.equal(byId.json.title, 'by-name');
    const byName = await server.request<MilestoneBody>('GET', '/repos/ms-owner/roadmap/milestones/by-name');
    assert.equal(byName.json.id, created.json.id);
    assert.equal((await server.request('GET', '/repos/ms-owner/roadmap/milestones/nothing')).status, 404);
    assert.equal((await server.request('GET', '/repos/ms-owner/roadmap/milestones/99999')).status, 404);
  });

  test('open and closed issue counts follow issues being added, closed, reopened, moved and deleted', async () => {
    const ms = (await createMilestone({ title: 'counted' })).json;
    const other = (await createMilestone({ title: 'other' })).json;
    const counts = async (id: number): Promise<[number, number]> => {
      const res = await server.request<MilestoneBody>('GET', `/repos/ms-owner/roadmap/milestones/${id}`);
      return [res.json.open_issues, res.json.closed_issues];
    };
    const numbers: number[] = [];
    for (const title of ['a', 'b', 'c']) {
      const res = await server.request<{ number: number }>('POST', '/repos/ms-owner/roadmap/issues', {
        token: owner.token,
        body: { title, milestone: ms.id },
      });
      numbers.push(res.json.number);
    }
    assert.deepEqual(await counts(ms.id), [3, 0]);
    const edit = (n: number, body: Record<string, unknown>) =>
      server.request('PATCH', `/repos/ms-owner/roadmap/issues/${n}`, { token: owner.token, body });
    await edit(numbers[0]!, { state: 'closed' });
    assert.deepEqual(await counts(ms.id), [2, 1]);
    await edit(numbers[0]!, { state: 'open' });
    assert.deepEqual(await counts(ms.id), [3, 0]);
    await edit(numbers[1]!, { milestone: other.id });
    assert.deepEqual(await counts(ms.id), [2, 0]);
    assert.deepEqual(await counts(other.id), [1, 0]);
    await edit(numbers[2]!, { state: 'closed' });
    await server.request('DELETE', `/repos/ms-owner/roadmap/issues/${numbers[0]}`, { token: owner.token });
    assert.deepEqual(await counts(ms.id), [0, 1]);
  });

  test('editing (200) changes title, description, due date and state; closing stamps closed_at', async () => {
    const ms = (await createMilestone({ title: 'editable' })).json;
    const res = await server.request<MilestoneBody>('PATCH', `/repos/ms-owner/roadmap/milestones/${ms.id}`, {
      token: owner.token,
      body: { title: 'edited', description: 'new', due_on: '2031-01-02T03:04:05Z', state: 'closed' },
    });
    assert.equal(res.status, 200, res.text);
    assert.deepEqual(
      [res.json.title, res.json.description, res.json.due_on, res.json.state],
      ['edited', 'new', '2031-01-02T03:04:05Z', 'closed'],
    );
    assert.notEqual(res.json.closed_at, null);
    const reopened = await server.request<MilestoneBody>(
      'PATCH',
      '/repos/ms-owner/roadmap/milestones/edited',
      {
        token: owner.token,
        body: { state: 'open' },
      },
    );
    assert.equal(reopened.json.state, 'open');
    assert.equal(reopened.json.closed_at, null);
    assert.equal(reopened.json.title, 'edited');
    const blank = await server.request('PATCH', `/repos/ms-owner/roadmap/milestones/${ms.id}`, {
      token: owner.token,
      body: { title: ' ' },
    });
    assert.equal(blank.status, 422);
  });

  test('deleting (204) removes the milestone from its issues', async () => {
    const ms = (await createMilestone({ title: 'doomed' })).json;
    const issue = await server.request<{ number: number }>('POST', '/repos/ms-owner/roadmap/issues', {
      token: owner.token,
      body: { title: 'in doomed', milestone: ms.id },
    });
    const del = await server.request('DELETE', `/repos/ms-owner/roadmap/milestones/${ms.id}`, {
      token: owner.token,
    });
    assert.equal(del.status, 204);
    assert.equal((await server.request('GET', `/repos/ms-owner/roadmap/milestones/${ms.id}`)).status, 404);
    const after = await server.request<{ milestone: unknown }>(
      'GET',
      `/repos/ms-owner/roadmap/issues/${issue.json.number}`,
    );
    assert.equal(after.json.milestone, null);
    assert.equal(
      (await server.request('DELETE', '/repos/ms-owner/roadmap/milestones/doomed', { token: owner.token }))
        .status,
      404,
    );
  });

  test('readers cannot create, edit or delete milestones (403); anonymous callers get 401', async () => {
    const ms = (await createMilestone({ title: 'guarded' })).json;
    assert.equal((await createMilestone({ title: 'mine' }, reader.token)).status, 403);
    const edit = await server.request('PATCH', `/repos/ms-owner/roadmap/milestones/${ms.id}`, {
      token: reader.token,
      body: { title: 'x' },
    });
    assert.equal(edit.status, 403);
    const del = await server.request('DELETE', `/repos/ms-owner/roadmap/milestones/${ms.id}`, {
      token: reader.token,
    });
    assert.equal(del.status, 403);
    const anon = await server.request('POST', '/repos/ms-owner/roadmap/milestones', { body: { title: 'x' } });
    assert.equal(anon.status, 401);
  });
});
