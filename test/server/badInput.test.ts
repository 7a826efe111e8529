import assert from 'node:assert/strict';
import http from 'node:http';
import { after, before, describe, it } from 'node:test';
import { startServer, type TestServer } from './harness';

/** Regressions found by the reliability fuzzer (test/reliability/fuzz.reliability.ts). */

function rawGet(server: TestServer, path: string): Promise<{ status: number; text: string }> {
  const base = new URL(server.url);
  return new Promise((resolve, reject) => {
    const req = http.get({ host: base.hostname, port: base.port, path }, (res) => {
      let text = '';
      res.on('data', (chunk: Buffer) => (text += chunk.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
    });
    req.on('error', reject);
  });
}

describe('bad input found by the fuzzer', () => {
  let server: TestServer;

  before(async () => {
    server = await startServer();
  });

  after(async () => {
    await server.stop();
  });

  it('a page number past any integer is treated as absent, not a 500', async () => {
    for (const page of ['99999999999999999999', '9007199254740993', '180143985094819']) {
      const res = await server.request<unknown[]>('GET', `/user/orgs?page=${page}`, {
        token: server.admin.token,
      });
      assert.equal(res.status, 200, `page=${page}: ${res.text}`);
      assert.ok(Array.isArray(res.json));
    }
    const first = await server.request<unknown[]>('GET', '/user/orgs?page=99999999999999999999&limit=1', {
      token: server.admin.token,
    });
    assert.equal(first.headers.get('x-total-count'), '0');
  });

  it('a request line too long for node:http answers 431 with a JSON message', async () => {
    const res = await rawGet(server, `/api/v1/users/${'b'.repeat(70_000)}`);
    assert.equal(res.status, 431);
    assert.equal(typeof (JSON.parse(res.text) as { message: unknown }).message, 'string');
    const health = await server.request('GET', '/version');
    assert.equal(health.status, 200);
  });

  it('a commit message with a NUL byte is a 422, for a merge and for a file change, and nothing moves', async () => {
    const admin = server.admin.username;
    const token = server.admin.token;
    const repo = `${admin}/nul-messages`;
    const created = await server.request('POST', '/user/repos', {
      token,
      body: { name: 'nul-messages', auto_init: true },
    });
    assert.equal(created.status, 201, created.text);
    const branch = await server.request('POST', `/repos/${repo}/contents/feature.txt`, {
      token,
      body: { content: Buffer.from('a feature\n').toString('base64'), message: 'Add', new_branch: 'feature' },
    });
    assert.equal(branch.status, 201, branch.text);
    const nul = await server.request<{ message: string }>('POST', `/repos/${repo}/contents/other.txt`, {
      token,
      body: { content: Buffer.from('x').toString('base64'), message: 'bad\u0000message' },
    });
    assert.equal(nul.status, 422, nul.text);
    assert.match(nul.json.message, /NUL/);
    const pull = await server.request<{ number: number }>('POST', `/repos/${repo}/pulls`, {
      token,
      body: { head: 'feature', base: 'main', title: 'A feature' },
    });
    assert.equal(pull.status, 201, pull.text);
    const merge = await server.request<{ message: string }>(
      'POST',
      `/repos/${repo}/pulls/${pull.json.number}/merge`,
      {
        token,
        body: { Do: 'merge', merge_message_field: '\u0000' },
      },
    );
    assert.equal(merge.status, 422, merge.text);
    const state = await server.request<{ merged: boolean }>(
      'GET',
      `/repos/${repo}/pulls/${pull.json.number}`,
      { token },
    );
    assert.equal(state.json.merged, false);
    const files = await server.request('GET', `/repos/${repo}/contents/other.txt`, { token });
    assert.equal(files.status, 404);
  });
});
