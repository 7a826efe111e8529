import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { startServer, type TestServer, type TestUser } from './harness';

/** Repositories made from templates: the git content as one new commit, topics, labels, hooks, rules. */

interface RepoJson {
  full_name: string;
  template: boolean;
  default_branch: string;
  empty: boolean;
}

let server: TestServer;
let owner: TestUser;
let other: TestUser;
const template = '/repos/gr-owner/template';

before(async () => {
  server = await startServer();
  owner = await server.createUser('gr-owner');
  other = await server.createUser('gr-other');
  const created = await server.request('POST', '/user/repos', {
    token: owner.token,
    body: { name: 'template', auto_init: true, template: true, description: 'a template' },
  });
  assert.equal(created.status, 201, created.text);
  const calls: [string, string, Record<string, unknown>][] = [
    ['PUT', `${template}/topics`, { topics: ['starter', 'kit'] }],
    ['POST', `${template}/labels`, { name: 'bug', color: '#ee0701' }],
    [
      'POST',
      `${template}/hooks`,
      { type: 'gitea', config: { url: `${server.url}hook-target`, content_type: 'json' }, active: true },
    ],
    ['POST', `${template}/branch_protections`, { rule_name: 'main', enable_push: false }],
  ];
  for (const [method, path, body] of calls) {
    const res = await server.request(method, path, { token: owner.token, body });
    assert.ok(res.status < 300, `${method} ${path}: ${res.status} ${res.text}`);
  }
});

after(async () => {
  await server.stop();
});

describe('generating a repository from a template', () => {
  test('copies the items asked for; the git content is one new commit', async () => {
    const res = await server.request<RepoJson>('POST', `${template}/generate`, {
      token: other.token,
      body: {
        owner: 'gr-other',
        name: 'made',
        git_content: true,
        topics: true,
        labels: true,
        webhooks: true,
        protected_branch: true,
      },
    });
    assert.equal(res.status, 201, res.text);
    assert.equal(res.json.full_name, 'gr-other/made');
    assert.equal(res.json.empty, false);
    const made = '/repos/gr-other/made';
    const readme = await server.request<{ content: string }>('GET', `${made}/contents/README.md`);
    assert.equal(readme.status, 200);
    const commits = await server.request<{ commit: { message: string } }[]>('GET', `${made}/commits`);
    assert.deepEqual(
      commits.json.map((c) => c.commit.message),
      ['Initial commit\n'],
    );
    const topics = await server.request<{ topics: string[] }>('GET', `${made}/topics`);
    assert.deepEqual(topics.json.topics.sort(), ['kit', 'starter']);
    const labels = await server.request<{ name: string }[]>('GET', `${made}/labels`);
    assert.deepEqual(
      labels.json.map((l) => l.name),
      ['bug'],
    );
    const hooks = await server.request<{ config: { url: string } }[]>('GET', `${made}/hooks`, {
      token: other.token,
    });
    assert.equal(hooks.json[0]?.config.url, `${server.url}hook-target`);
    const rules = await server.request<{ rule_name: string }[]>('GET', `${made}/branch_protections`, {
      token: other.token,
    });
    assert.deepEqual(
      rules.json.map((r) => r.rule_name),
      ['main'],
    );
  });

  test('takes only what is asked for', async () => {
    const res = await server.request<RepoJson>('POST', `${template}/generate`, {
      token: other.token,
      body: { owner: 'gr-other', name: 'topics-only', topics: true },
    });
    assert.equal(res.status, 201, res.text);
    assert.equal(res.json.empty, true);
    const labels = await server.request<unknown[]>('GET', '/repos/gr-other/topics-only/labels');
    assert.deepEqual(labels.json, []);
  });

  test('answers 422 for no template or no item, 409 for a taken name, 403/404 for other owners', async () => {
    const generate = (body: Record<string, unknown>, path = template, token = other.token) =>
      server.request('POST', `${path}/generate`, { token, body });
    assert.equal((await generate({ owner: 'gr-other', name: 'nothing' })).status, 422);
    assert.equal((await generate({ owner: 'gr-other', name: 'made', topics: true })).status, 409);
    assert.equal((await generate({ owner: 'gr-other', name: 'bad name!', topics: true })).status, 422);
    assert.equal((await generate({ owner: 'gr-owner', name: 'theirs', topics: true })).status, 403);
    assert.equal((await generate({ owner: 'nobody-at-all', name: 'x', topics: true })).status, 404);
    const plain = await generate(
      { owner: 'gr-owner', name: 'x', topics: true },
      '/repos/gr-other/made',
      owner.token,
    );
    assert.equal(plain.status, 422);
    assert.match(plain.text, /this is not a template repo/);
    assert.equal(
      (await server.request('POST', `${template}/generate`, { body: { name: 'anon' } })).status,
      401,
    );
  });
});
