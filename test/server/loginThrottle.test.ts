import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { failuresPerAccount } from '../../src/server/http/loginThrottle';
import { basicHeader, startServer, type TestServer, type TestUser } from './harness';

describe('repeated failed Basic logins', () => {
  let server: TestServer;

  before(async () => {
    server = await startServer();
  });

  after(async () => {
    await server.stop();
  });

  const whoAmI = (username: string, password: string) =>
    server.request<{ message: string }>('GET', '/user', { basic: { username, password } });

  it('answer 429 with Retry-After for that address and username, even with the right password', async () => {
    const user: TestUser = await server.createUser('guessed');
    for (let i = 0; i < failuresPerAccount; i++) {
      assert.equal((await whoAmI('guessed', `guess-${i}`)).status, 401, `guess ${i + 1}`);
    }
    const refused = await whoAmI('guessed', user.password);
    assert.equal(refused.status, 429, refused.text);
    assert.ok(Number(refused.headers.get('retry-after')) > 0);
    assert.match(refused.json.message, /too many failed login attempts/);
    assert.ok(!refused.text.includes(user.password));
    // A token still works, and another account from the same address is not slowed.
    assert.equal((await server.request('GET', '/user', { token: user.token })).status, 200);
    const other = await server.createUser('bystander');
    assert.equal((await whoAmI('bystander', other.password)).status, 200);
  });

  it('never slow down a client that signs in correctly or retries one stale password', async () => {
    const user = await server.createUser('regular');
    for (let round = 0; round < 2; round++) {
      for (let i = 0; i < failuresPerAccount - 1; i++) {
        assert.equal((await whoAmI('regular', `typo-${round}-${i}`)).status, 401);
      }
      assert.equal((await whoAmI('regular', user.password)).status, 200, 'a success clears the failures');
    }
    for (let i = 0; i < 3 * failuresPerAccount; i++) {
      assert.equal(
        (await whoAmI('regular', 'the-old-password')).status,
        401,
        'a stale password is one failure',
      );
    }
    assert.equal((await whoAmI('regular', user.password)).status, 200);
  });

  it('apply to smart HTTP too, sharing the count with the API', async () => {
    const user = await server.createUser('gitter');
    const created = await server.request('POST', '/user/repos', {
      token: user.token,
      body: { name: 'code', private: true, auto_init: true },
    });
    assert.equal(created.status, 201, created.text);
    const infoRefs = (password: string) =>
      server.requestRoot('GET', '/gitter/code.git/info/refs?service=git-upload-pack', {
        headers: { Authorization: basicHeader({ username: 'gitter', password }) },
      });
    assert.equal((await infoRefs(user.password)).status, 200);
    for (let i = 0; i < failuresPerAccount / 2; i++) assert.equal((await infoRefs(`git-${i}`)).status, 401);
    for (let i = 0; i < failuresPerAccount / 2; i++)
      assert.equal((await whoAmI('gitter', `api-${i}`)).status, 401);
    const refused = await infoRefs(user.password);
    assert.equal(refused.status, 429);
    assert.ok(Number(refused.headers.get('retry-after')) > 0);
  });
});
