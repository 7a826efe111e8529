import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { executableConstructs, loadXssPayloads } from '../fixtures/xss/executableConstructs';
import { startServer, type TestServer, type TestUser } from './harness';

describe('markdown: XSS corpus over HTTP', () => {
  let server: TestServer;
  let user: TestUser;
  const payloads = loadXssPayloads();

  before(async () => {
    server = await startServer();
    user = await server.createUser('md-xss');
  });
  after(async () => {
    await server.stop();
  });

  test('no payload rendered by POST /markdown in gfm mode leaves anything executable', async () => {
    for (const payload of payloads) {
      const res = await server.request('POST', '/markdown', {
        token: user.token,
        body: { Text: payload, Mode: 'gfm', Context: 'md-xss/repo', Wiki: true },
      });
      assert.equal(res.status, 200, payload);
      assert.deepEqual(executableConstructs(res.text), [], `${JSON.stringify(payload)}\n→ ${res.text}`);
    }
  });

  test('no payload rendered by POST /markdown/raw leaves anything executable', async () => {
    for (const payload of payloads) {
      const res = await server.request('POST', '/markdown/raw', {
        token: user.token,
        body: payload,
        headers: { 'Content-Type': 'text/plain' },
      });
      assert.equal(res.status, 200, payload);
      assert.deepEqual(executableConstructs(res.text), [], `${JSON.stringify(payload)}\n→ ${res.text}`);
    }
  });

  test('the payloads really reach the renderer: a harmless part of one survives', async () => {
    const res = await server.request('POST', '/markdown', {
      token: user.token,
      body: { Text: '<div style="width: expression(alert(1))">style</div>', Mode: 'gfm' },
    });
    assert.equal(res.text, '<div>style</div>');
  });
});
