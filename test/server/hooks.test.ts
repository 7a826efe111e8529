import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { giteaApi } from 'gitea-js';
import { startServer, type TestServer, type TestUser } from './harness';

interface HookJson {
  id: number;
  type: string;
  name: string;
  config: Record<string, string>;
  events: string[];
  active: boolean;
  branch_filter: string;
  authorization_header: string;
  created_at: string;
  updated_at: string;
}

describe('webhook management', () => {
  let server: TestServer;
  let owner: TestUser;
  const target = 'http://127.0.0.1:9/hook';

  before(async () => {
    server = await startServer();
    owner = await server.createUser('hk-owner');
    const repo = await server.request('POST', '/user/repos', {
      token: owner.token,
      body: { name: 'hooked' },
    });
    assert.equal(repo.status, 201, repo.text);
  });
  after(async () => {
    await server.stop();
  });

  const create = (body: unknown) =>
    server.request<HookJson>('POST', '/repos/hk-owner/hooked/hooks', { token: owner.token, body });

  test('creating a repository hook answers 200 with the hook, its secret never shown', async () => {
    const res = await create({
      type: 'gitea',
      config: { url: target, content_type: 'json', secret: 's3cret' },
      events: ['issues', 'push'],
      active: true,
      branch_filter: 'main',
      authorization_header: 'Bearer abc',
    });
    assert.equal(res.status, 200, res.text);
    assert.equal(res.json.type, 'gitea');
    assert.deepEqual(res.json.config, { url: target, content_type: 'json' });
    assert.deepEqual(res.json.events, [
      'push',
      'issues',
      'issue_assign',
      'issue_label',
      'issue_milestone',
      'issue_comment',
    ]);
    assert.equal(res.json.active, true);
    assert.equal(res.json.branch_filter, 'main');
    assert.equal(res.json.authorization_header, 'Bearer abc');
    assert.match(res.json.created_at, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
    assert.doesNotMatch(res.text, /s3cret/);
  });

  test('a hook created without events or active gets push only and stays inactive, as in Gitea', async () => {
    const res = await create({ type: 'gogs', config: { url: target, content_type: 'form' } });
    assert.equal(res.status, 200, res.text);
    assert.deepEqual(res.json.events, ['push']);
    assert.equal(res.json.active, false);
    assert.equal(res.json.config['content_type'], 'form');
  });

  test('"*" selects every event, and pull_request every pull request kind', async () => {
    const everything = await create({
      type: 'gitea',
      config: { url: target, content_type: 'json' },
      events: ['*'],
    });
    assert.equal(everything.status, 200, everything.text);
    assert.ok(
      everything.json.events.includes('release') && everything.json.events.includes('pull_request_review'),
    );
    const pulls = await create({
      type: 'gitea',
      config: { url: target, content_type: 'json' },
      events: ['pull_request'],
    });
    assert.deepEqual(pulls.json.events, [
      'pull_request',
      'pull_request_assign',
      'pull_request_label',
      'pull_request_milestone',
      'pull_request_comment',
      'pull_request_review',
      'pull_request_sync',
      'pull_request_review_request',
    ]);
    const only = await create({
      type: 'gitea',
      config: { url: target, content_type: 'json' },
      events: ['issues_only', 'release'],
    });
    assert.deepEqual(only.json.events, ['issues', 'release']);
  });

  test('invalid hook options answer 422 with Gitea messages', async () => {
    const cases: [unknown, string][] = [
      [{ type: 'jenkins', config: { url: target, content_type: 'json' } }, 'Invalid hook type: jenkins'],
      [{ type: 'gitea', config: { content_type: 'json' } }, 'Missing config option: url'],
      [{ type: 'gitea', config: { url: target } }, 'Missing config option: content_type'],
      [{ type: 'gitea', config: { url: target, content_type: 'xml' } }, 'Invalid content type'],
      [{ config: { url: target, content_type: 'json' } }, '[Type]: Required'],
      [{ type: 'gitea' }, '[Config]: Required'],
      [
        { type: 'gitea', config: { url: 'not a url', content_type: 'json' } },
        'Invalid config option: url "not a url" is not a URL',
      ],
      [
        { type: 'gitea', config: { url: 'ftp://127.0.0.1/x', content_type: 'json' } },
        'Invalid config option: url must be an http or https URL',
      ],
      [
        { type: 'gitea', config: { url: target, content_type: 'json' }, branch_filter: '{main' },
        '[BranchFilter]: GlobPattern',
      ],
      [{ type: 'slack', config: { url: target, content_type: 'json' } }, 'Missing config option: channel'],
    ];
    for (const [body, message] of cases) {
      const res = await create(body);
      assert.equal(res.status, 422, `${JSON.stringify(body)}: ${res.text}`);
      assert.equal((res.json as unknown as { message: string }).message, message);
    }
  });

  test('a slack hook needs a valid channel (400 otherwise) and shows its chat settings', async () => {
    const bad = await create({
      type: 'slack',
      config: { url: target, content_type: 'json', channel: '#Not Valid' },
    });
    assert.equal(bad.status, 400, bad.text);
    assert.equal((bad.json as unknown as { message: string }).message, 'Invalid slack channel name');
    const res = await create({
      type: 'slack',
      config: {
        url: target,
        content_type: 'json',
        channel: '#dev',
        username: 'tea',
        icon_url: 'http://x/i.png',
      },
    });
    assert.equal(res.status, 200, res.text);
    assert.deepEqual(res.json.config, {
      url: target,
      content_type: 'json',
      channel: '#dev',
      username: 'tea',
      icon_url: 'http://x/i.png',
      color: '',
    });
  });

  test('a hook is listed with paging headers, read, edited field by field, and deleted', async () => {
    const made = await create({
      type: 'gitea',
      config: { url: target, content_type: 'json' },
      events: ['create'],
      branch_filter: 'rel/*',
    });
    const list = await server.request<HookJson[]>('GET', '/repos/hk-owner/hooked/hooks?limit=2&page=1', {
      token: owner.token,
    });
    assert.equal(list.status, 200);
    assert.equal(list.json.length, 2);
    const total = Number(list.headers.get('x-total-count'));
    assert.ok(total >= 3, `total ${total}`);
    assert.match(list.headers.get('link') ?? '', /rel="next"/);

    const got = await server.request<HookJson>('GET', `/repos/hk-owner/hooked/hooks/${made.json.id}`, {
      token: owner.token,
    });
    assert.equal(got.status, 200);
    assert.equal(got.json.id, made.json.id);

    const edited = await server.request<HookJson>('PATCH', `/repos/hk-owner/hooked/hooks/${made.json.id}`, {
      token: owner.token,
      body: { active: true, config: { content_type: 'form' } },
    });
    assert.equal(edited.status, 200, edited.text);
    assert.equal(edited.json.active, true);
    assert.equal(edited.json.config['content_type'], 'form');
    // what was not sent keeps its value
    assert.deepEqual(edited.json.events, ['create']);
    assert.equal(edited.json.branch_filter, 'rel/*');

    const events = await server.request<HookJson>('PATCH', `/repos/hk-owner/hooked/hooks/${made.json.id}`, {
      token: owner.token,
      body: { events: ['release', 'fork'], branch_filter: '', config: { url: 'http://127.0.0.1:10/other' } },
    });
    assert.deepEqual(events.json.events, ['fork', 'release']);
    assert.equal(events.json.branch_filter, '');
    assert.equal(events.json.config['url'], 'http://127.0.0.1:10/other');

    const badEdit = await server.request('PATCH', `/repos/hk-owner/hooked/hooks/${made.json.id}`, {
      token: owner.token,
      body: { config: { content_type: 'yaml' } },
    });
    assert.equal(badEdit.status, 422);

    const deleted = await server.request('DELETE', `/repos/hk-owner/hooked/hooks/${made.json.id}`, {
      token: owner.token,
    });
    assert.equal(deleted.status, 204);
    const gone = await server.request('GET', `/repos/hk-owner/hooked/hooks/${made.json.id}`, {
      token: owner.token,
    });
    assert.equal(gone.status, 404);
    const again = await server.request('DELETE', `/repos/hk-owner/hooked/hooks/${made.json.id}`, {
      token: owner.token,
    });
    assert.equal(again.status, 404);
  });

  test("another repository's hook id is not found, and a non-number id is 404", async () => {
    const other = await server.request('POST', '/user/repos', {
      token: owner.token,
      body: { name: 'other' },
    });
    assert.equal(other.status, 201);
    const made = await create({ type: 'gitea', config: { url: target, content_type: 'json' } });
    const res = await server.request('GET', `/repos/hk-owner/other/hooks/${made.json.id}`, {
      token: owner.token,
    });
    assert.equal(res.status, 404);
    const nan = await server.request('GET', '/repos/hk-owner/hooked/hooks/abc', { token: owner.token });
    assert.equal(nan.status, 404);
  });

  test('organization hooks are created at both paths (201), listed, edited and deleted by an owner', async () => {
    const org = await server.request('POST', '/orgs', { token: owner.token, body: { username: 'hk-org' } });
    assert.equal(org.status, 201, org.text);
    const made = await server.request<HookJson>('POST', '/orgs/hk-org/hooks', {
      token: owner.token,
      body: {
        type: 'discord',
        config: { url: target, content_type: 'json', username: 'bot' },
        events: ['repository'],
        active: true,
      },
    });
    assert.equal(made.status, 201, made.text);
    assert.deepEqual(made.json.config, { url: target, content_type: 'json', username: 'bot', icon_url: '' });
    const slash = await server.request<HookJson>('POST', '/orgs/hk-org/hooks/', {
      token: owner.token,
      body: { type: 'gitea', config: { url: target, content_type: 'json' } },
    });
    assert.equal(slash.status, 201, slash.text);
    const list = await server.request<HookJson[]>('GET', '/orgs/hk-org/hooks', { token: owner.token });
    assert.deepEqual(
      list.json.map((hook) => hook.id),
      [made.json.id, slash.json.id],
    );
    assert.equal(list.headers.get('x-total-count'), '2');
    const edited = await server.request<HookJson>('PATCH', `/orgs/hk-org/hooks/${made.json.id}`, {
      token: owner.token,
      body: { active: false },
    });
    assert.equal(edited.status, 200);
    assert.equal(edited.json.active, false);
    // a repository hook path does not reach an organization hook
    const viaRepo = await server.request('GET', `/repos/hk-owner/hooked/hooks/${made.json.id}`, {
      token: owner.token,
    });
    assert.equal(viaRepo.status, 404);
    assert.equal(
      (await server.request('DELETE', `/orgs/hk-org/hooks/${made.json.id}`, { token: owner.token })).status,
      204,
    );
    assert.equal(
      (await server.request('GET', `/orgs/hk-org/hooks/${made.json.id}`, { token: owner.token })).status,
      404,
    );
  });

  test('gitea-js creates, reads, edits and lists hooks with the field names of Gitea', async () => {
    const api = giteaApi(server.url.replace(/\/$/, ''), { token: owner.token, customFetch: fetch });
    const created = await api.repos.repoCreateHook('hk-owner', 'hooked', {
      type: 'gitea',
      config: { url: target, content_type: 'json' },
      events: ['release'],
      active: true,
    });
    assert.equal(created.status, 200);
    assert.equal(created.data.type, 'gitea');
    assert.deepEqual(created.data.events, ['release']);
    const edited = await api.repos.repoEditHook('hk-owner', 'hooked', created.data.id!, {
      active: false,
      events: ['push'],
    });
    assert.equal(edited.data.active, false);
    assert.deepEqual(edited.data.events, ['push']);
    const listed = await api.repos.repoListHooks('hk-owner', 'hooked');
    assert.ok(listed.data.some((hook) => hook.id === created.data.id && hook.config?.['url'] === target));
    const orgHook = await api.orgs.orgCreateHook('hk-org', {
      type: 'gogs',
      config: { url: target, content_type: 'json' },
    });
    assert.equal(orgHook.status, 201);
    assert.equal((await api.orgs.orgGetHook('hk-org', orgHook.data.id!)).data.type, 'gogs');
  });
});
