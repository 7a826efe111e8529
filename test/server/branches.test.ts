import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { giteaApi } from 'gitea-js';
import { startServer, type TestServer, type TestUser } from './harness';
import { createRepository, git, pushTo, serverRepoPath } from '../helpers/gitFixtures';

interface BranchJson {
  name: string;
  commit: {
    id: string;
    message: string;
    url: string;
    author: { name: string; email: string; username: string };
    committer: { name: string; email: string; username: string };
    verification: { verified: boolean; reason: string; signature: string; signer: null; payload: string };
    timestamp: string;
    added: string[];
    removed: string[];
    modified: string[];
  };
  protected: boolean;
  required_approvals: number;
  enable_status_check: boolean;
  status_check_contexts: string[];
  user_can_push: boolean;
  user_can_merge: boolean;
  effective_branch_protection_name: string;
}

let server: TestServer;
let owner: TestUser;
let reader: TestUser;
let stranger: TestUser;
let bare: string;
const tips: Record<string, string> = {};

before(async () => {
  server = await startServer();
  owner = await server.createUser('br-owner');
  reader = await server.createUser('br-reader');
  stranger = await server.createUser('br-stranger');
  await createRepository(server, owner.token, 'tree');
  bare = serverRepoPath(server.dataDir, 'br-owner', 'tree');
  pushTo(bare, (work) => {
    work.write('a.txt', 'a\n');
    tips.main = work.commit('on main', { author: { name: 'Owner', email: 'br-owner@example.com' } });
    work.tag('v1');
    work.branch('dev').write('dev.txt', 'dev\n');
    tips.dev = work.commit('on dev');
    work.checkout('main').branch('feature/deep/x').write('x.txt', 'x\n');
    tips['feature/deep/x'] = work.commit('deep work');
    work.checkout('main');
  });
  const added = await server.request('PUT', '/repos/br-owner/tree/collaborators/br-reader', {
    token: owner.token,
    body: { permission: 'read' },
  });
  assert.equal(added.status, 204);
});

after(async () => {
  await server.stop();
});

const branchesOf = (user?: TestUser, query = '') =>
  server.request<BranchJson[]>('GET', `/repos/br-owner/tree/branches${query}`, { token: user?.token });

