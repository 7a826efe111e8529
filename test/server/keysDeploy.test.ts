import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { giteaApi } from 'gitea-js';
import { freshSshKey, sshFixture } from '../fixtures/keys';
import { startServer, type TestServer, type TestUser } from './harness';

interface DeployKeyJson {
  id: number;
  key_id: number;
  key: string;
  url: string;
  title: string;
  fingerprint: string;
  created_at: string;
  read_only: boolean;
  repository?: { full_name: string; permissions: { admin: boolean; push: boolean; pull: boolean } };
}

let server: TestServer;
before(async () => {
  server = await startServer();
});
after(async () => {
  await server.stop();
});

async function createRepo(owner: TestUser, name: string, isPrivate = false): Promise<void> {
  const res = await server.request('POST', '/user/repos', {
    token: owner.token,
    body: { name, private: isPrivate },
  });
  assert.equal(res.status, 201, res.text);
}

async function addCollaborator(
  owner: TestUser,
  repo: string,
  user: string,
  permission: string,
): Promise<void> {
  const res = await server.request('PUT', `/repos/${owner.user.login}/${repo}/collaborators/${user}`, {
    token: owner.token,
    body: { permission },
  });
  assert.equal(res.status, 204, res.text);
}

const addDeployKey = (token: string | undefined, repoPath: string, body: unknown) =>
  server.request<DeployKeyJson>('POST', `/repos/${repoPath}/keys`, { token, body });

