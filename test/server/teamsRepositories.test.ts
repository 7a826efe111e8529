import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { startServer, type TestServer, type TestUser } from './harness';

interface RepoBody {
  id: number;
  name: string;
  full_name: string;
  permissions: { admin: boolean; push: boolean; pull: boolean };
}
interface TeamBody {
  id: number;
  name: string;
  permission: string;
  organization: unknown;
}
interface ErrorBody {
  message: string;
}

describe('team repositories', () => {
  let server: TestServer;

  before(async () => {
    server = await startServer();
  });
  after(async () => {
    await server.stop();
  });

  /** An organization with a private repository, a `writers` team with one member, and a stranger. */
  async function world(prefix: string, orgOptions: Record<string, unknown> = {}) {
    const owner = await server.createUser(`${prefix}-owner`);
    const writer = await server.createUser(`${prefix}-writer`);
    const stranger = await server.createUser(`${prefix}-out`);
    const org = `${prefix}-org`;
    const created = await server.request('POST', '/orgs', {
      token: owner.token,
      body: { username: org, ...orgOptions },
    });
    assert.equal(created.status, 201);
    const repo = await createRepo(owner, org, 'secret', true);
    const writers = await createTeam(owner, org, { name: 'writers', permission: 'write' });
    await server.request('PUT', `/teams/${writers.id}/members/${writer.user.login}`, { token: owner.token });
    return { owner, writer, stranger, org, repo, writers };
  }

  async function createRepo(
    user: TestUser,
    org: string,
    name: string,
    isPrivate: boolean,
  ): Promise<RepoBody> {
    const res = await server.request<RepoBody>('POST', `/orgs/${org}/repos`, {
      token: user.token,
      body: { name, private: isPrivate },
    });
    assert.equal(res.status, 201, res.text);
    return res.json;
  }

  async function createTeam(user: TestUser, org: string, body: Record<string, unknown>): Promise<TeamBody> {
    const res = await server.request<TeamBody>('POST', `/orgs/${org}/teams`, { token: user.token, body });
    assert.equal(res.status, 201, res.text);
    return res.json;
  }

  const repoAs = (user: TestUser, org: string, name: string) =>
    server.request<RepoBody>('GET', `/repos/${org}/${name}`, { token: user.token });

  test("adding a repository to a team gives its members the team's permission; removing takes it away", async () => {
    const { owner, writer, org, writers } = await world('tr-a');
    assert.equal((await repoAs(writer, org, 'secret')).status, 404);
    const add = await server.request('PUT', `/teams/${writers.id}/repos/${org}/secret`, {
      token: owner.token,
    });
    assert.equal(add.status, 204);
    assert.equal(add.text, '');
    const seen = await repoAs(writer, org, 'secret');
    assert.equal(seen.status, 200);
    assert.deepEqual(seen.json.permissions, { admin: false, push: true, pull: true });
    const remove = await server.request('DELETE', `/teams/${writers.id}/repos/${org}/secret`, {
      token: owner.token,
    });
    assert.equal(remove.status, 204);
    assert.equal((await repoAs(writer, org, 'secret')).status, 404);
    assert.equal((await repoAs(owner, org, 'secret')).status, 200, 'the repository itself is kept');
  });

  test("a team's repositories are listed, paged, and checked one by one", async () => {
    const { owner, writer, org, writers } = await world('tr-b');
    await createRepo(owner, org, 'another', false);
    for (const name of ['secret', 'another']) {
      await server.request('PUT', `/teams/${writers.id}/repos/${org}/${name}`, { token: owner.token });
    }
    const list = await server.request<RepoBody[]>('GET', `/teams/${writers.id}/repos`, {
      token: writer.token,
    });
    assert.equal(list.status, 200);
    assert.deepEqual(
      list.json.map((repo) => repo.full_name),
      [`${org}/another`, `${org}/secret`],
    );
    assert.equal(list.headers.get('x-total-count'), '2');
    const page = await server.request<RepoBody[]>('GET', `/teams/${writers.id}/repos?limit=1`, {
      token: writer.token,
    });
    assert.equal(page.json.length, 1);
    assert.match(page.headers.get('link') ?? '', /rel="next"/);
    const one = await server.request<RepoBody>('GET', `/teams/${writers.id}/repos/${org}/secret`, {
      token: writer.token,
    });
    assert.equal(one.status, 200);
    assert.equal(one.json.name, 'secret');
    await server.request('DELETE', `/teams/${writers.id}/repos/${org}/another`, { token: owner.token });
    const notInTeam = await server.request<ErrorBody>('GET', `/teams/${writers.id}/repos/${org}/another`, {
      token: writer.token,
    });
    assert.equal(notInTeam.status, 404);
    assert.match(notInTeam.json.message, /not in the team/);
  });

  test('a team that includes all repositories reaches those created later', async () => {
    const { owner, writer, org } = await world('tr-c');
    const everything = await createTeam(owner, org, {
      name: 'everything',
      permission: 'read',
      includes_all_repositories: true,
    });
    await server.request('PUT', `/teams/${everything.id}/members/${writer.user.login}`, {
      token: owner.token,
    });
    await createRepo(owner, org, 'later', true);
    const seen = await repoAs(writer, org, 'later');
    assert.equal(seen.status, 200);
    assert.deepEqual(seen.json.permissions, { admin: false, push: false, pull: true });
    const list = await server.request<RepoBody[]>('GET', `/teams/${everything.id}/repos`, {
      token: writer.token,
    });
    assert.deepEqual(
      list.json.map((repo) => repo.name),
      ['later', 'secret'],
    );
  });

  test('adding needs admin rights on the repository: team members get 403, strangers 404', async () => {
    const { owner, writer, stranger, org, writers } = await world('tr-d');
    await createRepo(owner, org, 'open', false);
    const byWriter = await server.request<ErrorBody>('PUT', `/teams/${writers.id}/repos/${org}/open`, {
      token: writer.token,
    });
    assert.equal(byWriter.status, 403);
    assert.equal(byWriter.json.message, 'Must have admin rights');
    const unseen = await server.request('PUT', `/teams/${writers.id}/repos/${org}/secret`, {
      token: writer.token,
    });
    assert.equal(unseen.status, 404, 'a private repository the caller cannot see does not exist for them');
    const byStranger = await server.request('PUT', `/teams/${writers.id}/repos/${org}/secret`, {
      token: stranger.token,
    });
    assert.equal(byStranger.status, 404);
    assert.equal((await server.request('PUT', `/teams/${writers.id}/repos/${org}/secret`)).status, 401);
    const byAdmin = await server.request('PUT', `/teams/${writers.id}/repos/${org}/secret`, {
      token: server.admin.token,
    });
    assert.equal(byAdmin.status, 204);
    const admins = await createTeam(owner, org, {
      name: 'admins',
      permission: 'admin',
      includes_all_repositories: true,
    });
    await server.request('PUT', `/teams/${admins.id}/members/${writer.user.login}`, { token: owner.token });
    const byRepoAdmin = await server.request('DELETE', `/teams/${writers.id}/repos/${org}/secret`, {
      token: writer.token,
    });
    assert.equal(byRepoAdmin.status, 204, 'a member of the team with admin rights on the repository may');
  });

  test("a repository must belong to the team's organization (422); unknown repositories are 404", async () => {
    const { owner, org, writers } = await world('tr-e');
    await server.request('POST', '/orgs', { token: owner.token, body: { username: 'tr-e-other' } });
    await createRepo(owner, 'tr-e-other', 'elsewhere', false);
    const foreign = await server.request<ErrorBody>(
      'PUT',
      `/teams/${writers.id}/repos/tr-e-other/elsewhere`,
      {
        token: owner.token,
      },
    );
    assert.equal(foreign.status, 422);
    assert.match(foreign.json.message, /does not belong to the team's organization/);
    const missing = await server.request('PUT', `/teams/${writers.id}/repos/${org}/missing`, {
      token: owner.token,
    });
    assert.equal(missing.status, 404);
    assert.equal(
      (await server.request('PUT', `/teams/999999/repos/${org}/secret`, { token: server.admin.token }))
        .status,
      404,
    );
  });

  test("a repository's teams are those that reach it; a user's repository answers 405", async () => {
    const { owner, writer, org, writers } = await world('tr-f');
    await server.request('PUT', `/teams/${writers.id}/repos/${org}/secret`, { token: owner.token });
    const list = await server.request<TeamBody[]>('GET', `/repos/${org}/secret/teams`, {
      token: writer.token,
    });
    assert.equal(list.status, 200);
    assert.deepEqual(
      list.json.map((team) => [team.name, team.permission]),
      [
        ['Owners', 'owner'],
        ['writers', 'write'],
      ],
    );
    assert.equal(list.json[0]!.organization, null);
    const own = await server.request('POST', '/user/repos', { token: writer.token, body: { name: 'mine' } });
    assert.equal(own.status, 201);
    const userRepo = await server.request<ErrorBody>('GET', '/repos/tr-f-writer/mine/teams', {
      token: writer.token,
    });
    assert.equal(userRepo.status, 405);
    assert.equal(userRepo.json.message, 'repo is not owned by an organization');
    const stranger = await server.createUser('tr-f-other');
    assert.equal(
      (await server.request('GET', `/repos/${org}/secret/teams`, { token: stranger.token })).status,
      404,
    );
  });

  test('a team assigned to a repository answers the team, else 404', async () => {
    const { owner, org, writers } = await world('tr-g');
    const notYet = await server.request('GET', `/repos/${org}/secret/teams/writers`, { token: owner.token });
    assert.equal(notYet.status, 404);
    await server.request('PUT', `/teams/${writers.id}/repos/${org}/secret`, { token: owner.token });
    const res = await server.request<TeamBody>('GET', `/repos/${org}/secret/teams/WRITERS`, {
      token: owner.token,
    });
    assert.equal(res.status, 200);
    assert.equal(res.json.id, writers.id);
    const unknown = await server.request<ErrorBody>('GET', `/repos/${org}/secret/teams/ghosts`, {
      token: owner.token,
    });
    assert.equal(unknown.status, 404);
    assert.match(unknown.json.message, /team does not exist/);
  });

  test('owners add and remove teams through the repository; repeats answer 422', async () => {
    const { owner, writer, org } = await world('tr-h');
    const add = await server.request('PUT', `/repos/${org}/secret/teams/writers`, { token: owner.token });
    assert.equal(add.status, 204);
    assert.equal((await repoAs(writer, org, 'secret')).status, 200);
    const again = await server.request<ErrorBody>('PUT', `/repos/${org}/secret/teams/writers`, {
      token: owner.token,
    });
    assert.equal(again.status, 422);
    assert.equal(again.json.message, "team 'writers' is already added to repo");
    const del = await server.request('DELETE', `/repos/${org}/secret/teams/writers`, { token: owner.token });
    assert.equal(del.status, 204);
    assert.equal((await repoAs(writer, org, 'secret')).status, 404);
    const delAgain = await server.request<ErrorBody>('DELETE', `/repos/${org}/secret/teams/writers`, {
      token: owner.token,
    });
    assert.equal(delAgain.status, 422);
    assert.equal(delAgain.json.message, "team 'writers' was not added to repo");
    assert.equal(
      (await server.request('PUT', `/repos/${org}/secret/teams/ghosts`, { token: owner.token })).status,
      404,
    );
  });

  test('repository admins change its teams only when the organization allows it', async () => {
    const strict = await world('tr-i');
    const admins = await createTeam(strict.owner, strict.org, { name: 'admins', permission: 'admin' });
    await server.request('PUT', `/teams/${admins.id}/members/${strict.writer.user.login}`, {
      token: strict.owner.token,
    });
    await server.request('PUT', `/teams/${admins.id}/repos/${strict.org}/secret`, {
      token: strict.owner.token,
    });
    const refused = await server.request<ErrorBody>('PUT', `/repos/${strict.org}/secret/teams/writers`, {
      token: strict.writer.token,
    });
    assert.equal(refused.status, 403);
    assert.equal(refused.json.message, 'Must have permission to manage team repository access');
    const edited = await server.request('PATCH', `/orgs/${strict.org}`, {
      token: strict.owner.token,
      body: { repo_admin_change_team_access: true },
    });
    assert.equal(edited.status, 200);
    const allowed = await server.request('PUT', `/repos/${strict.org}/secret/teams/writers`, {
      token: strict.writer.token,
    });
    assert.equal(allowed.status, 204);
    const reader = await server.createUser('tr-i-reader');
    const readers = await createTeam(strict.owner, strict.org, { name: 'readers', permission: 'read' });
    await server.request('PUT', `/teams/${readers.id}/members/tr-i-reader`, { token: strict.owner.token });
    await server.request('PUT', `/teams/${readers.id}/repos/${strict.org}/secret`, {
      token: strict.owner.token,
    });
    const byReader = await server.request('DELETE', `/repos/${strict.org}/secret/teams/writers`, {
      token: reader.token,
    });
    assert.equal(byReader.status, 403);
  });
});
