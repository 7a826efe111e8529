import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { startServer, type TestServer, type TestUser } from './harness';

interface ErrorBody {
  message: string;
}

let server: TestServer;
before(async () => {
  server = await startServer();
});
after(async () => {
  await server.stop();
});

async function repo(owner: TestUser, name: string, extra: Record<string, unknown> = {}): Promise<void> {
  const res = await server.request('POST', '/user/repos', {
    token: owner.token,
    body: { name, auto_init: true, ...extra },
  });
  assert.equal(res.status, 201);
}

const block = (who: TestUser, whom: string, note = '') =>
  server.request<ErrorBody>('PUT', `/user/blocks/${whom}${note ? `?note=${encodeURIComponent(note)}` : ''}`, {
    token: who.token,
  });

describe('blocking users', () => {
  test('a user blocks, checks, lists and unblocks another', async () => {
    const ann = await server.createUser('bl-ann');
    await server.createUser('bl-bob');
    assert.equal((await block(ann, 'bl-bob', 'spam')).status, 204);
    assert.equal((await server.request('GET', '/user/blocks/bl-bob', { token: ann.token })).status, 204);
    const list = await server.request<{ login: string; email: string }[]>('GET', '/user/blocks', {
      token: ann.token,
    });
    assert.deepEqual(
      list.json.map((user) => user.login),
      ['bl-bob'],
    );
    assert.match(list.json[0]!.email, /@noreply\./, 'shown as the blocker sees others');
    assert.equal(list.headers.get('x-total-count'), '1');
    assert.equal((await server.request('DELETE', '/user/blocks/bl-bob', { token: ann.token })).status, 204);
    assert.equal((await server.request('GET', '/user/blocks/bl-bob', { token: ann.token })).status, 404);
  });

  test('oneself, an organization, someone blocked already, or not blocked: 400; nobody: 404', async () => {
    const cid = await server.createUser('bl-cid');
    await server.createUser('bl-dan');
    await server.request('POST', '/orgs', { token: cid.token, body: { username: 'bl-org-x' } });
    const self = await block(cid, 'bl-cid');
    assert.equal(self.status, 400);
    assert.equal(self.json.message, 'cannot block the user');
    const org = await block(cid, 'bl-org-x');
    assert.equal(org.status, 400);
    assert.equal(org.json.message, 'cannot block an organization');
    assert.equal((await block(cid, 'bl-dan')).status, 204);
    assert.equal((await block(cid, 'bl-dan')).status, 400);
    const notBlocked = await server.request<ErrorBody>('DELETE', '/user/blocks/bl-cid', { token: cid.token });
    assert.equal(notBlocked.status, 400);
    assert.equal(notBlocked.json.message, 'cannot unblock the user');
    assert.equal((await block(cid, 'nobody-at-all')).status, 404);
    assert.equal((await server.request('PUT', '/user/blocks/bl-dan')).status, 401);
  });

  test('a block cuts follows, stars, watches, collaborations, assignments and pending transfers', async () => {
    const eve = await server.createUser('bl-eve');
    const fay = await server.createUser('bl-fay');
    await repo(eve, 'garden');
    await repo(fay, 'yard');
    await server.request('PUT', '/user/following/bl-fay', { token: eve.token });
    await server.request('PUT', '/user/following/bl-eve', { token: fay.token });
    await server.request('PUT', '/user/starred/bl-eve/garden', { token: fay.token });
    await server.request('PUT', '/repos/bl-eve/garden/subscription', { token: fay.token });
    await server.request('PUT', '/repos/bl-eve/garden/collaborators/bl-fay', {
      token: eve.token,
      body: { permission: 'write' },
    });
    const issue = await server.request<{ number: number }>('POST', '/repos/bl-eve/garden/issues', {
      token: eve.token,
      body: { title: 'weed it', assignees: ['bl-fay'] },
    });
    const transfer = await server.request('POST', '/repos/bl-fay/yard/transfer', {
      token: fay.token,
      body: { new_owner: 'bl-eve' },
    });
    assert.equal(transfer.status, 201, 'a pending transfer');

    assert.equal((await block(eve, 'bl-fay')).status, 204);

    assert.equal((await server.request('GET', '/user/following/bl-fay', { token: eve.token })).status, 404);
    assert.equal((await server.request('GET', '/user/following/bl-eve', { token: fay.token })).status, 404);
    assert.equal(
      (await server.request('GET', '/user/starred/bl-eve/garden', { token: fay.token })).status,
      404,
    );
    const watch = await server.request('GET', '/repos/bl-eve/garden/subscription', { token: fay.token });
    assert.equal(watch.status, 404);
    assert.equal(
      (await server.request('GET', '/repos/bl-eve/garden/collaborators/bl-fay', { token: eve.token })).status,
      404,
    );
    const assigned = await server.request<{ assignees: unknown[] | null }>(
      'GET',
      `/repos/bl-eve/garden/issues/${issue.json.number}`,
      { token: eve.token },
    );
    assert.deepEqual(assigned.json.assignees ?? [], []);
    const accept = await server.request('POST', '/repos/bl-fay/yard/transfer/accept', { token: eve.token });
    assert.equal(accept.status, 404, 'the pending transfer is gone');
  });
});

