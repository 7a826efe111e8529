import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { giteaApi } from 'gitea-js';
import { startServer, type TestServer, type TestUser } from './harness';

interface TeamBody {
  id: number;
  name: string;
  description: string;
  organization: { id: number; name: string; username: string } | null;
  includes_all_repositories: boolean;
  permission: string;
  units: string[];
  units_map: Record<string, string>;
  can_create_org_repo: boolean;
}
interface ErrorBody {
  message: string;
}
type Answer = TeamBody & ErrorBody;

const allUnits = [
  'repo.code',
  'repo.issues',
  'repo.pulls',
  'repo.releases',
  'repo.wiki',
  'repo.ext_wiki',
  'repo.ext_issues',
  'repo.projects',
  'repo.packages',
  'repo.actions',
];

describe('teams', () => {
  let server: TestServer;

  before(async () => {
    server = await startServer();
  });
  after(async () => {
    await server.stop();
  });

  /** An organization with its owner, a member of a `readers` team, and a stranger. */
  async function world(prefix: string, visibility = 'public') {
    const owner = await server.createUser(`${prefix}-owner`);
    const member = await server.createUser(`${prefix}-member`);
    const stranger = await server.createUser(`${prefix}-out`);
    const org = `${prefix}-org`;
    assert.equal(
      (await server.request('POST', '/orgs', { token: owner.token, body: { username: org, visibility } }))
        .status,
      201,
    );
    const readers = await createTeam(owner, org, { name: 'readers', permission: 'read' });
    assert.equal(readers.status, 201);
    await server.request('PUT', `/teams/${readers.json.id}/members/${member.user.login}`, {
      token: owner.token,
    });
    return { owner, member, stranger, org, readers: readers.json };
  }

  const createTeam = (user: TestUser, org: string, body: Record<string, unknown>) =>
    server.request<Answer>('POST', `/orgs/${org}/teams`, { token: user.token, body });

  test('owners create a team: 201 with the Gitea team and its organization', async () => {
    const { owner, org } = await world('team-a');
    const res = await createTeam(owner, org, {
      name: 'Developers',
      description: 'They write',
      permission: 'write',
      includes_all_repositories: true,
      can_create_org_repo: true,
    });
    assert.equal(res.status, 201);
    assert.equal(res.json.name, 'Developers');
    assert.equal(res.json.description, 'They write');
    assert.equal(res.json.permission, 'write');
    assert.equal(res.json.includes_all_repositories, true);
    assert.equal(res.json.can_create_org_repo, true);
    assert.equal(res.json.organization?.name, org);
    assert.equal(res.json.organization?.username, org);
    // No units sent: the team has its permission on every unit.
    assert.deepEqual(res.json.units, allUnits);
    assert.equal(res.json.units_map['repo.code'], 'write');
    assert.equal(res.json.units_map['repo.wiki'], 'write');
  });

  test('units get the team permission; a units_map sets the permission to its lowest unit', async () => {
    const { owner, org } = await world('team-b');
    const withUnits = await createTeam(owner, org, {
      name: 'coders',
      permission: 'write',
      units: ['repo.code', 'repo.pulls'],
    });
    assert.equal(withUnits.status, 201);
    assert.deepEqual(withUnits.json.units, ['repo.code', 'repo.pulls']);
    assert.deepEqual(withUnits.json.units_map, { 'repo.code': 'write', 'repo.pulls': 'write' });
    const withMap = await createTeam(owner, org, {
      name: 'mixed',
      permission: 'write',
      units_map: {
        'repo.code': 'read',
        'repo.issues': 'write',
        'repo.wiki': 'none',
        'repo.ext_wiki': 'read',
      },
    });
    assert.equal(withMap.status, 201);
    assert.equal(withMap.json.permission, 'read');
    assert.deepEqual(withMap.json.units_map, {
      'repo.code': 'read',
      'repo.issues': 'write',
      'repo.wiki': 'none',
      'repo.ext_wiki': 'read',
    });
    const admins = await createTeam(owner, org, {
      name: 'admins',
      permission: 'admin',
      units: ['repo.code'],
    });
    assert.equal(admins.json.permission, 'admin');
    assert.deepEqual(admins.json.units, allUnits, 'admin teams reach every unit');
    assert.equal(admins.json.units_map['repo.issues'], 'admin');
  });

  test('invalid team options answer 422 and create nothing', async () => {
    const { owner, org } = await world('team-c');
    const cases: [Record<string, unknown>, RegExp][] = [
      [{}, /^\[Name\]: Required$/],
      [{ name: '' }, /^\[Name\]: Required$/],
      [{ name: 'has space' }, /^\[Name\]: must be valid alpha or numeric/],
      [{ name: 'n'.repeat(256) }, /^\[Name\]: MaxSize\(255\)$/],
      [{ name: 'owners2', permission: 'owner' }, /^\[Permission\]: must be one of read, write, admin$/],
      [{ name: 'units', units: ['repo.code', 'repo.nothing'] }, /^\[Units\]: unknown unit "repo.nothing"$/],
      [{ name: 'units', units_map: { 'repo.code': 'superuser' } }, /^\[UnitsMap\]: "superuser"/],
      [{ name: 'units', units_map: { 'repo.code': 1 } }, /^\[UnitsMap\]/],
      [{ name: 'readers' }, /team already exists/],
      [{ name: 'READERS' }, /team already exists/],
      [{ name: 'Owners' }, /team already exists/],
    ];
    for (const [body, message] of cases) {
      const res = await createTeam(owner, org, body);
      assert.equal(res.status, 422, JSON.stringify(body));
      assert.match(res.json.message, message, JSON.stringify(body));
    }
    const teams = await server.request<TeamBody[]>('GET', `/orgs/${org}/teams`, { token: owner.token });
    assert.deepEqual(
      teams.json.map((team) => team.name),
      ['Owners', 'readers'],
    );
  });

  test('only owners create teams: members get 403, strangers of a private organization 404', async () => {
    const { member, stranger, org, owner } = await world('team-d', 'private');
    const byMember = await createTeam(member, org, { name: 'mine' });
    assert.equal(byMember.status, 403);
    assert.equal(byMember.json.message, 'You must be an organization owner');
    assert.equal((await createTeam(stranger, org, { name: 'mine' })).status, 404);
    assert.equal(
      (await server.request('POST', `/orgs/${org}/teams`, { body: { name: 'mine' } })).status,
      401,
    );
    const byAdmin = await createTeam({ ...owner, token: server.admin.token }, org, { name: 'by-admin' });
    assert.equal(byAdmin.status, 201);
  });

  test("members list the organization's teams without their organization; outsiders get 403", async () => {
    const { owner, member, stranger, org } = await world('team-e');
    await createTeam(owner, org, { name: 'alpha' });
    const res = await server.request<TeamBody[]>('GET', `/orgs/${org}/teams`, { token: member.token });
    assert.equal(res.status, 200);
    assert.deepEqual(
      res.json.map((team) => team.name),
      ['alpha', 'Owners', 'readers'],
    );
    assert.equal(res.json[0]!.organization, null);
    assert.equal(res.headers.get('x-total-count'), '3');
    const page = await server.request<TeamBody[]>('GET', `/orgs/${org}/teams?limit=1&page=3`, {
      token: member.token,
    });
    assert.deepEqual(
      page.json.map((team) => team.name),
      ['readers'],
    );
    const outside = await server.request<ErrorBody>('GET', `/orgs/${org}/teams`, { token: stranger.token });
    assert.equal(outside.status, 403);
    assert.equal(outside.json.message, 'You must be a member of the organization');
    assert.equal(
      (await server.request('GET', `/orgs/${org}/teams`, { token: server.admin.token })).status,
      200,
    );
  });

  test('a team answers its members, owners and admins; org members outside it get 403, others 404', async () => {
    const { owner, member, stranger, org, readers } = await world('team-f');
    const other = await createTeam(owner, org, { name: 'others' });
    const res = await server.request<TeamBody>('GET', `/teams/${readers.id}`, { token: member.token });
    assert.equal(res.status, 200);
    assert.equal(res.json.name, 'readers');
    assert.equal(res.json.organization?.name, org);
    assert.equal((await server.request('GET', `/teams/${readers.id}`, { token: owner.token })).status, 200);
    assert.equal(
      (await server.request('GET', `/teams/${readers.id}`, { token: server.admin.token })).status,
      200,
    );
    const outsideTeam = await server.request<ErrorBody>('GET', `/teams/${other.json.id}`, {
      token: member.token,
    });
    assert.equal(outsideTeam.status, 403);
    assert.equal(outsideTeam.json.message, 'Must be a team member');
    assert.equal(
      (await server.request('GET', `/teams/${readers.id}`, { token: stranger.token })).status,
      404,
    );
    assert.equal((await server.request('GET', `/teams/${readers.id}`)).status, 401);
    assert.equal((await server.request('GET', '/teams/999999', { token: server.admin.token })).status, 404);
    assert.equal((await server.request('GET', '/teams/abc', { token: server.admin.token })).status, 404);
  });

  test('owners edit a team; absent fields keep their value and the answer has no organization', async () => {
    const { owner, org, readers } = await world('team-g');
    const res = await server.request<Answer>('PATCH', `/teams/${readers.id}`, {
      token: owner.token,
      body: { name: 'reviewers', description: 'They review', permission: 'write', units: ['repo.pulls'] },
    });
    assert.equal(res.status, 200);
    assert.equal(res.json.name, 'reviewers');
    assert.equal(res.json.description, 'They review');
    assert.equal(res.json.permission, 'write');
    assert.deepEqual(res.json.units_map, { 'repo.pulls': 'write' });
    assert.equal(res.json.organization, null);
    const again = await server.request<Answer>('PATCH', `/teams/${readers.id}`, {
      token: owner.token,
      body: { name: 'reviewers', includes_all_repositories: true, can_create_org_repo: true },
    });
    assert.equal(again.status, 200);
    assert.equal(again.json.description, 'They review');
    assert.equal(again.json.permission, 'write');
    assert.deepEqual(again.json.units, ['repo.pulls']);
    assert.equal(again.json.includes_all_repositories, true);
    assert.equal(again.json.can_create_org_repo, true);
    const read = await server.request<TeamBody>('GET', `/teams/${readers.id}`, { token: owner.token });
    assert.equal(read.json.name, 'reviewers');
    assert.equal(read.json.organization?.name, org);
  });

  test('team edits that clash or are invalid answer 422; members get 403', async () => {
    const { owner, member, org, readers } = await world('team-h');
    await createTeam(owner, org, { name: 'taken' });
    const edit = (token: string, body: Record<string, unknown>) =>
      server.request<ErrorBody>('PATCH', `/teams/${readers.id}`, { token, body });
    const clash = await edit(owner.token, { name: 'TAKEN' });
    assert.equal(clash.status, 422);
    assert.match(clash.json.message, /team already exists/);
    assert.equal((await edit(owner.token, {})).status, 422, 'EditTeamOption requires the name');
    assert.equal((await edit(owner.token, { name: 'readers', permission: 'owner' })).status, 422);
    const byMember = await edit(member.token, { name: 'mine' });
    assert.equal(byMember.status, 403);
    assert.equal(byMember.json.message, 'You must be an organization owner');
    const unchanged = await server.request<TeamBody>('GET', `/teams/${readers.id}`, { token: owner.token });
    assert.equal(unchanged.json.name, 'readers');
  });

  test('the Owners team keeps its name, permission and repositories but takes a new description', async () => {
    const { owner, org } = await world('team-i');
    const teams = await server.request<TeamBody[]>('GET', `/orgs/${org}/teams`, { token: owner.token });
    const owners = teams.json.find((team) => team.permission === 'owner')!;
    const edit = (body: Record<string, unknown>) =>
      server.request<Answer>('PATCH', `/teams/${owners.id}`, { token: owner.token, body });
    const renamed = await edit({ name: 'Bosses' });
    assert.equal(renamed.status, 422);
    assert.match(renamed.json.message, /cannot be renamed/);
    const demoted = await edit({ name: 'Owners', permission: 'read' });
    assert.equal(demoted.status, 422);
    assert.match(demoted.json.message, /permission cannot be changed/);
    assert.equal((await edit({ name: 'Owners', includes_all_repositories: false })).status, 422);
    const described = await edit({ name: 'Owners', description: 'The people in charge' });
    assert.equal(described.status, 200);
    assert.equal(described.json.description, 'The people in charge');
    assert.equal(described.json.permission, 'owner');
    assert.equal(described.json.includes_all_repositories, true);
    const deleted = await server.request<ErrorBody>('DELETE', `/teams/${owners.id}`, { token: owner.token });
    assert.equal(deleted.status, 422);
    assert.match(deleted.json.message, /cannot be deleted/);
  });

  test('owners delete a team; members left in no team leave the organization', async () => {
    const { owner, member, org, readers } = await world('team-j');
    const byMember = await server.request('DELETE', `/teams/${readers.id}`, { token: member.token });
    assert.equal(byMember.status, 403);
    const res = await server.request('DELETE', `/teams/${readers.id}`, { token: owner.token });
    assert.equal(res.status, 204);
    assert.equal((await server.request('GET', `/teams/${readers.id}`, { token: owner.token })).status, 404);
    const membership = await server.request('GET', `/orgs/${org}/members/${member.user.login}`, {
      token: owner.token,
    });
    assert.equal(membership.status, 404);
    assert.equal(
      (await server.request('DELETE', `/teams/${readers.id}`, { token: owner.token })).status,
      404,
    );
  });

  test("the current user's teams come with their organizations", async () => {
    const { owner, member, org } = await world('team-k');
    const second = await createTeam(owner, org, { name: 'second' });
    await server.request('PUT', `/teams/${second.json.id}/members/${member.user.login}`, {
      token: owner.token,
    });
    const res = await server.request<TeamBody[]>('GET', '/user/teams', { token: member.token });
    assert.equal(res.status, 200);
    assert.deepEqual(
      res.json.map((team) => [team.name, team.organization?.name]),
      [
        ['readers', org],
        ['second', org],
      ],
    );
    assert.equal(res.headers.get('x-total-count'), '2');
    assert.equal((await server.request('GET', '/user/teams')).status, 401);
  });

  test('gitea-js lists teams and adds a team member with the same field names', async () => {
    const { owner, org, readers } = await world('team-l');
    const newcomer = await server.createUser('team-l-new');
    const api = giteaApi(server.url.replace(/\/$/, ''), { token: owner.token });
    const teams = await api.orgs.orgListTeams(org);
    assert.equal(teams.status, 200);
    assert.deepEqual(
      teams.data.map((team) => [team.name, team.permission, team.includes_all_repositories]),
      [
        ['Owners', 'owner', true],
        ['readers', 'read', false],
      ],
    );
    const added = await api.teams.orgAddTeamMember(readers.id, newcomer.user.login);
    assert.equal(added.status, 204);
    const member = await api.teams.orgListTeamMember(readers.id, newcomer.user.login);
    assert.equal(member.data.login, 'team-l-new');
    await assert.rejects(
      api.teams.orgAddTeamMember(readers.id, 'nobody-here'),
      (error: { status: number }) => error.status === 404,
    );
  });
});
