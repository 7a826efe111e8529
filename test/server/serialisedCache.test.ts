import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { databaseFile } from '../../src/server/config';
import { issueFragments } from '../../src/server/convert/issue';
import { jsonArray, SerialisedCache, serialisedCacheOf } from '../../src/server/convert/serialisedCache';
import { userFragments } from '../../src/server/convert/user';
import { Database } from '../../src/server/store/database';
import { findIssueByNumber } from '../../src/server/store/issues';
import { findRepositoryByName } from '../../src/server/store/repositories';
import { findUserById } from '../../src/server/store/users';
import { startServer, type TestServer, type TestUser } from './harness';

interface UserJson {
  login: string;
  full_name: string;
  email: string;
}

interface IssueJson {
  number: number;
  url: string;
  user: UserJson;
  labels: { name: string; color: string }[];
  milestone: { title: string } | null;
  repository: { owner: string; full_name: string };
}

interface PullJson {
  number: number;
  labels: { name: string }[];
  milestone: { title: string } | null;
  base: { repo: { full_name: string } };
}

interface RepoJson {
  name: string;
  full_name: string;
  owner: UserJson;
  permissions: { admin: boolean; push: boolean; pull: boolean };
}

/**
 * Lists are answered from serialised fragments (convert/serialisedCache.ts): every test lists twice (the
 * second answer comes from the cache), writes one thing a listed object shows, and lists again.
 */
