import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { startServer, type TestServer } from './harness';

interface UserBody {
  id: number;
  login: string;
  email: string;
  is_admin: boolean;
  last_login: string;
  active: boolean;
  visibility: string;
  followers_count: number;
}
interface SearchBody {
  ok: boolean;
  data: UserBody[];
}

describe('users', () => {
  let server: TestServer;
  before(async () => {
    server = await startServer();
  });
  after(async () => {
    await server.stop();
  });

  test('GET /users/{username} answers the user to anyone, case-insensitively; unknown answers 404', async () => {
    const alice = await server.createUser('usr-alice');
    const res = await server.request<UserBody>('GET', '/users/USR-Alice');
    assert.equal(res.status, 200);
    assert.equal(res.json.login, 'usr-alice');
    assert.equal(res.json.id, alice.user.id);
    assert.equal(res.json.followers_count, 0);
    const missing = await server.request<{ message: string }>('GET', '/users/usr-nobody');
    assert.equal(missing.status, 404);
    assert.match(missing.json.message, /usr-nobody/);
  });

  test('the e-mail and private fields are shown to the user and admins only', async () => {
    const bob = await server.createUser('usr-bob', { email: 'bob.private@example.com' });
    const carol = await server.createUser('usr-carol');
    const self = await server.request<UserBody>('GET', '/users/usr-bob', { token: bob.token });
    assert.equal(self.json.email, 'bob.private@example.com');
    assert.equal(self.json.active, true);
    const admin = await server.request<UserBody>('GET', '/users/usr-bob', { token: server.admin.token });
    assert.equal(admin.json.email, 'bob.private@example.com');
    for (const [who, options] of [
      ['anonymous', {}],
      ['another user', { token: carol.token }],
    ] as const) {
      const res = await server.request<UserBody>('GET', '/users/usr-bob', options);
      assert.equal(res.status, 200, who);
      assert.notEqual(res.json.email, 'bob.private@example.com', who);
      assert.match(res.json.email, /^usr-bob@noreply\./, who);
      assert.equal(res.json.active, false, who);
      assert.equal(res.json.last_login, '0001-01-01T00:00:00Z', who);
    }
    const search = await server.request<SearchBody>('GET', '/users/search?q=usr-bob', { token: carol.token });
    assert.equal(search.json.data[0]?.login, 'usr-bob');
    assert.notEqual(search.json.data[0]?.email, 'bob.private@example.com');
  });

  test('private and limited users are hidden from those who may not see them', async () => {
    const dan = await server.createUser('usr-dan');
    await server.createUser('usr-priv');
    await server.createUser('usr-lim');
    await server.request('PATCH', '/admin/users/usr-priv', {
      token: server.admin.token,
      body: { visibility: 'private' },
    });
    await server.request('PATCH', '/admin/users/usr-lim', {
      token: server.admin.token,
      body: { visibility: 'limited' },
    });

    assert.equal((await server.request('GET', '/users/usr-priv')).status, 404);
    assert.equal((await server.request('GET', '/users/usr-priv', { token: dan.token })).status, 404);
    assert.equal((await server.request('GET', '/users/usr-priv', { token: server.admin.token })).status, 200);
    assert.equal((await server.request('GET', '/users/usr-lim')).status, 404);
    assert.equal((await server.request('GET', '/users/usr-lim', { token: dan.token })).status, 200);

    const anonymous = await server.request<SearchBody>('GET', '/users/search?q=usr-');
    const names = anonymous.json.data.map((u) => u.login);
    assert.ok(names.includes('usr-dan'));
    assert.ok(!names.includes('usr-priv') && !names.includes('usr-lim'));
    const signedIn = await server.request<SearchBody>('GET', '/users/search?q=usr-&limit=50', {
      token: dan.token,
    });
    const seen = signedIn.json.data.map((u) => u.login);
    assert.ok(seen.includes('usr-lim') && !seen.includes('usr-priv'));
  });

  test('GET /user answers the signed-in user with their private fields', async () => {
    const eve = await server.createUser('usr-eve', { email: 'eve@example.com' });
    const res = await server.request<UserBody>('GET', '/user', { token: eve.token });
    assert.equal(res.status, 200);
    assert.equal(res.json.login, 'usr-eve');
    assert.equal(res.json.email, 'eve@example.com');
    assert.equal(res.json.is_admin, false);
  });

  test('user search answers {ok, data}, matches names and full names, and filters by uid', async () => {
    const fred = await server.createUser('usr-fred');
    await server.request('PATCH', '/admin/users/usr-fred', {
      token: server.admin.token,
      body: { full_name: 'Frederick Zebulon' },
    });
    const byFullName = await server.request<SearchBody>('GET', '/users/search?q=zebulon');
    assert.equal(byFullName.status, 200);
    assert.equal(byFullName.json.ok, true);
    assert.deepEqual(
      byFullName.json.data.map((u) => u.login),
      ['usr-fred'],
    );
    const byUid = await server.request<SearchBody>('GET', `/users/search?uid=${fred.user.id}`);
    assert.deepEqual(
      byUid.json.data.map((u) => u.id),
      [fred.user.id],
    );
    const noMatch = await server.request<SearchBody>('GET', '/users/search?q=%25_nothing');
    assert.deepEqual(noMatch.json, { ok: true, data: [] });
    assert.equal(noMatch.headers.get('x-total-count'), '0');
    const badUid = await server.request<{ message: string }>('GET', '/users/search?uid=abc');
    assert.equal(badUid.status, 422);
  });
});

