import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { startServer, type TestServer, type TestUser } from './harness';

interface UserBody {
  login: string;
}
interface TeamBody {
  id: number;
  name: string;
}
interface ErrorBody {
  message: string;
}

/** An organization with an owner, a concealed member and a publicized member, all in its teams. */
interface OrgWorld {
  org: string;
  owner: TestUser;
  concealed: TestUser;
  publicized: TestUser;
  stranger: TestUser;
  readersTeamId: number;
  ownersTeamId: number;
}

describe('organization members', () => {
  let server: TestServer;

  before(async () => {
    server = await startServer();
  });
  after(async () => {
    await server.stop();
  });

  async function world(prefix: string, visibility = 'public'): Promise<OrgWorld> {
    const owner = await server.createUser(`${prefix}-owner`);
    const concealed = await server.createUser(`${prefix}-quiet`);
    const publicized = await server.createUser(`${prefix}-loud`);
    const stranger = await server.createUser(`${prefix}-out`);
    const org = `${prefix}-org`;
    const created = await server.request('POST', '/orgs', {
      token: owner.token,
      body: { username: org, visibility },
    });
    assert.equal(created.status, 201);
    const teams = await server.request<TeamBody[]>('GET', `/orgs/${org}/teams`, { token: owner.token });
    const readers = await server.request<TeamBody>('POST', `/orgs/${org}/teams`, {
      token: owner.token,
      body: { name: 'readers', permission: 'read' },
    });
    for (const user of [concealed, publicized]) {
      const added = await server.request('PUT', `/teams/${readers.json.id}/members/${user.user.login}`, {
        token: owner.token,
      });
      assert.equal(added.status, 204);
    }
    const publicize = await server.request('PUT', `/orgs/${org}/public_members/${publicized.user.login}`, {
      token: publicized.token,
    });
    assert.equal(publicize.status, 204);
    return {
      org,
      owner,
      concealed,
      publicized,
      stranger,
      readersTeamId: readers.json.id,
      ownersTeamId: teams.json[0]!.id,
    };
  }

  const logins = (list: UserBody[]) => list.map((user) => user.login);

  test('members see every member; strangers see the public members only; anonymous callers get 401', async () => {
    const w = await world('mem-a');
    const all = await server.request<UserBody[]>('GET', `/orgs/${w.org}/members`, {
      token: w.concealed.token,
    });
    assert.equal(all.status, 200);
    assert.deepEqual(logins(all.json), ['mem-a-loud', 'mem-a-owner', 'mem-a-quiet']);
    assert.equal(all.headers.get('x-total-count'), '3');
    const outside = await server.request<UserBody[]>('GET', `/orgs/${w.org}/members`, {
      token: w.stranger.token,
    });
    assert.equal(outside.status, 200);
    assert.deepEqual(logins(outside.json), ['mem-a-loud']);
    assert.equal(outside.headers.get('x-total-count'), '1');
    const admin = await server.request<UserBody[]>('GET', `/orgs/${w.org}/members`, {
      token: server.admin.token,
    });
    assert.deepEqual(logins(admin.json), ['mem-a-loud', 'mem-a-owner', 'mem-a-quiet']);
    assert.equal((await server.request('GET', `/orgs/${w.org}/members`)).status, 401);
    const paged = await server.request<UserBody[]>('GET', `/orgs/${w.org}/members?limit=1&page=2`, {
      token: w.owner.token,
    });
    assert.deepEqual(logins(paged.json), ['mem-a-owner']);
    assert.match(paged.headers.get('link') ?? '', /rel="prev"/);
  });

  test('the public member list answers anyone who can see the organization', async () => {
    const w = await world('mem-b');
    const anonymous = await server.request<UserBody[]>('GET', `/orgs/${w.org}/public_members`);
    assert.equal(anonymous.status, 200);
    assert.deepEqual(logins(anonymous.json), ['mem-b-loud']);
    assert.equal(anonymous.headers.get('x-total-count'), '1');
    const member = await server.request<UserBody[]>('GET', `/orgs/${w.org}/public_members`, {
      token: w.owner.token,
    });
    assert.deepEqual(logins(member.json), ['mem-b-loud']);
  });

  test("a private organization's members are 404 to strangers and anonymous callers", async () => {
    const w = await world('mem-c', 'private');
    assert.equal((await server.request('GET', `/orgs/${w.org}/public_members`)).status, 404);
    const members = await server.request<ErrorBody>('GET', `/orgs/${w.org}/members`, {
      token: w.stranger.token,
    });
    assert.equal(members.status, 404);
    assert.equal(
      (await server.request('GET', `/orgs/${w.org}/members/mem-c-loud`, { token: w.stranger.token })).status,
      404,
    );
    assert.equal((await server.request('GET', `/orgs/${w.org}/public_members/mem-c-loud`)).status, 404);
    const inside = await server.request<UserBody[]>('GET', `/orgs/${w.org}/members`, {
      token: w.concealed.token,
    });
    assert.equal(inside.status, 200);
    assert.equal(inside.json.length, 3);
  });

  test('members and admins learn any membership (204/404); others only public ones', async () => {
    const w = await world('mem-d');
    const check = async (token: string, user: string) =>
      (await server.request('GET', `/orgs/${w.org}/members/${user}`, { token })).status;
    assert.equal(await check(w.concealed.token, 'mem-d-owner'), 204);
    assert.equal(await check(w.concealed.token, 'mem-d-quiet'), 204);
    assert.equal(await check(w.concealed.token, 'mem-d-out'), 404);
    assert.equal(await check(server.admin.token, 'mem-d-quiet'), 204, 'admins may check other users');
    assert.equal(await check(server.admin.token, 'mem-d-out'), 404);
    // The spec answers 204/404 where Gitea redirects non-members to the public check.
    assert.equal(await check(w.stranger.token, 'mem-d-loud'), 204);
    assert.equal(await check(w.stranger.token, 'mem-d-quiet'), 404);
    assert.equal(await check(w.stranger.token, 'mem-d-out'), 404);
    const unknown = await server.request<ErrorBody>('GET', `/orgs/${w.org}/members/nobody-here`, {
      token: w.owner.token,
    });
    assert.equal(unknown.status, 404);
    assert.match(unknown.json.message, /user does not exist/);
    assert.equal((await server.request('GET', `/orgs/${w.org}/members/mem-d-owner`)).status, 401);
  });

  test('the public membership check answers 204 for public members and 404 otherwise, to anyone', async () => {
    const w = await world('mem-e');
    const res = await server.request('GET', `/orgs/${w.org}/public_members/mem-e-loud`);
    assert.equal(res.status, 204);
    assert.equal(res.text, '');
    const concealed = await server.request<ErrorBody>('GET', `/orgs/${w.org}/public_members/mem-e-quiet`);
    assert.equal(concealed.status, 404);
    assert.match(concealed.json.message, /not a public member/);
    assert.equal((await server.request('GET', `/orgs/${w.org}/public_members/mem-e-out`)).status, 404);
    assert.equal((await server.request('GET', `/orgs/${w.org}/public_members/nobody-here`)).status, 404);
  });

  test('members publicize and conceal their own membership', async () => {
    const w = await world('mem-f');
    const put = await server.request('PUT', `/orgs/${w.org}/public_members/mem-f-quiet`, {
      token: w.concealed.token,
    });
    assert.equal(put.status, 204);
    assert.equal((await server.request('GET', `/orgs/${w.org}/public_members/mem-f-quiet`)).status, 204);
    const del = await server.request('DELETE', `/orgs/${w.org}/public_members/mem-f-loud`, {
      token: w.publicized.token,
    });
    assert.equal(del.status, 204);
    const listed = await server.request<UserBody[]>('GET', `/orgs/${w.org}/public_members`);
    assert.deepEqual(logins(listed.json), ['mem-f-quiet']);
  });

  test("publicizing someone else's membership answers 403, except for site admins", async () => {
    const w = await world('mem-g');
    const byMember = await server.request<ErrorBody>('PUT', `/orgs/${w.org}/public_members/mem-g-quiet`, {
      token: w.publicized.token,
    });
    assert.equal(byMember.status, 403);
    assert.equal(byMember.json.message, 'Cannot publicize or conceal another member');
    const byOwner = await server.request('DELETE', `/orgs/${w.org}/public_members/mem-g-loud`, {
      token: w.owner.token,
    });
    assert.equal(byOwner.status, 403);
    const byStranger = await server.request<ErrorBody>('PUT', `/orgs/${w.org}/public_members/mem-g-out`, {
      token: w.stranger.token,
    });
    assert.equal(byStranger.status, 403);
    assert.equal(byStranger.json.message, 'Must be an organization member');
    const byAdmin = await server.request('PUT', `/orgs/${w.org}/public_members/mem-g-quiet`, {
      token: server.admin.token,
    });
    assert.equal(byAdmin.status, 204);
    const nonMember = await server.request<ErrorBody>('PUT', `/orgs/${w.org}/public_members/mem-g-out`, {
      token: server.admin.token,
    });
    assert.equal(nonMember.status, 404);
    assert.match(nonMember.json.message, /not a member/);
    assert.equal((await server.request('PUT', `/orgs/${w.org}/public_members/mem-g-quiet`)).status, 401);
    assert.equal((await server.request('GET', `/orgs/${w.org}/public_members/mem-g-loud`)).status, 204);
  });

  test('owners remove a member from the organization and all its teams', async () => {
    const w = await world('mem-h');
    const second = await server.request<TeamBody>('POST', `/orgs/${w.org}/teams`, {
      token: w.owner.token,
      body: { name: 'writers', permission: 'write' },
    });
    await server.request('PUT', `/teams/${second.json.id}/members/mem-h-quiet`, { token: w.owner.token });
    const res = await server.request('DELETE', `/orgs/${w.org}/members/mem-h-quiet`, {
      token: w.owner.token,
    });
    assert.equal(res.status, 204);
    assert.equal(
      (await server.request('GET', `/orgs/${w.org}/members/mem-h-quiet`, { token: w.owner.token })).status,
      404,
    );
    for (const teamId of [w.readersTeamId, second.json.id]) {
      const members = await server.request<UserBody[]>('GET', `/teams/${teamId}/members`, {
        token: w.owner.token,
      });
      assert.equal(logins(members.json).includes('mem-h-quiet'), false);
    }
    const orgs = await server.request<unknown[]>('GET', '/user/orgs', { token: w.concealed.token });
    assert.deepEqual(orgs.json, []);
    // As Gitea: removing someone who is not a member changes nothing.
    assert.equal(
      (await server.request('DELETE', `/orgs/${w.org}/members/mem-h-out`, { token: w.owner.token })).status,
      204,
    );
    assert.equal(
      (await server.request('DELETE', `/orgs/${w.org}/members/nobody-here`, { token: w.owner.token })).status,
      404,
    );
  });

  test('members cannot remove members (403), strangers of a private organization get 404', async () => {
    const w = await world('mem-i', 'private');
    const byMember = await server.request<ErrorBody>('DELETE', `/orgs/${w.org}/members/mem-i-loud`, {
      token: w.concealed.token,
    });
    assert.equal(byMember.status, 403);
    const byStranger = await server.request('DELETE', `/orgs/${w.org}/members/mem-i-loud`, {
      token: w.stranger.token,
    });
    assert.equal(byStranger.status, 404);
    assert.equal((await server.request('DELETE', `/orgs/${w.org}/members/mem-i-loud`)).status, 401);
    assert.equal(
      (await server.request('GET', `/orgs/${w.org}/members/mem-i-loud`, { token: w.owner.token })).status,
      204,
    );
  });

  test('the last owner cannot be removed (422); one of two owners can', async () => {
    const w = await world('mem-j');
    const last = await server.request<ErrorBody>('DELETE', `/orgs/${w.org}/members/mem-j-owner`, {
      token: w.owner.token,
    });
    assert.equal(last.status, 422);
    assert.match(last.json.message, /last member of owner team/);
    await server.request('PUT', `/teams/${w.ownersTeamId}/members/mem-j-loud`, { token: w.owner.token });
    const res = await server.request('DELETE', `/orgs/${w.org}/members/mem-j-owner`, {
      token: w.publicized.token,
    });
    assert.equal(res.status, 204);
    const owners = await server.request<UserBody[]>('GET', `/teams/${w.ownersTeamId}/members`, {
      token: w.publicized.token,
    });
    assert.deepEqual(logins(owners.json), ['mem-j-loud']);
  });
});
