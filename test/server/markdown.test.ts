import assert from 'node:assert/strict';
import http from 'node:http';
import { after, before, describe, test } from 'node:test';
import { giteaApi } from 'gitea-js';
import { startServer, type RequestOptions, type TestServer, type TestUser } from './harness';

interface ErrorBody {
  message: string;
  url: string;
}

const bodyLimit = 64 * 1024;

/** A request whose upload the server may cut short (413): the answer is what matters. */
function rawPost(
  url: string,
  headers: http.OutgoingHttpHeaders,
  body: string,
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method: 'POST', headers }, (res) => {
      let text = '';
      res.on('data', (chunk: Buffer) => (text += chunk.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
    });
    req.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code !== 'EPIPE' && error.code !== 'ECONNRESET') reject(error);
    });
    req.end(body);
  });
}

describe('markdown', () => {
  let server: TestServer;
  let writer: TestUser;
  const markdown = (body: unknown, options: RequestOptions = {}) =>
    server.request('POST', '/markdown', { token: writer.token, body, ...options });
  const markdownRaw = (text: string, options: RequestOptions = {}) =>
    server.request('POST', '/markdown/raw', {
      token: writer.token,
      body: text,
      headers: { 'Content-Type': 'text/plain' },
      ...options,
    });

  before(async () => {
    server = await startServer({ args: ['--body-limit', String(bodyLimit)] });
    writer = await server.createUser('md-writer');
  });
  after(async () => {
    await server.stop();
  });

  test('gfm mode with a Context answers 200 HTML with issue, mention and commit links', async () => {
    const res = await markdown({
      Text: 'Fixes #12, thanks @md-writer! See bob/kettle#3 and abcdef1234.',
      Mode: 'gfm',
      Context: 'md-writer/tea',
    });
    assert.equal(res.status, 200);
    assert.equal(res.headers.get('content-type'), 'text/html; charset=utf-8');
    const root = server.url;
    assert.equal(
      res.text,
      `<p>Fixes <a href="${root}md-writer/tea/issues/12" class="ref-issue" rel="nofollow">#12</a>, thanks ` +
        `<a href="${root}md-writer" class="mention" rel="nofollow">@md-writer</a>! See ` +
        `<a href="${root}bob/kettle/issues/3" class="ref-issue" rel="nofollow">bob/kettle#3</a> and ` +
        `<a href="${root}md-writer/tea/commit/abcdef1234" class="commit" rel="nofollow">` +
        `<code class="nohighlight">abcdef1234</code></a>.</p>\n`,
    );
  });

  test('the Context may be the repository URL, as today’s Gitea sends it', async () => {
    const res = await markdown({
      Text: '#4',
      Mode: 'comment',
      Context: `${server.url}md-writer/tea/src/branch/main`,
    });
    assert.equal(res.status, 200);
    assert.match(res.text, new RegExp(`<a href="${server.url}md-writer/tea/issues/4" class="ref-issue"`));
  });

  test('GFM syntax renders: table, task list, strikethrough, autolink and fenced code', async () => {
    const res = await markdown({
      Text: '| a |\n|---|\n| 1 |\n\n- [x] done\n\n~~old~~ https://example.com\n\n```go\nx := 1\n```',
      Mode: 'gfm',
    });
    assert.equal(res.status, 200);
    assert.match(res.text, /<table>\n<thead>\n<tr>\n<th>a<\/th>/);
    assert.match(
      res.text,
      /<li class="task-list-item"><input checked="" disabled="" type="checkbox" \/> done<\/li>/,
    );
    assert.match(
      res.text,
      /<del>old<\/del> <a href="https:\/\/example.com" rel="nofollow">https:\/\/example.com<\/a>/,
    );
    assert.match(res.text, /<pre><code class="language-go">x := 1\n<\/code><\/pre>/);
  });

  test('markdown mode renders plain markdown: references stay text', async () => {
    const res = await markdown({ Text: '#12 @md-writer', Mode: 'markdown', Context: 'md-writer/tea' });
    assert.equal(res.status, 200);
    assert.equal(res.text, '<p>#12 @md-writer</p>\n');
  });

  test('references inside code are not rewritten', async () => {
    const res = await markdown({ Text: '`#12` @md-writer', Mode: 'gfm', Context: 'md-writer/tea' });
    assert.match(res.text, /^<p><code>#12<\/code> <a href="[^"]+" class="mention"/);
    assert.doesNotMatch(res.text, /ref-issue/);
  });

  test('Wiki resolves [[Page]] links against the Context repository', async () => {
    const res = await markdown({ Text: '[[Home Page]]', Mode: 'gfm', Context: 'md-writer/tea', Wiki: true });
    assert.equal(
      res.text,
      `<p><a href="${server.url}md-writer/tea/wiki/Home-Page" rel="nofollow">Home Page</a></p>\n`,
    );
    const without = await markdown({ Text: '[[Home Page]]', Mode: 'gfm', Context: 'md-writer/tea' });
    assert.equal(without.text, '<p>[[Home Page]]</p>\n');
  });

  test('keys are matched case-insensitively, as Go decodes JSON', async () => {
    const res = await markdown({ text: '#7', MODE: 'gfm', context: 'md-writer/tea' });
    assert.equal(res.status, 200);
    assert.match(res.text, /md-writer\/tea\/issues\/7" class="ref-issue"/);
  });

  test('a form-urlencoded body is accepted too', async () => {
    const res = await server.request('POST', '/markdown', {
      token: writer.token,
      form: { Text: '**bold** #8', Mode: 'gfm', Context: 'md-writer/tea', Wiki: 'false' },
    });
    assert.equal(res.status, 200);
    assert.match(res.text, /<strong>bold<\/strong> <a href="[^"]+\/issues\/8"/);
  });

  test('an empty Text, or no body at all, answers 200 with an empty body', async () => {
    for (const body of [{ Text: '', Mode: 'gfm' }, undefined]) {
      const res = await markdown(body);
      assert.equal(res.status, 200);
      assert.equal(res.text, '');
    }
    const raw = await markdownRaw('');
    assert.equal(raw.status, 200);
    assert.equal(raw.text, '');
  });

  test('/markdown/raw renders the plain-text body as GFM without special links', async () => {
    const res = await markdownRaw('# Title\n\n- [ ] task #3 @md-writer\n\n<script>alert(1)</script>');
    assert.equal(res.status, 200);
    assert.equal(res.headers.get('content-type'), 'text/html; charset=utf-8');
    assert.equal(
      res.text,
      '<h1 id="user-content-title">Title</h1>\n<ul>\n' +
        '<li class="task-list-item"><input disabled="" type="checkbox" /> task #3 @md-writer</li>\n</ul>\n',
    );
  });

  test('invalid JSON answers 422, as the spec says', async () => {
    const res = await markdown('{"Text": "unterminated');
    assert.equal(res.status, 422);
    assert.match((res.json as ErrorBody).message, /invalid JSON/);
  });

  test('a body that is not an object, or fields of the wrong type, answer 422', async () => {
    for (const [body, message] of [
      ['"just a string"', /must be a JSON object/],
      [{ Text: 42 }, /^\[Text\]: must be a string$/],
      [{ Text: 'x', Wiki: 'maybe' }, /^\[Wiki\]: must be a boolean$/],
    ] as const) {
      const res = await markdown(body);
      assert.equal(res.status, 422, JSON.stringify(body));
      assert.match((res.json as ErrorBody).message, message);
    }
  });

  test('a body over the limit answers 413 on both endpoints', async () => {
    const big = 'x'.repeat(bodyLimit + 1);
    for (const [path, body, type] of [
      ['markdown', JSON.stringify({ Text: big }), 'application/json'],
      ['markdown/raw', big, 'text/plain'],
    ] as const) {
      const res = await rawPost(
        `${server.apiUrl}/${path}`,
        {
          Authorization: `token ${writer.token}`,
          'Content-Type': type,
          'Content-Length': Buffer.byteLength(body),
        },
        body,
      );
      assert.equal(res.status, 413, path);
      assert.match((JSON.parse(res.body) as ErrorBody).message, /larger than the limit/);
    }
  });

  test('who may render: anyone, as in Gitea 1.14.1; a token needs a write:misc scope (or one granting it)', async () => {
    const scoped = await server.createUser('md-scoped');
    const tokenWith = async (name: string, scopes: string[]): Promise<string> => {
      const res = await server.request<{ sha1: string }>('POST', '/users/md-scoped/tokens', {
        basic: { username: 'md-scoped', password: scoped.password },
        body: { name, scopes },
      });
      assert.equal(res.status, 201);
      return res.json.sha1;
    };
    const cases: Array<[string, RequestOptions, number]> = [
      ['anonymous', {}, 200],
      ['an unknown token', { token: 'f'.repeat(40) }, 401],
      ['a token without the misc scope', { token: await tokenWith('user-only', ['write:user']) }, 403],
      [
        'a read:misc token (rendering is a POST)',
        { token: await tokenWith('read-misc', ['read:misc']) },
        403,
      ],
      ['a write:misc token', { token: await tokenWith('write-misc', ['write:misc']) }, 200],
      ['basic auth', { basic: { username: 'md-scoped', password: scoped.password } }, 200],
      ['the administrator', { token: server.admin.token }, 200],
    ];
    for (const [who, auth, status] of cases) {
      const rendered = await server.request('POST', '/markdown', { ...auth, body: { Text: '*hi*' } });
      assert.equal(rendered.status, status, `/markdown as ${who}`);
      const raw = await server.request('POST', '/markdown/raw', {
        ...auth,
        body: '*hi*',
        headers: { 'Content-Type': 'text/plain' },
      });
      assert.equal(raw.status, status, `/markdown/raw as ${who}`);
      if (status === 200) {
        assert.equal(rendered.text, '<p><em>hi</em></p>\n');
        assert.equal(raw.text, '<p><em>hi</em></p>\n');
      } else {
        assert.equal(typeof (rendered.json as ErrorBody).message, 'string');
      }
    }
    const unknown = await server.request<ErrorBody>('POST', '/markdown', {
      token: 'f'.repeat(40),
      body: { Text: 'x' },
    });
    assert.equal(unknown.json.message, 'invalid username, password or token');
  });

  test('gitea-js renders through both endpoints with the body shapes it sends', async () => {
    const api = giteaApi(server.url.replace(/\/$/, ''), { token: writer.token });
    const rendered = await api.markdown.renderMarkdown(
      { Text: 'see #9', Mode: 'gfm', Context: 'md-writer/tea' },
      { format: 'text' },
    );
    assert.equal(rendered.status, 200);
    assert.equal(
      rendered.data,
      `<p>see <a href="${server.url}md-writer/tea/issues/9" class="ref-issue" rel="nofollow">#9</a></p>\n`,
    );
    const raw = await api.markdown.renderMarkdownRaw('~~gone~~', { format: 'text' });
    assert.equal(raw.status, 200);
    assert.equal(raw.data, '<p><del>gone</del></p>\n');
  });
});
