import assert from 'node:assert/strict';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { after, before, describe, test } from 'node:test';
import { startServer, type TestServer, type TestUser } from './harness';

/** Sign-in on the web pages: the form, the session cookie, CSRF, logout, and when sessions end. */

let server: TestServer;
let alice: TestUser;

/** A cookie jar over fetch, as a browser would keep it for this one site. */
class Visitor {
  readonly cookies = new Map<string, string>();
  readonly setCookies: string[] = [];

  async get(
    path: string,
    headers: Record<string, string> = {},
  ): Promise<{ status: number; text: string; headers: Headers }> {
    return this.send('GET', path, undefined, headers);
  }

  async post(
    path: string,
    form: Record<string, string>,
    headers: Record<string, string> = {},
  ): Promise<{ status: number; text: string; headers: Headers }> {
    return this.send('POST', path, new URLSearchParams(form).toString(), {
      'content-type': 'application/x-www-form-urlencoded',
      ...headers,
    });
  }

  private async send(
    method: string,
    path: string,
    body: string | undefined,
    headers: Record<string, string>,
  ) {
    const cookie = [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    const res = await fetch(`${server.url}${path.replace(/^\//, '')}`, {
      method,
      body,
      redirect: 'manual',
      headers: { ...(cookie ? { cookie } : {}), ...headers },
    });
    for (const line of res.headers.getSetCookie()) {
      this.setCookies.push(line);
      const [pair = ''] = line.split(';');
      const eq = pair.indexOf('=');
      const value = pair.slice(eq + 1);
      if (/Max-Age=0/.test(line) || value === '') this.cookies.delete(pair.slice(0, eq));
      else this.cookies.set(pair.slice(0, eq), value);
    }
    return { status: res.status, text: await res.text(), headers: res.headers };
  }

  /** The sign-in form's token (and its cookie, kept in the jar). */
  async loginToken(): Promise<string> {
    const form = await this.get('/user/login');
    assert.equal(form.status, 200);
    return tokenIn(form.text);
  }

  async signIn(
    login: string,
    password: string,
    redirectTo = '/',
  ): Promise<{ status: number; text: string; headers: Headers }> {
    const _csrf = await this.loginToken();
    return this.post('/user/login', { _csrf, user_name: login, password, redirect_to: redirectTo });
  }
}

function tokenIn(html: string): string {
  const token = /name="_csrf" value="([^"]*)"/.exec(html)?.[1];
  assert.ok(token, `a _csrf field in ${html.slice(0, 400)}`);
  return token;
}

before(async () => {
  server = await startServer();
  alice = await server.createUser('session-alice');
  const created = await server.request('POST', '/user/repos', {
    token: alice.token,
    body: { name: 'hidden-garden', private: true, auto_init: true },
  });
  assert.equal(created.status, 201, created.text);
});
after(async () => {
  await server.stop();
});

