import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { startServer, waitFor, type TestServer } from './harness';

interface UserBody {
  login: string;
}
interface ErrorBody {
  message: string;
  url: string;
}

describe('authentication', () => {
  let server: TestServer;
  before(async () => {
    server = await startServer();
  });
  after(async () => {
    await server.stop();
  });

  test('an anonymous GET /user answers 401 "token is required"', async () => {
    const res = await server.request<ErrorBody>('GET', '/user');
    assert.equal(res.status, 401);
    assert.deepEqual(res.json, { message: 'token is required', url: `${server.url}api/swagger` });
  });

  test('Authorization: token, Bearer and their scheme in any case all sign in', async () => {
    const alice = await server.createUser('auth-alice');
    for (const header of [
      `token ${alice.token}`,
      `Bearer ${alice.token}`,
      `TOKEN ${alice.token}`,
      `bearer ${alice.token}`,
    ]) {
      const res = await server.request<UserBody>('GET', '/user', { headers: { Authorization: header } });
      assert.equal(res.status, 200, header.split(' ')[0]);
      assert.equal(res.json.login, 'auth-alice');
    }
  });

  test('?token= and ?access_token= sign in', async () => {
    const bob = await server.createUser('auth-bob');
    for (const name of ['token', 'access_token']) {
      const res = await server.request<UserBody>('GET', `/user?${name}=${bob.token}`);
      assert.equal(res.status, 200, name);
      assert.equal(res.json.login, 'auth-bob');
    }
  });

  test('the query token is masked in the request log', async () => {
    const carol = await server.createUser('auth-carol');
    const res = await server.request('GET', `/user?token=${carol.token}`);
    assert.equal(res.status, 200);
    // request lines are written once per turn of the server's event loop, a moment after the answer
    const logged = /GET \/api\/v1\/user\?token=\*\*\* 200/;
    await waitFor(() => logged.test(server.output().stderr), 5_000, 'the request line');
    const { stderr } = server.output();
    assert.ok(!stderr.includes(carol.token), 'the token must not appear in the log');
    assert.ok(!stderr.includes(carol.password), 'no password in the log');
  });

  test('Basic with a password, with a token as password, and with a token as username all sign in', async () => {
    const dave = await server.createUser('auth-dave');
    const variants = [
      { username: 'auth-dave', password: dave.password },
      { username: 'auth-dave', password: dave.token },
      { username: dave.token, password: '' },
      { username: dave.token, password: 'x-oauth-basic' },
    ];
    for (const basic of variants) {
      const res = await server.request<UserBody>('GET', '/user', { basic });
      assert.equal(res.status, 200, JSON.stringify(basic));
      assert.equal(res.json.login, 'auth-dave');
    }
  });

  test('a user name is matched case-insensitively in Basic auth', async () => {
    const erin = await server.createUser('auth-erin');
    const res = await server.request<UserBody>('GET', '/user', {
      basic: { username: 'AUTH-ERIN', password: erin.password },
    });
    assert.equal(res.status, 200);
    assert.equal(res.json.login, 'auth-erin');
  });

  test('invalid credentials answer 401 even on a public endpoint', async () => {
    const frank = await server.createUser('auth-frank');
    const attempts = [
      { token: 'f'.repeat(40) },
      { basic: { username: 'auth-frank', password: 'wrong-password' } },
      { basic: { username: 'nobody-at-all', password: frank.password } },
      { basic: { username: 'f'.repeat(40), password: '' } },
      { headers: { Authorization: 'Basic !!!notbase64' } },
    ];
    for (const options of attempts) {
      const res = await server.request<ErrorBody>('GET', '/version', options);
      assert.equal(res.status, 401, JSON.stringify(options));
      assert.equal(res.json.message, 'invalid username, password or token');
    }
    const query = await server.request<ErrorBody>('GET', `/version?access_token=${'0'.repeat(40)}`);
    assert.equal(query.status, 401);
    assert.equal(query.json.message, 'invalid username, password or token');
  });

  test('an unknown Authorization scheme is ignored (anonymous)', async () => {
    const res = await server.request<{ version: string }>('GET', '/version', {
      headers: { Authorization: 'Digest abc' },
    });
    assert.equal(res.status, 200);
    assert.equal(typeof res.json.version, 'string');
  });

  test('a deactivated or login-prohibited user is refused with 403', async () => {
    const gina = await server.createUser('auth-gina');
    const deactivate = await server.request('PATCH', '/admin/users/auth-gina', {
      token: server.admin.token,
      body: { active: false },
    });
    assert.equal(deactivate.status, 200);
    const res = await server.request<ErrorBody>('GET', '/user', { token: gina.token });
    assert.equal(res.status, 403);
    assert.match(res.json.message, /prohibited from signing in/);

    const hank = await server.createUser('auth-hank');
    await server.request('PATCH', '/admin/users/auth-hank', {
      token: server.admin.token,
      body: { prohibit_login: true },
    });
    const prohibited = await server.request<ErrorBody>('GET', '/user', {
      basic: { username: 'auth-hank', password: hank.password },
    });
    assert.equal(prohibited.status, 403);
  });
});

