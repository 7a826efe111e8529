import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { giteaApi } from 'gitea-js';
import { startServer, type TestServer } from './harness';

interface UserJson {
  login: string;
  followers_count: number;
  following_count: number;
}

let server: TestServer;
before(async () => {
  server = await startServer();
});
after(async () => {
  await server.stop();
});

const follow = (token: string | undefined, name: string) =>
  server.request('PUT', `/user/following/${name}`, { token });
const logins = (users: UserJson[]): string[] => users.map((user) => user.login);

describe('followers', () => {
  test('following answers 204 and both check endpoints then answer 204; the other way round 404', async () => {
    const amy = await server.createUser('fol-amy');
    await server.createUser('fol-ben');
    const res = await follow(amy.token, 'fol-ben');
    assert.equal(res.status, 204);
    assert.equal(res.text, '');
    assert.equal((await server.request('GET', '/user/following/fol-ben', { token: amy.token })).status, 204);
    assert.equal(
      (await server.request('GET', '/users/fol-amy/following/fol-ben', { token: amy.token })).status,
      204,
    );
    const reverse = await server.request<{ message: string }>('GET', '/users/fol-ben/following/fol-amy', {
      token: amy.token,
    });
    assert.equal(reverse.status, 404);
    assert.equal(typeof reverse.json.message, 'string');
  });

  test('the lists and the User counters show who follows whom, paged with X-Total-Count', async () => {
    const cy = await server.createUser('fol-cy');
    const fans = [
      await server.createUser('fol-fan1'),
      await server.createUser('fol-fan2'),
      await server.createUser('fol-fan3'),
    ];
    for (const fan of fans) assert.equal((await follow(fan.token, 'fol-cy')).status, 204);
    assert.equal((await follow(cy.token, 'fol-fan1')).status, 204);
    const followers = await server.request<UserJson[]>('GET', '/user/followers', { token: cy.token });
    assert.equal(followers.status, 200);
    assert.deepEqual(logins(followers.json), ['fol-fan1', 'fol-fan2', 'fol-fan3']);
    assert.equal(followers.headers.get('x-total-count'), '3');
    const page = await server.request<UserJson[]>('GET', '/users/fol-cy/followers?limit=2&page=2', {
      token: fans[0]!.token,
    });
    assert.deepEqual(logins(page.json), ['fol-fan3']);
    assert.equal(page.headers.get('x-total-count'), '3');
    assert.match(page.headers.get('link') ?? '', /rel="first"/);
    assert.deepEqual(
      logins((await server.request<UserJson[]>('GET', '/user/following', { token: cy.token })).json),
      ['fol-fan1'],
    );
    const fanFollowing = await server.request<UserJson[]>('GET', '/users/fol-fan2/following', {
      token: cy.token,
    });
    assert.deepEqual(logins(fanFollowing.json), ['fol-cy']);
    const profile = await server.request<UserJson>('GET', '/users/fol-cy', { token: cy.token });
    assert.equal(profile.json.followers_count, 3);
    assert.equal(profile.json.following_count, 1);
  });

  test('following twice records one follow; unfollowing answers 204, also when not following', async () => {
    const dot = await server.createUser('fol-dot');
    await server.createUser('fol-eli');
    assert.equal((await follow(dot.token, 'fol-eli')).status, 204);
    assert.equal((await follow(dot.token, 'fol-eli')).status, 204);
    assert.equal(
      (await server.request<UserJson>('GET', '/users/fol-eli', { token: dot.token })).json.followers_count,
      1,
    );
    assert.equal(
      (await server.request('DELETE', '/user/following/fol-eli', { token: dot.token })).status,
      204,
    );
    assert.equal((await server.request('GET', '/user/following/fol-eli', { token: dot.token })).status, 404);
    assert.equal(
      (await server.request('DELETE', '/user/following/fol-eli', { token: dot.token })).status,
      204,
    );
    assert.equal(
      (await server.request<UserJson>('GET', '/users/fol-eli', { token: dot.token })).json.followers_count,
      0,
    );
  });

  test('following oneself is accepted and ignored, as in Gitea', async () => {
    const fay = await server.createUser('fol-fay');
    assert.equal((await follow(fay.token, 'fol-fay')).status, 204);
    assert.equal((await server.request('GET', '/user/following/fol-fay', { token: fay.token })).status, 404);
    assert.equal(
      (await server.request<UserJson>('GET', '/user', { token: fay.token })).json.following_count,
      0,
    );
  });

  test('an unknown user is 404 everywhere; anonymous callers get 401', async () => {
    const gus = await server.createUser('fol-gus');
    assert.equal((await follow(gus.token, 'fol-nobody')).status, 404);
    assert.equal(
      (await server.request('DELETE', '/user/following/fol-nobody', { token: gus.token })).status,
      404,
    );
    assert.equal(
      (await server.request('GET', '/user/following/fol-nobody', { token: gus.token })).status,
      404,
    );
    assert.equal(
      (await server.request('GET', '/users/fol-nobody/followers', { token: gus.token })).status,
      404,
    );
    assert.equal(
      (await server.request('GET', '/users/fol-gus/following/fol-nobody', { token: gus.token })).status,
      404,
    );
    assert.equal((await follow(undefined, 'fol-gus')).status, 401);
    assert.equal((await server.request('GET', '/user/followers')).status, 401);
    assert.equal((await server.request('GET', '/users/fol-gus/followers')).status, 401);
  });

  test('a private user cannot be followed by others and is left out of lists for those who cannot see them', async () => {
    const hid = await server.createUser('fol-hid');
    const ivy = await server.createUser('fol-ivy');
    const joe = await server.createUser('fol-joe');
    assert.equal((await follow(hid.token, 'fol-ivy')).status, 204);
    assert.equal((await follow(joe.token, 'fol-ivy')).status, 204);
    const hidden = await server.request('PATCH', '/admin/users/fol-hid', {
      token: server.admin.token,
      body: { visibility: 'private' },
    });
    assert.equal(hidden.status, 200);
    assert.equal((await follow(ivy.token, 'fol-hid')).status, 404);
    const seenByJoe = await server.request<UserJson[]>('GET', '/users/fol-ivy/followers', {
      token: joe.token,
    });
    assert.deepEqual(logins(seenByJoe.json), ['fol-joe']);
    assert.equal(seenByJoe.headers.get('x-total-count'), '1');
    const seenByAdmin = await server.request<UserJson[]>('GET', '/users/fol-ivy/followers', {
      token: server.admin.token,
    });
    assert.deepEqual(logins(seenByAdmin.json), ['fol-hid', 'fol-joe']);
    const seenByHid = await server.request<UserJson[]>('GET', '/user/following', { token: hid.token });
    assert.deepEqual(logins(seenByHid.json), ['fol-ivy']);
    assert.equal((await server.request('GET', '/users/fol-hid/following', { token: joe.token })).status, 404);
  });

  test('gitea-js follows, checks, lists and unfollows with the calls it makes', async () => {
    const kay = await server.createUser('fol-kay');
    await server.createUser('fol-lou');
    const api = giteaApi(server.url.replace(/\/$/, ''), { token: kay.token, customFetch: fetch });
    assert.equal((await api.user.userCurrentPutFollow('fol-lou')).status, 204);
    assert.equal((await api.user.userCurrentCheckFollowing('fol-lou')).status, 204);
    assert.equal((await api.users.userCheckFollowing('fol-kay', 'fol-lou')).status, 204);
    const following = await api.user.userCurrentListFollowing();
    assert.deepEqual(
      following.data.map((user) => user.login),
      ['fol-lou'],
    );
    assert.equal((await api.users.userListFollowers('fol-lou')).data[0]?.login, 'fol-kay');
    assert.equal((await api.user.userCurrentDeleteFollow('fol-lou')).status, 204);
    await assert.rejects(
      api.user.userCurrentCheckFollowing('fol-lou'),
      (error: { status: number }) => error.status === 404,
    );
  });
});