describe('signing in on the web pages', () => {
  test('the form carries a token bound to a signed pre-session cookie', async () => {
    const visitor = new Visitor();
    const form = await visitor.get('/user/login?redirect_to=%2Fsession-alice');
    assert.equal(form.status, 200);
    assert.match(form.text, /name="redirect_to" value="\/session-alice"/);
    assert.ok(tokenIn(form.text).length > 20);
    const cookie = visitor.setCookies.find((line) => line.startsWith('teahouse_csrf='));
    assert.ok(cookie, 'the pre-session cookie');
    assert.match(cookie, /HttpOnly/);
    assert.match(cookie, /SameSite=Lax/);
    assert.match(cookie, /Path=\//);
    assert.doesNotMatch(cookie, /Secure/, 'plain http root URL');
  });

  test('a good password starts a session: signed cookie, redirect, the private repository shows', async () => {
    const visitor = new Visitor();
    assert.equal((await visitor.get('/session-alice')).text.includes('hidden-garden'), false);
    const signedIn = await visitor.signIn('session-alice', alice.password, '/session-alice');
    assert.equal(signedIn.status, 303, signedIn.text);
    assert.equal(signedIn.headers.get('location'), `${server.url}session-alice`);
    const cookie = visitor.setCookies.find((line) => line.startsWith('teahouse_session='));
    assert.ok(cookie);
    assert.match(cookie, /HttpOnly; SameSite=Lax; Max-Age=1209600/);
    const page = await visitor.get('/session-alice');
    assert.ok(page.text.includes('hidden-garden'), 'the private repository after sign-in');
    assert.ok(page.text.includes('Sign out'));
    assert.ok(page.text.includes(`value="${tokenIn(page.text)}"`));
  });

  test("the session also reads a private repository's raw files and archives", async () => {
    const visitor = new Visitor();
    const raw = '/session-alice/hidden-garden/raw/branch/main/README.md';
    const archive = '/session-alice/hidden-garden/archive/main.zip';
    assert.equal((await visitor.get(raw)).status, 404);
    assert.equal((await visitor.get(archive)).status, 404);
    await visitor.signIn('session-alice', alice.password);
    const file = await visitor.get(raw);
    assert.equal(file.status, 200);
    assert.match(file.text, /hidden-garden/);
    assert.equal((await visitor.get(archive)).status, 200);
  });

  test('the e-mail address signs in too', async () => {
    const visitor = new Visitor();
    assert.equal((await visitor.signIn('session-alice@example.com', alice.password)).status, 303);
    assert.ok((await visitor.get('/')).text.includes('hidden-garden'));
  });

  test('a forged or tampered session cookie is anonymous', async () => {
    const visitor = new Visitor();
    await visitor.signIn('session-alice', alice.password);
    const real = visitor.cookies.get('teahouse_session')!;
    visitor.cookies.set('teahouse_session', `${real.slice(0, -2)}xx`);
    assert.ok(!(await visitor.get('/')).text.includes('hidden-garden'));
  });

  test('a wrong password is refused with the form again; the redirect is kept, not another site', async () => {
    const visitor = new Visitor();
    const wrong = await visitor.signIn('session-alice', 'not-the-password', '//evil.example/x');
    assert.equal(wrong.status, 401);
    assert.ok(wrong.text.includes('Username or password is incorrect.'));
    assert.match(wrong.text, /name="redirect_to" value="\/"/);
    const right = await visitor.signIn('session-alice', alice.password, 'https://evil.example/');
    assert.equal(right.headers.get('location'), server.url);
  });

  test('the API never takes the session cookie', async () => {
    const visitor = new Visitor();
    await visitor.signIn('session-alice', alice.password);
    const cookie = `teahouse_session=${visitor.cookies.get('teahouse_session')}`;
    const api = await fetch(`${server.apiUrl}/user`, { headers: { cookie } });
    assert.equal(api.status, 401);
  });

  test('a form post without the token, with a wrong one, or from another site is a 403 page', async () => {
    const visitor = new Visitor();
    const token = await visitor.loginToken();
    const form = { user_name: 'session-alice', password: alice.password };
    for (const [what, res] of [
      ['no token', await visitor.post('/user/login', form)],
      ['a wrong token', await visitor.post('/user/login', { ...form, _csrf: `${token}x` })],
      [
        'a cross-site post',
        await visitor.post('/user/login', { ...form, _csrf: token }, { 'sec-fetch-site': 'cross-site' }),
      ],
      [
        'another origin',
        await visitor.post('/user/login', { ...form, _csrf: token }, { origin: 'http://evil.example' }),
      ],
    ] as const) {
      assert.equal(res.status, 403, what);
      assert.match(res.headers.get('content-type') ?? '', /^text\/html/, what);
      assert.ok(!visitor.cookies.has('teahouse_session'), what);
    }
    const anotherBrowser = new Visitor();
    await anotherBrowser.loginToken();
    const stolen = await anotherBrowser.post('/user/login', { ...form, _csrf: token });
    assert.equal(stolen.status, 403, "another browser's token");
    const ok = await visitor.post(
      '/user/login',
      { ...form, _csrf: token },
      { origin: server.url.slice(0, -1) },
    );
    assert.equal(ok.status, 303);
  });

  test('sign out ends the session on the server, and needs the token', async () => {
    const visitor = new Visitor();
    await visitor.signIn('session-alice', alice.password);
    const kept = visitor.cookies.get('teahouse_session')!;
    assert.equal((await visitor.post('/user/logout', {})).status, 403);
    const home = await visitor.get('/');
    const out = await visitor.post('/user/logout', { _csrf: tokenIn(home.text) });
    assert.equal(out.status, 303);
    assert.ok(!visitor.cookies.has('teahouse_session'));
    visitor.cookies.set('teahouse_session', kept);
    assert.ok(!(await visitor.get('/')).text.includes('hidden-garden'), 'the old cookie is dead');
  });

  test('a password change, a prohibition or deactivation end the sessions; such accounts cannot sign in', async () => {
    const bob = await server.createUser('session-bob');
    const visitor = new Visitor();
    await visitor.signIn('session-bob', bob.password);
    assert.ok((await visitor.get('/')).text.includes('session-bob'));
    const changed = await server.request('PATCH', '/admin/users/session-bob', {
      token: server.admin.token,
      body: { login_name: 'session-bob', source_id: 0, password: 'a-new-password-1' },
    });
    assert.equal(changed.status, 200, changed.text);
    assert.ok(!(await visitor.get('/')).text.includes('Sign out'), 'signed out by the password change');

    await visitor.signIn('session-bob', 'a-new-password-1');
    assert.ok((await visitor.get('/')).text.includes('Sign out'));
    const prohibited = await server.request('PATCH', '/admin/users/session-bob', {
      token: server.admin.token,
      body: { login_name: 'session-bob', source_id: 0, prohibit_login: true },
    });
    assert.equal(prohibited.status, 200, prohibited.text);
    assert.ok(!(await visitor.get('/')).text.includes('Sign out'), 'signed out by the prohibition');
    const refused = await visitor.signIn('session-bob', 'a-new-password-1');
    assert.equal(refused.status, 403);
    assert.ok(refused.text.includes('prohibited from signing in'));
  });

  test('the sessions are rows that go: stored hashed, deleted by a password change and with the user', async () => {
    const dave = await server.createUser('session-dave');
    const sessionsOf = (uid: number): { id_hash: string }[] => {
      const db = new DatabaseSync(path.join(server.dataDir, 'teahouse.db'), { readOnly: true });
      try {
        return db.prepare('SELECT id_hash FROM web_session WHERE uid = ?').all(uid) as { id_hash: string }[];
      } finally {
        db.close();
      }
    };
    const visitor = new Visitor();
    await visitor.signIn('session-dave', dave.password);
    await new Visitor().signIn('session-dave', dave.password);
    const rows = sessionsOf(dave.user.id);
    assert.equal(rows.length, 2);
    const cookieId = visitor.cookies.get('teahouse_session')!.split('.')[0]!;
    assert.ok(!rows.some((row) => row.id_hash.includes(cookieId)), 'the id itself is not stored');
    const changed = await server.request('PATCH', '/admin/users/session-dave', {
      token: server.admin.token,
      body: { login_name: 'session-dave', source_id: 0, password: 'another-password-2' },
    });
    assert.equal(changed.status, 200);
    assert.equal(sessionsOf(dave.user.id).length, 0, 'a password change deletes them');
    await visitor.signIn('session-dave', 'another-password-2');
    assert.equal(sessionsOf(dave.user.id).length, 1);
    const deleted = await server.request('DELETE', '/admin/users/session-dave', {
      token: server.admin.token,
    });
    assert.equal(deleted.status, 204, deleted.text);
    assert.equal(sessionsOf(dave.user.id).length, 0, 'deleting the user deletes them');
  });

  test('failed sign-ins count toward the same limit as HTTP Basic', async () => {
    await server.createUser('session-carol');
    const visitor = new Visitor();
    let last = { status: 0, text: '', headers: new Headers() };
    for (let i = 0; i < 10; i++) last = await visitor.signIn('session-carol', `guess-${i}`);
    assert.equal(last.status, 401);
    const limited = await visitor.signIn('session-carol', 'guess-last');
    assert.equal(limited.status, 429);
    assert.ok(limited.text.includes('Too many failed sign-in attempts'));
    const basic = await server.request('GET', '/user', {
      basic: { username: 'session-carol', password: 'other' },
    });
    assert.equal(basic.status, 429, 'the API shares the throttle');
  });
});

describe('signing in under an https root URL', () => {
  test('the cookies are Secure and the path is the root path', async () => {
    const behindProxy = await startServer({ args: ['--root-url', 'https://teahouse.example/code/'] });
    try {
      const res = await fetch(`${behindProxy.url}user/login`);
      assert.equal(res.status, 200);
      const cookie = res.headers.getSetCookie().find((line) => line.startsWith('teahouse_csrf='));
      assert.ok(cookie);
      assert.match(cookie, /Path=\/code\/; HttpOnly; SameSite=Lax; Secure/);
      const html = await res.text();
      assert.match(html, /action="\/code\/user\/login"/);
    } finally {
      await behindProxy.stop();
    }
  });
});
