import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { startServer, type TestServer, type TestUser } from './harness';

/** Reparenting (Gitea 1.27's swagger): a fork becomes the family's parent once its owner accepts. */

interface RepoJson {
  full_name: string;
  fork: boolean;
  forks_count: number;
  parent: { full_name: string } | null;
}

let server: TestServer;
let owner: TestUser;
let heir: TestUser;
let third: TestUser;

const repo = (name: string, token: string) => server.request<RepoJson>('GET', `/repos/${name}`, { token });

async function fork(user: TestUser): Promise<void> {
  const res = await server.request('POST', '/repos/rp-owner/family/forks', { token: user.token, body: {} });
  assert.equal(res.status, 202, res.text);
}

before(async () => {
  server = await startServer();
  owner = await server.createUser('rp-owner');
  heir = await server.createUser('rp-heir');
  third = await server.createUser('rp-third');
  const created = await server.request('POST', '/user/repos', {
    token: owner.token,
    body: { name: 'family', auto_init: true },
  });
  assert.equal(created.status, 201, created.text);
  await fork(heir);
  await fork(third);
});

after(async () => {
  await server.stop();
});

describe('reparenting', () => {
  test('waits for the fork to accept, then makes it the parent of the family', async () => {
    const asked = await server.request<RepoJson>('POST', '/repos/rp-owner/family/reparent', {
      token: owner.token,
      body: { new_owner: 'rp-heir' },
    });
    assert.equal(asked.status, 202, asked.text);
    assert.equal(asked.json.full_name, 'rp-heir/family');
    assert.equal(
      (await repo('rp-heir/family', heir.token)).json.fork,
      true,
      'nothing changes before the answer',
    );
    const again = await server.request('POST', '/repos/rp-owner/family/reparent', {
      token: owner.token,
      body: { new_owner: 'rp-heir' },
    });
    assert.equal(again.status, 409);
    const byOther = await server.request('POST', '/repos/rp-heir/family/reparent/accept', {
      token: third.token,
    });
    assert.equal(byOther.status, 403);
    const accepted = await server.request<RepoJson>('POST', '/repos/rp-heir/family/reparent/accept', {
      token: heir.token,
    });
    assert.equal(accepted.status, 202, accepted.text);
    assert.equal(accepted.json.fork, false);
    assert.equal(accepted.json.forks_count, 2);
    const old = await repo('rp-owner/family', owner.token);
    assert.equal(old.json.fork, true);
    assert.equal(old.json.parent?.full_name, 'rp-heir/family');
    assert.equal((await repo('rp-third/family', third.token)).json.parent?.full_name, 'rp-heir/family');
    const none = await server.request('POST', '/repos/rp-heir/family/reparent/accept', { token: heir.token });
    assert.equal(none.status, 404);
  });

  test('a rejected request changes nothing; unknown owners and non-forks are 404, non-admins 403', async () => {
    const asked = await server.request('POST', '/repos/rp-heir/family/reparent', {
      token: heir.token,
      body: { new_owner: 'rp-third' },
    });
    assert.equal(asked.status, 202, asked.text);
    const rejected = await server.request<RepoJson>('POST', '/repos/rp-third/family/reparent/reject', {
      token: third.token,
    });
    assert.equal(rejected.status, 200, rejected.text);
    assert.equal(rejected.json.parent?.full_name, 'rp-heir/family');
    assert.equal((await repo('rp-heir/family', heir.token)).json.fork, false);
    const body = (new_owner: string) => ({ token: heir.token, body: { new_owner } });
    assert.equal(
      (await server.request('POST', '/repos/rp-heir/family/reparent', body('nobody-here'))).status,
      404,
    );
    assert.equal(
      (await server.request('POST', '/repos/rp-heir/family/reparent', body('rp-heir'))).status,
      404,
    );
    assert.equal((await server.request('POST', '/repos/rp-heir/family/reparent', body(''))).status, 422);
    const notAdmin = await server.request('POST', '/repos/rp-heir/family/reparent', {
      token: third.token,
      body: { new_owner: 'rp-third' },
    });
    assert.equal(notAdmin.status, 403);
  });
});
