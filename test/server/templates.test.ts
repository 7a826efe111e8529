import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { startServer, type TestServer } from './harness';

interface ErrorBody {
  message: string;
}
interface LicenseInfo {
  key: string;
  name: string;
  url: string;
  body: string;
  implementation: string;
}
interface LabelTemplate {
  name: string;
  color: string;
  description: string;
  exclusive: boolean;
}

let server: TestServer;
before(async () => {
  server = await startServer();
});
after(async () => {
  await server.stop();
});

describe('licence, .gitignore and label templates', () => {
  test('the licences are the ones Gitea offers, the preferred ones first, each linked', async () => {
    const res = await server.request<{ key: string; name: string; url: string }[]>('GET', '/licenses');
    assert.equal(res.status, 200);
    assert.equal(res.json.length, 28);
    assert.deepEqual(
      res.json.slice(0, 3).map((entry) => entry.key),
      ['Apache-2.0', 'MIT', '0BSD'],
    );
    assert.deepEqual(res.json[1], { key: 'MIT', name: 'MIT', url: `${server.url}api/v1/licenses/MIT` });
    assert.ok(res.json.some((entry) => entry.key === 'GPL-3.0'));
  });

  test('a licence template holds the SPDX text with its placeholders', async () => {
    const res = await server.request<LicenseInfo>('GET', '/licenses/MIT');
    assert.equal(res.status, 200);
    assert.equal(res.json.key, 'MIT');
    assert.equal(res.json.url, `${server.url}api/v1/licenses/MIT`);
    assert.match(res.json.body, /^MIT License\n\nCopyright \(c\) <year> <copyright holders>/);
    assert.match(res.json.implementation, /^Create a text file \(typically named LICENSE/);
    const apache = await server.request<LicenseInfo>('GET', '/licenses/Apache-2.0');
    assert.match(apache.json.body, /Apache License\s+Version 2\.0, January 2004/);
  });

  test('a licence Gitea does not offer answers 404', async () => {
    for (const name of ['GPL-2.0-only', 'mit', 'Nope']) {
      const res = await server.request<ErrorBody>('GET', `/licenses/${name}`);
      assert.equal(res.status, 404, name);
    }
  });

  test('the .gitignore templates are github/gitignore by file name, folders flattened, in byte order', async () => {
    const res = await server.request<string[]>('GET', '/gitignore/templates');
    assert.equal(res.status, 200);
    assert.ok(res.json.length > 200);
    for (const name of ['Go', 'Node', 'Python', 'VisualStudioCode', 'macOS'])
      assert.ok(res.json.includes(name));
    assert.deepEqual(
      [...res.json].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)),
      res.json,
    );
    const node = await server.request<{ name: string; source: string }>('GET', '/gitignore/templates/Node');
    assert.equal(node.status, 200);
    assert.equal(node.json.name, 'Node');
    assert.match(node.json.source, /^node_modules\/$/m);
    assert.equal((await server.request('GET', '/gitignore/templates/Cobol')).status, 404);
  });

  test("the label templates are Gitea's Advanced and Default sets", async () => {
    const res = await server.request<string[]>('GET', '/label/templates');
    assert.deepEqual(res.json, ['Advanced', 'Default']);
    const labels = await server.request<LabelTemplate[]>('GET', '/label/templates/Default');
    assert.equal(labels.status, 200);
    assert.deepEqual(labels.json[0], {
      name: 'bug',
      exclusive: false,
      color: 'ee0701',
      description: 'Something is not working',
    });
    assert.equal(labels.json.length, 7);
    const advanced = await server.request<LabelTemplate[]>('GET', '/label/templates/Advanced');
    assert.ok(advanced.json.some((label) => label.name === 'Priority/High' && label.exclusive));
    assert.equal((await server.request('GET', '/label/templates/default')).status, 404);
  });

  test('a repository created with issue_labels starts with that template’s labels', async () => {
    const ivy = await server.createUser('tpl-ivy');
    const res = await server.request<{ name: string }>('POST', '/user/repos', {
      token: ivy.token,
      body: {
        name: 'labelled',
        issue_labels: 'Default',
        auto_init: true,
        gitignores: 'Node',
        license: 'WTFPL',
      },
    });
    assert.equal(res.status, 201);
    const labels = await server.request<{ name: string; color: string }[]>('GET', '/repos/tpl-ivy/labels', {
      token: ivy.token,
    });
    assert.equal(labels.status, 404, 'the path needs the repository');
    const repoLabels = await server.request<{ name: string; color: string }[]>(
      'GET',
      '/repos/tpl-ivy/labelled/labels?limit=50',
      { token: ivy.token },
    );
    assert.deepEqual(repoLabels.json.map((label) => label.name).sort(), [
      'bug',
      'duplicate',
      'enhancement',
      'help wanted',
      'invalid',
      'question',
      'wontfix',
    ]);
  });
});

