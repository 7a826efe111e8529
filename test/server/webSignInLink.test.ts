import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { after, before, describe, test } from 'node:test';
import { startServer, type TestServer, type TestUser } from './harness';

/** One-time sign-in links: a token holder (the extension's local account) opens the web pages signed in. */

let server: TestServer;
let alice: TestUser;
const privatePage = '/link-alice/secret-orchard';

before(async () => {
  server = await startServer();
  alice = await server.createUser('link-alice');
  const created = await server.request('POST', '/user/repos', {
    token: alice.token,
    body: { name: 'secret-orchard', private: true, auto_init: true },
  });
  assert.equal(created.status, 201, created.text);
});

after(async () => {
  await server?.stop();
});

async function mint(
  body: unknown,
  headers: Record<string, string> = { authorization: `token ${alice.token}` },
  query = '',
): Promise<{ status: number; json: { url?: string; message?: string } }> {
  const res = await fetch(`${server.url}api/teahouse/v1/web-sign-in-links${query}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  return { status: res.status, json: (await res.json()) as { url?: string; message?: string } };
}

async function mintedUrl(redirectTo = privatePage): Promise<string> {
  const minted = await mint({ redirect_to: redirectTo });
  assert.equal(minted.status, 201, JSON.stringify(minted.json));
  assert.ok(minted.json.url);
  return minted.json.url;
}

/** Follows a link without a cookie: its status, where it sends the browser, and the session cookie it sets. */
async function follow(url: string): Promise<{ status: number; location: string | null; cookie?: string }> {
  const res = await fetch(url, { redirect: 'manual' });
  const line = res.headers.getSetCookie().find((value) => value.startsWith('teahouse_session='));
  return { status: res.status, location: res.headers.get('location'), cookie: line };
}

function withDb<T>(use: (db: DatabaseSync) => T): T {
  const db = new DatabaseSync(path.join(server.dataDir, 'teahouse.db'));
  try {
    return use(db);
  } finally {
    db.close();
  }
}

describe('web sign-in links', () => {
  test('a minted link signs the token holder in and leads to the private repository', async () => {
    const url = await mintedUrl();
    assert.match(url, new RegExp(`^${server.url}user/login/link/[A-Za-z0-9_-]{43}$`));
    assert.equal((await fetch(`${server.url}${privatePage.slice(1)}`)).status, 404, 'hidden before');

    const followed = await follow(url);
    assert.equal(followed.status, 303);
    assert.equal(followed.location, `${server.url}${privatePage.slice(1)}`);
    assert.ok(followed.cookie, 'a session cookie');
    assert.match(followed.cookie, /HttpOnly/);
    assert.match(followed.cookie, /SameSite=Lax/);
    assert.match(followed.cookie, /Max-Age=\d+/);

    const page = await fetch(followed.location, { headers: { cookie: followed.cookie.split(';')[0]! } });
    assert.equal(page.status, 200);
    assert.match(await page.text(), /secret-orchard/);
  });

  test('the code may come as ?code= too, once', async () => {
    const code = (await mintedUrl()).split('/').pop()!;
    assert.equal((await follow(`${server.url}user/login/link?code=${code}`)).status, 303);
    assert.equal((await follow(`${server.url}user/login/link/${code}`)).status, 410);
  });

  test('a link works once', async () => {
    const url = await mintedUrl();
    assert.equal((await follow(url)).status, 303);
    const again = await follow(url);
    assert.equal(again.status, 410);
    assert.equal(again.cookie, undefined);
  });

  test('an expired link signs nobody in and is deleted', async () => {
    const url = await mintedUrl();
    const code = url.split('/').pop()!;
    const hash = createHash('sha256').update(code).digest('hex');
    withDb((db) =>
      db.prepare('UPDATE web_sign_in_link SET expires = expires - 61 WHERE code_hash = ?').run(hash),
    );
    const followed = await follow(url);
    assert.equal(followed.status, 410);
    assert.equal(followed.cookie, undefined);
    const left = withDb((db) =>
      db.prepare('SELECT count(*) AS n FROM web_sign_in_link WHERE code_hash = ?').get(hash),
    ) as { n: number };
    assert.equal(left.n, 0);
  });

  test('an unknown code signs nobody in', async () => {
    const followed = await follow(`${server.url}user/login/link?code=nonsense`);
    assert.equal(followed.status, 410);
    assert.equal(followed.cookie, undefined);
    assert.equal((await follow(`${server.url}user/login/link`)).status, 410);
    assert.equal((await follow(`${server.url}user/login/link/nonsense`)).status, 410);
  });

  test('the code is stored only as its hash, with the user, the path and an expiry about a minute away', async () => {
    const url = await mintedUrl('/link-alice/secret-orchard/issues?state=open');
    const code = url.split('/').pop()!;
    const rows = withDb((db) => db.prepare('SELECT * FROM web_sign_in_link').all()) as {
      code_hash: string;
      uid: number;
      redirect_to: string;
      expires: number;
    }[];
    assert.ok(!JSON.stringify(rows).includes(code), 'the code itself is not stored');
    const row = rows.find((r) => r.code_hash === createHash('sha256').update(code).digest('hex'));
    assert.ok(row);
    assert.equal(row.uid, alice.user.id);
    assert.equal(row.redirect_to, '/link-alice/secret-orchard/issues?state=open');
    const ahead = row.expires - Math.floor(Date.now() / 1000);
    assert.ok(ahead > 50 && ahead <= 60, `expires in ${ahead}s`);
  });

  test('only a path of this site may be the target', async () => {
    for (const target of ['https://evil.example/', '//evil.example/x', '/\\evil', 'alice/repo', '/a\nb']) {
      const refused = await mint({ redirect_to: target });
      assert.equal(refused.status, 422, target);
    }
    assert.equal((await mint({ redirect_to: 42 })).status, 422);
    const home = await mint({});
    assert.equal(home.status, 201);
    assert.equal((await follow(home.json.url!)).location, server.url);
  });

  test('only a token in the Authorization header makes a link; never under sudo', async () => {
    assert.equal((await mint({ redirect_to: '/' }, {})).status, 401);
    assert.equal((await mint({ redirect_to: '/' }, {}, `?token=${alice.token}`)).status, 401);
    assert.equal((await mint({ redirect_to: '/' }, { authorization: 'token wrong' })).status, 401);
    const admin = { authorization: `token ${server.admin.token}` };
    assert.equal((await mint({ redirect_to: '/' }, { ...admin, sudo: 'link-alice' })).status, 403);
    assert.equal((await mint({ redirect_to: '/' }, admin, '?sudo=link-alice')).status, 403);
    const get = await fetch(`${server.url}api/teahouse/v1/web-sign-in-links`, {
      headers: { authorization: `token ${alice.token}` },
    });
    assert.equal(get.status, 405);
  });

  test('a token limited to fewer scopes than a session reads makes no link', async () => {
    const made = await server.request('POST', '/users/link-alice/tokens', {
      basic: { username: 'link-alice', password: alice.password },
      body: { name: 'issues only', scopes: ['read:issue'] },
    });
    assert.equal(made.status, 201, made.text);
    const narrow = (made.json as { sha1: string }).sha1;
    assert.equal((await mint({ redirect_to: '/' }, { authorization: `token ${narrow}` })).status, 403);
  });

  test('a prohibited account makes no link, and its unused links stop working', async () => {
    const bob = await server.createUser('link-bob');
    const bobMint = (): Promise<{ status: number; json: { url?: string } }> =>
      mint({ redirect_to: '/' }, { authorization: `token ${bob.token}` });
    const early = await bobMint();
    assert.equal(early.status, 201);
    const edited = await server.request('PATCH', '/admin/users/link-bob', {
      token: server.admin.token,
      body: { login_name: 'link-bob', source_id: 0, prohibit_login: true },
    });
    assert.equal(edited.status, 200, edited.text);
    assert.equal((await bobMint()).status, 403);
    const followed = await follow(early.json.url!);
    assert.equal(followed.status, 410);
    assert.equal(followed.cookie, undefined);
  });
});
