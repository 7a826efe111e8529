import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startHookReceiver, type HookReceiver } from '../helpers/hookReceiver';
import { startServer, type TestServer, type TestUser } from '../server/harness';
import { printFigure } from './profile';

/** Spellings of the local machine and private networks a naive check would let through. */
function internalTargets(port: string): string[] {
  return [
    `http://127.0.0.1:${port}/`,
    `http://localhost:${port}/`,
    `http://LOCALHOST.:${port}/`,
    `http://127.1:${port}/`,
    `http://2130706433:${port}/`,
    `http://0x7f000001:${port}/`,
    `http://0177.0.0.1:${port}/`,
    `http://0.0.0.0:${port}/`,
    `http://[::1]:${port}/`,
    `http://[::ffff:127.0.0.1]:${port}/`,
    `http://[::ffff:7f00:1]:${port}/`,
    `http://[0:0:0:0:0:0:0:1]:${port}/`,
    `http://user:pw@127.0.0.1:${port}/`,
    'http://10.0.0.1/',
    'http://192.168.1.1/',
    'http://172.16.0.1/',
    'http://169.254.169.254/latest/meta-data/',
    'http://[fd00::1]/',
    'http://[fe80::1]/',
    'http://100.64.0.1/',
  ];
}

/**
 * SSRF: a server listening on every address refuses webhook targets and migration sources on loopback or
 * private networks, however they are spelled, and nothing reaches a receiver on the loopback address; a
 * host listed in `--allowed-hosts` is reachable.
 */
describe('server-side request forgery', () => {
  let receiver: HookReceiver;
  let server: TestServer;
  let owner: TestUser;

  before(async () => {
    receiver = await startHookReceiver('127.0.0.1');
    server = await startServer({ args: ['--host', '0.0.0.0'] });
    owner = await server.createUser('ssrf-owner');
    const repo = await server.request('POST', '/user/repos', {
      token: owner.token,
      body: { name: 'site', auto_init: true },
    });
    assert.equal(repo.status, 201, repo.text);
  });

  after(async () => {
    await server.stop();
    await receiver.close();
  });

  it('refuses loopback and private webhook targets and migration sources, however spelled', async () => {
    const port = new URL(receiver.url).port;
    const targets = internalTargets(port);
    const wrong: string[] = [];
    for (const url of targets) {
      const hook = await server.request('POST', '/repos/ssrf-owner/site/hooks', {
        token: owner.token,
        body: { type: 'gitea', config: { url, content_type: 'json' }, events: ['push'], active: true },
      });
      if (hook.status !== 422) wrong.push(`hook ${url}: ${hook.status} ${hook.text.slice(0, 120)}`);
      const migration = await server.request('POST', '/repos/migrate', {
        token: server.admin.token,
        body: { clone_addr: `${url}x.git`, repo_name: 'pulled', mirror: false },
      });
      if (migration.status !== 422)
        wrong.push(`migrate ${url}: ${migration.status} ${migration.text.slice(0, 120)}`);
    }
    // A push (a commit through the API) would have triggered any hook that slipped through.
    const commit = await server.request('POST', '/repos/ssrf-owner/site/contents/trigger.md', {
      token: owner.token,
      body: { content: Buffer.from('x').toString('base64'), message: 'trigger' },
    });
    assert.equal(commit.status, 201, commit.text);
    printFigure('ssrf targets refused', `${targets.length} × (hook, migration)`);
    assert.deepEqual(wrong, []);
    const hooks = await server.request<unknown[]>('GET', '/repos/ssrf-owner/site/hooks', {
      token: owner.token,
    });
    assert.deepEqual(hooks.json, []);
    assert.equal(receiver.received.length, 0, 'nothing reached the loopback receiver');
  });

  it('reaches a loopback target once --allowed-hosts lists it', async () => {
    const allowedServer = await startServer({ args: ['--host', '0.0.0.0', '--allowed-hosts', '127.0.0.1'] });
    try {
      const user = await allowedServer.createUser('allowed-owner');
      const repo = await allowedServer.request('POST', '/user/repos', {
        token: user.token,
        body: { name: 'site', auto_init: true },
      });
      assert.equal(repo.status, 201, repo.text);
      const hook = await allowedServer.request<{ id: number }>('POST', '/repos/allowed-owner/site/hooks', {
        token: user.token,
        body: {
          type: 'gitea',
          config: { url: `${receiver.url}/allowed`, content_type: 'json' },
          events: ['push'],
        },
      });
      assert.equal(hook.status, 200, hook.text);
      const test = await allowedServer.request(
        'POST',
        `/repos/allowed-owner/site/hooks/${hook.json.id}/tests`,
        { token: user.token },
      );
      assert.equal(test.status, 204, test.text);
      await receiver.delivered((received) => received.path === '/allowed');
    } finally {
      await allowedServer.stop();
    }
  });
});
