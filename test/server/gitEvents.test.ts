import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { header, payloadOf, startHookReceiver, type HookReceiver } from '../helpers/hookReceiver';
import { startServer, type TestServer, type TestUser } from './harness';

/** Branch and file changes made through the API are pushes too: the webhooks see Gitea's events. */

interface Payload {
  ref?: string;
  ref_type?: string;
  sha?: string;
  after?: string;
  commits?: { id: string; message: string; added: string[] }[];
  repository: { full_name: string };
  sender: { login: string };
}

let server: TestServer;
let receiver: HookReceiver;
let owner: TestUser;

before(async () => {
  receiver = await startHookReceiver();
  server = await startServer();
  owner = await server.createUser('ge-owner');
  const created = await server.request('POST', '/user/repos', {
    token: owner.token,
    body: { name: 'events', auto_init: true },
  });
  assert.equal(created.status, 201);
  const hook = await server.request('POST', '/repos/ge-owner/events/hooks', {
    token: owner.token,
    body: {
      type: 'gitea',
      config: { url: `${receiver.url}/git`, content_type: 'json' },
      events: ['*'],
      active: true,
    },
  });
  assert.equal(hook.status, 200, hook.text);
});

after(async () => {
  await server.stop();
  await receiver.close();
});

const delivery = (event: string, match: (payload: Payload) => boolean) =>
  receiver.delivered((hook) => header(hook, 'x-gitea-event') === event && match(payloadOf<Payload>(hook)));

test('creating a branch through the API delivers a create event', async () => {
  const res = await server.request<{ commit: { id: string } }>('POST', '/repos/ge-owner/events/branches', {
    token: owner.token,
    body: { new_branch_name: 'hooked/branch' },
  });
  assert.equal(res.status, 201);
  const payload = payloadOf<Payload>(await delivery('create', (p) => p.ref === 'hooked/branch'));
  assert.equal(payload.ref_type, 'branch');
  assert.equal(payload.sha, res.json.commit.id);
  assert.equal(payload.sender.login, 'ge-owner');
});

test('a file committed through the contents API delivers a push event with that commit', async () => {
  const res = await server.request<{ commit: { sha: string } }>(
    'POST',
    '/repos/ge-owner/events/contents/hooked.txt',
    {
      token: owner.token,
      body: { content: Buffer.from('hook\n').toString('base64'), message: 'hooked file' },
    },
  );
  assert.equal(res.status, 201);
  const payload = payloadOf<Payload>(await delivery('push', (p) => p.after === res.json.commit.sha));
  assert.equal(payload.ref, 'refs/heads/main');
  assert.deepEqual(
    payload.commits?.map((c) => [c.id, c.message, c.added]),
    [[res.json.commit.sha, 'hooked file\n', ['hooked.txt']]],
  );
});

test('deleting a branch through the API delivers a delete event', async () => {
  assert.equal(
    (await server.request('DELETE', '/repos/ge-owner/events/branches/hooked/branch', { token: owner.token }))
      .status,
    204,
  );
  const payload = payloadOf<Payload>(await delivery('delete', (p) => p.ref === 'hooked/branch'));
  assert.equal(payload.ref_type, 'branch');
  assert.equal(payload.repository.full_name, 'ge-owner/events');
});
