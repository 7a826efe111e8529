import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { Hook as HookJson } from '../../src/api/types';
import { payloadOf, startHookReceiver, type HookReceiver } from '../helpers/hookReceiver';
import { startServer, type TestServer, type TestUser } from './harness';

interface ErrorBody {
  message: string;
}

let server: TestServer;
let receiver: HookReceiver;
before(async () => {
  receiver = await startHookReceiver();
  server = await startServer({ args: ['--webhook-retry-base', '50ms', '--webhook-timeout', '1s'] });
});
after(async () => {
  await server.stop();
  await receiver.close();
});

const hookBody = (path: string, extra: Record<string, unknown> = {}) => ({
  type: 'gitea',
  config: { url: `${receiver.url}${path}`, content_type: 'json', ...((extra['config'] as object) ?? {}) },
  events: ['issues'],
  active: true,
  ...Object.fromEntries(Object.entries(extra).filter(([key]) => key !== 'config')),
});

async function repo(owner: TestUser, name: string): Promise<void> {
  const res = await server.request('POST', '/user/repos', { token: owner.token, body: { name } });
  assert.equal(res.status, 201, res.text);
}

async function openIssue(owner: TestUser, fullName: string, title: string): Promise<void> {
  const res = await server.request('POST', `/repos/${fullName}/issues`, {
    token: owner.token,
    body: { title },
  });
  assert.equal(res.status, 201, res.text);
}

const issueTitled = (path: string, title: string) =>
  receiver.received.some(
    (hook) => hook.path === path && payloadOf<{ issue?: { title: string } }>(hook).issue?.title === title,
  );

describe("a user's webhooks", () => {
  let ann: TestUser;
  let bob: TestUser;
  before(async () => {
    ann = await server.createUser('uh-ann');
    bob = await server.createUser('uh-bob');
    await repo(ann, 'notes');
  });

  test('create (201), list, get, edit and delete; the secret is never shown', async () => {
    const created = await server.request<HookJson>('POST', '/user/hooks', {
      token: ann.token,
      body: hookBody('/ann-crud', { config: { secret: 'shh' }, branch_filter: 'main' }),
    });
    assert.equal(created.status, 201, created.text);
    assert.deepEqual(created.json.config, { url: `${receiver.url}/ann-crud`, content_type: 'json' });
    assert.equal(created.json.active, true);
    assert.equal(created.json.branch_filter, 'main');
    const id = created.json.id;

    const list = await server.request<HookJson[]>('GET', '/user/hooks', { token: ann.token });
    assert.deepEqual(
      list.json.map((hook) => hook.id),
      [id],
    );
    assert.equal(list.headers.get('x-total-count'), '1');
    assert.equal((await server.request('GET', `/user/hooks/${id}`, { token: ann.token })).status, 200);

    const edited = await server.request<HookJson>('PATCH', `/user/hooks/${id}`, {
      token: ann.token,
      body: { active: false, events: ['push'] },
    });
    assert.equal(edited.status, 200, edited.text);
    assert.equal(edited.json.active, false);
    assert.deepEqual(edited.json.events, ['push']);

    assert.equal((await server.request('DELETE', `/user/hooks/${id}`, { token: ann.token })).status, 204);
    assert.equal((await server.request('GET', `/user/hooks/${id}`, { token: ann.token })).status, 404);
    assert.equal((await server.request('DELETE', `/user/hooks/${id}`, { token: ann.token })).status, 404);
  });

  test("another user's hook is not found; without a token 401; bad options 422", async () => {
    const created = await server.request<HookJson>('POST', '/user/hooks', {
      token: ann.token,
      body: hookBody('/ann-private'),
    });
    const id = created.json.id;
    assert.equal((await server.request('GET', `/user/hooks/${id}`, { token: bob.token })).status, 404);
    const patch = await server.request('PATCH', `/user/hooks/${id}`, {
      token: bob.token,
      body: { active: false },
    });
    assert.equal(patch.status, 404);
    assert.equal((await server.request('DELETE', `/user/hooks/${id}`, { token: bob.token })).status, 404);
    assert.equal((await server.request('GET', '/user/hooks')).status, 401);

    const badType = await server.request<ErrorBody>('POST', '/user/hooks', {
      token: ann.token,
      body: { ...hookBody('/x'), type: 'carrier-pigeon' },
    });
    assert.equal(badType.status, 422);
    assert.equal(badType.json.message, 'Invalid hook type: carrier-pigeon');
    const badFlag = await server.request<ErrorBody>('POST', '/user/hooks', {
      token: ann.token,
      body: hookBody('/x', { config: { is_system_webhook: 'maybe' } }),
    });
    assert.equal(badFlag.status, 422);
    assert.equal(badFlag.json.message, 'Invalid is_system_webhook value');
    const noUrl = await server.request<ErrorBody>('POST', '/user/hooks', {
      token: ann.token,
      body: { type: 'gitea', config: { content_type: 'json' } },
    });
    assert.equal(noUrl.status, 422);
    assert.equal(noUrl.json.message, 'Missing config option: url');
  });

  test("a user's hook fires for the user's repositories, not for others'", async () => {
    await server.request('POST', '/user/hooks', { token: bob.token, body: hookBody('/bob') });
    await repo(bob, 'diary');
    await openIssue(bob, 'uh-bob/diary', 'in bob repo');
    await receiver.delivered((hook) => hook.path === '/bob');
    assert.ok(issueTitled('/bob', 'in bob repo'));
    await openIssue(ann, 'uh-ann/notes', 'in ann repo');
    await receiver.delivered(
      (hook) => payloadOf<{ issue?: { title: string } }>(hook).issue?.title === 'in ann repo',
    );
    assert.ok(!issueTitled('/bob', 'in ann repo'), "bob's hook does not see ann's repository");
  });
});

