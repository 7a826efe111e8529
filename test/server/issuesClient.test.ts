import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { giteaApi } from 'gitea-js';
import { startServer, type TestServer, type TestUser } from './harness';

// gitea-js is generated from Gitea's own swagger: it proves field names and shapes independently.
describe('issues through gitea-js', () => {
  let server: TestServer;
  let user: TestUser;

  before(async () => {
    server = await startServer();
    user = await server.createUser('gj-user');
    const repo = await server.request('POST', '/user/repos', {
      token: user.token,
      body: { name: 'js-issues' },
    });
    assert.equal(repo.status, 201, repo.text);
  });
  after(async () => {
    await server.stop();
  });

  test('creates a label and a milestone, opens an issue with them, comments, labels it and lists it', async () => {
    const api = giteaApi(server.url.replace(/\/$/, ''), { token: user.token, customFetch: fetch });
    const label = await api.repos.issueCreateLabel('gj-user', 'js-issues', { name: 'bug', color: '#d73a4a' });
    assert.equal(label.status, 201);
    assert.equal(label.data.color, 'd73a4a');
    const extra = await api.repos.issueCreateLabel('gj-user', 'js-issues', { name: 'help', color: '008672' });
    const milestone = await api.repos.issueCreateMilestone('gj-user', 'js-issues', { title: 'v1' });
    assert.equal(milestone.status, 201);
    assert.equal(milestone.data.title, 'v1');

    const created = await api.repos.issueCreateIssue('gj-user', 'js-issues', {
      title: 'From gitea-js',
      body: 'hello',
      labels: [label.data.id!],
      milestone: milestone.data.id,
      assignees: ['gj-user'],
    });
    assert.equal(created.status, 201);
    assert.equal(created.data.number, 1);
    assert.equal(created.data.user?.login, 'gj-user');
    assert.deepEqual(
      created.data.labels?.map((l) => l.name),
      ['bug'],
    );
    assert.equal(created.data.milestone?.title, 'v1');
    assert.deepEqual(
      created.data.assignees?.map((a) => a.login),
      ['gj-user'],
    );
    assert.equal(created.data.repository?.full_name, 'gj-user/js-issues');

    const comment = await api.repos.issueCreateComment('gj-user', 'js-issues', 1, { body: 'first comment' });
    assert.equal(comment.status, 201);
    assert.equal(comment.data.body, 'first comment');
    assert.equal(comment.data.user?.login, 'gj-user');

    const labelled = await api.repos.issueAddLabel('gj-user', 'js-issues', 1, { labels: [extra.data.id!] });
    assert.equal(labelled.status, 200);
    assert.deepEqual(labelled.data.map((l) => l.name).sort(), ['bug', 'help']);

    const list = await api.repos.issueListIssues('gj-user', 'js-issues', { state: 'open', labels: 'help' });
    assert.equal(list.status, 200);
    assert.equal(list.headers.get('x-total-count'), '1');
    assert.equal(list.data[0]?.title, 'From gitea-js');
    assert.equal(list.data[0]?.comments, 1);

    const edited = await api.repos.issueEditIssue('gj-user', 'js-issues', 1, { state: 'closed' });
    assert.equal(edited.status, 201);
    assert.equal(edited.data.state, 'closed');
    const comments = await api.repos.issueGetComments('gj-user', 'js-issues', 1);
    assert.deepEqual(
      comments.data.map((c) => c.body),
      ['first comment'],
    );
    const milestones = await api.repos.issueGetMilestonesList('gj-user', 'js-issues', { state: 'all' });
    assert.equal(milestones.data[0]?.closed_issues, 1);
  });
});
