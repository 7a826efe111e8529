import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startServer, type TestServer } from './harness';

/** Query parameters reach handlers parsed as the catalogue declares them (src/server/http/queryArgs.ts). */
describe('query parameters from the catalogue', () => {
  let server: TestServer;
  let token: string;

  before(async () => {
    server = await startServer();
    token = server.admin.token;
    const created = await server.request('POST', '/user/repos', {
      token,
      body: { name: 'tea', auto_init: true },
    });
    assert.equal(created.status, 201, created.text);
    const issue = await server.request('POST', `/repos/${server.admin.username}/tea/issues`, {
      token,
      body: { title: 'first' },
    });
    assert.equal(issue.status, 201, issue.text);
  });

  after(async () => {
    await server.stop();
  });

  it('a declared boolean that is neither true nor false is a 422 naming it', async () => {
    const res = await server.request<{ message: string }>(
      'GET',
      `/repos/${server.admin.username}/tea/releases?draft=maybe`,
      { token },
    );
    assert.equal(res.status, 422);
    assert.match(res.json.message, /\[draft\]: must be true or false/);
  });

  it('a declared integer that is not one is a 422 naming it', async () => {
    const res = await server.request<{ message: string }>('GET', '/repos/search?uid=me', { token });
    assert.equal(res.status, 422);
    assert.match(res.json.message, /\[uid\]: must be an integer/);
  });

  it("the issue search's flags are lenient, as Gitea's QueryBool: nonsense filters nothing", async () => {
    const lenient = await server.request<unknown[]>(
      'GET',
      '/repos/issues/search?created=yes&priority_repo_id=first',
      { token },
    );
    assert.equal(lenient.status, 200, lenient.text);
    assert.equal(lenient.json.length, 1);
    const mine = await server.request<unknown[]>('GET', '/repos/issues/search?created=true', { token });
    assert.equal(mine.json.length, 1);
  });

  it('repeated and comma-separated label ids both filter pull requests; a word is a 422', async () => {
    const base = `/repos/${server.admin.username}/tea/pulls`;
    assert.equal((await server.request('GET', `${base}?labels=1,2&labels=3`, { token })).status, 200);
    const refused = await server.request<{ message: string }>('GET', `${base}?labels=bug`, { token });
    assert.equal(refused.status, 422);
    assert.match(refused.json.message, /\[labels\]/);
  });
});
