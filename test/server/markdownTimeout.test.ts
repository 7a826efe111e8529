import assert from 'node:assert/strict';
import http from 'node:http';
import { after, before, describe, test } from 'node:test';
import { send, startServer, waitFor, type TestServer, type TestUser } from './harness';

/** marked's super-linear case (markedjs/marked#4099): 60 KB of it takes seconds to render. */
const pathological = '_a'.repeat(30_000);

/** Posts `body` and resolves `uploaded` once it is all written, so the server is reading or rendering it. */
function postInFlight(
  url: string,
  token: string,
  contentType: string,
  body: string,
): { uploaded: Promise<void>; answer: Promise<{ status: number; text: string }> } {
  let uploaded!: () => void;
  const written = new Promise<void>((resolve) => (uploaded = resolve));
  const answer = new Promise<{ status: number; text: string }>((resolve, reject) => {
    const req = http.request(
      url,
      { method: 'POST', headers: { Authorization: `token ${token}`, 'Content-Type': contentType } },
      (res) => {
        let text = '';
        res.on('data', (chunk: Buffer) => (text += chunk.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
      },
    );
    req.on('error', reject);
    req.end(body, uploaded);
  });
  return { uploaded: written, answer };
}

describe('markdown time limit', () => {
  let server: TestServer;
  let writer: TestUser;

  before(async () => {
    server = await startServer({ args: ['--markdown-timeout', '500ms'] });
    writer = await server.createUser('md-slow');
  });
  after(async () => {
    await server.stop();
  });

  /** Asks for the version again and again until `answer` settles; how many answered before it did. */
  async function versionsAnsweredWhile(answer: Promise<unknown>): Promise<number> {
    let settled = false;
    void answer.then(() => (settled = true));
    let answered = 0;
    while (!settled) {
      const version = await server.request<{ version: string }>('GET', '/version');
      assert.equal(version.status, 200);
      if (!settled) answered++;
    }
    return answered;
  }

  test('a render past the time limit answers the escaped text while other requests are served', async () => {
    const slow = postInFlight(
      `${server.apiUrl}/markdown`,
      writer.token,
      'application/json',
      JSON.stringify({ Text: `<b>${pathological}</b>`, Mode: 'gfm' }),
    );
    await slow.uploaded;
    const answeredMeanwhile = await versionsAnsweredWhile(slow.answer);
    const res = await slow.answer;

    assert.ok(
      answeredMeanwhile >= 2,
      `only ${answeredMeanwhile} version requests answered during the render`,
    );
    assert.equal(res.status, 200);
    assert.equal(res.text, `&lt;b&gt;${pathological}&lt;/b&gt;`);
    await waitFor(
      () => server.output().stderr.includes('markdown rendering timed out after 500 ms'),
      5_000,
      'the timeout in the log',
    );
  });

  test('/markdown/raw has the same time limit', async () => {
    const slow = postInFlight(`${server.apiUrl}/markdown/raw`, writer.token, 'text/plain', pathological);
    const res = await slow.answer;
    assert.equal(res.status, 200);
    assert.equal(res.text, pathological);
  });

  test('after a timed-out render the next one renders normally', async () => {
    const timedOut = await send(`${server.apiUrl}/markdown/raw`, 'POST', {
      token: writer.token,
      body: pathological,
      headers: { 'Content-Type': 'text/plain' },
    });
    assert.equal(timedOut.text, pathological);

    const res = await server.request('POST', '/markdown', {
      token: writer.token,
      body: { Text: '# Title\n\n**bold** and _a_', Mode: 'gfm' },
    });
    assert.equal(res.status, 200);
    assert.equal(
      res.text,
      '<h1 id="user-content-title">Title</h1>\n<p><strong>bold</strong> and <em>a</em></p>\n',
    );
  });

  test('renders queued behind a slow one still answer', async () => {
    const slow = send(`${server.apiUrl}/markdown/raw`, 'POST', {
      token: writer.token,
      body: pathological,
      headers: { 'Content-Type': 'text/plain' },
    });
    const quick = [1, 2, 3].map((n) =>
      server.request('POST', '/markdown/raw', {
        token: writer.token,
        body: `item *${n}*`,
        headers: { 'Content-Type': 'text/plain' },
      }),
    );
    const answers = await Promise.all([slow, ...quick]);
    assert.deepEqual(
      answers.map((res) => [res.status, res.text]),
      [
        [200, pathological],
        [200, '<p>item <em>1</em></p>\n'],
        [200, '<p>item <em>2</em></p>\n'],
        [200, '<p>item <em>3</em></p>\n'],
      ],
    );
  });
});
