import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { startServer, type TestServer, type TestUser } from './harness';

interface IssueBody {
  number: number;
  title: string;
  state: string;
  repository: { full_name: string };
}

describe('issue lists and search', () => {
  let server: TestServer;
  let owner: TestUser;
  let helper: TestUser;
  let outsider: TestUser;

  before(async () => {
    server = await startServer();
    owner = await server.createUser('il-owner');
    helper = await server.createUser('il-helper');
    outsider = await server.createUser('il-outsider');
    const repo = await server.request('POST', '/user/repos', {
      token: owner.token,
      body: { name: 'tracker' },
    });
    assert.equal(repo.status, 201, repo.text);
    await server.request('PUT', '/repos/il-owner/tracker/collaborators/il-helper', {
      token: owner.token,
      body: { permission: 'write' },
    });
    const bug = await server.request<{ id: number }>('POST', '/repos/il-owner/tracker/labels', {
      token: owner.token,
      body: { name: 'bug', color: 'ff0000' },
    });
    const docs = await server.request<{ id: number }>('POST', '/repos/il-owner/tracker/labels', {
      token: owner.token,
      body: { name: 'docs', color: '00ff00' },
    });
    const v1 = await server.request<{ id: number }>('POST', '/repos/il-owner/tracker/milestones', {
      token: owner.token,
      body: { title: 'v1' },
    });
    const issues: [TestUser, Record<string, unknown>][] = [
      [
        owner,
        {
          title: 'Crash on startup',
          body: 'segfault in the parser',
          labels: [bug.json.id],
          milestone: v1.json.id,
        },
      ],
      [helper, { title: 'Write the manual', labels: [docs.json.id], assignees: ['il-helper'] }],
      [helper, { title: 'Old crash', labels: [bug.json.id], closed: true }],
      [owner, { title: 'Ping @il-helper about it', body: 'hey @il-helper, look' }],
      [owner, { title: 'QX' }],
    ];
    for (const [user, body] of issues) {
      const res = await server.request('POST', '/repos/il-owner/tracker/issues', { token: user.token, body });
      assert.equal(res.status, 201, res.text);
    }
  });
  after(async () => {
    await server.stop();
  });

  const list = (query: string, token?: string) =>
    server.request<IssueBody[]>('GET', `/repos/il-owner/tracker/issues${query}`, { token });
  const numbers = (issues: IssueBody[]): number[] => issues.map((i) => i.number);

  test('the list shows open issues newest first by default, with X-Total-Count', async () => {
    const res = await list('');
    assert.equal(res.status, 200);
    assert.deepEqual(numbers(res.json), [5, 4, 2, 1]);
    assert.equal(res.headers.get('x-total-count'), '4');
  });

  test('state filters open, closed and all', async () => {
    assert.deepEqual(numbers((await list('?state=closed')).json), [3]);
    const all = await list('?state=all');
    assert.deepEqual(numbers(all.json), [5, 4, 3, 2, 1]);
    assert.equal(all.headers.get('x-total-count'), '5');
  });

  test('page and limit page the list with a Link header', async () => {
    const res = await list('?state=all&limit=2&page=2');
    assert.deepEqual(numbers(res.json), [3, 2]);
    assert.equal(res.headers.get('x-total-count'), '5');
    assert.match(res.headers.get('link') ?? '', /rel="next"/);
    assert.match(res.headers.get('link') ?? '', /rel="prev"/);
  });

  // Gitea's swagger says "any of", but its code joins issue_label once per label (1.14.1 models/issue.go,
  // and the issue indexers since): an issue must carry every named label.
  test('labels filter by all of the names; unknown names are discarded', async () => {
    assert.deepEqual(numbers((await list('?state=all&labels=bug')).json), [3, 1]);
    assert.deepEqual(numbers((await list('?state=all&labels=bug,docs')).json), []);
    assert.deepEqual(numbers((await list('?state=all&labels=docs,nonexistent')).json), [2]);
    const labels = await server.request<{ id: number; name: string }[]>(
      'GET',
      '/repos/il-owner/tracker/labels',
      {
        token: owner.token,
      },
    );
    const idOf = (name: string): number => labels.json.find((label) => label.name === name)!.id;
    const added = await server.request('POST', '/repos/il-owner/tracker/issues/3/labels', {
      token: owner.token,
      body: { labels: [idOf('docs')] },
    });
    assert.equal(added.status, 200, added.text);
    try {
      assert.deepEqual(numbers((await list('?state=all&labels=bug,docs')).json), [3]);
      assert.deepEqual(numbers((await list('?state=all&labels=docs')).json), [3, 2]);
    } finally {
      await server.request('DELETE', '/repos/il-owner/tracker/issues/3/labels', { token: owner.token });
      await server.request('POST', '/repos/il-owner/tracker/issues/3/labels', {
        token: owner.token,
        body: { labels: [idOf('bug')] },
      });
    }
  });

  test('milestones filter by name or id', async () => {
    assert.deepEqual(numbers((await list('?milestones=v1')).json), [1]);
    const byId = await server.request<{ id: number }[]>('GET', '/repos/il-owner/tracker/milestones');
    assert.deepEqual(numbers((await list(`?milestones=${byId.json[0]!.id}`)).json), [1]);
  });

  test('q finds a keyword in titles and bodies, long or short, case-insensitively', async () => {
    assert.deepEqual(numbers((await list('?state=all&q=crash')).json), [3, 1]);
    assert.deepEqual(numbers((await list('?q=PARSER')).json), [1]);
    assert.deepEqual(numbers((await list('?q=qx')).json), [5]);
    const none = await list('?q=zebra');
    assert.deepEqual(none.json, []);
    assert.equal(none.headers.get('x-total-count'), '0');
  });

  test('created_by, assigned_by and mentioned_by filter by user; an unknown user is 404', async () => {
    assert.deepEqual(numbers((await list('?state=all&created_by=il-helper')).json), [3, 2]);
    assert.deepEqual(numbers((await list('?assigned_by=il-helper')).json), [2]);
    assert.deepEqual(numbers((await list('?mentioned_by=il-helper')).json), [4]);
    assert.equal((await list('?created_by=ghost-of-nobody')).status, 404);
  });

  test('type=issues keeps issues and type=pulls finds no pull requests yet', async () => {
    assert.equal((await list('?type=issues')).json.length, 4);
    assert.deepEqual((await list('?type=pulls')).json, []);
  });

  test('since and before take RFC 3339 times; anything else is a 422', async () => {
    assert.equal((await list('?since=2000-01-01T00:00:00Z')).json.length, 4);
    assert.equal((await list('?before=2000-01-01T00:00:00Z')).json.length, 0);
    const bad = await list('?since=yesterday');
    assert.equal(bad.status, 422);
  });

  test('sort=oldest reverses the order', async () => {
    assert.deepEqual(numbers((await list('?sort=oldest')).json), [1, 2, 4, 5]);
  });

  test('the cross-repository search finds issues only in repositories the caller can see', async () => {
    const secret = await server.request('POST', '/user/repos', {
      token: owner.token,
      body: { name: 'hidden', private: true },
    });
    assert.equal(secret.status, 201);
    await server.request('POST', '/repos/il-owner/hidden/issues', {
      token: owner.token,
      body: { title: 'Crash in the secret place' },
    });
    const asOwner = await server.request<IssueBody[]>('GET', '/repos/issues/search?q=crash&state=all', {
      token: owner.token,
    });
    assert.equal(asOwner.status, 200);
    assert.deepEqual(asOwner.json.map((i) => i.repository.full_name).sort(), [
      'il-owner/hidden',
      'il-owner/tracker',
      'il-owner/tracker',
    ]);
    assert.equal(asOwner.headers.get('x-total-count'), '3');
    const asOutsider = await server.request<IssueBody[]>('GET', '/repos/issues/search?q=crash&state=all', {
      token: outsider.token,
    });
    assert.deepEqual(
      asOutsider.json.map((i) => i.repository.full_name),
      ['il-owner/tracker', 'il-owner/tracker'],
    );
    const anonymous = await server.request<IssueBody[]>('GET', '/repos/issues/search?q=secret');
    assert.deepEqual(anonymous.json, []);
  });

  test('the search filters by owner, labels and the caller’s created and assigned issues', async () => {
    const mine = await server.request<IssueBody[]>('GET', '/repos/issues/search?created=true&state=all', {
      token: helper.token,
    });
    assert.deepEqual(numbers(mine.json).sort(), [2, 3]);
    const assigned = await server.request<IssueBody[]>('GET', '/repos/issues/search?assigned=true', {
      token: helper.token,
    });
    assert.deepEqual(numbers(assigned.json), [2]);
    const labelled = await server.request<IssueBody[]>(
      'GET',
      '/repos/issues/search?labels=docs&owner=il-owner',
    );
    assert.deepEqual(numbers(labelled.json), [2]);
    const noOwner = await server.request('GET', '/repos/issues/search?owner=no-such-owner');
    assert.equal(noOwner.status, 400);
    const teamWithoutOwner = await server.request('GET', '/repos/issues/search?team=core');
    assert.equal(teamWithoutOwner.status, 400);
  });
});