describe('listing and reading branches', () => {
  test('the list answers every branch with its tip, the most recently committed first', async () => {
    const res = await branchesOf(owner);
    assert.equal(res.status, 200);
    assert.deepEqual(
      res.json.map((b) => [b.name, b.commit.id]),
      [
        ['feature/deep/x', tips['feature/deep/x']],
        ['dev', tips.dev],
        ['main', tips.main],
      ],
    );
    assert.equal(res.headers.get('x-total-count'), '3');
  });

  test('a branch carries Gitea’s fields, its commit as a PayloadCommit, and what the caller may do', async () => {
    const res = await server.request<BranchJson>('GET', '/repos/br-owner/tree/branches/main', {
      token: owner.token,
    });
    assert.equal(res.status, 200);
    const branch = res.json;
    assert.equal(branch.name, 'main');
    assert.equal(branch.commit.id, tips.main);
    assert.equal(branch.commit.message, 'on main\n');
    assert.equal(branch.commit.url, `${server.url}br-owner/tree/commit/${tips.main}`);
    assert.deepEqual(branch.commit.author, {
      name: 'Owner',
      email: 'br-owner@example.com',
      username: 'br-owner',
    });
    assert.deepEqual(branch.commit.verification, {
      verified: false,
      reason: 'gpg.error.not_signed_commit',
      signature: '',
      signer: null,
      payload: '',
    });
    assert.match(branch.commit.timestamp, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
    assert.deepEqual([branch.commit.added, branch.commit.removed, branch.commit.modified], [[], [], []]);
    assert.equal(branch.protected, false);
    assert.equal(branch.required_approvals, 0);
    assert.equal(branch.enable_status_check, false);
    assert.deepEqual(branch.status_check_contexts, []);
    assert.equal(branch.effective_branch_protection_name, '');
    assert.equal(branch.user_can_push, true);
    assert.equal(branch.user_can_merge, true);
  });

  test('readers and anonymous callers see the branch but may not push or merge', async () => {
    for (const who of [reader, undefined]) {
      const res = await server.request<BranchJson>('GET', '/repos/br-owner/tree/branches/dev', {
        token: who?.token,
      });
      assert.equal(res.status, 200);
      assert.equal(res.json.user_can_push, false);
      assert.equal(res.json.user_can_merge, false);
    }
  });

  test('pages of the list come with X-Total-Count and Link', async () => {
    const first = await branchesOf(owner, '?limit=2');
    assert.deepEqual(
      first.json.map((b) => b.name),
      ['feature/deep/x', 'dev'],
    );
    assert.equal(first.headers.get('x-total-count'), '3');
    assert.match(first.headers.get('link') ?? '', /[?&]page=2[^>]*>; rel="next"/);
    const second = await branchesOf(owner, '?limit=2&page=2');
    assert.deepEqual(
      second.json.map((b) => b.name),
      ['main'],
    );
  });

  test('q keeps the branches whose name contains it', async () => {
    const res = await branchesOf(owner, '?q=DEE');
    assert.deepEqual(
      res.json.map((b) => b.name),
      ['feature/deep/x'],
    );
    assert.equal(res.headers.get('x-total-count'), '1');
  });

  test('a branch name with slashes is found, also with encoded slashes', async () => {
    for (const path of ['feature/deep/x', 'feature%2Fdeep%2Fx']) {
      const res = await server.request<BranchJson>('GET', `/repos/br-owner/tree/branches/${path}`, {
        token: owner.token,
      });
      assert.equal(res.status, 200, path);
      assert.equal(res.json.name, 'feature/deep/x');
      assert.equal(res.json.commit.id, tips['feature/deep/x']);
    }
  });

  test('unknown and malformed branch names answer 404', async () => {
    for (const name of ['nope', 'feature/deep', 'v1', '..%2F..%2Fconfig', '--upload-pack=x', 'main%00']) {
      const res = await server.request<{ message: string }>('GET', `/repos/br-owner/tree/branches/${name}`, {
        token: owner.token,
      });
      assert.equal(res.status, 404, name);
      assert.equal(typeof res.json.message, 'string');
    }
  });

  test('an empty repository lists no branches', async () => {
    await createRepository(server, owner.token, 'bare-empty', { empty: true });
    const res = await server.request<BranchJson[]>('GET', '/repos/br-owner/bare-empty/branches', {
      token: owner.token,
    });
    assert.equal(res.status, 200);
    assert.deepEqual(res.json, []);
    assert.equal(res.headers.get('x-total-count'), '0');
  });
});

describe('creating branches', () => {
  const create = (body: unknown, user: TestUser | null = owner) =>
    server.request<BranchJson & { message: string }>('POST', '/repos/br-owner/tree/branches', {
      token: user?.token,
      body,
    });

  test('a new branch starts at the default branch and answers 201 with the branch', async () => {
    const res = await create({ new_branch_name: 'made/one' });
    assert.equal(res.status, 201);
    assert.equal(res.json.name, 'made/one');
    assert.equal(res.json.commit.id, tips.main);
    assert.equal(git(bare, ['rev-parse', 'refs/heads/made/one']).trim(), tips.main);
  });

  test('the start can be another branch, a tag or a commit id', async () => {
    const fromBranch = await create({ new_branch_name: 'from-dev', old_branch_name: 'dev' });
    assert.equal(fromBranch.status, 201);
    assert.equal(fromBranch.json.commit.id, tips.dev);
    const fromTag = await create({ new_branch_name: 'from-tag', old_ref_name: 'v1' });
    assert.equal(fromTag.json.commit.id, tips.main);
    const fromSha = await create({
      new_branch_name: 'from-sha',
      old_ref_name: tips['feature/deep/x']!.slice(0, 12),
    });
    assert.equal(fromSha.status, 201);
    assert.equal(fromSha.json.commit.id, tips['feature/deep/x']);
  });

  test('an existing name, a tag’s name or a name clashing with a folder of branches answers 409', async () => {
    assert.deepEqual(
      [
        (await create({ new_branch_name: 'dev' })).json.message,
        (await create({ new_branch_name: 'dev' })).status,
      ],
      ['The branch already exists.', 409],
    );
    const tag = await create({ new_branch_name: 'v1' });
    assert.equal(tag.status, 409);
    assert.equal(tag.json.message, 'The branch with the same tag already exists.');
    assert.equal((await create({ new_branch_name: 'feature' })).status, 409);
    assert.equal((await create({ new_branch_name: 'dev/below' })).status, 409);
  });

  test('an unknown start answers 404', async () => {
    const branch = await create({ new_branch_name: 'orphan-1', old_branch_name: 'nope' });
    assert.equal(branch.status, 404);
    assert.equal(branch.json.message, 'The old branch does not exist');
    assert.equal((await create({ new_branch_name: 'orphan-2', old_ref_name: 'deadbeef' })).status, 404);
  });

  test('names git would refuse, or read as options, answer 422 and never become refs', async () => {
    const names = [
      '',
      '../escape',
      '--upload-pack=touch /tmp/x',
      '-x',
      'a..b',
      'with space',
      'x.lock',
      'a@{1}',
      'nul\u0000',
      'b'.repeat(101),
    ];
    for (const name of names) {
      const res = await create({ new_branch_name: name });
      assert.equal(res.status, 422, JSON.stringify(name));
      assert.match(res.json.message, /^\[BranchName\]: /);
    }
    assert.equal((await create({})).json.message, '[BranchName]: Required');
    const badSource = await create({ new_branch_name: 'ok-name', old_ref_name: '--output=/tmp/x' });
    assert.equal(badSource.status, 422);
    const refs = git(bare, ['for-each-ref', '--format=%(refname)']);
    assert.doesNotMatch(refs, /escape|upload|lock|ok-name/);
  });

  test('readers may not create branches (403), anonymous callers must sign in (401)', async () => {
    assert.equal((await create({ new_branch_name: 'by-reader' }, reader)).status, 403);
    assert.equal((await create({ new_branch_name: 'by-nobody' }, null)).status, 401);
    assert.equal((await branchesOf(owner, '?q=by-')).json.length, 0);
  });
});

describe('deleting branches', () => {
  const remove = (name: string, user: TestUser | null = owner) =>
    server.request<{ message: string }>('DELETE', `/repos/br-owner/tree/branches/${name}`, {
      token: user?.token,
    });

  test('a branch is deleted with 204 and is gone afterwards', async () => {
    await server.request('POST', '/repos/br-owner/tree/branches', {
      token: owner.token,
      body: { new_branch_name: 'gone/soon' },
    });
    const res = await remove('gone/soon');
    assert.equal(res.status, 204);
    assert.equal(res.text, '');
    assert.equal(
      (await server.request('GET', '/repos/br-owner/tree/branches/gone/soon', { token: owner.token })).status,
      404,
    );
    assert.equal((await remove('gone/soon')).status, 404);
  });

  test('the default branch cannot be deleted (403)', async () => {
    const res = await remove('main');
    assert.equal(res.status, 403);
    assert.equal(res.json.message, 'can not delete default branch');
    assert.equal(git(bare, ['rev-parse', 'refs/heads/main']).trim(), tips.main);
  });

  test('readers get 403, anonymous callers 401, and outsiders of a private repository 404', async () => {
    assert.equal((await remove('dev', reader)).status, 403);
    assert.equal((await remove('dev', null)).status, 401);
    await createRepository(server, owner.token, 'hidden', { private: true });
    const hidden = await server.request('DELETE', '/repos/br-owner/hidden/branches/main', {
      token: stranger.token,
    });
    assert.equal(hidden.status, 404);
    assert.equal(git(bare, ['rev-parse', 'refs/heads/dev']).trim(), tips.dev);
  });
});

test('gitea-js lists, reads and creates branches with the field names it expects', async () => {
  const api = giteaApi(server.url.replace(/\/$/, ''), { token: owner.token });
  const list = await api.repos.repoListBranches('br-owner', 'tree', { limit: 50 });
  assert.equal(list.status, 200);
  assert.ok(list.data.some((b) => b.name === 'dev' && b.commit?.id === tips.dev));
  const one = await api.repos.repoGetBranch('br-owner', 'tree', 'dev');
  assert.equal(one.data.commit?.author?.email, 'fixture@example.com');
  assert.equal(one.data.user_can_push, true);
  const made = await api.repos.repoCreateBranch('br-owner', 'tree', {
    new_branch_name: 'via-js',
    old_ref_name: 'dev',
  });
  assert.equal(made.status, 201);
  assert.equal(made.data.name, 'via-js');
  assert.equal(made.data.commit?.id, tips.dev);
});
