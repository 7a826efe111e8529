import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { giteaApi } from 'gitea-js';
import { startServer, type TestServer, type TestUser } from './harness';
import { createRepository, git, pushTo, serverRepoPath } from '../helpers/gitFixtures';

interface StatusJson {
  id: number;
  status: string;
  target_url: string;
  description: string;
  url: string;
  context: string;
  creator: { login: string } | null;
  created_at: string;
  updated_at: string;
}

interface CombinedJson {
  state: string;
  sha: string;
  total_count: number;
  statuses: StatusJson[];
  repository: { full_name: string; permissions: { push: boolean } };
  commit_url: string;
  url: string;
}

let server: TestServer;
let owner: TestUser;
let writer: TestUser;
let reader: TestUser;
let stranger: TestUser;
let bare: string;
let main: string;
let older: string;

before(async () => {
  server = await startServer();
  owner = await server.createUser('st-owner');
  writer = await server.createUser('st-writer');
  reader = await server.createUser('st-reader');
  stranger = await server.createUser('st-stranger');
  await createRepository(server, owner.token, 'ci');
  bare = serverRepoPath(server.dataDir, 'st-owner', 'ci');
  pushTo(bare, (work) => {
    work.write('a.txt', 'a\n');
    older = work.commit('older');
    work.write('a.txt', 'b\n');
    main = work.commit('newer');
    work.tag('v1');
  });
  for (const [user, permission] of [
    ['st-writer', 'write'],
    ['st-reader', 'read'],
  ]) {
    await server.request('PUT', `/repos/st-owner/ci/collaborators/${user}`, {
      token: owner.token,
      body: { permission },
    });
  }
});

after(async () => {
  await server.stop();
});

const post = (ref: string, body: unknown, user: TestUser | null = writer, repo = 'ci') =>
  server.request<StatusJson[] & { message: string }>('POST', `/repos/st-owner/${repo}/statuses/${ref}`, {
    token: user?.token,
    body,
  });
const combined = (ref: string, query = '', repo = 'ci', user: TestUser | null = reader) =>
  server.request<CombinedJson>('GET', `/repos/st-owner/${repo}/commits/${ref}/status${query}`, {
    token: user?.token,
  });

describe('creating statuses', () => {
  test('a status is recorded for the commit a ref names and the commit’s statuses are answered (200)', async () => {
    const res = await post('main', {
      state: 'pending',
      context: ' ci/build ',
      description: ' building ',
      target_url: 'https://ci.example.com/1',
    });
    assert.equal(res.status, 200);
    const [status] = res.json;
    assert.equal(status?.id, 1);
    assert.equal(status?.status, 'pending');
    assert.equal(status?.context, 'ci/build');
    assert.equal(status?.description, 'building');
    assert.equal(status?.target_url, 'https://ci.example.com/1');
    assert.equal(status?.url, `${server.url}api/v1/repos/st-owner/ci/statuses/${main}`);
    assert.equal(status?.creator?.login, 'st-writer');
    assert.equal(status?.created_at, status?.updated_at);
    const second = await post(main.slice(0, 8), { state: 'success', context: 'ci/build' });
    assert.deepEqual(
      second.json.map((s) => [s.id, s.status]),
      [
        [2, 'success'],
        [1, 'pending'],
      ],
    );
  });

  test('an invalid or missing state answers 422 and stores nothing', async () => {
    for (const body of [{ state: 'bogus' }, { state: '' }, {}, { context: 'x' }]) {
      const res = await post(older, body);
      assert.equal(res.status, 422, JSON.stringify(body));
      assert.match(res.json.message, /^\[State\]: /);
    }
    const list = await server.request<StatusJson[]>('GET', `/repos/st-owner/ci/statuses/${older}`, {
      token: reader.token,
    });
    assert.deepEqual(list.json, []);
  });

  test('a commit that does not exist answers 404; refs that are not names answer 404 too', async () => {
    for (const ref of ['0'.repeat(40), 'nope', '--upload-pack=x', 'main:a.txt']) {
      const res = await post(ref, { state: 'success' });
      assert.equal(res.status, 404, ref);
    }
  });

  test('readers get 403, anonymous callers 401, outsiders of a private repository 404', async () => {
    assert.equal((await post('main', { state: 'error' }, reader)).status, 403);
    assert.equal((await post('main', { state: 'error' }, null)).status, 401);
    await createRepository(server, owner.token, 'secret', { private: true });
    assert.equal((await post('main', { state: 'error' }, stranger, 'secret')).status, 404);
    assert.equal((await post('main', { state: 'error' }, owner, 'secret')).status, 200);
  });
});

