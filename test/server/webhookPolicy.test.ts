import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { payloadOf, startHookReceiver, type HookReceiver } from '../helpers/hookReceiver';
import { startServer, type TestServer, type TestUser } from './harness';

/**
 * A server listening on every address may be asked by anyone, so it refuses loopback and private webhook
 * targets unless `--allowed-hosts` names them (127.0.0.2 here: on Linux every 127/8 address is local).
 */
describe('the address policy for a server listening on every address', () => {
  let server: TestServer;
  let allowed: HookReceiver;
  let owner: TestUser;

  before(async () => {
    allowed = await startHookReceiver('127.0.0.2');
    server = await startServer({ args: ['--host', '0.0.0.0', '--allowed-hosts', '127.0.0.2'] });
    owner = await server.createUser('ap-owner');
    const repo = await server.request('POST', '/user/repos', {
      token: owner.token,
      body: { name: 'guarded' },
    });
    assert.equal(repo.status, 201, repo.text);
  });
  after(async () => {
    await server.stop();
    await allowed.close();
  });

  test('a loopback target is refused with a 422 that says how to allow it', async () => {
    const res = await server.request<{ message: string }>('POST', '/repos/ap-owner/guarded/hooks', {
      token: owner.token,
      body: { type: 'gitea', config: { url: 'http://127.0.0.1:9/hook', content_type: 'json' } },
    });
    assert.equal(res.status, 422, res.text);
    assert.match(
      res.json.message,
      /^the host "127\.0\.0\.1" resolves to a loopback address \(127\.0\.0\.1\) .*--allowed-hosts$/,
    );
    assert.match(server.output().stderr, /address policy: the host "127\.0\.0\.1"/);
  });

  test('an edit to a refused target is refused too, and the hook keeps its URL', async () => {
    const made = await server.request<{ id: number; config: { url: string } }>(
      'POST',
      '/repos/ap-owner/guarded/hooks',
      {
        token: owner.token,
        body: { type: 'gitea', config: { url: `${allowed.url}/hook`, content_type: 'json' } },
      },
    );
    assert.equal(made.status, 200, made.text);
    const edited = await server.request('PATCH', `/repos/ap-owner/guarded/hooks/${made.json.id}`, {
      token: owner.token,
      body: { config: { url: 'http://10.0.0.1/hook' } },
    });
    assert.equal(edited.status, 422, edited.text);
    const got = await server.request<{ config: { url: string } }>(
      'GET',
      `/repos/ap-owner/guarded/hooks/${made.json.id}`,
      { token: owner.token },
    );
    assert.equal(got.json.config.url, `${allowed.url}/hook`);
  });

  test('a target named by --allowed-hosts is accepted and receives its deliveries', async () => {
    const made = await server.request<{ id: number }>('POST', '/repos/ap-owner/guarded/hooks', {
      token: owner.token,
      body: {
        type: 'gitea',
        config: { url: `${allowed.url}/issues`, content_type: 'json' },
        events: ['issues'],
        active: true,
      },
    });
    assert.equal(made.status, 200, made.text);
    const issue = await server.request('POST', '/repos/ap-owner/guarded/issues', {
      token: owner.token,
      body: { title: 'Allowed' },
    });
    assert.equal(issue.status, 201, issue.text);
    const hook = await allowed.delivered((h) => h.path === '/issues');
    assert.equal(payloadOf<{ issue: { title: string } }>(hook).issue.title, 'Allowed');
  });
});