describe('operation auth requirements', () => {
  let server: TestServer;
  before(async () => {
    server = await startServer();
  });
  after(async () => {
    await server.stop();
  });

  test('admin operations answer 401 to anonymous callers and 403 to other users', async () => {
    const anonymous = await server.request<ErrorBody>('POST', '/admin/users', { body: {} });
    assert.equal(anonymous.status, 401);
    assert.equal(anonymous.json.message, 'token is required');
    const ivy = await server.createUser('req-ivy');
    const user = await server.request<ErrorBody>('POST', '/admin/users', { token: ivy.token, body: {} });
    assert.equal(user.status, 403);
    assert.match(user.json.message, /administrator/);
  });

  test('basic-only operations answer 401 to token callers and anonymous ones', async () => {
    const jack = await server.createUser('req-jack');
    const withToken = await server.request<ErrorBody>('GET', '/users/req-jack/tokens', { token: jack.token });
    assert.equal(withToken.status, 401);
    assert.equal(withToken.json.message, 'basic auth required');
    const anonymous = await server.request<ErrorBody>('GET', '/users/req-jack/tokens');
    assert.equal(anonymous.status, 401);
    const withBasic = await server.request<unknown[]>('GET', '/users/req-jack/tokens', {
      basic: { username: 'req-jack', password: jack.password },
    });
    assert.equal(withBasic.status, 200);
    assert.equal(withBasic.json.length, 1);
  });
});

describe('sudo', () => {
  let server: TestServer;
  before(async () => {
    server = await startServer();
  });
  after(async () => {
    await server.stop();
  });

  test('a site admin acts as another user with ?sudo= or the Sudo header', async () => {
    await server.createUser('sudo-kim');
    const query = await server.request<UserBody>('GET', '/user?sudo=sudo-kim', { token: server.admin.token });
    assert.equal(query.status, 200);
    assert.equal(query.json.login, 'sudo-kim');
    const header = await server.request<UserBody>('GET', '/user', {
      token: server.admin.token,
      headers: { Sudo: 'sudo-kim' },
    });
    assert.equal(header.status, 200);
    assert.equal(header.json.login, 'sudo-kim');
  });

  test('sudo by a non-admin answers 403, and to an unknown user 404', async () => {
    const lee = await server.createUser('sudo-lee');
    const refused = await server.request<ErrorBody>('GET', '/user?sudo=' + server.admin.username, {
      token: lee.token,
    });
    assert.equal(refused.status, 403);
    assert.equal(refused.json.message, 'Only administrators allowed to sudo.');
    const anonymous = await server.request<ErrorBody>('GET', '/user?sudo=sudo-lee');
    assert.equal(anonymous.status, 403);
    const unknown = await server.request<ErrorBody>('GET', '/user?sudo=no-such-user', {
      token: server.admin.token,
    });
    assert.equal(unknown.status, 404);
    assert.match(unknown.json.message, /no-such-user/);
  });

  test('under sudo, admin operations are judged as the target user', async () => {
    await server.createUser('sudo-mia');
    const res = await server.request<ErrorBody>('GET', '/admin/users?sudo=sudo-mia', {
      token: server.admin.token,
    });
    assert.equal(res.status, 403);
  });
});

describe('token scopes', () => {
  let server: TestServer;
  before(async () => {
    server = await startServer();
  });
  after(async () => {
    await server.stop();
  });

  async function tokenWith(username: string, password: string, scopes: string[]): Promise<string> {
    const res = await server.request<{ sha1: string }>('POST', `/users/${username}/tokens`, {
      basic: { username, password },
      body: { name: `t-${scopes.join('-') || 'none'}`, scopes },
    });
    assert.equal(res.status, 201, res.text);
    return res.json.sha1;
  }

  test('a token without read:user cannot read /user and the 403 names the missing scope', async () => {
    const nia = await server.createUser('scope-nia');
    const token = await tokenWith('scope-nia', nia.password, ['read:repository']);
    const res = await server.request<ErrorBody>('GET', '/user', { token });
    assert.equal(res.status, 403);
    assert.match(res.json.message, /read:user/);
  });

  test('read:user reads /user; write:user implies read:user', async () => {
    const oli = await server.createUser('scope-oli');
    for (const scopes of [['read:user'], ['write:user'], ['all'], []]) {
      const token = await tokenWith('scope-oli', oli.password, scopes);
      const res = await server.request<UserBody>('GET', '/user', { token });
      assert.equal(res.status, 200, scopes.join(','));
      assert.equal(res.json.login, 'scope-oli');
    }
  });

  test('read:admin does not allow admin writes; write:admin does', async () => {
    const admin = server.admin;
    const readOnly = await tokenWith(admin.username, admin.password, ['read:admin']);
    const list = await server.request('GET', '/admin/users', { token: readOnly });
    assert.equal(list.status, 200);
    const refused = await server.request<ErrorBody>('POST', '/admin/users', {
      token: readOnly,
      body: { username: 'scope-made', email: 'scope-made@example.com', password: 'password-123' },
    });
    assert.equal(refused.status, 403);
    assert.match(refused.json.message, /write:admin/);
    const writer = await tokenWith(admin.username, admin.password, ['write:admin']);
    const created = await server.request<UserBody>('POST', '/admin/users', {
      token: writer,
      body: { username: 'scope-made', email: 'scope-made@example.com', password: 'password-123' },
    });
    assert.equal(created.status, 201);
    assert.equal(created.json.login, 'scope-made');
  });

  test('token scopes apply to a token sent through Basic auth too', async () => {
    const pam = await server.createUser('scope-pam');
    const token = await tokenWith('scope-pam', pam.password, ['read:issue']);
    const res = await server.request<ErrorBody>('GET', '/user', {
      basic: { username: 'scope-pam', password: token },
    });
    assert.equal(res.status, 403);
    assert.match(res.json.message, /read:user/);
  });
});
