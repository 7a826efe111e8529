import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { giteaApi } from 'gitea-js';
import { startServer, type TestServer, type TestUser } from './harness';

interface RepoBody {
  id: number;
  name: string;
  full_name: string;
  private: boolean;
  message: string;
}
interface SearchBody {
  ok: boolean;
  data: RepoBody[];
  message: string;
}

describe('repository search and lists', () => {
  let server: TestServer;
  before(async () => {
    server = await startServer();
  });
  after(async () => {
    await server.stop();
  });

  const createRepo = async (
    user: TestUser,
    body: Record<string, unknown>,
    apiPath = '/user/repos',
  ): Promise<RepoBody> => {
    const res = await server.request<RepoBody>('POST', apiPath, { token: user.token, body });
    assert.equal(res.status, 201, res.text);
    return res.json;
  };
  const search = (query: string, token?: string) =>
    server.request<SearchBody>('GET', `/repos/search?${query}`, token === undefined ? {} : { token });
  const names = (repos: RepoBody[]): string[] => repos.map((repo) => repo.name);

  test('q matches names case-insensitively, and descriptions only with includeDesc', async () => {
    const ada = await server.createUser('rs-ada');
    await createRepo(ada, { name: 'kw1-Alpha' });
    await createRepo(ada, { name: 'other-kw1', description: 'nothing' });
    await createRepo(ada, { name: 'unrelated', description: 'mentions KW1 here' });
    const byName = await search('q=KW1');
    assert.equal(byName.status, 200);
    assert.equal(byName.json.ok, true);
    assert.deepEqual(names(byName.json.data), ['kw1-Alpha', 'other-kw1']);
    assert.equal(byName.headers.get('x-total-count'), '2');
    const withDesc = await search('q=kw1&includeDesc=true');
    assert.deepEqual(names(withDesc.json.data), ['kw1-Alpha', 'other-kw1', 'unrelated']);
    const ownerForm = await search('q=rs-ada/alpha');
    assert.deepEqual(names(ownerForm.json.data), ['kw1-Alpha']);
    const none = await search('q=kw1-nothing-like-this');
    assert.deepEqual(none.json.data, []);
    assert.equal(none.headers.get('x-total-count'), '0');
  });

  test('search pages with limit (at most 50), X-Total-Count and Link', async () => {
    const bea = await server.createUser('rs-bea');
    for (const n of [1, 2, 3, 4, 5]) await createRepo(bea, { name: `pg-${n}` });
    const page2 = await search('q=pg-&limit=2&page=2');
    assert.deepEqual(names(page2.json.data), ['pg-3', 'pg-4']);
    assert.equal(page2.headers.get('x-total-count'), '5');
    const link = page2.headers.get('link') ?? '';
    const rels = Object.fromEntries(
      link.split(',').map((part) => {
        const [, url = '', rel = ''] = /^<([^>]+)>; rel="(\w+)"$/.exec(part.trim()) ?? [];
        const params = new URL(url).searchParams;
        return [rel, `${params.get('q')} ${params.get('page')} ${params.get('limit')}`];
      }),
    );
    assert.deepEqual(rels, { next: 'pg- 3 2', last: 'pg- 3 2', first: 'pg- 1 2', prev: 'pg- 1 2' });
    const last = await search('q=pg-&limit=2&page=3');
    assert.deepEqual(names(last.json.data), ['pg-5']);
    assert.doesNotMatch(last.headers.get('link') ?? '', /rel="next"/);
    const capped = await search('q=pg-&limit=500');
    assert.equal(capped.json.data.length, 5);
    const many = await search('limit=500&page=2');
    assert.match(many.headers.get('link') ?? '', /limit=50/);
  });

  test('private repositories are found only by callers who can see them', async () => {
    const cat = await server.createUser('rs-cat');
    const friend = await server.createUser('rs-cat-friend');
    const stranger = await server.createUser('rs-cat-stranger');
    await createRepo(cat, { name: 'vis-public' });
    await createRepo(cat, { name: 'vis-private', private: true });
    await server.request('PUT', '/repos/rs-cat/vis-private/collaborators/rs-cat-friend', {
      token: cat.token,
      body: {},
    });
    assert.deepEqual(names((await search('q=vis-')).json.data), ['vis-public']);
    assert.equal((await search('q=vis-')).headers.get('x-total-count'), '1');
    assert.deepEqual(names((await search('q=vis-', stranger.token)).json.data), ['vis-public']);
    assert.deepEqual(names((await search('q=vis-', friend.token)).json.data), ['vis-private', 'vis-public']);
    assert.deepEqual(names((await search('q=vis-', cat.token)).json.data), ['vis-private', 'vis-public']);
    assert.deepEqual(names((await search('q=vis-', server.admin.token)).json.data), [
      'vis-private',
      'vis-public',
    ]);
    assert.deepEqual(names((await search('q=vis-&private=false', cat.token)).json.data), ['vis-public']);
    assert.deepEqual(names((await search('q=vis-&is_private=true', cat.token)).json.data), ['vis-private']);
    assert.deepEqual(names((await search('q=vis-&is_private=false', cat.token)).json.data), ['vis-public']);
  });

  test('mode filters sources, forks, mirrors and collaborations; an unknown mode answers 422', async () => {
    const dan = await server.createUser('rs-dan');
    const peer = await server.createUser('rs-dan-peer');
    await createRepo(dan, { name: 'md-own' });
    await createRepo(peer, { name: 'md-peer' });
    await server.request('PUT', '/repos/rs-dan-peer/md-peer/collaborators/rs-dan', {
      token: peer.token,
      body: {},
    });
    assert.deepEqual(names((await search('q=md-&mode=source')).json.data), ['md-own', 'md-peer']);
    assert.deepEqual((await search('q=md-&mode=fork')).json.data, []);
    assert.deepEqual((await search('q=md-&mode=mirror')).json.data, []);
    const collaborative = await search(`q=md-&mode=collaborative&uid=${dan.user.id}`, dan.token);
    assert.deepEqual(names(collaborative.json.data), ['md-peer']);
    const bad = await search('mode=everything');
    assert.equal(bad.status, 422);
    assert.equal(bad.json.message, 'Invalid search mode: "everything"');
  });

  test('uid finds what a user owns or collaborates on; exclusive only what they own', async () => {
    const eli = await server.createUser('rs-eli');
    const other = await server.createUser('rs-eli-other');
    await createRepo(eli, { name: 'uid-own' });
    await createRepo(other, { name: 'uid-shared' });
    await createRepo(other, { name: 'uid-unrelated' });
    await server.request('PUT', '/repos/rs-eli-other/uid-shared/collaborators/rs-eli', {
      token: other.token,
      body: {},
    });
    assert.deepEqual(names((await search(`uid=${eli.user.id}`)).json.data), ['uid-own', 'uid-shared']);
    assert.deepEqual(names((await search(`uid=${eli.user.id}&exclusive=true`)).json.data), ['uid-own']);
    assert.equal((await search('uid=abc')).status, 422);
  });

  test('sort and order choose the order; unknown ones answer 422', async () => {
    const fin = await server.createUser('rs-fin');
    await createRepo(fin, { name: 'so-b' });
    await createRepo(fin, { name: 'so-a' });
    await createRepo(fin, { name: 'so-c' });
    assert.deepEqual(names((await search('q=so-')).json.data), ['so-a', 'so-b', 'so-c']);
    assert.deepEqual(names((await search('q=so-&sort=alpha&order=desc')).json.data), [
      'so-c',
      'so-b',
      'so-a',
    ]);
    assert.deepEqual(names((await search('q=so-&sort=id')).json.data), ['so-b', 'so-a', 'so-c']);
    assert.equal(
      (await server.request('PUT', '/user/starred/rs-fin/so-c', { token: fin.token })).status,
      204,
    );
    assert.deepEqual(names((await search('q=so-&sort=stars&order=desc')).json.data)[0], 'so-c');
    const badSort = await search('sort=colour');
    assert.equal(badSort.status, 422);
    assert.equal(badSort.json.message, 'Invalid sort mode: "colour"');
    assert.equal((await search('sort=id&order=sideways')).status, 422);
  });

  test('template and archived filter on those flags', async () => {
    const gia = await server.createUser('rs-gia');
    await createRepo(gia, { name: 'fl-template', template: true });
    await createRepo(gia, { name: 'fl-archived' });
    await createRepo(gia, { name: 'fl-plain' });
    await server.request('PATCH', '/repos/rs-gia/fl-archived', {
      token: gia.token,
      body: { archived: true },
    });
    assert.deepEqual(names((await search('q=fl-&template=true')).json.data), ['fl-template']);
    assert.deepEqual(names((await search('q=fl-&archived=true')).json.data), ['fl-archived']);
    assert.deepEqual(names((await search('q=fl-&archived=false')).json.data), ['fl-plain', 'fl-template']);
  });

  test('GET /user/repos lists own, collaborative and team repositories; others are not listed', async () => {
    const hal = await server.createUser('rs-hal');
    const boss = await server.createUser('rs-hal-boss');
    await createRepo(hal, { name: 'mine-private', private: true });
    await createRepo(boss, { name: 'shared', private: true });
    await createRepo(boss, { name: 'not-shared' });
    await server.request('PUT', '/repos/rs-hal-boss/shared/collaborators/rs-hal', {
      token: boss.token,
      body: {},
    });
    assert.equal(
      (await server.request('POST', '/orgs', { token: boss.token, body: { username: 'rs-hal-org' } })).status,
      201,
    );
    await createRepo(boss, { name: 'team-repo', private: true }, '/orgs/rs-hal-org/repos');
    const team = await server.request<{ id: number }>('POST', '/orgs/rs-hal-org/teams', {
      token: boss.token,
      body: { name: 'all', permission: 'read', includes_all_repositories: true, units: ['repo.code'] },
    });
    await server.request('PUT', `/teams/${team.json.id}/members/rs-hal`, { token: boss.token });
    const mine = await server.request<RepoBody[]>('GET', '/user/repos', { token: hal.token });
    assert.equal(mine.status, 200);
    assert.deepEqual(
      mine.json.map((repo) => repo.full_name),
      ['rs-hal/mine-private', 'rs-hal-boss/shared', 'rs-hal-org/team-repo'],
    );
    assert.equal(mine.headers.get('x-total-count'), '3');
    assert.equal((await server.request('GET', '/user/repos')).status, 401);
  });

  test('GET /users/{username}/repos lists what the caller may see of that user', async () => {
    const ivy = await server.createUser('rs-ivy');
    await createRepo(ivy, { name: 'u-public' });
    await createRepo(ivy, { name: 'u-private', private: true });
    const anonymous = await server.request<RepoBody[]>('GET', '/users/rs-ivy/repos');
    assert.deepEqual(names(anonymous.json), ['u-public']);
    assert.equal(anonymous.headers.get('x-total-count'), '1');
    const self = await server.request<RepoBody[]>('GET', '/users/rs-ivy/repos', { token: ivy.token });
    assert.deepEqual(names(self.json), ['u-public', 'u-private']);
    const paged = await server.request<RepoBody[]>('GET', '/users/rs-ivy/repos?limit=1&page=2', {
      token: ivy.token,
    });
    assert.deepEqual(names(paged.json), ['u-private']);
    assert.equal(paged.headers.get('x-total-count'), '2');
    assert.equal((await server.request('GET', '/users/rs-nobody/repos')).status, 404);
  });

  test('GET /orgs/{org}/repos shows private repositories only to members who can see them', async () => {
    const jo = await server.createUser('rs-jo');
    const member = await server.createUser('rs-jo-member');
    const outsider = await server.createUser('rs-jo-outsider');
    await server.request('POST', '/orgs', { token: jo.token, body: { username: 'rs-jo-org' } });
    await createRepo(jo, { name: 'o-public' }, '/orgs/rs-jo-org/repos');
    await createRepo(jo, { name: 'o-private', private: true }, '/orgs/rs-jo-org/repos');
    const team = await server.request<{ id: number }>('POST', '/orgs/rs-jo-org/teams', {
      token: jo.token,
      body: { name: 'readers', permission: 'read', includes_all_repositories: true, units: ['repo.code'] },
    });
    await server.request('PUT', `/teams/${team.json.id}/members/rs-jo-member`, { token: jo.token });
    const list = (token?: string) =>
      server.request<RepoBody[]>('GET', '/orgs/rs-jo-org/repos', token === undefined ? {} : { token });
    assert.deepEqual(names((await list()).json), ['o-public']);
    assert.deepEqual(names((await list(outsider.token)).json), ['o-public']);
    assert.deepEqual(names((await list(member.token)).json), ['o-public', 'o-private']);
    assert.deepEqual(names((await list(jo.token)).json), ['o-public', 'o-private']);
    assert.equal((await list(member.token)).headers.get('x-total-count'), '2');
    assert.equal((await server.request('GET', '/orgs/rs-no-org/repos')).status, 404);
  });

  test('gitea-js searches with its own query names and reads the wrapped result', async () => {
    const kai = await server.createUser('rs-kai');
    await createRepo(kai, { name: 'js-search-one' });
    await createRepo(kai, { name: 'js-search-two', private: true });
    const api = giteaApi(server.url.replace(/\/$/, ''), { token: kai.token });
    const found = await api.repos.repoSearch({
      q: 'js-search',
      limit: 1,
      page: 1,
      sort: 'alpha',
      order: 'asc',
    });
    assert.equal(found.status, 200);
    assert.equal(found.data.ok, true);
    assert.deepEqual(
      found.data.data?.map((repo) => repo.name),
      ['js-search-one'],
    );
    assert.equal(found.headers.get('x-total-count'), '2');
  });
});
