import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { startServer, type TestServer } from './harness';
import { assertSameShape, recordedBody, trackerFixture, type IssueBody } from './issueTrackerFixture';

describe('assignees and reviewers', () => {
  let server: TestServer;
  before(async () => {
    server = await startServer();
  });
  after(async () => {
    await server.stop();
  });
  const tracker = trackerFixture(() => server);

  test('the assignee list: writers by name, then the owner; Gitea’s user shape', async () => {
    const owner = await tracker.owner('asg-ann');
    for (const [name, permission] of [
      ['asg-ann-zed', 'write'],
      ['asg-ann-bob', 'admin'],
      ['asg-ann-rea', 'read'],
    ] as const) {
      await tracker.collaborate(owner, 'app', await server.createUser(name), permission);
    }
    const list = await tracker.request<{ login: string }[]>(
      'GET',
      '/repos/asg-ann/app/assignees',
      owner.token,
    );
    assert.equal(list.status, 200);
    assert.deepEqual(
      list.json.map((u) => u.login),
      ['asg-ann-bob', 'asg-ann-zed', 'asg-ann'],
    );
    assertSameShape(list.json, recordedBody('GET', '/assignees'));
    assert.equal((await tracker.request('GET', '/repos/asg-ann/app/assignees')).status, 401);

    const check = (name: string) =>
      tracker.request('GET', `/repos/asg-ann/app/assignees/${name}`, owner.token);
    assert.equal((await check('asg-ann-zed')).status, 204);
    assert.equal((await check('asg-ann')).status, 204);
    assert.equal((await check('asg-ann-rea')).status, 404);
    assert.equal((await check('nobody-at-all')).status, 404);
    const issue = await tracker.issue(owner, 'asg-ann/app', { title: 'x' });
    const onIssue = (name: string) =>
      tracker.request('GET', `/repos/asg-ann/app/issues/${issue.number}/assignees/${name}`, owner.token);
    assert.equal((await onIssue('asg-ann-bob')).status, 204);
    assert.equal((await onIssue('asg-ann-rea')).status, 404);
    assert.equal(
      (await tracker.request('GET', `/repos/asg-ann/app/issues/999/assignees/asg-ann`, owner.token)).status,
      404,
    );
  });

  test('an organization cannot be an assignee (400); its teams’ writers are assignees', async () => {
    const admin = server.admin.token;
    const founder = await server.createUser('asg-org-founder');
    const org = await tracker.request('POST', '/orgs', founder.token, { username: 'asg-org' });
    assert.equal(org.status, 201, org.text);
    const repo = await tracker.request('POST', '/orgs/asg-org/repos', founder.token, { name: 'app' });
    assert.equal(repo.status, 201, repo.text);
    const member = await server.createUser('asg-org-member');
    const team = await tracker.request<{ id: number }>('POST', '/orgs/asg-org/teams', founder.token, {
      name: 'devs',
      permission: 'write',
      units: ['repo.code', 'repo.issues', 'repo.pulls'],
      includes_all_repositories: true,
    });
    assert.equal(team.status, 201, team.text);
    assert.equal(
      (await tracker.request('PUT', `/teams/${team.json.id}/members/asg-org-member`, admin)).status,
      204,
    );
    const list = await tracker.request<{ login: string }[]>(
      'GET',
      '/repos/asg-org/app/assignees',
      founder.token,
    );
    assert.deepEqual(
      list.json.map((u) => u.login),
      ['asg-org-founder', 'asg-org-member'],
    );
    assert.equal(
      (await tracker.request('GET', '/repos/asg-org/app/assignees/asg-org', founder.token)).status,
      400,
    );
    const reviewers = await tracker.request<{ login: string }[]>(
      'GET',
      '/repos/asg-org/app/reviewers',
      member.token,
    );
    assert.equal(reviewers.status, 200);
    assert.deepEqual(
      reviewers.json.map((u) => u.login),
      ['asg-org-founder', 'asg-org-member'],
    );
  });

  test('reviewers: collaborators of any level and the owner; others may not ask (403)', async () => {
    const owner = await tracker.owner('asg-bob');
    const reader = await server.createUser('asg-bob-reader');
    const stranger = await server.createUser('asg-bob-stranger');
    await tracker.collaborate(owner, 'app', reader, 'read');
    const asOwner = await tracker.request<{ login: string }[]>(
      'GET',
      '/repos/asg-bob/app/reviewers',
      owner.token,
    );
    assert.equal(asOwner.status, 200);
    assert.deepEqual(
      asOwner.json.map((u) => u.login),
      ['asg-bob-reader', 'asg-bob'],
    );
    assert.equal((await tracker.request('GET', '/repos/asg-bob/app/reviewers', reader.token)).status, 200);
    const refused = await tracker.request<{ message: string }>(
      'GET',
      '/repos/asg-bob/app/reviewers',
      stranger.token,
    );
    assert.equal(refused.status, 403);
    assert.equal(refused.json.message, 'doer has no permission to get reviewers');
    assert.equal((await tracker.request('GET', '/repos/asg-bob/app/reviewers')).status, 401);
  });

  test('adding and removing assignees: writers only, each change in the timeline, unknown names 422', async () => {
    const owner = await tracker.owner('asg-cat');
    const writer = await server.createUser('asg-cat-writer');
    const reader = await server.createUser('asg-cat-reader');
    await tracker.collaborate(owner, 'app', writer, 'write');
    await tracker.collaborate(owner, 'app', reader, 'read');
    const issue = await tracker.issue(owner, 'asg-cat/app', { title: 'Work', assignees: ['asg-cat'] });
    const path = `/repos/asg-cat/app/issues/${issue.number}/assignees`;
    const added = await tracker.request<IssueBody>('POST', path, writer.token, {
      assignees: ['asg-cat-writer'],
    });
    assert.equal(added.status, 201, added.text);
    assert.deepEqual(
      added.json.assignees?.map((u) => u.login),
      ['asg-cat', 'asg-cat-writer'],
    );
    const removed = await tracker.request<IssueBody>('DELETE', path, writer.token, {
      assignees: ['asg-cat'],
    });
    assert.equal(removed.status, 200, removed.text);
    assert.deepEqual(
      removed.json.assignees?.map((u) => u.login),
      ['asg-cat-writer'],
    );
    assert.equal((await tracker.request('POST', path, reader.token, { assignees: ['asg-cat'] })).status, 403);
    assert.equal(
      (await tracker.request('POST', path, writer.token, { assignees: ['no-such-user'] })).status,
      422,
    );
    assert.equal(
      (await tracker.request('POST', path, writer.token, { assignees: ['asg-cat-reader'] })).status,
      422,
    );
    const entries = (await tracker.timeline('asg-cat/app', issue.number)).filter(
      (e) => e.type === 'assignees',
    );
    assert.deepEqual(
      entries.map((e) => [e.assignee?.login, e.removed_assignee, e.user.login]),
      [
        ['asg-cat', false, 'asg-cat'],
        ['asg-cat-writer', false, 'asg-cat-writer'],
        ['asg-cat', true, 'asg-cat-writer'],
      ],
    );
  });
});