/** rel → URL of a Link header. */
function parseLinks(header: string | null): Map<string, URL> {
  const links = new Map<string, URL>();
  for (const part of (header ?? '').split(',').filter((p) => p !== '')) {
    const match = /^<([^>]+)>; rel="(\w+)"$/.exec(part.trim());
    assert.ok(match, `malformed link: ${part}`);
    links.set(match[2]!, new URL(match[1]!));
  }
  return links;
}

const pageOf = (links: Map<string, URL>, rel: string): [string | null, string | null] => [
  links.get(rel)?.searchParams.get('page') ?? null,
  links.get(rel)?.searchParams.get('limit') ?? null,
];

describe('paging headers', () => {
  let server: TestServer;
  before(async () => {
    server = await startServer();
    for (let i = 1; i <= 5; i++) await server.createUser(`pg-user-${i}`);
  });
  after(async () => {
    await server.stop();
  });

  test('a middle page has next, last, first and prev links that keep the other query parameters', async () => {
    const res = await server.request<{ data: UserBody[] }>('GET', '/users/search?q=pg-user&limit=2&page=2');
    assert.equal(res.status, 200);
    assert.deepEqual(
      res.json.data.map((u) => u.login),
      ['pg-user-3', 'pg-user-4'],
    );
    assert.equal(res.headers.get('x-total-count'), '5');
    assert.equal(res.headers.get('access-control-expose-headers'), 'Link, X-Total-Count');
    const links = parseLinks(res.headers.get('link'));
    assert.deepEqual([...links.keys()], ['next', 'last', 'first', 'prev']);
    assert.deepEqual(pageOf(links, 'next'), ['3', '2']);
    assert.deepEqual(pageOf(links, 'last'), ['3', '2']);
    assert.deepEqual(pageOf(links, 'first'), ['1', '2']);
    assert.deepEqual(pageOf(links, 'prev'), ['1', '2']);
    for (const url of links.values()) {
      assert.equal(url.origin + url.pathname, `${server.url}api/v1/users/search`);
      assert.equal(url.searchParams.get('q'), 'pg-user');
    }
  });

  test('the first page has only next and last; a single page has no Link', async () => {
    const first = await server.request('GET', '/users/search?q=pg-user&limit=2');
    const links = parseLinks(first.headers.get('link'));
    assert.deepEqual([...links.keys()], ['next', 'last']);
    assert.deepEqual(pageOf(links, 'next'), ['2', '2']);
    assert.deepEqual(pageOf(links, 'last'), ['3', '2']);
    const all = await server.request('GET', '/users/search?q=pg-user');
    assert.equal(all.headers.get('link'), null);
    assert.equal(all.headers.get('x-total-count'), '5');
  });

  test('page below 1 is page 1; limit over 50 is 50; limit 0 or nonsense is the default 30', async () => {
    const zero = await server.request<{ data: UserBody[] }>('GET', '/users/search?q=pg-user&limit=2&page=0');
    assert.deepEqual(
      zero.json.data.map((u) => u.login),
      ['pg-user-1', 'pg-user-2'],
    );
    for (const [limit, expected] of [
      ['500', '50'],
      ['0', '30'],
      ['-3', '30'],
      ['lots', '30'],
    ]) {
      const res = await server.request('GET', `/users/search?q=pg-user&limit=${limit}&page=2`);
      assert.equal(res.status, 200);
      assert.deepEqual(pageOf(parseLinks(res.headers.get('link')), 'first'), ['1', expected], limit);
    }
  });

  test('credentials in the query are not echoed in Link URLs', async () => {
    const res = await server.request('GET', `/users/search?q=pg-user&limit=2&token=${server.admin.token}`);
    assert.equal(res.status, 200);
    const link = res.headers.get('link') ?? '';
    assert.ok(link.length > 0);
    assert.ok(!link.includes(server.admin.token));
  });
});
