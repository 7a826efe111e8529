import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { startServer, type TestServer } from './harness';

interface UserBody {
  login: string;
  email: string;
}
interface TeamBody {
  id: number;
  name: string;
  permission: string;
}
interface ErrorBody {
  message: string;
}

describe('team members', () => {
  let server: TestServer;

  before(async () => {
    server = await startServer();
  });
  after(async () => {
    await server.stop();
  });

  /** An organization with its owner, a `readers` team with one member, an empty `writers` team, a stranger. */
  async function world(prefix: string) {
    const owner = await server.createUser(`${prefix}-owner`);
    const member = await server.createUser(`${prefix}-member`);
    const stranger = await server.createUser(`${prefix}-out`);
    const org = `${prefix}-org`;
    assert.equal(
      (await server.request('POST', '/orgs', { token: owner.token, body: { username: org } })).status,
      201,
    );
    const team = async (name: string, permission: string) =>
      (
        await server.request<TeamBody>('POST', `/orgs/${org}/teams`, {
          token: owner.token,
          body: { name, permission },
        })
      ).json;
    const readers = await team('readers', 'read');
    const writers = await team('writers', 'write');
    const added = await server.request('PUT', `/teams/${readers.id}/members/${member.user.login}`, {
      token: owner.token,
    });
    assert.equal(added.status, 204);
    const teams = await server.request<TeamBody[]>('GET', `/orgs/${org}/teams`, { token: owner.token });
    const owners = teams.json.find((t) => t.permission === 'owner')!;
    return { owner, member, stranger, org, readers, writers, owners };
  }

  const logins = (list: UserBody[]) => list.map((user) => user.login);
  const isOrgMember = async (org: string, login: string) =>
    (await server.request('GET', `/orgs/${org}/members/${login}`, { token: server.admin.token })).status ===
    204;

  test('adding a user to a team makes them a member of the team and of the organization', async () => {
    const { owner, stranger, org, writers } = await world('tm-a');
    assert.equal(await isOrgMember(org, stranger.user.login), false);
    const res = await server.request('PUT', `/teams/${writers.id}/members/${stranger.user.login}`, {
      token: owner.token,
    });
    assert.equal(res.status, 204);
    assert.equal(res.text, '');
    assert.equal(await isOrgMember(org, stranger.user.login), true);
    const members = await server.request<UserBody[]>('GET', `/teams/${writers.id}/members`, {
      token: owner.token,
    });
    assert.deepEqual(logins(members.json), ['tm-a-out']);
    // Adding again changes nothing.
    const again = await server.request('PUT', `/teams/${writers.id}/members/${stranger.user.login}`, {
      token: owner.token,
    });
    assert.equal(again.status, 204);
    const teamsOfUser = await server.request<TeamBody[]>('GET', '/user/teams', { token: stranger.token });
    assert.deepEqual(
      teamsOfUser.json.map((team) => team.name),
      ['writers'],
    );
  });

  test('only owners and admins add members: team members get 403, strangers 404, unknown users 404', async () => {
    const { owner, member, stranger, readers, writers } = await world('tm-b');
    const newcomer = await server.createUser('tm-b-new');
    const byMember = await server.request<ErrorBody>('PUT', `/teams/${readers.id}/members/tm-b-new`, {
      token: member.token,
    });
    assert.equal(byMember.status, 403);
    assert.equal(byMember.json.message, 'You must be an organization owner');
    const otherTeam = await server.request<ErrorBody>('PUT', `/teams/${writers.id}/members/tm-b-new`, {
      token: member.token,
    });
    assert.equal(otherTeam.status, 403);
    assert.equal(otherTeam.json.message, 'Must be a team member');
    assert.equal(
      (await server.request('PUT', `/teams/${readers.id}/members/tm-b-new`, { token: stranger.token }))
        .status,
      404,
    );
    assert.equal((await server.request('PUT', `/teams/${readers.id}/members/tm-b-new`)).status, 401);
    const unknown = await server.request<ErrorBody>('PUT', `/teams/${readers.id}/members/nobody-here`, {
      token: owner.token,
    });
    assert.equal(unknown.status, 404);
    assert.match(unknown.json.message, /user does not exist/);
    const anOrg = await server.request('PUT', `/teams/${readers.id}/members/tm-b-org`, {
      token: owner.token,
    });
    assert.equal(anOrg.status, 404, 'an organization is not a user');
    const byAdmin = await server.request('PUT', `/teams/${readers.id}/members/${newcomer.user.login}`, {
      token: server.admin.token,
    });
    assert.equal(byAdmin.status, 204);
    assert.equal(
      (await server.request('PUT', '/teams/999999/members/tm-b-new', { token: owner.token })).status,
      404,
    );
  });

  test('team members list the members; org members outside the team get 403, strangers 404', async () => {
    const { owner, member, stranger, readers, writers } = await world('tm-c');
    const res = await server.request<UserBody[]>('GET', `/teams/${readers.id}/members`, {
      token: member.token,
    });
    assert.equal(res.status, 200);
    assert.deepEqual(logins(res.json), ['tm-c-member']);
    assert.equal(res.headers.get('x-total-count'), '1');
    assert.equal(res.json[0]!.email, 'tm-c-member@example.com', "one sees one's own address");
    const byOwner = await server.request<UserBody[]>('GET', `/teams/${readers.id}/members`, {
      token: owner.token,
    });
    assert.equal(
      byOwner.json[0]!.email,
      'tm-c-member@noreply.127.0.0.1',
      'others see the placeholder address',
    );
    const outside = await server.request('GET', `/teams/${writers.id}/members`, { token: member.token });
    assert.equal(outside.status, 403);
    const strangers = await server.request('GET', `/teams/${readers.id}/members`, { token: stranger.token });
    assert.equal(strangers.status, 404);
    const empty = await server.request<UserBody[]>('GET', `/teams/${writers.id}/members`, {
      token: owner.token,
    });
    assert.deepEqual(empty.json, []);
    assert.equal(empty.headers.get('x-total-count'), '0');
  });

  test('a particular team member answers the user, or 404 when not in the team', async () => {
    const { owner, member, readers } = await world('tm-d');
    const res = await server.request<UserBody>('GET', `/teams/${readers.id}/members/tm-d-member`, {
      token: member.token,
    });
    assert.equal(res.status, 200);
    assert.equal(res.json.login, 'tm-d-member');
    const notIn = await server.request<ErrorBody>('GET', `/teams/${readers.id}/members/tm-d-owner`, {
      token: owner.token,
    });
    assert.equal(notIn.status, 404);
    assert.match(notIn.json.message, /not a member of the team/);
    assert.equal(
      (await server.request('GET', `/teams/${readers.id}/members/nobody-here`, { token: owner.token }))
        .status,
      404,
    );
  });

  test('removing the last team of a member takes them out of the organization; another team keeps them', async () => {
    const { owner, member, org, readers, writers } = await world('tm-e');
    await server.request('PUT', `/teams/${writers.id}/members/${member.user.login}`, { token: owner.token });
    const first = await server.request('DELETE', `/teams/${readers.id}/members/${member.user.login}`, {
      token: owner.token,
    });
    assert.equal(first.status, 204);
    assert.equal(await isOrgMember(org, member.user.login), true, 'still in writers');
    const second = await server.request('DELETE', `/teams/${writers.id}/members/${member.user.login}`, {
      token: owner.token,
    });
    assert.equal(second.status, 204);
    assert.equal(await isOrgMember(org, member.user.login), false);
    // As Gitea: removing someone who is not in the team changes nothing.
    const again = await server.request('DELETE', `/teams/${writers.id}/members/${member.user.login}`, {
      token: owner.token,
    });
    assert.equal(again.status, 204);
  });

  test('members cannot remove team members (403); the last owner cannot leave the Owners team (422)', async () => {
    const { owner, member, readers, owners } = await world('tm-f');
    const byMember = await server.request('DELETE', `/teams/${readers.id}/members/${member.user.login}`, {
      token: member.token,
    });
    assert.equal(byMember.status, 403);
    const last = await server.request<ErrorBody>(
      'DELETE',
      `/teams/${owners.id}/members/${owner.user.login}`,
      {
        token: owner.token,
      },
    );
    assert.equal(last.status, 422);
    assert.match(last.json.message, /last member of owner team/);
    await server.request('PUT', `/teams/${owners.id}/members/${member.user.login}`, { token: owner.token });
    const leave = await server.request('DELETE', `/teams/${owners.id}/members/${owner.user.login}`, {
      token: member.token,
    });
    assert.equal(leave.status, 204);
    const left = await server.request<UserBody[]>('GET', `/teams/${owners.id}/members`, {
      token: member.token,
    });
    assert.deepEqual(logins(left.json), ['tm-f-member']);
  });

  test('a new member of the Owners team may then act as an owner', async () => {
    const { owner, member, org, owners } = await world('tm-g');
    const before = await server.request('PATCH', `/orgs/${org}`, {
      token: member.token,
      body: { location: 'Nara' },
    });
    assert.equal(before.status, 403);
    await server.request('PUT', `/teams/${owners.id}/members/${member.user.login}`, { token: owner.token });
    const after = await server.request<{ location: string }>('PATCH', `/orgs/${org}`, {
      token: member.token,
      body: { location: 'Nara' },
    });
    assert.equal(after.status, 200);
    assert.equal(after.json.location, 'Nara');
  });
});
