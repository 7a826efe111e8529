import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { giteaApi } from 'gitea-js';
import { startServer, type TestServer, type TestUser } from './harness';

interface SearchBody {
  ok: boolean;
  data: { id: number; name: string; description: string; organization: unknown }[];
}

describe('team search', () => {
  let server: TestServer;
  let owner: TestUser;
  let member: TestUser;
  let stranger: TestUser;
  before(async () => {
    server = await startServer();
    owner = await server.createUser('ts-owner');
    member = await server.createUser('ts-member');
    stranger = await server.createUser('ts-stranger');
    const org = await server.request('POST', '/orgs', { token: owner.token, body: { username: 'ts-org' } });
    assert.equal(org.status, 201, org.text);
    const teams = [
      { name: 'Backend', description: 'servers and databases' },
      { name: 'frontend', description: 'the web client' },
      { name: 'Docs', description: 'writes for the backend people' },
      { name: 'under_score', description: '' },
    ];
    for (const team of teams) {
      const res = await server.request<{ id: number }>('POST', '/orgs/ts-org/teams', {
        token: owner.token,
        body: { ...team, permission: 'read' },
      });
      assert.equal(res.status, 201, res.text);
      if (team.name === 'frontend') {
        await server.request('PUT', `/teams/${res.json.id}/members/ts-member`, { token: owner.token });
      }
    }
    // another organization's team of the same name is never found
    await server.request('POST', '/orgs', { token: stranger.token, body: { username: 'ts-elsewhere' } });
    await server.request('POST', '/orgs/ts-elsewhere/teams', {
      token: stranger.token,
      body: { name: 'backend-too', permission: 'read' },
    });
  });
  after(async () => {
    await server.stop();
  });

  const search = (query: string, token?: string) =>
    server.request<SearchBody>('GET', `/orgs/ts-org/teams/search${query}`, token ? { token } : {});
  const names = (body: SearchBody): string[] => body.data.map((team) => team.name);

  test('{ok, data}: names and descriptions containing q, by name; include_desc=false leaves descriptions out', async () => {
    const res = await search('?q=BACKEND', member.token);
    assert.equal(res.status, 200);
    assert.equal(res.json.ok, true);
    assert.deepEqual(names(res.json), ['Backend', 'Docs']);
    assert.equal(res.headers.get('x-total-count'), '2');
    assert.deepEqual(names((await search('?q=backend&include_desc=false', member.token)).json), ['Backend']);
    // no q: every team of the organization, Owners included
    assert.deepEqual(names((await search('', owner.token)).json), [
      'Backend',
      'Docs',
      'frontend',
      'Owners',
      'under_score',
    ]);
    // _ is a literal character, not a pattern
    assert.deepEqual(names((await search('?q=r_s', owner.token)).json), ['under_score']);
    assert.deepEqual(names((await search('?q=nothing-like-it', owner.token)).json), []);
  });

  test('paged by limit and page with Link and X-Total-Count', async () => {
    const res = await search('?limit=2&page=2', owner.token);
    assert.deepEqual(names(res.json), ['frontend', 'Owners']);
    assert.equal(res.headers.get('x-total-count'), '5');
    assert.match(res.headers.get('link') ?? '', /rel="next"/);
  });

  test('members of the organization only: 403 for others, 401 anonymous, 404 for an unknown org', async () => {
    assert.equal((await search('?q=a', stranger.token)).status, 403);
    assert.equal((await search('?q=a')).status, 401);
    assert.equal(
      (await server.request('GET', '/orgs/ts-nope/teams/search', { token: owner.token })).status,
      404,
    );
    // site admins pass as owners
    assert.equal((await search('?q=a', server.admin.token)).status, 200);
  });

  test('gitea-js searches teams', async () => {
    const api = giteaApi(server.url.replace(/\/$/, ''), { token: member.token });
    const res = await api.orgs.teamSearch('ts-org', { q: 'front', include_desc: false });
    assert.equal(res.data.ok, true);
    assert.deepEqual(
      res.data.data?.map((team) => team.name),
      ['frontend'],
    );
  });
});
