import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { startServer, type TestServer, type TestUser } from './harness';

interface LabelBody {
  id: number;
  name: string;
  color: string;
  description: string;
  exclusive: boolean;
  is_archived: boolean;
  url: string;
  message: string;
}

describe('labels: repository, organization and issue labels', () => {
  let server: TestServer;
  let owner: TestUser;
  let writer: TestUser;
  let reader: TestUser;

  before(async () => {
    server = await startServer();
    owner = await server.createUser('lb-owner');
    writer = await server.createUser('lb-writer');
    reader = await server.createUser('lb-reader');
    const repo = await server.request('POST', '/user/repos', { token: owner.token, body: { name: 'paint' } });
    assert.equal(repo.status, 201, repo.text);
    for (const [user, permission] of [
      [writer, 'write'],
      [reader, 'read'],
    ] as const) {
      await server.request('PUT', `/repos/lb-owner/paint/collaborators/${user.user.login}`, {
        token: owner.token,
        body: { permission },
      });
    }
    for (const title of ['one', 'two', 'three']) {
      await server.request('POST', '/repos/lb-owner/paint/issues', { token: owner.token, body: { title } });
    }
  });
  after(async () => {
    await server.stop();
  });

  const createLabel = (token: string, body: Record<string, unknown>) =>
    server.request<LabelBody>('POST', '/repos/lb-owner/paint/labels', { token, body });

  test('a label is created (201) and answered in one colour format, rrggbb', async () => {
    for (const [given, answered] of [
      ['#AABBCC', 'aabbcc'],
      ['00ff7f', '00ff7f'],
      ['#abc', 'aabbcc'],
      ['F0F', 'ff00ff'],
    ]) {
      const res = await createLabel(writer.token, {
        name: `colour ${given}`,
        color: given,
        description: 'd',
      });
      assert.equal(res.status, 201, res.text);
      assert.equal(res.json.color, answered, given);
      assert.equal(res.json.description, 'd');
      assert.equal(res.json.exclusive, false);
      assert.equal(res.json.is_archived, false);
      assert.equal(res.json.url, `${server.url}api/v1/repos/lb-owner/paint/labels/${res.json.id}`);
    }
  });

  test('any other colour, a missing colour or a missing name is a 422', async () => {
    for (const color of ['red', '#12345', '#1234567', 'gggggg', '##aabbcc', 'rgb(1,2,3)', '']) {
      const res = await createLabel(writer.token, { name: 'bad', color });
      assert.equal(res.status, 422, color);
    }
    assert.equal((await createLabel(writer.token, { name: 'no colour' })).status, 422);
    const noName = await createLabel(writer.token, { color: 'aabbcc' });
    assert.equal(noName.status, 422);
    assert.equal(noName.json.message, '[Name]: Required');
  });

  test('labels are listed with X-Total-Count, fetched by id or name, edited (200) and deleted (204)', async () => {
    const created = await createLabel(writer.token, { name: 'to-edit', color: '111111' });
    const id = created.json.id;
    const list = await server.request<LabelBody[]>('GET', '/repos/lb-owner/paint/labels?limit=50');
    assert.equal(list.status, 200);
    assert.ok(list.json.some((l) => l.id === id));
    assert.equal(list.headers.get('x-total-count'), String(list.json.length));
    assert.equal(
      (await server.request<LabelBody>('GET', `/repos/lb-owner/paint/labels/${id}`)).json.name,
      'to-edit',
    );
    assert.equal(
      (await server.request<LabelBody>('GET', '/repos/lb-owner/paint/labels/to-edit')).json.id,
      id,
    );
    const edited = await server.request<LabelBody>('PATCH', `/repos/lb-owner/paint/labels/${id}`, {
      token: writer.token,
      body: { name: 'edited', color: '#222222', exclusive: true, is_archived: true, description: 'now' },
    });
    assert.equal(edited.status, 200, edited.text);
    assert.deepEqual(
      [
        edited.json.name,
        edited.json.color,
        edited.json.exclusive,
        edited.json.is_archived,
        edited.json.description,
      ],
      ['edited', '222222', true, true, 'now'],
    );
    const badColour = await server.request('PATCH', `/repos/lb-owner/paint/labels/${id}`, {
      token: writer.token,
      body: { color: 'blue' },
    });
    assert.equal(badColour.status, 422);
    assert.equal(
      (await server.request('DELETE', `/repos/lb-owner/paint/labels/${id}`, { token: writer.token })).status,
      204,
    );
    assert.equal((await server.request('GET', `/repos/lb-owner/paint/labels/${id}`)).status, 404);
    assert.equal(
      (await server.request('DELETE', `/repos/lb-owner/paint/labels/${id}`, { token: writer.token })).status,
      404,
    );
  });

  test('readers cannot create, edit or delete labels (403); anonymous callers get 401', async () => {
    const label = await createLabel(writer.token, { name: 'guarded', color: '333333' });
    assert.equal((await createLabel(reader.token, { name: 'nope', color: '333333' })).status, 403);
    const edit = await server.request('PATCH', `/repos/lb-owner/paint/labels/${label.json.id}`, {
      token: reader.token,
      body: { name: 'nope' },
    });
    assert.equal(edit.status, 403);
    const del = await server.request('DELETE', `/repos/lb-owner/paint/labels/${label.json.id}`, {
      token: reader.token,
    });
    assert.equal(del.status, 403);
    const anon = await server.request('POST', '/repos/lb-owner/paint/labels', {
      body: { name: 'x', color: 'aaaaaa' },
    });
    assert.equal(anon.status, 401);
  });

  test('issue labels: add (POST) by id or name, list, replace (PUT), remove one, clear — on /issues/ and /issue/', async () => {
    const red = (await createLabel(writer.token, { name: 'red', color: 'ff0000' })).json;
    const blue = (await createLabel(writer.token, { name: 'blue', color: '0000ff' })).json;
    const green = (await createLabel(writer.token, { name: 'green', color: '00ff00' })).json;
    const added = await server.request<LabelBody[]>('POST', '/repos/lb-owner/paint/issues/1/labels', {
      token: writer.token,
      body: { labels: [red.id, 'blue'] },
    });
    assert.equal(added.status, 200, added.text);
    assert.deepEqual(
      added.json.map((l) => l.name),
      ['blue', 'red'],
    );
    const again = await server.request<LabelBody[]>('POST', '/repos/lb-owner/paint/issue/1/labels', {
      token: writer.token,
      body: { labels: [green.id] },
    });
    assert.deepEqual(
      again.json.map((l) => l.name),
      ['blue', 'green', 'red'],
    );
    const listed = await server.request<LabelBody[]>('GET', '/repos/lb-owner/paint/issues/1/labels');
    assert.deepEqual(listed.json.map((l) => l.id).sort(), [red.id, blue.id, green.id].sort());
    const replaced = await server.request<LabelBody[]>('PUT', '/repos/lb-owner/paint/issue/1/labels', {
      token: writer.token,
      body: { labels: ['green'] },
    });
    assert.deepEqual(
      replaced.json.map((l) => l.name),
      ['green'],
    );
    const removed = await server.request('DELETE', `/repos/lb-owner/paint/issue/1/labels/${green.id}`, {
      token: writer.token,
    });
    assert.equal(removed.status, 204);
    assert.deepEqual(
      (await server.request<LabelBody[]>('GET', '/repos/lb-owner/paint/issues/1/labels')).json,
      [],
    );
    const notOnIssue = await server.request('DELETE', `/repos/lb-owner/paint/issues/1/labels/${red.id}`, {
      token: writer.token,
    });
    assert.equal(notOnIssue.status, 204);
    await server.request('PUT', '/repos/lb-owner/paint/issues/1/labels', {
      token: writer.token,
      body: { labels: [red.id, blue.id] },
    });
    const cleared = await server.request('DELETE', '/repos/lb-owner/paint/issues/1/labels', {
      token: writer.token,
    });
    assert.equal(cleared.status, 204);
    assert.deepEqual(
      (await server.request<LabelBody[]>('GET', '/repos/lb-owner/paint/issues/1/labels')).json,
      [],
    );
    await server.request('PUT', '/repos/lb-owner/paint/issues/1/labels', {
      token: writer.token,
      body: { labels: [red.id] },
    });
    const clearedAlias = await server.request('DELETE', '/repos/lb-owner/paint/issue/1/labels', {
      token: writer.token,
    });
    assert.equal(clearedAlias.status, 204);
    const issue = await server.request<{ labels: LabelBody[] }>('GET', '/repos/lb-owner/paint/issues/1');
    assert.deepEqual(issue.json.labels, []);
  });

  test('unknown labels are 422, readers get 403, unknown issues 404', async () => {
    const unknownId = await server.request<LabelBody>('POST', '/repos/lb-owner/paint/issues/2/labels', {
      token: writer.token,
      body: { labels: [987654] },
    });
    assert.equal(unknownId.status, 422);
    assert.match(unknownId.json.message, /label does not exist/);
    const unknownName = await server.request('PUT', '/repos/lb-owner/paint/issues/2/labels', {
      token: writer.token,
      body: { labels: ['no-such-label'] },
    });
    assert.equal(unknownName.status, 422);
    const wrongType = await server.request('POST', '/repos/lb-owner/paint/issues/2/labels', {
      token: writer.token,
      body: { labels: [{ id: 1 }] },
    });
    assert.equal(wrongType.status, 422);
    const removeUnknown = await server.request('DELETE', '/repos/lb-owner/paint/issues/2/labels/987654', {
      token: writer.token,
    });
    assert.equal(removeUnknown.status, 422);
    const label = (await createLabel(writer.token, { name: 'reader-test', color: 'aaaaaa' })).json;
    const byReader = await server.request('POST', '/repos/lb-owner/paint/issues/2/labels', {
      token: reader.token,
      body: { labels: [label.id] },
    });
    assert.equal(byReader.status, 403);
    assert.equal(
      (await server.request('DELETE', '/repos/lb-owner/paint/issues/2/labels', { token: reader.token }))
        .status,
      403,
    );
    const noIssue = await server.request('POST', '/repos/lb-owner/paint/issues/404/labels', {
      token: writer.token,
      body: { labels: [label.id] },
    });
    assert.equal(noIssue.status, 404);
  });

  test('an exclusive scoped label replaces the other label of its scope on an issue', async () => {
    const high = (
      await createLabel(writer.token, { name: 'priority/high', color: 'ff0000', exclusive: true })
    ).json;
    const low = (await createLabel(writer.token, { name: 'priority/low', color: '00ff00', exclusive: true }))
      .json;
    await server.request('POST', '/repos/lb-owner/paint/issues/3/labels', {
      token: writer.token,
      body: { labels: [high.id] },
    });
    const res = await server.request<LabelBody[]>('POST', '/repos/lb-owner/paint/issues/3/labels', {
      token: writer.token,
      body: { labels: [low.id] },
    });
    assert.deepEqual(
      res.json.map((l) => l.name),
      ['priority/low'],
    );
  });

  test('organization labels: owners manage them, and they are usable on the organization’s issues', async () => {
    const org = await server.request('POST', '/orgs', { token: owner.token, body: { username: 'lb-org' } });
    assert.equal(org.status, 201, org.text);
    const created = await server.request<LabelBody>('POST', '/orgs/lb-org/labels', {
      token: owner.token,
      body: { name: 'org-wide', color: '#123456' },
    });
    assert.equal(created.status, 201, created.text);
    assert.equal(created.json.color, '123456');
    assert.equal(created.json.url, `${server.url}api/v1/orgs/lb-org/labels/${created.json.id}`);
    const notOwner = await server.request('POST', '/orgs/lb-org/labels', {
      token: writer.token,
      body: { name: 'x', color: '123456' },
    });
    assert.equal(notOwner.status, 403);
    assert.equal(
      (
        await server.request('POST', '/orgs/lb-org/labels', {
          token: owner.token,
          body: { name: 'x', color: 'nope' },
        })
      ).status,
      422,
    );
    const list = await server.request<LabelBody[]>('GET', '/orgs/lb-org/labels');
    assert.deepEqual(
      list.json.map((l) => l.name),
      ['org-wide'],
    );
    assert.equal(list.headers.get('x-total-count'), '1');
    const one = await server.request<LabelBody>('GET', `/orgs/lb-org/labels/${created.json.id}`, {
      token: writer.token,
    });
    assert.equal(one.json.name, 'org-wide');
    const edited = await server.request<LabelBody>('PATCH', `/orgs/lb-org/labels/${created.json.id}`, {
      token: owner.token,
      body: { description: 'for all repos' },
    });
    assert.equal(edited.json.description, 'for all repos');

    const repo = await server.request('POST', '/orgs/lb-org/repos', {
      token: owner.token,
      body: { name: 'org-repo' },
    });
    assert.equal(repo.status, 201, repo.text);
    const issue = await server.request<{ labels: LabelBody[] }>('POST', '/repos/lb-org/org-repo/issues', {
      token: owner.token,
      body: { title: 'uses an org label', labels: [created.json.id] },
    });
    assert.equal(issue.status, 201, issue.text);
    assert.deepEqual(
      issue.json.labels.map((l) => l.name),
      ['org-wide'],
    );
    const byName = await server.request<LabelBody[]>('PUT', '/repos/lb-org/org-repo/issues/1/labels', {
      token: owner.token,
      body: { labels: ['org-wide'] },
    });
    assert.deepEqual(
      byName.json.map((l) => l.id),
      [created.json.id],
    );
    const filtered = await server.request<unknown[]>('GET', '/repos/lb-org/org-repo/issues?labels=org-wide');
    assert.equal(filtered.json.length, 1);
    // an organization's label is not usable in a user's repository
    const foreign = await server.request('POST', '/repos/lb-owner/paint/issues/2/labels', {
      token: owner.token,
      body: { labels: [created.json.id] },
    });
    assert.equal(foreign.status, 422);
    assert.equal(
      (await server.request('DELETE', `/orgs/lb-org/labels/${created.json.id}`, { token: owner.token }))
        .status,
      204,
    );
    assert.deepEqual(
      (await server.request<LabelBody[]>('GET', '/repos/lb-org/org-repo/issues/1/labels')).json,
      [],
    );
  });
});