describe('listing statuses', () => {
  before(async () => {
    for (const [state, context] of [
      ['pending', 'lint'],
      ['failure', 'lint'],
      ['success', 'test'],
      ['warning', 'deploy'],
    ]) {
      await post(older, { state, context });
    }
  });

  test('a commit’s statuses are listed newest first with X-Total-Count', async () => {
    const res = await server.request<StatusJson[]>('GET', `/repos/st-owner/ci/statuses/${older}`, {
      token: reader.token,
    });
    assert.equal(res.status, 200);
    assert.deepEqual(
      res.json.map((s) => `${s.id}:${s.context}:${s.status}`),
      ['4:deploy:warning', '3:test:success', '2:lint:failure', '1:lint:pending'],
    );
    assert.equal(res.headers.get('x-total-count'), '4');
  });

  test('state filters, sort orders and pages apply as in Gitea', async () => {
    const list = (query: string) =>
      server.request<StatusJson[]>('GET', `/repos/st-owner/ci/statuses/${older}${query}`, {
        token: reader.token,
      });
    assert.deepEqual(
      (await list('?state=failure')).json.map((s) => s.id),
      [2],
    );
    assert.deepEqual(
      (await list('?sort=oldest')).json.map((s) => s.id),
      [1, 2, 3, 4],
    );
    // Gitea's highestindex really means ascending index, leastindex descending.
    assert.deepEqual(
      (await list('?sort=highestindex')).json.map((s) => s.id),
      [1, 2, 3, 4],
    );
    assert.deepEqual(
      (await list('?sort=leastindex')).json.map((s) => s.id),
      [4, 3, 2, 1],
    );
    const page = await list('?limit=3&page=2');
    assert.deepEqual(
      page.json.map((s) => s.id),
      [1],
    );
    assert.equal(page.headers.get('x-total-count'), '4');
    assert.match(page.headers.get('link') ?? '', /rel="first"/);
    assert.deepEqual((await list('?state=nonsense')).json.length, 4);
  });
});

describe('combined status', () => {
  test('the state is the worst of the latest status per context, which are the statuses listed', async () => {
    const res = await combined(older);
    assert.equal(res.status, 200);
    assert.equal(res.json.state, 'failure');
    assert.equal(res.json.sha, older);
    assert.equal(res.json.total_count, 3);
    assert.deepEqual(
      res.json.statuses.map((s) => `${s.context}:${s.status}`),
      ['deploy:warning', 'test:success', 'lint:failure'],
    );
    assert.equal(res.json.repository.full_name, 'st-owner/ci');
    assert.equal(res.json.repository.permissions.push, false);
    assert.equal(res.json.commit_url, `${server.url}api/v1/repos/st-owner/ci/commits/${older}`);
    assert.equal(res.json.url, `${server.url}api/v1/repos/st-owner/ci/commits/${older}/status`);
  });

  test('a branch, a tag and a short id resolve to their commit; /statuses answers the same', async () => {
    const byBranch = await combined('main');
    assert.equal(byBranch.json.sha, main);
    assert.equal(byBranch.json.state, 'success');
    assert.equal((await combined('v1')).json.sha, main);
    assert.equal((await combined(main.slice(0, 7))).json.sha, main);
    const alias = await server.request<CombinedJson>('GET', '/repos/st-owner/ci/commits/main/statuses', {
      token: reader.token,
    });
    assert.deepEqual(alias.json, byBranch.json);
  });

  test('pending outranks success, and a commit without statuses has an empty state', async () => {
    pushTo(bare, (work) => {
      work.write('c.txt', 'c\n');
      work.commit('third');
    });
    const third = git(bare, ['rev-parse', 'main']).trim();
    const none = await combined(third);
    assert.equal(none.status, 200);
    assert.deepEqual([none.json.state, none.json.total_count, none.json.statuses], ['', 0, []]);
    await post(third, { state: 'success', context: 'a' });
    await post(third, { state: 'pending', context: 'b' });
    assert.equal((await combined(third)).json.state, 'pending');
    const paged = await combined(third, '?limit=1');
    assert.equal(paged.json.statuses.length, 1);
    assert.equal(paged.json.total_count, 2);
    assert.equal(paged.headers.get('x-total-count'), '2');
  });

  test('unknown refs answer 404, and so do private repositories for outsiders', async () => {
    assert.equal((await combined('nope')).status, 404);
    assert.equal((await combined('main', '', 'secret', stranger)).status, 404);
    assert.equal((await combined('main', '', 'secret', null)).status, 404);
  });
});

test('gitea-js creates and reads statuses', async () => {
  const api = giteaApi(server.url.replace(/\/$/, ''), { token: writer.token });
  const created = await api.repos.repoCreateStatus('st-owner', 'ci', main, { state: 'error', context: 'js' });
  assert.equal(created.status, 200);
  const list = await api.repos.repoListStatuses('st-owner', 'ci', main, { state: 'error' });
  assert.equal(list.data[0]?.context, 'js');
  assert.equal(list.data[0]?.creator?.login, 'st-writer');
  const state = await api.repos.repoGetCombinedStatusByRef('st-owner', 'ci', main);
  assert.equal(state.data.state, 'error');
  assert.equal(state.data.repository?.name, 'ci');
});
