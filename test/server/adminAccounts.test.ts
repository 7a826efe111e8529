import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { runCli, startServer, type TestServer } from './harness';

interface ErrorBody {
  message: string;
}
interface Email {
  email: string;
  verified: boolean;
  primary: boolean;
  user_id: number;
  username: string;
}
interface Badge {
  id: number;
  slug: string;
  description: string;
  image_url: string;
}

let server: TestServer;
before(async () => {
  server = await startServer();
});
after(async () => {
  await server.stop();
});

describe('admin e-mail list', () => {
  test("lists every individual user's addresses, by address, with the owner", async () => {
    const amy = await server.createUser('mail-amy', { email: 'amy@mail.test' });
    await server.request('POST', '/user/emails', {
      token: amy.token,
      body: { emails: ['aa-amy@mail.test'] },
    });
    const org = await server.request('POST', '/orgs', {
      token: amy.token,
      body: { username: 'mail-org', email: 'org@mail.test' },
    });
    assert.equal(org.status, 201);
    const res = await server.request<Email[]>('GET', '/admin/emails/search?q=mail.test', {
      token: server.admin.token,
    });
    assert.equal(res.status, 200);
    assert.deepEqual(res.json, [
      {
        email: 'aa-amy@mail.test',
        verified: true,
        primary: false,
        user_id: amy.user.id,
        username: 'mail-amy',
      },
      { email: 'amy@mail.test', verified: true, primary: true, user_id: amy.user.id, username: 'mail-amy' },
    ]);
    assert.equal(res.headers.get('x-total-count'), '2');
    const all = await server.request<Email[]>('GET', '/admin/emails?limit=50', { token: server.admin.token });
    assert.ok(all.json.some((email) => email.email === 'amy@mail.test'));
    assert.ok(!all.json.some((email) => email.email === 'org@mail.test'), 'organizations are left out');
  });

  test('the keyword matches user names and full names too, and pages', async () => {
    const bo = await server.createUser('mail-bo', { email: 'first@bo.test' });
    await server.request('PATCH', '/user/settings', { token: bo.token, body: { full_name: 'Bodhi Tree' } });
    const byName = await server.request<Email[]>('GET', '/admin/emails/search?q=BODHI', {
      token: server.admin.token,
    });
    assert.deepEqual(
      byName.json.map((email) => email.email),
      ['first@bo.test'],
    );
    const page = await server.request<Email[]>('GET', '/admin/emails?limit=1&page=2', {
      token: server.admin.token,
    });
    assert.equal(page.json.length, 1);
    assert.match(page.headers.get('link') ?? '', /rel="next"|rel="prev"/);
  });

  test('only site administrators may list them: 403 for users, 401 for anonymous callers', async () => {
    const cat = await server.createUser('mail-cat');
    assert.equal((await server.request('GET', '/admin/emails', { token: cat.token })).status, 403);
    assert.equal((await server.request('GET', '/admin/emails/search?q=x')).status, 401);
  });
});

describe('badges', () => {
  const createBadge = async (slug: string, description: string): Promise<void> => {
    const result = await runCli([
      'admin',
      'create-badge',
      '--data',
      server.dataDir,
      '--slug',
      slug,
      '--description',
      description,
      '--image-url',
      `https://img.test/${slug}.png`,
    ]);
    assert.equal(result.code, 0, result.stderr);
  };

  test('an administrator gives badges by slug, lists and removes them', async () => {
    const dan = await server.createUser('badge-dan');
    await createBadge('early-bird', 'Was here first');
    await createBadge('helper', 'Answers questions');
    const add = await server.request('POST', '/admin/users/badge-dan/badges', {
      token: server.admin.token,
      body: { badge_slugs: ['early-bird', 'helper', 'early-bird'] },
    });
    assert.equal(add.status, 204);
    const list = await server.request<Badge[]>('GET', '/admin/users/badge-dan/badges', {
      token: server.admin.token,
    });
    assert.equal(list.status, 200);
    assert.equal(list.headers.get('x-total-count'), '2');
    assert.deepEqual(
      list.json.map(({ slug, description, image_url }) => ({ slug, description, image_url })),
      [
        { slug: 'early-bird', description: 'Was here first', image_url: 'https://img.test/early-bird.png' },
        { slug: 'helper', description: 'Answers questions', image_url: 'https://img.test/helper.png' },
      ],
    );
    const remove = await server.request('DELETE', '/admin/users/badge-dan/badges', {
      token: server.admin.token,
      body: { badge_slugs: ['helper', 'never-given'] },
    });
    assert.equal(remove.status, 204);
    const after = await server.request<Badge[]>('GET', '/admin/users/badge-dan/badges', {
      token: server.admin.token,
    });
    assert.deepEqual(
      after.json.map((badge) => badge.slug),
      ['early-bird'],
    );
    assert.ok(dan.user.id > 0);
  });

  test('a slug that names no badge gives nothing: 422; an unknown user 404', async () => {
    await server.createUser('badge-eli');
    const res = await server.request<ErrorBody>('POST', '/admin/users/badge-eli/badges', {
      token: server.admin.token,
      body: { badge_slugs: ['nope'] },
    });
    assert.equal(res.status, 422);
    assert.equal(res.json.message, "badge with slug nope doesn't exist");
    const none = await server.request<Badge[]>('GET', '/admin/users/badge-eli/badges', {
      token: server.admin.token,
    });
    assert.deepEqual(none.json, []);
    const unknown = await server.request('GET', '/admin/users/nobody-here/badges', {
      token: server.admin.token,
    });
    assert.equal(unknown.status, 404);
  });

  test('a badge defined twice is refused by the CLI; users may not touch badges: 403', async () => {
    await createBadge('once', 'only once');
    const again = await runCli(['admin', 'create-badge', '--data', server.dataDir, '--slug', 'once']);
    assert.equal(again.code, 1);
    assert.match(again.stderr, /cannot create badge "once": badge with slug once already exists/);
    const fay = await server.createUser('badge-fay');
    const res = await server.request('POST', '/admin/users/badge-fay/badges', {
      token: fay.token,
      body: { badge_slugs: ['once'] },
    });
    assert.equal(res.status, 403);
  });
});