describe('markup', () => {
  test('renders markdown for a signed-in caller, and refuses anonymous callers', async () => {
    const res = await server.request<string>('POST', '/markup', {
      token: server.admin.token,
      body: { Text: '# Title\n\n*hi*', Mode: 'markdown' },
    });
    assert.equal(res.status, 200);
    assert.match(res.headers.get('content-type') ?? '', /^text\/html/);
    assert.match(res.text, /<h1[^>]*>Title<\/h1>/);
    assert.match(res.text, /<em>hi<\/em>/);
    assert.equal((await server.request('POST', '/markup', { body: { Text: 'x' } })).status, 401);
  });

  test('file mode renders a markdown file by its extension and refuses other files with 422', async () => {
    const md = await server.request<string>('POST', '/markup', {
      token: server.admin.token,
      body: { Text: '**bold**', Mode: 'file', FilePath: 'docs/README.md' },
    });
    assert.equal(md.status, 200);
    assert.match(md.text, /<strong>bold<\/strong>/);
    const txt = await server.request<ErrorBody>('POST', '/markup', {
      token: server.admin.token,
      body: { Text: 'plain', Mode: 'file', FilePath: 'notes.txt' },
    });
    assert.equal(txt.status, 422);
    assert.equal(txt.json.message, 'unsupported file to render: "notes.txt"');
  });

  test('an unknown mode answers 422, modes match exactly, and the Wiki flag wins', async () => {
    const res = await server.request<ErrorBody>('POST', '/markup', {
      token: server.admin.token,
      body: { Text: 'x', Mode: 'Markdown' },
    });
    assert.equal(res.status, 422);
    assert.equal(res.json.message, 'Unknown mode: Markdown');
    const wiki = await server.request<string>('POST', '/markup', {
      token: server.admin.token,
      body: { Text: '[[Home]]', Mode: 'nonsense', Wiki: true, Context: 'tpl/wiki' },
    });
    assert.equal(wiki.status, 200);
  });
});

describe('the SSH signing key', () => {
  test('without a configured signing key, /signing-key.pub answers 404 "no signing key"', async () => {
    const res = await server.request<ErrorBody>('GET', '/signing-key.pub');
    assert.equal(res.status, 404);
    assert.equal(res.json.message, 'no signing key');
  });

  test("a repository's signing-key.pub is 404 too, after the repository's own visibility", async () => {
    const kim = await server.createUser('tpl-kim');
    await server.request('POST', '/user/repos', {
      token: kim.token,
      body: { name: 'secret', private: true },
    });
    const own = await server.request<ErrorBody>('GET', '/repos/tpl-kim/secret/signing-key.pub', {
      token: kim.token,
    });
    assert.equal(own.status, 404);
    assert.equal(own.json.message, 'no signing key');
    const stranger = await server.request<ErrorBody>('GET', '/repos/tpl-kim/secret/signing-key.pub');
    assert.equal(stranger.status, 404);
    assert.notEqual(stranger.json.message, 'no signing key');
  });
});

describe('the current token', () => {
  interface CurrentToken {
    id: number;
    name: string;
    scopes: string[];
    created_at: string;
    last_used_at: string;
    user: { id: number; login: string };
  }

  test('answers the token of the Authorization header with its owner', async () => {
    const lee = await server.createUser('tpl-lee');
    const created = await server.request<{ id: number; sha1: string }>('POST', '/users/tpl-lee/tokens', {
      basic: { username: 'tpl-lee', password: lee.password },
      body: { name: 'reader', scopes: ['read:user', 'read:misc'] },
    });
    assert.equal(created.status, 201);
    const res = await server.request<CurrentToken>('GET', '/token', { token: created.json.sha1 });
    assert.equal(res.status, 200);
    assert.equal(res.json.id, created.json.id);
    assert.equal(res.json.name, 'reader');
    assert.deepEqual(res.json.scopes, ['read:misc', 'read:user']);
    assert.deepEqual(res.json.user, { id: lee.user.id, login: 'tpl-lee' });
    assert.match(res.json.created_at, /^\d{4}-\d\d-\d\dT/);
  });

  test('Basic credentials or a token in the query are no bearer token: 404; anonymous: 401', async () => {
    const mo = await server.createUser('tpl-mo');
    const basic = await server.request<ErrorBody>('GET', '/token', {
      basic: { username: 'tpl-mo', password: mo.password },
    });
    assert.equal(basic.status, 404);
    assert.equal(basic.json.message, 'invalid personal token');
    const query = await server.request<ErrorBody>('GET', `/token?token=${mo.token}`);
    assert.equal(query.status, 404);
    assert.equal((await server.request('GET', '/token')).status, 401);
  });

  test('deleting the current token revokes it: the next request with it is 401', async () => {
    const nia = await server.createUser('tpl-nia');
    const del = await server.request('DELETE', '/token', { token: nia.token });
    assert.equal(del.status, 204);
    assert.equal((await server.request('GET', '/user', { token: nia.token })).status, 401);
  });
});
