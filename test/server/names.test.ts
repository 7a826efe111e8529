import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startServer, type TestServer, type TestUser } from './harness';

/**
 * Names as Gitea validates them (services/names.ts lists every rule): each kind of name through the API
 * that creates it, refused names answering 422 with a message and creating nothing.
 */
describe('name validation', () => {
  let server: TestServer;
  let owner: TestUser;

  before(async () => {
    server = await startServer();
    owner = await server.createUser('namer');
    const repo = await server.request('POST', '/user/repos', {
      token: owner.token,
      body: { name: 'base', auto_init: true },
    });
    assert.equal(repo.status, 201, repo.text);
    const org = await server.request('POST', '/orgs', { token: owner.token, body: { username: 'name-org' } });
    assert.equal(org.status, 201, org.text);
  });

  after(async () => {
    await server.stop();
  });

  async function expectNames(
    create: (name: string) => Promise<{ status: number; text: string }>,
    refused: readonly string[],
    accepted: readonly string[],
    okStatus = 201,
  ): Promise<void> {
    for (const name of refused) {
      const res = await create(name);
      assert.equal(res.status, 422, `${JSON.stringify(name)} should be refused: ${res.text}`);
      assert.equal(typeof (JSON.parse(res.text) as { message: unknown }).message, 'string');
    }
    for (const name of accepted) {
      const res = await create(name);
      assert.equal(res.status, okStatus, `${JSON.stringify(name)} should be accepted: ${res.text}`);
    }
  }

  const reservedAccountNames = [
    'api',
    'assets',
    'user',
    'admin',
    'explore',
    'ADMIN',
    '.',
    '..',
    'login',
    'swagger.v1.json',
  ];
  const badAccountNames = [
    '',
    '-lead',
    '.dot',
    '_under',
    'trail-',
    'double--dash',
    'a b',
    'é',
    'x'.repeat(41),
    'me.keys',
    'me.gpg',
    'me.rss',
    'me.atom',
    'me.png',
    'a/b',
    'a\u0000b',
  ];

  it('user names: reserved names and patterns, the characters, at most 40', async () => {
    let n = 0;
    await expectNames(
      (username) =>
        server.request('POST', '/admin/users', {
          token: server.admin.token,
          body: {
            username,
            email: `n${n++}@example.com`,
            password: 'a-long-password',
            must_change_password: false,
          },
        }),
      [...reservedAccountNames, ...badAccountNames],
      ['ok.name-1_x', 'y'.repeat(40), 'A9'],
    );
  });

  it('organization names follow the same rules', async () => {
    await expectNames(
      (username) => server.request('POST', '/orgs', { token: owner.token, body: { username } }),
      [...reservedAccountNames, ...badAccountNames],
      ['org.two', 'z'.repeat(40)],
    );
  });

  it('repository names: ".", "..", "-", .git and .wiki suffixes, the characters, at most 100', async () => {
    await expectNames(
      (name) => server.request('POST', '/user/repos', { token: owner.token, body: { name } }),
      [
        '',
        '.',
        '..',
        '-',
        'code.git',
        'CODE.GIT',
        'notes.wiki',
        'feed.rss',
        'feed.atom',
        'a b',
        'a/b',
        'é',
        'a..b',
        'r'.repeat(101),
        'a\u0000b',
      ],
      ['api', 'assets', 'ok.repo-1_x', 'r'.repeat(100)],
    );
  });

  it('team names: letters, digits, dash, underscore and dot only, at most 255', async () => {
    await expectNames(
      (name) =>
        server.request('POST', '/orgs/name-org/teams', {
          token: owner.token,
          body: { name, permission: 'read' },
        }),
      ['', 'a b', 'a/b', 'é', 'tab\t', 't'.repeat(256)],
      ['core.team-1_x'],
    );
  });

  it('label names: required and at most 50 characters, any text', async () => {
    await expectNames(
      (name) =>
        server.request('POST', '/repos/namer/base/labels', {
          token: owner.token,
          body: { name, color: '#aabbcc' },
        }),
      ['', '   ', 'l'.repeat(51)],
      ['needs review', 'kind/bug', 'bug 🐛', 'l'.repeat(50)],
    );
  });

  it('branch names: git ref rules, no leading dash, at most 100', async () => {
    await expectNames(
      (name) =>
        server.request('POST', '/repos/namer/base/branches', {
          token: owner.token,
          body: { new_branch_name: name, old_branch_name: 'main' },
        }),
      [
        '-x',
        '--force',
        'a..b',
        'x.lock',
        'a/.hidden',
        'HEAD',
        '@',
        'a b',
        'a~1',
        'a^',
        'a:b',
        'a?',
        'a*',
        'a[',
        'a\\b',
        'a@{1}',
        'end.',
        'end/',
        '/start',
        'a//b',
        'b'.repeat(101),
        'a\u0000b',
      ],
      ['feature/ok', 'release-1.0', 'b'.repeat(100)],
    );
  });
});