describe('what a blocked user can no longer do', () => {
  let gil: TestUser;
  let hal: TestUser;
  let ida: TestUser;
  before(async () => {
    gil = await server.createUser('bl-gil');
    hal = await server.createUser('bl-hal');
    ida = await server.createUser('bl-ida');
    await repo(gil, 'home');
    await repo(ida, 'commons');
    const issue = await server.request('POST', '/repos/bl-ida/commons/issues', {
      token: gil.token,
      body: { title: 'by gil' },
    });
    assert.equal(issue.status, 201);
    assert.equal((await block(gil, 'bl-hal')).status, 204);
  });

  const expectBlocked = (res: { status: number; json: unknown }, what: string): void => {
    assert.equal(res.status, 403, what);
    assert.equal((res.json as ErrorBody).message, 'user is blocked', what);
  };

  test('follow, star or watch the blocker', async () => {
    expectBlocked(await server.request('PUT', '/user/following/bl-gil', { token: hal.token }), 'follow');
    expectBlocked(await server.request('PUT', '/user/starred/bl-gil/home', { token: hal.token }), 'star');
    expectBlocked(
      await server.request('PUT', '/repos/bl-gil/home/subscription', { token: hal.token }),
      'watch',
    );
    // and the blocker cannot follow them either
    expectBlocked(await server.request('PUT', '/user/following/bl-hal', { token: gil.token }), 'follow back');
  });

  test("open issues in the blocker's repositories, comment or react on the blocker's issues", async () => {
    expectBlocked(
      await server.request('POST', '/repos/bl-gil/home/issues', { token: hal.token, body: { title: 'hi' } }),
      'open an issue',
    );
    expectBlocked(
      await server.request('POST', '/repos/bl-ida/commons/issues/1/comments', {
        token: hal.token,
        body: { body: 'hello' },
      }),
      "comment on the blocker's issue elsewhere",
    );
    expectBlocked(
      await server.request('POST', '/repos/bl-ida/commons/issues/1/reactions', {
        token: hal.token,
        body: { content: 'heart' },
      }),
      'react',
    );
    const ok = await server.request('POST', '/repos/bl-ida/commons/issues', {
      token: hal.token,
      body: { title: 'elsewhere is fine' },
    });
    assert.equal(ok.status, 201);
  });

  test('fork the blocker’s repository or become its collaborator', async () => {
    expectBlocked(
      await server.request('POST', '/repos/bl-gil/home/forks', { token: hal.token, body: {} }),
      'fork',
    );
    expectBlocked(
      await server.request('PUT', '/repos/bl-gil/home/collaborators/bl-hal', {
        token: gil.token,
        body: { permission: 'read' },
      }),
      'collaborator',
    );
  });

  test('a repository administrator may still comment; a site administrator is never blocked', async () => {
    await server.request('PUT', '/repos/bl-ida/commons/collaborators/bl-hal', {
      token: ida.token,
      body: { permission: 'admin' },
    });
    const asAdmin = await server.request('POST', '/repos/bl-ida/commons/issues/1/comments', {
      token: hal.token,
      body: { body: 'as an admin of the repository' },
    });
    assert.equal(asAdmin.status, 201);
    const blocksAdmin = await block(gil, server.admin.username);
    assert.equal(blocksAdmin.status, 204);
    const star = await server.request('PUT', '/user/starred/bl-gil/home', { token: server.admin.token });
    assert.equal(star.status, 204);
  });

  test('after an unblock all is allowed again', async () => {
    const jo = await server.createUser('bl-jo');
    assert.equal((await block(gil, 'bl-jo')).status, 204);
    assert.equal((await server.request('PUT', '/user/following/bl-gil', { token: jo.token })).status, 403);
    await server.request('DELETE', '/user/blocks/bl-jo', { token: gil.token });
    assert.equal((await server.request('PUT', '/user/following/bl-gil', { token: jo.token })).status, 204);
  });
});

describe('organization blocks', () => {
  test('owners block for the organization: blocked users cannot join its teams; members cannot block', async () => {
    const kai = await server.createUser('bl-kai');
    const lu = await server.createUser('bl-lu');
    await server.createUser('bl-mo');
    await server.request('POST', '/orgs', { token: kai.token, body: { username: 'bl-guild' } });
    const team = await server.request<{ id: number }>('POST', '/orgs/bl-guild/teams', {
      token: kai.token,
      body: { name: 'crew', permission: 'read', units: ['repo.code'] },
    });
    await server.request('PUT', `/teams/${team.json.id}/members/bl-lu`, { token: kai.token });

    const res = await server.request('PUT', '/orgs/bl-guild/blocks/bl-mo?note=troll', { token: kai.token });
    assert.equal(res.status, 204);
    const list = await server.request<{ login: string }[]>('GET', '/orgs/bl-guild/blocks', {
      token: kai.token,
    });
    assert.deepEqual(
      list.json.map((user) => user.login),
      ['bl-mo'],
    );
    assert.equal(
      (await server.request('GET', '/orgs/bl-guild/blocks/bl-mo', { token: kai.token })).status,
      204,
    );
    const join = await server.request<ErrorBody>('PUT', `/teams/${team.json.id}/members/bl-mo`, {
      token: kai.token,
    });
    assert.equal(join.status, 403);
    assert.equal(join.json.message, 'user is blocked');

    const member = await server.request('GET', '/orgs/bl-guild/blocks', { token: lu.token });
    assert.equal(member.status, 403);
    const ofMember = await server.request<ErrorBody>('PUT', '/orgs/bl-guild/blocks/bl-lu', {
      token: kai.token,
    });
    assert.equal(ofMember.status, 400, 'a member cannot be blocked');

    assert.equal(
      (await server.request('DELETE', '/orgs/bl-guild/blocks/bl-mo', { token: kai.token })).status,
      204,
    );
    assert.equal(
      (await server.request('PUT', `/teams/${team.json.id}/members/bl-mo`, { token: kai.token })).status,
      204,
    );
  });
});
