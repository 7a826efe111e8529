import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { giteaApi } from 'gitea-js';
import { startServer, type TestServer, type TestUser } from './harness';

interface RepoBody {
  name: string;
  full_name: string;
  stars_count: number;
}
interface UserBody {
  login: string;
  starred_repos_count: number;
}

describe('stars', () => {
  let server: TestServer;
  before(async () => {
    server = await startServer();
  });
  after(async () => {
    await server.stop();
  });

  const createRepo = async (user: TestUser, body: Record<string, unknown>): Promise<void> => {
    const res = await server.request('POST', '/user/repos', { token: user.token, body });
    assert.equal(res.status, 201, res.text);
  };
  const star = (method: 'PUT' | 'GET' | 'DELETE', full: string, token?: string) =>
    server.request(method, `/user/starred/${full}`, token === undefined ? {} : { token });
  const starsOf = async (full: string, token: string): Promise<number> =>
    (await server.request<RepoBody>('GET', `/repos/${full}`, { token })).json.stars_count;

  test('starring is idempotent: two PUTs count one star', async () => {
    const ana = await server.createUser('st-ana');
    const fan = await server.createUser('st-ana-fan');
    await createRepo(ana, { name: 'shiny' });
    for (let i = 0; i < 2; i++) {
      const res = await star('PUT', 'st-ana/shiny', fan.token);
      assert.equal(res.status, 204);
      assert.equal(res.text, '');
    }
    assert.equal(await starsOf('st-ana/shiny', fan.token), 1);
    assert.equal((await star('GET', 'st-ana/shiny', fan.token)).status, 204);
    const gazers = await server.request<UserBody[]>('GET', '/repos/st-ana/shiny/stargazers');
    assert.equal(gazers.status, 200);
    assert.deepEqual(
      gazers.json.map((user) => user.login),
      ['st-ana-fan'],
    );
    assert.equal(gazers.headers.get('x-total-count'), '1');
    const me = await server.request<UserBody>('GET', '/user', { token: fan.token });
    assert.equal(me.json.starred_repos_count, 1);
  });

  test('unstarring removes the star; checking a repository not starred answers 404', async () => {
    const ben = await server.createUser('st-ben');
    await createRepo(ben, { name: 'dim' });
    assert.equal((await star('GET', 'st-ben/dim', ben.token)).status, 404);
    await star('PUT', 'st-ben/dim', ben.token);
    assert.equal(await starsOf('st-ben/dim', ben.token), 1);
    assert.equal((await star('DELETE', 'st-ben/dim', ben.token)).status, 204);
    assert.equal((await star('DELETE', 'st-ben/dim', ben.token)).status, 204);
    assert.equal(await starsOf('st-ben/dim', ben.token), 0);
    assert.equal((await star('GET', 'st-ben/dim', ben.token)).status, 404);
  });

  test('repositories the caller cannot see cannot be starred (404); anonymous callers get 401', async () => {
    const cy = await server.createUser('st-cy');
    const stranger = await server.createUser('st-cy-stranger');
    await createRepo(cy, { name: 'hidden', private: true });
    for (const method of ['PUT', 'GET', 'DELETE'] as const) {
      assert.equal((await star(method, 'st-cy/hidden', stranger.token)).status, 404, method);
      assert.equal((await star(method, 'st-cy/hidden')).status, 401, method);
    }
    assert.equal((await star('PUT', 'st-cy/missing', cy.token)).status, 404);
    assert.equal(
      (await server.request('GET', '/repos/st-cy/hidden/stargazers', { token: stranger.token })).status,
      404,
    );
    assert.equal(
      (await server.request('GET', '/repos/st-cy/hidden/stargazers', { token: cy.token })).status,
      200,
    );
  });

  test("GET /user/starred lists the caller's stars; /users/{name}/starred shows others only public ones", async () => {
    const dot = await server.createUser('st-dot');
    const viewer = await server.createUser('st-dot-viewer');
    await createRepo(dot, { name: 'pub' });
    await createRepo(dot, { name: 'priv', private: true });
    await star('PUT', 'st-dot/pub', dot.token);
    await star('PUT', 'st-dot/priv', dot.token);
    const own = await server.request<RepoBody[]>('GET', '/user/starred', { token: dot.token });
    assert.equal(own.status, 200);
    assert.deepEqual(own.json.map((repo) => repo.name).sort(), ['priv', 'pub']);
    assert.equal(own.headers.get('x-total-count'), '2');
    const byName = await server.request<RepoBody[]>('GET', '/users/st-dot/starred', { token: dot.token });
    assert.deepEqual(byName.json.map((repo) => repo.name).sort(), ['priv', 'pub']);
    const others = await server.request<RepoBody[]>('GET', '/users/st-dot/starred', { token: viewer.token });
    assert.deepEqual(
      others.json.map((repo) => repo.name),
      ['pub'],
    );
    assert.equal(others.headers.get('x-total-count'), '1');
    const paged = await server.request<RepoBody[]>('GET', '/user/starred?limit=1', { token: dot.token });
    assert.equal(paged.json.length, 1);
    assert.match(paged.headers.get('link') ?? '', /rel="next"/);
    assert.equal((await server.request('GET', '/users/st-nobody/starred', { token: dot.token })).status, 404);
    assert.equal((await server.request('GET', '/user/starred')).status, 401);
  });

  test('stargazers are paged with X-Total-Count and Link', async () => {
    const eli = await server.createUser('st-eli');
    await createRepo(eli, { name: 'popular' });
    const fans: TestUser[] = [];
    for (const n of [1, 2, 3]) fans.push(await server.createUser(`st-eli-fan${n}`));
    for (const fan of fans) await star('PUT', 'st-eli/popular', fan.token);
    const page = await server.request<UserBody[]>('GET', '/repos/st-eli/popular/stargazers?limit=2&page=2');
    assert.deepEqual(
      page.json.map((user) => user.login),
      ['st-eli-fan3'],
    );
    assert.equal(page.headers.get('x-total-count'), '3');
    assert.match(page.headers.get('link') ?? '', /rel="prev"/);
    assert.equal(await starsOf('st-eli/popular', eli.token), 3);
  });

  test('gitea-js stars, checks and lists stargazers', async () => {
    const fay = await server.createUser('st-fay');
    await createRepo(fay, { name: 'js-star' });
    const api = giteaApi(server.url.replace(/\/$/, ''), { token: fay.token });
    assert.equal((await api.user.userCurrentPutStar('st-fay', 'js-star')).status, 204);
    assert.equal((await api.user.userCurrentCheckStarring('st-fay', 'js-star')).status, 204);
    const gazers = await api.repos.repoListStargazers('st-fay', 'js-star');
    assert.deepEqual(
      gazers.data.map((user) => user.login),
      ['st-fay'],
    );
    const starred = await api.user.userCurrentListStarred();
    assert.deepEqual(
      starred.data.map((repo) => repo.full_name),
      ['st-fay/js-star'],
    );
    assert.equal(starred.data[0]?.stars_count, 1);
    assert.equal((await api.user.userCurrentDeleteStar('st-fay', 'js-star')).status, 204);
    await assert.rejects(
      api.user.userCurrentCheckStarring('st-fay', 'js-star'),
      (error: { status: number }) => error.status === 404,
    );
  });
});
