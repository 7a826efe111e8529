import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { startServer, type TestServer } from './harness';

interface UserBody {
  id: number;
  login: string;
  username: string;
  email: string;
  full_name: string;
  is_admin: boolean;
  active: boolean;
  prohibit_login: boolean;
  restricted: boolean;
  visibility: string;
  website: string;
  location: string;
  description: string;
  login_name: string;
  created: string;
  avatar_url: string;
  html_url: string;
}
interface ErrorBody {
  message: string;
  url: string;
}

describe('admin: users', () => {
  let server: TestServer;
  const create = (body: Record<string, unknown>) =>
    server.request<UserBody & ErrorBody>('POST', '/admin/users', { token: server.admin.token, body });

  before(async () => {
    server = await startServer();
  });
  after(async () => {
    await server.stop();
  });

  test('creating a user answers 201 with the Gitea user, and the user can sign in', async () => {
    const res = await create({
      username: 'adm-alice',
      email: 'Alice@Example.com',
      password: 'correct-horse',
      full_name: 'Alice Liddell',
      must_change_password: false,
    });
    assert.equal(res.status, 201);
    assert.equal(res.json.login, 'adm-alice');
    assert.equal(res.json.username, 'adm-alice');
    assert.equal(res.json.full_name, 'Alice Liddell');
    assert.equal(res.json.email, 'Alice@Example.com');
    assert.equal(res.json.is_admin, false);
    assert.equal(res.json.active, true);
    assert.equal(res.json.visibility, 'public');
    assert.match(res.json.created, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
    assert.equal(res.json.html_url, `${server.url}adm-alice`);
    const me = await server.request<UserBody>('GET', '/user', {
      basic: { username: 'adm-alice', password: 'correct-horse' },
    });
    assert.equal(me.status, 200);
    assert.equal(me.json.id, res.json.id);
  });

  test('a duplicate name (any case) or e-mail answers 422', async () => {
    assert.equal(
      (await create({ username: 'adm-bob', email: 'bob@example.com', password: 'password-1' })).status,
      201,
    );
    const sameName = await create({
      username: 'ADM-BOB',
      email: 'other@example.com',
      password: 'password-1',
    });
    assert.equal(sameName.status, 422);
    assert.match(sameName.json.message, /user already exists/);
    assert.equal(sameName.json.url, `${server.url}api/swagger`);
    const sameEmail = await create({
      username: 'adm-bob2',
      email: 'BOB@example.com',
      password: 'password-1',
    });
    assert.equal(sameEmail.status, 422);
    assert.match(sameEmail.json.message, /e-mail already in use/);
  });

  test('invalid names, reserved names, bad e-mails, short passwords and missing fields answer 422', async () => {
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ username: '-dash', email: 'a@example.com', password: 'password-1' }, /name is invalid/],
      [{ username: 'dot.', email: 'a@example.com', password: 'password-1' }, /name is invalid/],
      [{ username: 'two..dots', email: 'a@example.com', password: 'password-1' }, /name is invalid/],
      [{ username: 'sp ace', email: 'a@example.com', password: 'password-1' }, /name is invalid/],
      [{ username: 'api', email: 'a@example.com', password: 'password-1' }, /name is reserved/],
      [{ username: 'Admin', email: 'a@example.com', password: 'password-1' }, /name is reserved/],
      [
        { username: 'ok-name.keys', email: 'a@example.com', password: 'password-1' },
        /pattern is not allowed/,
      ],
      [{ username: 'x'.repeat(41), email: 'a@example.com', password: 'password-1' }, /MaxSize|too long/],
      [{ username: 'adm-carol', email: 'not-an-email', password: 'password-1' }, /e-mail invalid/],
      [{ username: 'adm-carol', email: 'a@example.com', password: 'short' }, /password is too short/],
      [{ email: 'a@example.com', password: 'password-1' }, /^\[Username\]: Required$/],
      [{ username: 'adm-carol', password: 'password-1' }, /^\[Email\]: Required$/],
      [{ username: 'adm-carol', email: 'a@example.com' }, /^\[Password\]: Required$/],
      [
        { username: 'adm-carol', email: 'a@example.com', password: 'password-1', visibility: 'secret' },
        /^\[Visibility\]/,
      ],
      [
        { username: 'adm-carol', email: 'a@example.com', password: 'password-1', restricted: 'yes' },
        /^\[Restricted\]: must be a boolean$/,
      ],
    ];
    for (const [body, message] of cases) {
      const res = await create(body);
      assert.equal(res.status, 422, JSON.stringify(body));
      assert.match(res.json.message, message, JSON.stringify(body));
    }
    const list = await server.request<UserBody[]>('GET', '/admin/users?q=adm-carol', {
      token: server.admin.token,
    });
    assert.deepEqual(list.json, []);
  });

  test('editing a user changes the given fields only, including the admin flag and the password', async () => {
    await create({ username: 'adm-dan', email: 'dan@example.com', password: 'password-1', full_name: 'Dan' });
    const res = await server.request<UserBody>('PATCH', '/admin/users/adm-dan', {
      token: server.admin.token,
      body: {
        admin: true,
        website: 'https://dan.example',
        location: 'Lyon',
        password: 'new-password-2',
        visibility: 'limited',
      },
    });
    assert.equal(res.status, 200);
    assert.equal(res.json.is_admin, true);
    assert.equal(res.json.website, 'https://dan.example');
    assert.equal(res.json.location, 'Lyon');
    assert.equal(res.json.full_name, 'Dan');
    assert.equal(res.json.visibility, 'limited');
    const oldPassword = await server.request('GET', '/user', {
      basic: { username: 'adm-dan', password: 'password-1' },
    });
    assert.equal(oldPassword.status, 401);
    const newPassword = await server.request<UserBody>('GET', '/admin/users', {
      basic: { username: 'adm-dan', password: 'new-password-2' },
    });
    assert.equal(newPassword.status, 200, 'dan is an admin now');
  });

  test('editing the e-mail checks it and keeps it unique', async () => {
    await create({ username: 'adm-eve', email: 'eve@example.com', password: 'password-1' });
    await create({ username: 'adm-fay', email: 'fay@example.com', password: 'password-1' });
    const taken = await server.request<ErrorBody>('PATCH', '/admin/users/adm-eve', {
      token: server.admin.token,
      body: { email: 'FAY@example.com' },
    });
    assert.equal(taken.status, 422);
    assert.match(taken.json.message, /e-mail already in use/);
    const invalid = await server.request<ErrorBody>('PATCH', '/admin/users/adm-eve', {
      token: server.admin.token,
      body: { email: 'nope' },
    });
    assert.equal(invalid.status, 422);
    const changed = await server.request<UserBody>('PATCH', '/admin/users/adm-eve', {
      token: server.admin.token,
      body: { email: 'eve2@example.com' },
    });
    assert.equal(changed.status, 200);
    assert.equal(changed.json.email, 'eve2@example.com');
    // the old address is free again only for eve; fay still cannot take eve2
    const fayTakesIt = await server.request('PATCH', '/admin/users/adm-fay', {
      token: server.admin.token,
      body: { email: 'eve2@example.com' },
    });
    assert.equal(fayTakesIt.status, 422);
  });

  test('editing an unknown user answers 404; wrong field types answer 422', async () => {
    const unknown = await server.request<ErrorBody>('PATCH', '/admin/users/adm-nobody', {
      token: server.admin.token,
      body: {},
    });
    assert.equal(unknown.status, 404);
    await create({ username: 'adm-gil', email: 'gil@example.com', password: 'password-1' });
    const wrong = await server.request<ErrorBody>('PATCH', '/admin/users/adm-gil', {
      token: server.admin.token,
      body: { max_repo_creation: 'many' },
    });
    assert.equal(wrong.status, 422);
    assert.equal(wrong.json.message, '[MaxRepoCreation]: must be an integer');
  });

  test('the last admin cannot lose the admin flag', async () => {
    // a server of its own: in this file adm-dan is an admin too
    const solo = await startServer();
    try {
      const last = await solo.request<ErrorBody>('PATCH', `/admin/users/${solo.admin.username}`, {
        token: solo.admin.token,
        body: { admin: false },
      });
      assert.equal(last.status, 422);
      assert.equal(last.json.message, 'cannot remove the last admin');
    } finally {
      await solo.stop();
    }
  });

  test('deleting a user answers 204, revokes their tokens and frees the name', async () => {
    const hal = await server.createUser('adm-hal');
    const res = await server.request('DELETE', '/admin/users/adm-hal', { token: server.admin.token });
    assert.equal(res.status, 204);
    assert.equal(res.text, '');
    assert.equal((await server.request('GET', '/user', { token: hal.token })).status, 401);
    assert.equal((await server.request('GET', '/users/adm-hal')).status, 404);
    const again = await create({ username: 'adm-hal', email: 'adm-hal@example.com', password: 'password-1' });
    assert.equal(again.status, 201);
  });

  test('deleting an unknown user answers 404 and deleting oneself answers 422', async () => {
    assert.equal(
      (await server.request('DELETE', '/admin/users/adm-ghost', { token: server.admin.token })).status,
      404,
    );
    const self = await server.request<ErrorBody>('DELETE', `/admin/users/${server.admin.username}`, {
      token: server.admin.token,
    });
    assert.equal(self.status, 422);
    assert.match(self.json.message, /yourself/);
  });

  test('deleting a user who still owns a repository answers 422 and keeps the user', async () => {
    const owner = await server.createUser('adm-repo-owner');
    const repo = await server.request('POST', '/user/repos', { token: owner.token, body: { name: 'kept' } });
    assert.equal(repo.status, 201);
    const refused = await server.request<ErrorBody>('DELETE', '/admin/users/adm-repo-owner', {
      token: server.admin.token,
    });
    assert.equal(refused.status, 422);
    assert.match(refused.json.message, /repositor/);
    assert.equal((await server.request('GET', '/user', { token: owner.token })).status, 200);

    const removed = await server.request('DELETE', '/repos/adm-repo-owner/kept', { token: owner.token });
    assert.equal(removed.status, 204);
    const deleted = await server.request('DELETE', '/admin/users/adm-repo-owner', {
      token: server.admin.token,
    });
    assert.equal(deleted.status, 204);
  });

  test('deleting the last owner of an organization answers 422 and keeps the user', async () => {
    const founder = await server.createUser('adm-org-founder');
    const org = await server.request('POST', '/orgs', {
      token: founder.token,
      body: { username: 'adm-org' },
    });
    assert.equal(org.status, 201);
    const refused = await server.request<ErrorBody>('DELETE', '/admin/users/adm-org-founder', {
      token: server.admin.token,
    });
    assert.equal(refused.status, 422);
    assert.match(refused.json.message, /owner/);
    assert.equal((await server.request('GET', '/user', { token: founder.token })).status, 200);
  });

  test('the admin user list filters and pages', async () => {
    await create({ username: 'adm-list-1', email: 'l1@example.com', password: 'password-1' });
    await create({ username: 'adm-list-2', email: 'l2@example.com', password: 'password-1' });
    await create({ username: 'adm-list-3', email: 'l3@example.com', password: 'password-1' });
    const page = await server.request<UserBody[]>('GET', '/admin/users?q=adm-list&limit=2&page=2', {
      token: server.admin.token,
    });
    assert.equal(page.status, 200);
    assert.deepEqual(
      page.json.map((u) => u.login),
      ['adm-list-3'],
    );
    assert.equal(page.headers.get('x-total-count'), '3');
    const admins = await server.request<UserBody[]>('GET', '/admin/users?is_admin=true&limit=50', {
      token: server.admin.token,
    });
    assert.ok(admins.json.every((u) => u.is_admin));
    assert.ok(admins.json.some((u) => u.login === server.admin.username));
    const byEmail = await server.request<UserBody[]>('GET', '/admin/users?q=l2@example', {
      token: server.admin.token,
    });
    assert.deepEqual(
      byEmail.json.map((u) => u.login),
      ['adm-list-2'],
    );
  });
});
