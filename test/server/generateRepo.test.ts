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

  test('expands the variables of .gitea/template in the files it names, paths included', async () => {
    const b64 = (text: string): string => Buffer.from(text).toString('base64');
    const created = await server.request('POST', '/user/repos', {
      token: owner.token,
      body: { name: 'expanding', auto_init: true, template: true },
    });
    assert.equal(created.status, 201, created.text);
    const files = await server.request('POST', '/repos/gr-owner/expanding/contents', {
      token: owner.token,
      body: {
        files: [
          { operation: 'create', path: '.gitea/template', content: b64('# the names\n*.txt\n') },
          {
            operation: 'create',
            path: '$REPO_NAME_SNAKE.txt',
            content: b64('${REPO_OWNER}/${REPO_NAME} from $TEMPLATE_NAME\n'),
          },
          { operation: 'create', path: 'kept.md', content: b64('$REPO_NAME stays\n') },
        ],
      },
    });
    assert.equal(files.status, 201, files.text);
    const res = await server.request('POST', '/repos/gr-owner/expanding/generate', {
      token: other.token,
      body: { owner: 'gr-other', name: 'My-Project', git_content: true },
    });
    assert.equal(res.status, 201, res.text);
    const made = '/repos/gr-other/My-Project';
    const expanded = await server.request<{ content: string }>('GET', `${made}/contents/my_project.txt`);
    assert.equal(expanded.status, 200, expanded.text);
    assert.equal(
      Buffer.from(expanded.json.content, 'base64').toString(),
      'gr-other/My-Project from expanding\n',
    );
    const kept = await server.request<{ content: string }>('GET', `${made}/contents/kept.md`);
    assert.equal(Buffer.from(kept.json.content, 'base64').toString(), '$REPO_NAME stays\n');
    assert.equal((await server.request('GET', `${made}/contents/.gitea/template`)).status, 404);
    assert.equal((await server.request('GET', `${made}/contents/README.md`)).status, 200);
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