describe('deploy keys', () => {
  test("a new deploy key answers 201 with Gitea's DeployKey fields; read_only defaults to false", async () => {
    const ann = await server.createUser('dk-ann');
    await createRepo(ann, 'site');
    const fixture = sshFixture('ed25519');
    const res = await addDeployKey(ann.token, 'dk-ann/site', { title: 'ci', key: fixture.line });
    assert.equal(res.status, 201, res.text);
    const key = res.json;
    assert.equal(key.title, 'ci');
    assert.equal(key.key, fixture.content);
    assert.equal(key.fingerprint, fixture.fingerprint);
    assert.equal(key.read_only, false);
    assert.equal(key.url, `${server.url}api/v1/repos/dk-ann/site/keys/${key.id}`);
    assert.ok(key.key_id > 0);
    assert.match(key.created_at, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
    // the owner sees the repository, with the key's access as permissions
    assert.equal(key.repository?.full_name, 'dk-ann/site');
    assert.deepEqual(key.repository?.permissions, { admin: false, push: true, pull: true });
    const readOnly = await addDeployKey(ann.token, 'dk-ann/site', {
      title: 'mirror',
      key: freshSshKey(),
      read_only: true,
    });
    assert.equal(readOnly.status, 201);
    assert.equal(readOnly.json.read_only, true);
    assert.deepEqual(readOnly.json.repository?.permissions, { admin: false, push: false, pull: true });
    const got = await server.request<DeployKeyJson>('GET', `/repos/dk-ann/site/keys/${key.id}`, {
      token: ann.token,
    });
    assert.equal(got.status, 200);
    assert.deepEqual(got.json, key);
  });

  test('a repository admin who is not the owner gets the key without the repository', async () => {
    const bea = await server.createUser('dk-bea');
    const cal = await server.createUser('dk-cal');
    await createRepo(bea, 'tools');
    await addCollaborator(bea, 'tools', 'dk-cal', 'admin');
    const res = await addDeployKey(cal.token, 'dk-bea/tools', { title: 'deploy', key: freshSshKey() });
    assert.equal(res.status, 201);
    assert.equal(res.json.repository, undefined);
    const asAdmin = await server.request<DeployKeyJson>('GET', `/repos/dk-bea/tools/keys/${res.json.id}`, {
      token: server.admin.token,
    });
    assert.equal(asAdmin.json.repository?.full_name, 'dk-bea/tools');
  });

  test('a key twice in one repository, or a title used twice, is refused with 422', async () => {
    const dot = await server.createUser('dk-dot');
    await createRepo(dot, 'app');
    const line = freshSshKey();
    assert.equal((await addDeployKey(dot.token, 'dk-dot/app', { title: 'one', key: line })).status, 201);
    const sameKey = await server.request<{ message: string }>('POST', '/repos/dk-dot/app/keys', {
      token: dot.token,
      body: { title: 'two', key: line },
    });
    assert.equal(sameKey.status, 422);
    assert.equal(sameKey.json.message, 'This key has already been added to this repository');
    const sameTitle = await server.request<{ message: string }>('POST', '/repos/dk-dot/app/keys', {
      token: dot.token,
      body: { title: 'one', key: freshSshKey() },
    });
    assert.equal(sameTitle.status, 422);
    assert.equal(sameTitle.json.message, 'A key with the same name already exists');
    const list = await server.request<DeployKeyJson[]>('GET', '/repos/dk-dot/app/keys', { token: dot.token });
    assert.equal(list.json.length, 1);
  });

  test('one key serves repositories of different owners, but never also as a user key', async () => {
    const eli = await server.createUser('dk-eli');
    const fin = await server.createUser('dk-fin');
    await createRepo(eli, 'a');
    await createRepo(fin, 'b');
    const line = freshSshKey();
    const first = await addDeployKey(eli.token, 'dk-eli/a', { title: 'shared', key: line });
    const second = await addDeployKey(fin.token, 'dk-fin/b', { title: 'shared', key: line, read_only: true });
    assert.equal(first.status, 201);
    assert.equal(second.status, 201);
    assert.equal(second.json.fingerprint, first.json.fingerprint);
    assert.equal(second.json.read_only, true);
    assert.equal(first.json.read_only, false);
    const asUserKey = await server.request<{ message: string }>('POST', '/user/keys', {
      token: eli.token,
      body: { title: 'mine', key: line },
    });
    assert.equal(asUserKey.status, 422);
    assert.equal(asUserKey.json.message, 'Key content has been used as non-deploy key');
    const userLine = freshSshKey();
    assert.equal(
      (await server.request('POST', '/user/keys', { token: eli.token, body: { title: 'u', key: userLine } }))
        .status,
      201,
    );
    const asDeployKey = await server.request<{ message: string }>('POST', '/repos/dk-eli/a/keys', {
      token: eli.token,
      body: { title: 'u', key: userLine },
    });
    assert.equal(asDeployKey.status, 422);
    assert.equal(asDeployKey.json.message, 'Key content has been used as non-deploy key');
    // removing it from one repository leaves the other one's
    assert.equal(
      (await server.request('DELETE', `/repos/dk-eli/a/keys/${first.json.id}`, { token: eli.token })).status,
      204,
    );
    assert.equal(
      (await server.request('GET', `/repos/dk-fin/b/keys/${second.json.id}`, { token: fin.token })).status,
      200,
    );
  });

  test("deleting an account leaves the deploy keys of other owners' repositories alone", async () => {
    const gone = await server.createUser('dk-gone');
    const stay = await server.createUser('dk-stay');
    await createRepo(gone, 'old');
    await createRepo(stay, 'kept');
    const line = freshSshKey();
    assert.equal((await addDeployKey(gone.token, 'dk-gone/old', { title: 'k', key: line })).status, 201);
    const kept = await addDeployKey(stay.token, 'dk-stay/kept', { title: 'k', key: line });
    assert.equal(kept.status, 201);
    assert.equal((await server.request('DELETE', '/repos/dk-gone/old', { token: gone.token })).status, 204);
    assert.equal(
      (await server.request('DELETE', '/admin/users/dk-gone', { token: server.admin.token })).status,
      204,
    );
    const list = await server.request<DeployKeyJson[]>('GET', '/repos/dk-stay/kept/keys', {
      token: stay.token,
    });
    assert.deepEqual(
      list.json.map((key) => key.id),
      [kept.json.id],
    );
  });

  test('deleting a key from its last repository, or deleting the repository, frees its content', async () => {
    const fox = await server.createUser('dk-fox');
    await createRepo(fox, 'x');
    await createRepo(fox, 'gone');
    const lineA = freshSshKey();
    const lineB = freshSshKey();
    const a = await addDeployKey(fox.token, 'dk-fox/x', { title: 'a', key: lineA });
    assert.equal((await addDeployKey(fox.token, 'dk-fox/gone', { title: 'b', key: lineB })).status, 201);
    const removed = await server.request('DELETE', `/repos/dk-fox/x/keys/${a.json.id}`, { token: fox.token });
    assert.equal(removed.status, 204);
    assert.equal(
      (await server.request('GET', `/repos/dk-fox/x/keys/${a.json.id}`, { token: fox.token })).status,
      404,
    );
    assert.equal((await server.request('DELETE', '/repos/dk-fox/gone', { token: fox.token })).status, 204);
    for (const [title, key] of [
      ['was a', lineA],
      ['was b', lineB],
    ]) {
      const res = await server.request('POST', '/user/keys', { token: fox.token, body: { title, key } });
      assert.equal(res.status, 201, res.text);
    }
  });

  test("another repository's key id is not found through this repository", async () => {
    const gil = await server.createUser('dk-gil');
    await createRepo(gil, 'one');
    await createRepo(gil, 'two');
    const key = (await addDeployKey(gil.token, 'dk-gil/one', { title: 'k', key: freshSshKey() })).json;
    assert.equal(
      (await server.request('GET', `/repos/dk-gil/two/keys/${key.id}`, { token: gil.token })).status,
      404,
    );
    assert.equal(
      (await server.request('DELETE', `/repos/dk-gil/two/keys/${key.id}`, { token: gil.token })).status,
      404,
    );
    assert.equal(
      (await server.request('GET', `/repos/dk-gil/one/keys/${key.id}`, { token: gil.token })).status,
      200,
    );
    assert.equal(
      (await server.request('GET', '/repos/dk-gil/one/keys/abc', { token: gil.token })).status,
      404,
    );
    assert.equal(
      (await server.request('GET', '/repos/dk-gil/missing/keys', { token: gil.token })).status,
      404,
    );
  });

  test('the list filters by key_id and fingerprint and pages with X-Total-Count', async () => {
    const hub = await server.createUser('dk-hub');
    await createRepo(hub, 'r');
    const keys: DeployKeyJson[] = [];
    for (const title of ['k1', 'k2', 'k3'])
      keys.push((await addDeployKey(hub.token, 'dk-hub/r', { title, key: freshSshKey() })).json);
    const page = await server.request<DeployKeyJson[]>('GET', '/repos/dk-hub/r/keys?limit=2', {
      token: hub.token,
    });
    assert.deepEqual(
      page.json.map((k) => k.title),
      ['k1', 'k2'],
    );
    assert.equal(page.headers.get('x-total-count'), '3');
    assert.match(page.headers.get('link') ?? '', /rel="next"/);
    const byKeyId = await server.request<DeployKeyJson[]>(
      'GET',
      `/repos/dk-hub/r/keys?key_id=${keys[1]!.key_id}`,
      {
        token: hub.token,
      },
    );
    assert.deepEqual(
      byKeyId.json.map((k) => k.title),
      ['k2'],
    );
    const byFingerprint = await server.request<DeployKeyJson[]>(
      'GET',
      `/repos/dk-hub/r/keys?fingerprint=${encodeURIComponent(keys[2]!.fingerprint)}`,
      { token: hub.token },
    );
    assert.deepEqual(
      byFingerprint.json.map((k) => k.title),
      ['k3'],
    );
    assert.equal(
      (await server.request('GET', '/repos/dk-hub/r/keys?key_id=x', { token: hub.token })).status,
      422,
    );
  });

  test('bad key content and a missing title are 422s', async () => {
    const ivy = await server.createUser('dk-ivy');
    await createRepo(ivy, 'v');
    const bad = await server.request<{ message: string }>('POST', '/repos/dk-ivy/v/keys', {
      token: ivy.token,
      body: { title: 't', key: 'ssh-ed25519 AAAA' },
    });
    assert.equal(bad.status, 422);
    assert.match(bad.json.message, /^Invalid key content: /);
    const noTitle = await server.request<{ message: string }>('POST', '/repos/dk-ivy/v/keys', {
      token: ivy.token,
      body: { key: freshSshKey() },
    });
    assert.equal(noTitle.status, 422);
    assert.equal(noTitle.json.message, '[Title]: Required');
    assert.deepEqual((await server.request('GET', '/repos/dk-ivy/v/keys', { token: ivy.token })).json, []);
  });

  test('gitea-js creates and lists deploy keys with the field names it expects', async () => {
    const jan = await server.createUser('dk-jan');
    await createRepo(jan, 'js');
    const api = giteaApi(server.url.replace(/\/$/, ''), { token: jan.token, customFetch: fetch });
    const created = await api.repos.repoCreateKey('dk-jan', 'js', {
      title: 'gitea-js',
      key: freshSshKey(),
      read_only: true,
    });
    assert.equal(created.status, 201);
    assert.equal(created.data.read_only, true);
    assert.equal(created.data.repository?.full_name, 'dk-jan/js');
    const listed = await api.repos.repoListKeys('dk-jan', 'js');
    assert.deepEqual(
      listed.data.map((key) => key.key_id),
      [created.data.key_id],
    );
  });

  test('permission matrix: only repository admins manage deploy keys; others get 401, 403 or 404', async () => {
    const owner = await server.createUser('dkm-owner');
    const actors: Record<string, TestUser | undefined> = {
      anonymous: undefined,
      stranger: await server.createUser('dkm-stranger'),
      reader: await server.createUser('dkm-reader'),
      writer: await server.createUser('dkm-writer'),
      admin: await server.createUser('dkm-admin'),
      owner,
      'site admin': {
        user: { id: 0, login: server.admin.username, email: '', is_admin: true },
        password: '',
        token: server.admin.token,
      },
    };
    const repos = { public: 'dkm-public', private: 'dkm-private' } as const;
    for (const [visibility, repo] of Object.entries(repos)) {
      await createRepo(owner, repo, visibility === 'private');
      await addCollaborator(owner, repo, 'dkm-reader', 'read');
      await addCollaborator(owner, repo, 'dkm-writer', 'write');
      await addCollaborator(owner, repo, 'dkm-admin', 'admin');
    }
    const expected = (actor: string, visibility: string): 'allowed' | 401 | 403 | 404 => {
      if (actor === 'anonymous') return 401;
      if (['admin', 'owner', 'site admin'].includes(actor)) return 'allowed';
      if (actor === 'stranger' && visibility === 'private') return 404;
      return 403;
    };
    let cases = 0;
    for (const [visibility, repo] of Object.entries(repos)) {
      const path = `/repos/dkm-owner/${repo}/keys`;
      const standing = await addDeployKey(owner.token, `dkm-owner/${repo}`, {
        title: 'standing',
        key: freshSshKey(),
      });
      assert.equal(standing.status, 201);
      for (const [actor, user] of Object.entries(actors)) {
        const want = expected(actor, visibility);
        const token = user?.token;
        const label = `${actor} on the ${visibility} repository`;
        const list = await server.request<DeployKeyJson[]>('GET', path, { token });
        assert.equal(list.status, want === 'allowed' ? 200 : want, `list: ${label}`);
        if (want === 'allowed')
          assert.ok(
            list.json.some((key) => key.id === standing.json.id),
            `list: ${label}`,
          );
        const get = await server.request<DeployKeyJson>('GET', `${path}/${standing.json.id}`, { token });
        assert.equal(get.status, want === 'allowed' ? 200 : want, `get: ${label}`);
        if (want === 'allowed') assert.equal(get.json.title, 'standing', `get: ${label}`);
        const create = await addDeployKey(token, `dkm-owner/${repo}`, {
          title: `by ${actor}`,
          key: freshSshKey(),
        });
        assert.equal(create.status, want === 'allowed' ? 201 : want, `create: ${label}`);
        if (want === 'allowed') assert.equal(create.json.title, `by ${actor}`, `create: ${label}`);
        const victim = want === 'allowed' ? create.json.id : standing.json.id;
        const remove = await server.request('DELETE', `${path}/${victim}`, { token });
        assert.equal(remove.status, want === 'allowed' ? 204 : want, `delete: ${label}`);
        const after = await server.request('GET', `${path}/${victim}`, { token: owner.token });
        assert.equal(
          after.status,
          want === 'allowed' ? 404 : 200,
          `delete left the key as expected: ${label}`,
        );
        cases += 4;
      }
    }
    console.log(`deploy key permission matrix: ${cases} cases`);
    assert.equal(cases, 56);
  });
});
