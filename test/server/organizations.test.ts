import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { giteaApi } from 'gitea-js';
import { startServer, type TestServer, type TestUser } from './harness';

interface OrgBody {
  id: number;
  name: string;
  username: string;
  full_name: string;
  email: string;
  avatar_url: string;
  description: string;
  website: string;
  location: string;
  visibility: string;
  repo_admin_change_team_access: boolean;
}
interface TeamBody {
  id: number;
  name: string;
  permission: string;
  includes_all_repositories: boolean;
  can_create_org_repo: boolean;
}
interface ErrorBody {
  message: string;
}
type Answer = OrgBody & ErrorBody;

describe('organizations', () => {
  let server: TestServer;
  const createOrg = (token: string, body: Record<string, unknown>) =>
    server.request<Answer>('POST', '/orgs', { token, body });
  const names = (list: { name: string }[]) => list.map((org) => org.name);

  before(async () => {
    server = await startServer();
  });
  after(async () => {
    await server.stop();
  });

  test('creating an organization answers 201 with the Gitea organization and makes the creator its owner', async () => {
    const alice = await server.createUser('org-alice');
    const res = await createOrg(alice.token, {
      username: 'org-tea',
      full_name: 'Tea Org',
      email: 'tea@example.com',
      description: 'We brew',
      website: 'https://tea.example',
      location: 'Kyoto',
      visibility: 'limited',
      repo_admin_change_team_access: true,
    });
    assert.equal(res.status, 201);
    assert.equal(res.json.name, 'org-tea');
    assert.equal(res.json.username, 'org-tea');
    assert.equal(res.json.full_name, 'Tea Org');
    assert.equal(res.json.email, 'tea@example.com');
    assert.equal(res.json.description, 'We brew');
    assert.equal(res.json.website, 'https://tea.example');
    assert.equal(res.json.location, 'Kyoto');
    assert.equal(res.json.visibility, 'limited');
    assert.equal(res.json.repo_admin_change_team_access, true);
    assert.match(res.json.avatar_url, /^http:\/\/127\.0\.0\.1:\d+\/avatars\/[0-9a-f]{32}$/);

    const teams = await server.request<TeamBody[]>('GET', '/orgs/org-tea/teams', { token: alice.token });
    assert.equal(teams.status, 200);
    assert.deepEqual(
      teams.json.map((team) => [
        team.name,
        team.permission,
        team.includes_all_repositories,
        team.can_create_org_repo,
      ]),
      [['Owners', 'owner', true, true]],
    );
    const owners = await server.request<{ login: string }[]>('GET', `/teams/${teams.json[0]!.id}/members`, {
      token: alice.token,
    });
    assert.deepEqual(
      owners.json.map((user) => user.login),
      ['org-alice'],
    );
    const mine = await server.request<OrgBody[]>('GET', '/user/orgs', { token: alice.token });
    assert.deepEqual(names(mine.json), ['org-tea']);
  });

  test('an organization name taken by any user or organization, in any case, answers 422', async () => {
    const bob = await server.createUser('org-bob');
    assert.equal((await createOrg(bob.token, { username: 'org-taken' })).status, 201);
    const sameOrg = await createOrg(bob.token, { username: 'ORG-TAKEN' });
    assert.equal(sameOrg.status, 422);
    assert.match(sameOrg.json.message, /user already exists \[name: ORG-TAKEN\]/);
    const sameUser = await createOrg(bob.token, { username: 'org-bob' });
    assert.equal(sameUser.status, 422);
    assert.match(sameUser.json.message, /user already exists/);
  });

  test('invalid names, visibilities, e-mails, websites and missing fields answer 422', async () => {
    const carol = await server.createUser('org-carol');
    const cases: [Record<string, unknown>, RegExp][] = [
      [{}, /^\[Username\]: Required$/],
      [{ username: '' }, /^\[Username\]: Required$/],
      [{ username: '-dash' }, /name is invalid/],
      [{ username: 'sp ace' }, /name is invalid/],
      [{ username: 'api' }, /name is reserved/],
      [{ username: 'x'.repeat(41) }, /MaxSize\(40\)/],
      [
        { username: 'org-ok', visibility: 'secret' },
        /^\[Visibility\]: must be one of public, limited, private$/,
      ],
      [{ username: 'org-ok', email: 'not-an-email' }, /e-mail invalid/],
      [{ username: 'org-ok', website: 'ftp://files.example' }, /^\[Website\]: ValidUrl$/],
      [{ username: 'org-ok', location: 'l'.repeat(51) }, /^\[Location\]: MaxSize\(50\)$/],
      [{ username: 'org-ok', repo_admin_change_team_access: 'yes' }, /must be a boolean/],
    ];
    for (const [body, message] of cases) {
      const res = await createOrg(carol.token, body);
      assert.equal(res.status, 422, JSON.stringify(body));
      assert.match(res.json.message, message, JSON.stringify(body));
    }
    assert.equal((await server.request('GET', '/orgs/org-ok', { token: carol.token })).status, 404);
  });

  test('creating an organization needs a signed-in user allowed to create organizations', async () => {
    assert.equal((await server.request('POST', '/orgs', { body: { username: 'org-anon' } })).status, 401);
    const dave = await server.createUser('org-dave');
    const edited = await server.request('PATCH', '/admin/users/org-dave', {
      token: server.admin.token,
      body: { allow_create_organization: false },
    });
    assert.equal(edited.status, 200);
    const res = await createOrg(dave.token, { username: 'org-dave-org' });
    assert.equal(res.status, 403);
    assert.equal(res.json.message, 'not allowed to create org');
  });

  test('an admin creates an organization owned by the named user; others get 403, unknown users 404', async () => {
    const erin = await server.createUser('org-erin');
    const res = await server.request<Answer>('POST', '/admin/users/org-erin/orgs', {
      token: server.admin.token,
      body: { username: 'org-erin-co', visibility: 'private' },
    });
    assert.equal(res.status, 201);
    assert.equal(res.json.visibility, 'private');
    const erinOrgs = await server.request<OrgBody[]>('GET', '/user/orgs', { token: erin.token });
    assert.deepEqual(names(erinOrgs.json), ['org-erin-co']);
    const adminOrgs = await server.request<OrgBody[]>('GET', '/user/orgs', { token: server.admin.token });
    assert.equal(
      adminOrgs.json.some((org) => org.name === 'org-erin-co'),
      false,
    );
    const byUser = await server.request<ErrorBody>('POST', '/admin/users/org-erin/orgs', {
      token: erin.token,
      body: { username: 'org-erin-2' },
    });
    assert.equal(byUser.status, 403);
    const unknown = await server.request<ErrorBody>('POST', '/admin/users/nobody-here/orgs', {
      token: server.admin.token,
      body: { username: 'org-erin-3' },
    });
    assert.equal(unknown.status, 404);
    assert.match(unknown.json.message, /user does not exist/);
  });

  test('a private organization is 404 to anonymous callers and strangers, visible to members and admins', async () => {
    const owner = await server.createUser('org-frank');
    const stranger = await server.createUser('org-grace');
    await createOrg(owner.token, {
      username: 'org-hidden',
      visibility: 'private',
      email: 'hidden@example.com',
    });
    await createOrg(owner.token, { username: 'org-open', email: 'open@example.com' });
    assert.equal((await server.request('GET', '/orgs/org-hidden')).status, 404);
    const strangerView = await server.request<ErrorBody>('GET', '/orgs/org-hidden', {
      token: stranger.token,
    });
    assert.equal(strangerView.status, 404);
    assert.match(strangerView.json.message, /org does not exist/);
    assert.equal((await server.request('GET', '/orgs/org-hidden', { token: owner.token })).status, 200);
    const adminView = await server.request<OrgBody>('GET', '/orgs/ORG-HIDDEN', { token: server.admin.token });
    assert.equal(adminView.status, 200);
    assert.equal(adminView.json.name, 'org-hidden');
    // Gitea hides the e-mail from anonymous callers only.
    const anonymous = await server.request<OrgBody>('GET', '/orgs/org-open');
    assert.equal(anonymous.status, 200);
    assert.equal(anonymous.json.email, '');
    const signedIn = await server.request<OrgBody>('GET', '/orgs/org-open', { token: stranger.token });
    assert.equal(signedIn.json.email, 'open@example.com');
    assert.equal((await server.request('GET', '/orgs/no-such-org')).status, 404);
    assert.equal(
      (await server.request('GET', '/orgs/org-frank')).status,
      404,
      'a user is not an organization',
    );
  });

  test('a limited organization is visible to signed-in users only', async () => {
    const owner = await server.createUser('org-heidi');
    const other = await server.createUser('org-ivan');
    await createOrg(owner.token, { username: 'org-limited', visibility: 'limited' });
    assert.equal((await server.request('GET', '/orgs/org-limited')).status, 404);
    assert.equal((await server.request('GET', '/orgs/org-limited', { token: other.token })).status, 200);
  });

  test('owners edit an organization; members and strangers get 403, invisible organizations 404', async () => {
    const owner = await server.createUser('org-judy');
    const member = await server.createUser('org-ken');
    await createOrg(owner.token, {
      username: 'org-edit',
      full_name: 'Before',
      website: 'https://before.example',
    });
    const team = await server.request<TeamBody>('POST', '/orgs/org-edit/teams', {
      token: owner.token,
      body: { name: 'readers', permission: 'read' },
    });
    await server.request('PUT', `/teams/${team.json.id}/members/org-ken`, { token: owner.token });

    const res = await server.request<Answer>('PATCH', '/orgs/org-edit', {
      token: owner.token,
      body: { full_name: 'After', description: 'new', visibility: 'private', email: 'edit@example.com' },
    });
    assert.equal(res.status, 200);
    assert.equal(res.json.full_name, 'After');
    assert.equal(res.json.description, 'new');
    assert.equal(res.json.visibility, 'private');
    assert.equal(res.json.email, 'edit@example.com');
    assert.equal(res.json.website, 'https://before.example', 'absent fields keep their value');

    const cleared = await server.request<Answer>('PATCH', '/orgs/org-edit', {
      token: owner.token,
      body: { email: '' },
    });
    assert.equal(cleared.status, 200);
    assert.equal(cleared.json.email, '');

    const byMember = await server.request<ErrorBody>('PATCH', '/orgs/org-edit', {
      token: member.token,
      body: { full_name: 'Nope' },
    });
    assert.equal(byMember.status, 403);
    assert.equal(byMember.json.message, 'You must be an organization owner');
    const stranger = await server.createUser('org-leo');
    assert.equal(
      (await server.request('PATCH', '/orgs/org-edit', { token: stranger.token, body: {} })).status,
      404,
      'the organization is private now',
    );
    assert.equal((await server.request('PATCH', '/orgs/org-edit', { body: {} })).status, 401);
    const invalid = await server.request<ErrorBody>('PATCH', '/orgs/org-edit', {
      token: owner.token,
      body: { visibility: 'hidden' },
    });
    assert.equal(invalid.status, 422);
    const unchanged = await server.request<OrgBody>('GET', '/orgs/org-edit', { token: owner.token });
    assert.equal(unchanged.json.full_name, 'After');
    assert.equal(unchanged.json.visibility, 'private');
  });

  test('owners delete an organization, its teams go with it; members cannot', async () => {
    const owner = await server.createUser('org-mallory');
    const member = await server.createUser('org-nina');
    await createOrg(owner.token, { username: 'org-doomed' });
    const team = await server.request<TeamBody>('POST', '/orgs/org-doomed/teams', {
      token: owner.token,
      body: { name: 'crew' },
    });
    await server.request('PUT', `/teams/${team.json.id}/members/org-nina`, { token: owner.token });
    const byMember = await server.request('DELETE', '/orgs/org-doomed', { token: member.token });
    assert.equal(byMember.status, 403);
    const res = await server.request('DELETE', '/orgs/org-doomed', { token: owner.token });
    assert.equal(res.status, 204);
    assert.equal(res.text, '');
    assert.equal((await server.request('GET', '/orgs/org-doomed', { token: owner.token })).status, 404);
    assert.equal(
      (await server.request('GET', `/teams/${team.json.id}`, { token: server.admin.token })).status,
      404,
    );
    const memberOrgs = await server.request<OrgBody[]>('GET', '/user/orgs', { token: member.token });
    assert.deepEqual(memberOrgs.json, []);
    assert.equal((await server.request('DELETE', '/orgs/org-doomed', { token: owner.token })).status, 404);
  });

  test('an organization that owns repositories cannot be deleted (422)', async () => {
    const owner = await server.createUser('org-oscar');
    await createOrg(owner.token, { username: 'org-with-repo' });
    const repo = await server.request('POST', '/orgs/org-with-repo/repos', {
      token: owner.token,
      body: { name: 'kept' },
    });
    assert.equal(repo.status, 201);
    const res = await server.request<ErrorBody>('DELETE', '/orgs/org-with-repo', { token: owner.token });
    assert.equal(res.status, 422);
    assert.match(res.json.message, /still has ownership of repositories/);
    assert.equal((await server.request('GET', '/orgs/org-with-repo', { token: owner.token })).status, 200);
  });

  test('the organization list shows public ones to anonymous callers, limited ones to users, all to admins', async () => {
    const owner = await server.createUser('org-peggy');
    await createOrg(owner.token, { username: 'org-list-a-public' });
    await createOrg(owner.token, { username: 'org-list-b-limited', visibility: 'limited' });
    await createOrg(owner.token, { username: 'org-list-c-private', visibility: 'private' });
    const listed = async (token?: string) => {
      const res = await server.request<OrgBody[]>('GET', '/orgs?limit=50', { token });
      assert.equal(res.status, 200);
      assert.equal(res.headers.get('x-total-count'), String(res.json.length));
      return names(res.json).filter((name) => name.startsWith('org-list-'));
    };
    assert.deepEqual(await listed(), ['org-list-a-public']);
    assert.deepEqual(await listed(owner.token), ['org-list-a-public', 'org-list-b-limited']);
    assert.deepEqual(await listed(server.admin.token), [
      'org-list-a-public',
      'org-list-b-limited',
      'org-list-c-private',
    ]);
    const admin = await server.request<OrgBody[]>('GET', '/admin/orgs?limit=50', {
      token: server.admin.token,
    });
    assert.equal(admin.status, 200);
    assert.ok(names(admin.json).includes('org-list-c-private'));
    assert.equal((await server.request('GET', '/admin/orgs', { token: owner.token })).status, 403);
  });

  test('organization lists are paged with X-Total-Count and Link', async () => {
    const owner = await server.createUser('org-quinn');
    for (const suffix of ['1', '2', '3']) await createOrg(owner.token, { username: `org-page-${suffix}` });
    const first = await server.request<OrgBody[]>('GET', '/user/orgs?limit=2', { token: owner.token });
    assert.equal(first.status, 200);
    assert.deepEqual(names(first.json), ['org-page-1', 'org-page-2']);
    assert.equal(first.headers.get('x-total-count'), '3');
    assert.match(first.headers.get('link') ?? '', /[?&]limit=2&page=2>; rel="next"/);
    const second = await server.request<OrgBody[]>('GET', '/user/orgs?limit=2&page=2', {
      token: owner.token,
    });
    assert.deepEqual(names(second.json), ['org-page-3']);
  });

  test("a user's organizations show others only public memberships of organizations they may see", async () => {
    const owner = await server.createUser('org-rupert');
    const viewer = await server.createUser('org-sybil');
    await createOrg(owner.token, { username: 'org-u-concealed' });
    await createOrg(owner.token, { username: 'org-u-public' });
    await createOrg(owner.token, { username: 'org-u-private', visibility: 'private' });
    for (const org of ['org-u-public', 'org-u-private']) {
      const res = await server.request('PUT', `/orgs/${org}/public_members/org-rupert`, {
        token: owner.token,
      });
      assert.equal(res.status, 204);
    }
    const listed = async (token: string) => {
      const res = await server.request<OrgBody[]>('GET', '/users/org-rupert/orgs', { token });
      assert.equal(res.status, 200);
      return names(res.json);
    };
    assert.deepEqual(await listed(viewer.token), ['org-u-public']);
    assert.deepEqual(await listed(owner.token), ['org-u-concealed', 'org-u-private', 'org-u-public']);
    assert.deepEqual(await listed(server.admin.token), ['org-u-concealed', 'org-u-private', 'org-u-public']);
    assert.equal((await server.request('GET', '/users/org-rupert/orgs')).status, 401);
    assert.equal(
      (await server.request('GET', '/users/nobody-at-all/orgs', { token: viewer.token })).status,
      404,
    );
  });

  test('gitea-js creates and reads an organization with the same field names', async () => {
    const trent: TestUser = await server.createUser('org-trent');
    const api = giteaApi(server.url.replace(/\/$/, ''), { token: trent.token });
    const created = await api.orgs.orgCreate({
      username: 'org-js',
      full_name: 'JS Org',
      visibility: 'public',
    });
    assert.equal(created.status, 201);
    assert.equal(created.data.name, 'org-js');
    assert.equal(created.data.full_name, 'JS Org');
    const read = await api.orgs.orgGet('org-js');
    assert.equal(read.status, 200);
    assert.equal(read.data.id, created.data.id);
    assert.equal(read.data.username, 'org-js');
    assert.equal(read.data.visibility, 'public');
    assert.equal(read.data.repo_admin_change_team_access, false);
    await assert.rejects(
      api.orgs.orgGet('org-js-missing'),
      (error: { status: number }) => error.status === 404,
    );
  });
});