describe('serialised objects in lists never go stale', () => {
  let server: TestServer;
  let owner: TestUser;
  let viewer: TestUser;
  let ownerName = 'sc-owner';
  let repoName = 'shelf';
  let labelId = 0;
  let milestoneId = 0;

  const full = (): string => `${ownerName}/${repoName}`;
  const get = async <T>(path: string, token?: string): Promise<T> => {
    const res = await server.request<T>('GET', path, token ? { token } : {});
    assert.equal(res.status, 200, `${path}: ${res.text}`);
    return res.json;
  };
  /** The list twice (the first fills the cache, the second is served from it); answers the second. */
  const listTwice = async <T>(path: string, token?: string): Promise<T> => {
    const first = await get<T>(path, token);
    const second = await get<T>(path, token);
    assert.deepEqual(second, first);
    return second;
  };
  const issues = (token = owner.token): Promise<IssueJson[]> =>
    get<IssueJson[]>(`/repos/${full()}/issues?state=all&type=issues`, token);
  const pulls = (): Promise<PullJson[]> => get<PullJson[]>(`/repos/${full()}/pulls?state=all`, owner.token);
  const repos = (token: string): Promise<RepoJson[]> => get<RepoJson[]>(`/users/${ownerName}/repos`, token);
  const write = async (method: string, path: string, body: unknown, token = owner.token): Promise<void> => {
    const res = await server.request(method, path, { token, body });
    assert.ok(res.status < 300, `${method} ${path}: ${res.status} ${res.text}`);
  };

  before(async () => {
    server = await startServer();
    owner = await server.createUser('sc-owner');
    viewer = await server.createUser('sc-viewer');
    await write('POST', '/user/repos', { name: repoName, auto_init: true });
    const label = await server.request<{ id: number }>('POST', `/repos/${full()}/labels`, {
      token: owner.token,
      body: { name: 'bug', color: 'ff0000' },
    });
    labelId = label.json.id;
    const milestone = await server.request<{ id: number }>('POST', `/repos/${full()}/milestones`, {
      token: owner.token,
      body: { title: 'v1' },
    });
    milestoneId = milestone.json.id;
    await write('POST', `/repos/${full()}/issues`, {
      title: 'Shelf wobbles',
      labels: [labelId],
      milestone: milestoneId,
    });
    await write('POST', `/repos/${full()}/contents/notes.md`, {
      content: Buffer.from('a note\n').toString('base64'),
      new_branch: 'notes',
      message: 'Add notes',
    });
    await write('POST', `/repos/${full()}/pulls`, {
      head: 'notes',
      base: 'main',
      title: 'Notes',
      labels: [labelId],
      milestone: milestoneId,
    });
  });

  after(async () => {
    await server.stop();
  });

  test('a label edit shows in the next issue and pull request lists', async () => {
    await listTwice(`/repos/${full()}/issues?state=all&type=issues`, owner.token);
    await listTwice(`/repos/${full()}/pulls?state=all`, owner.token);
    await listTwice(`/repos/${full()}/issues/1`, owner.token);
    await write('PATCH', `/repos/${full()}/labels/${labelId}`, { name: 'defect', color: '00ff00' });
    const single = await get<IssueJson>(`/repos/${full()}/issues/1`, owner.token);
    assert.deepEqual(
      single.labels.map((l) => l.name),
      ['defect'],
    );
    const [issue] = await issues();
    assert.deepEqual(
      issue!.labels.map((l) => [l.name, l.color]),
      [['defect', '00ff00']],
    );
    const [pull] = await pulls();
    assert.deepEqual(
      pull!.labels.map((l) => l.name),
      ['defect'],
    );
  });

  test('a milestone edit shows in the next lists', async () => {
    await listTwice(`/repos/${full()}/issues?state=all&type=issues`, owner.token);
    await listTwice(`/repos/${full()}/pulls?state=all`, owner.token);
    await write('PATCH', `/repos/${full()}/milestones/${milestoneId}`, { title: 'v1.1' });
    assert.equal((await issues())[0]!.milestone?.title, 'v1.1');
    assert.equal((await pulls())[0]!.milestone?.title, 'v1.1');
  });

  test("a poster's and owner's full name change shows in issue and repository lists", async () => {
    await listTwice(`/repos/${full()}/issues?state=all&type=issues`, owner.token);
    await listTwice(`/users/${ownerName}/repos`, viewer.token);
    await listTwice(`/users/${ownerName}`, viewer.token);
    await listTwice(`/repos/${full()}`, viewer.token);
    await write(
      'PATCH',
      `/admin/users/${ownerName}`,
      { full_name: 'Shelly Owner', login_name: ownerName, source_id: 0 },
      server.admin.token,
    );
    assert.equal((await issues())[0]!.user.full_name, 'Shelly Owner');
    assert.equal((await repos(viewer.token))[0]!.owner.full_name, 'Shelly Owner');
    assert.equal((await get<UserJson>(`/users/${ownerName}`, viewer.token)).full_name, 'Shelly Owner');
    assert.equal((await get<RepoJson>(`/repos/${full()}`, viewer.token)).owner.full_name, 'Shelly Owner');
  });

  test("the viewer's permission change shows in the next repository list", async () => {
    assert.deepEqual(
      (await listTwice<RepoJson[]>(`/users/${ownerName}/repos`, viewer.token))[0]!.permissions,
      {
        admin: false,
        push: false,
        pull: true,
      },
    );
    await write('PUT', `/repos/${full()}/collaborators/${viewer.user.login}`, { permission: 'write' });
    assert.equal((await repos(viewer.token))[0]!.permissions.push, true);
    await listTwice(`/users/${ownerName}/repos`, viewer.token);
    await write('DELETE', `/repos/${full()}/collaborators/${viewer.user.login}`, undefined);
    assert.equal((await repos(viewer.token))[0]!.permissions.push, false);
    // the owner's own view was never the viewer's
    assert.equal((await repos(owner.token))[0]!.permissions.admin, true);
  });

  test('what depends on the viewer is not shared between viewers', async () => {
    const own = await listTwice<IssueJson[]>(`/repos/${full()}/issues?state=all&type=issues`, owner.token);
    const other = await listTwice<IssueJson[]>(`/repos/${full()}/issues?state=all&type=issues`, viewer.token);
    const anonymous = await listTwice<IssueJson[]>(`/repos/${full()}/issues?state=all&type=issues`);
    assert.equal(own[0]!.user.email, 'sc-owner@example.com');
    assert.match(other[0]!.user.email, /^sc-owner@noreply\./);
    assert.match(anonymous[0]!.user.email, /^sc-owner@noreply\./);
  });

  test('a repository rename shows in issue search and repository lists', async () => {
    await listTwice(`/repos/issues/search?state=all&type=issues`, owner.token);
    await listTwice(`/users/${ownerName}/repos`, viewer.token);
    await write('PATCH', `/repos/${full()}`, { name: 'rack' });
    repoName = 'rack';
    const [found] = await get<IssueJson[]>(`/repos/issues/search?state=all&type=issues`, owner.token);
    assert.equal(found!.repository.full_name, 'sc-owner/rack');
    assert.equal((await repos(viewer.token))[0]!.full_name, 'sc-owner/rack');
    assert.equal((await pulls())[0]!.base.repo.full_name, 'sc-owner/rack');
  });

  test("an owner's rename shows in the next issue, pull request and repository lists", async () => {
    await listTwice(`/repos/${full()}/issues?state=all&type=issues`, owner.token);
    await listTwice(`/repos/${full()}/pulls?state=all`, owner.token);
    await listTwice(`/users/${ownerName}/repos`, viewer.token);
    await write(
      'POST',
      `/admin/users/${ownerName}/rename`,
      { new_username: 'sc-keeper' },
      server.admin.token,
    );
    ownerName = 'sc-keeper';
    const [issue] = await issues();
    assert.equal(issue!.user.login, 'sc-keeper');
    assert.equal(issue!.repository.full_name, 'sc-keeper/rack');
    assert.match(issue!.url, /\/repos\/sc-keeper\/rack\/issues\/1$/);
    assert.equal((await pulls())[0]!.base.repo.full_name, 'sc-keeper/rack');
    const [repo] = await repos(viewer.token);
    assert.equal(repo!.owner.login, 'sc-keeper');
    assert.equal(repo!.full_name, 'sc-keeper/rack');
  });

  test('fragments are kept for one data version and rebuilt after a write of another connection', async () => {
    // the test's own connection to the server's database: the server's writes are another connection's
    const db = new Database(databaseFile(server.dataDir));
    try {
      const view = { db, user: findUserById(db, owner.user.id)!, rootUrl: server.url };
      const repo = findRepositoryByName(db, ownerName, repoName)!;
      const row = (): NonNullable<ReturnType<typeof findIssueByNumber>> => findIssueByNumber(db, repo.id, 1)!;
      const cache = serialisedCacheOf(db);
      const [first] = issueFragments(view, [row()], repo);
      const { hits, misses } = cache;
      const [again] = issueFragments(view, [row()], repo);
      assert.equal(again, first);
      assert.equal(cache.hits, hits + 1);
      assert.equal(cache.misses, misses);

      await write('PATCH', `/repos/${full()}/labels/${labelId}`, { name: 'wobble' });
      const [after] = issueFragments(view, [row()], repo);
      assert.equal(cache.misses, misses + 1);
      assert.deepEqual(
        (JSON.parse(after!.toString()) as IssueJson).labels.map((l) => l.name),
        ['wobble'],
      );
    } finally {
      db.close();
    }
  });

  test('the cache is bounded by count and by bytes, least recently used first', () => {
    const db = new Database(databaseFile(server.dataDir));
    try {
      const view = { db, user: null, rootUrl: server.url };
      const users = [owner, viewer].map((u) => findUserById(db, u.user.id)!);
      const admin = db.get<{ id: number }>(
        'SELECT id FROM user WHERE lower_name = ?',
        server.admin.username,
      )!;
      const all = [...users, findUserById(db, admin.id)!];
      const small = new SerialisedCache(2, 1_000_000);
      const shape = (missing: readonly (typeof all)[number][]): unknown[] =>
        JSON.parse(jsonArray(userFragments(view, missing)).toString()) as unknown[];
      small.fragments(view, 'user', all, (u) => u.id, shape);
      assert.equal(small.size, 2);
      // the first user went first: asking for it again misses
      const misses = small.misses;
      small.fragments(view, 'user', [all[0]!], (u) => u.id, shape);
      assert.equal(small.misses, misses + 1);

      const tiny = new SerialisedCache(100, 1_000);
      tiny.fragments(view, 'user', all, (u) => u.id, shape);
      assert.ok(tiny.size >= 1 && tiny.size < all.length, `kept ${tiny.size}`);
    } finally {
      db.close();
    }
  });
});