describe("the administrators' webhooks", () => {
  let cy: TestUser;
  const admin = () => server.admin.token;
  before(async () => {
    cy = await server.createUser('ah-cy');
    await repo(cy, 'before-default');
  });

  test('only site administrators: 401 without a token, 403 for others', async () => {
    assert.equal((await server.request('GET', '/admin/hooks')).status, 401);
    assert.equal((await server.request('GET', '/admin/hooks', { token: cy.token })).status, 403);
    const create = await server.request('POST', '/admin/hooks', { token: cy.token, body: hookBody('/no') });
    assert.equal(create.status, 403);
  });

  test('a system hook sees every repository; a default hook is copied into new repositories', async () => {
    const system = await server.request<HookJson>('POST', '/admin/hooks', {
      token: admin(),
      body: hookBody('/system', { config: { is_system_webhook: 'true' } }),
    });
    assert.equal(system.status, 201, system.text);
    const fallback = await server.request<HookJson>('POST', '/admin/hooks', {
      token: admin(),
      body: hookBody('/default'),
    });
    assert.equal(fallback.status, 201, fallback.text);

    const ids = async (query: string) =>
      (await server.request<HookJson[]>('GET', `/admin/hooks${query}`, { token: admin() })).json.map(
        (hook) => hook.id,
      );
    assert.deepEqual(await ids(''), [system.json.id], 'system hooks by default');
    assert.deepEqual(await ids('?type=system'), [system.json.id]);
    assert.deepEqual(await ids('?type=default'), [fallback.json.id]);
    assert.deepEqual(await ids('?type=all'), [system.json.id, fallback.json.id]);

    await openIssue(cy, 'ah-cy/before-default', 'seen by the system hook');
    await receiver.delivered(
      (hook) =>
        hook.path === '/system' &&
        payloadOf<{ issue?: { title: string } }>(hook).issue?.title === 'seen by the system hook',
    );
    assert.ok(!issueTitled('/default', 'seen by the system hook'), 'a default hook does not fire itself');

    const oldHooks = await server.request<HookJson[]>('GET', '/repos/ah-cy/before-default/hooks', {
      token: cy.token,
    });
    assert.deepEqual(oldHooks.json, [], 'existing repositories get no copy');
    await repo(cy, 'after-default');
    const copies = await server.request<HookJson[]>('GET', '/repos/ah-cy/after-default/hooks', {
      token: cy.token,
    });
    assert.equal(copies.json.length, 1);
    assert.equal(copies.json[0]!.config['url'], `${receiver.url}/default`);
    assert.notEqual(copies.json[0]!.id, fallback.json.id, 'a copy of its own');
    await openIssue(cy, 'ah-cy/after-default', 'seen by the copy');
    await receiver.delivered(
      (hook) =>
        hook.path === '/default' &&
        payloadOf<{ issue?: { title: string } }>(hook).issue?.title === 'seen by the copy',
    );
  });

  test('get, edit and delete any administrator hook; others are not found', async () => {
    const created = await server.request<HookJson>('POST', '/admin/hooks', {
      token: admin(),
      body: hookBody('/edit-me', { config: { is_system_webhook: '1' } }),
    });
    const id = created.json.id;
    const got = await server.request<HookJson>('GET', `/admin/hooks/${id}`, { token: admin() });
    assert.equal(got.status, 200);
    assert.equal(got.json.config['url'], `${receiver.url}/edit-me`);
    const edited = await server.request<HookJson>('PATCH', `/admin/hooks/${id}`, {
      token: admin(),
      body: { active: false, config: { url: `${receiver.url}/edited` } },
    });
    assert.equal(edited.status, 200, edited.text);
    assert.equal(edited.json.active, false);
    assert.equal(edited.json.config['url'], `${receiver.url}/edited`);
    const badType = await server.request('PATCH', `/admin/hooks/${id}`, {
      token: admin(),
      body: { config: { content_type: 'xml' } },
    });
    assert.equal(badType.status, 422);

    const userHook = await server.request<HookJson>('POST', '/user/hooks', {
      token: cy.token,
      body: hookBody('/cy'),
    });
    assert.equal(
      (await server.request('GET', `/admin/hooks/${userHook.json.id}`, { token: admin() })).status,
      404,
    );
    const patchOther = await server.request('PATCH', `/admin/hooks/${userHook.json.id}`, {
      token: admin(),
      body: { active: false },
    });
    assert.equal(patchOther.status, 404);
    assert.equal(
      (await server.request('DELETE', `/admin/hooks/${userHook.json.id}`, { token: admin() })).status,
      404,
    );

    assert.equal((await server.request('DELETE', `/admin/hooks/${id}`, { token: admin() })).status, 204);
    assert.equal((await server.request('GET', `/admin/hooks/${id}`, { token: admin() })).status, 404);
    assert.equal((await server.request('DELETE', `/admin/hooks/${id}`, { token: admin() })).status, 404);
  });
});
