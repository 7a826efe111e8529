import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { startServer, type TestServer } from './harness';
import { releaseFixture, type ReleaseBody } from './releasesFixture';

describe('release reading, editing and deleting', () => {
  let server: TestServer;
  before(async () => {
    server = await startServer();
  });
  after(async () => {
    await server.stop();
  });
  const { revParse, ownerWithRepo, createRelease } = releaseFixture(() => server);

  test('a draft creates no tag until an edit publishes it', async () => {
    const { user, dir, main } = await ownerWithRepo('rel-ida');
    const draft = await createRelease(user.token, 'rel-ida', { tag_name: 'v3', draft: true, name: 'Soon' });
    assert.equal(draft.status, 201, draft.text);
    assert.equal(draft.json.draft, true);
    assert.equal(revParse(dir, 'refs/tags/v3'), undefined);
    const counted = await server.request<{ release_counter: number }>('GET', '/repos/rel-ida/app');
    assert.equal(counted.json.release_counter, 0, 'drafts are not counted');
    const published = await server.request<ReleaseBody>(
      'PATCH',
      `/repos/rel-ida/app/releases/${draft.json.id}`,
      {
        token: user.token,
        body: { draft: false },
      },
    );
    assert.equal(published.status, 200, published.text);
    assert.equal(published.json.draft, false);
    assert.equal(published.json.name, 'Soon');
    assert.equal(revParse(dir, 'refs/tags/v3'), main);
    const recounted = await server.request<{ release_counter: number }>('GET', '/repos/rel-ida/app');
    assert.equal(recounted.json.release_counter, 1);
  });

  test('drafts are hidden from readers in the list, by id and by tag, and shown to writers', async () => {
    const { user } = await ownerWithRepo('rel-jon');
    const reader = await server.createUser('rel-jon-reader');
    const draft = await createRelease(user.token, 'rel-jon', { tag_name: 'v-draft', draft: true });
    const shown = await createRelease(user.token, 'rel-jon', { tag_name: 'v-shown' });
    for (const token of [undefined, reader.token]) {
      const list = await server.request<ReleaseBody[]>('GET', '/repos/rel-jon/app/releases', { token });
      assert.equal(list.status, 200);
      assert.deepEqual(
        list.json.map((r) => r.tag_name),
        ['v-shown'],
      );
      assert.equal(list.headers.get('x-total-count'), '1');
      const byId = await server.request('GET', `/repos/rel-jon/app/releases/${draft.json.id}`, { token });
      assert.equal(byId.status, 404);
      const byTag = await server.request('GET', '/repos/rel-jon/app/releases/tags/v-draft', { token });
      assert.equal(byTag.status, 404);
      const filtered = await server.request<ReleaseBody[]>('GET', '/repos/rel-jon/app/releases?draft=true', {
        token,
      });
      assert.deepEqual(filtered.json, []);
    }
    const ownerList = await server.request<ReleaseBody[]>('GET', '/repos/rel-jon/app/releases', {
      token: user.token,
    });
    assert.deepEqual(
      ownerList.json.map((r) => r.tag_name),
      ['v-shown', 'v-draft'],
    );
    const ownerById = await server.request<ReleaseBody>(
      'GET',
      `/repos/rel-jon/app/releases/${draft.json.id}`,
      {
        token: user.token,
      },
    );
    assert.equal(ownerById.status, 200);
    assert.equal(ownerById.json.draft, true);
    assert.equal(shown.status, 201);
  });

  test('the list is newest first, paged with X-Total-Count and Link, and filters drafts and pre-releases', async () => {
    const { user } = await ownerWithRepo('rel-kai');
    await createRelease(user.token, 'rel-kai', { tag_name: 'v1' });
    await createRelease(user.token, 'rel-kai', { tag_name: 'v2-rc', prerelease: true });
    await createRelease(user.token, 'rel-kai', { tag_name: 'v3-draft', draft: true });
    const token = user.token;
    const first = await server.request<ReleaseBody[]>('GET', '/repos/rel-kai/app/releases?limit=2', {
      token,
    });
    assert.equal(first.status, 200);
    assert.deepEqual(
      first.json.map((r) => r.tag_name),
      ['v3-draft', 'v2-rc'],
    );
    assert.equal(first.headers.get('x-total-count'), '3');
    assert.match(first.headers.get('link') ?? '', /page=2&limit=2>; rel="next"|limit=2&page=2>; rel="next"/);
    const second = await server.request<ReleaseBody[]>('GET', '/repos/rel-kai/app/releases?limit=2&page=2', {
      token,
    });
    assert.deepEqual(
      second.json.map((r) => r.tag_name),
      ['v1'],
    );
    const pre = await server.request<ReleaseBody[]>('GET', '/repos/rel-kai/app/releases?pre-release=true', {
      token,
    });
    assert.deepEqual(
      pre.json.map((r) => r.tag_name),
      ['v2-rc'],
    );
    assert.equal(pre.headers.get('x-total-count'), '1');
    const notPre = await server.request<ReleaseBody[]>(
      'GET',
      '/repos/rel-kai/app/releases?pre-release=false',
      {
        token,
      },
    );
    assert.deepEqual(
      notPre.json.map((r) => r.tag_name),
      ['v3-draft', 'v1'],
    );
    const drafts = await server.request<ReleaseBody[]>('GET', '/repos/rel-kai/app/releases?draft=true', {
      token,
    });
    assert.deepEqual(
      drafts.json.map((r) => r.tag_name),
      ['v3-draft'],
    );
    const noDrafts = await server.request<ReleaseBody[]>('GET', '/repos/rel-kai/app/releases?draft=false', {
      token,
    });
    assert.deepEqual(
      noDrafts.json.map((r) => r.tag_name),
      ['v2-rc', 'v1'],
    );
    const bad = await server.request('GET', '/repos/rel-kai/app/releases?draft=maybe', { token });
    assert.equal(bad.status, 422);
  });

  test('latest is the newest published release that is not a pre-release, 404 when there is none', async () => {
    const { user } = await ownerWithRepo('rel-lea');
    const none = await server.request<ReleaseBody>('GET', '/repos/rel-lea/app/releases/latest');
    assert.equal(none.status, 404);
    await createRelease(user.token, 'rel-lea', { tag_name: 'v1' });
    await createRelease(user.token, 'rel-lea', { tag_name: 'v2' });
    await createRelease(user.token, 'rel-lea', { tag_name: 'v3-rc', prerelease: true });
    await createRelease(user.token, 'rel-lea', { tag_name: 'v4-draft', draft: true });
    const latest = await server.request<ReleaseBody>('GET', '/repos/rel-lea/app/releases/latest');
    assert.equal(latest.status, 200);
    assert.equal(latest.json.tag_name, 'v2');
  });

  test('a release is found by a tag with slashes and by its tag in another case; unknown tags and ids are 404', async () => {
    const { user, dir, main } = await ownerWithRepo('rel-max');
    const created = await createRelease(user.token, 'rel-max', { tag_name: 'release/2.0' });
    assert.equal(created.status, 201, created.text);
    assert.equal(created.json.html_url, `${server.url}rel-max/app/releases/tag/release/2.0`);
    assert.equal(revParse(dir, 'refs/tags/release/2.0'), main);
    const bySlash = await server.request<ReleaseBody>(
      'GET',
      '/repos/rel-max/app/releases/tags/release%2F2.0',
    );
    assert.equal(bySlash.status, 200);
    assert.equal(bySlash.json.id, created.json.id);
    const byCase = await server.request<ReleaseBody>('GET', '/repos/rel-max/app/releases/tags/RELEASE%2F2.0');
    assert.equal(byCase.json.id, created.json.id);
    assert.equal((await server.request('GET', '/repos/rel-max/app/releases/tags/v9')).status, 404);
    assert.equal((await server.request('GET', '/repos/rel-max/app/releases/999999')).status, 404);
    assert.equal((await server.request('GET', '/repos/rel-max/app/releases/abc')).status, 404);
    assert.equal((await server.request('GET', '/repos/rel-max/nothing/releases')).status, 404);
  });

  test('an edit renames the tag (a new tag on the target, the old one kept) and keeps fields it was not given', async () => {
    const { user, dir, main } = await ownerWithRepo('rel-ned');
    const created = await createRelease(user.token, 'rel-ned', { tag_name: 'v1', name: 'One', body: 'Body' });
    const edited = await server.request<ReleaseBody>(
      'PATCH',
      `/repos/rel-ned/app/releases/${created.json.id}`,
      {
        token: user.token,
        body: { tag_name: 'v1.0.1', prerelease: true },
      },
    );
    assert.equal(edited.status, 200, edited.text);
    assert.equal(edited.json.id, created.json.id);
    assert.equal(edited.json.tag_name, 'v1.0.1');
    assert.equal(edited.json.name, 'One');
    assert.equal(edited.json.body, 'Body');
    assert.equal(edited.json.prerelease, true);
    assert.equal(revParse(dir, 'refs/tags/v1.0.1'), main);
    assert.equal(revParse(dir, 'refs/tags/v1'), main, 'the old tag stays');
    const retitled = await server.request<ReleaseBody>(
      'PATCH',
      `/repos/rel-ned/app/releases/${created.json.id}`,
      {
        token: user.token,
        body: { name: 'One point oh', body: 'New notes', prerelease: false },
      },
    );
    assert.equal(retitled.json.name, 'One point oh');
    assert.equal(retitled.json.body, 'New notes');
    assert.equal(retitled.json.prerelease, false);
    const read = await server.request<ReleaseBody>('GET', `/repos/rel-ned/app/releases/${created.json.id}`);
    assert.equal(read.json.tag_name, 'v1.0.1');
    assert.equal(read.json.name, 'One point oh');
  });

  test("an edit to another release's tag answers 409, a bad tag name 422, a missing release 404", async () => {
    const { user } = await ownerWithRepo('rel-oli');
    const one = await createRelease(user.token, 'rel-oli', { tag_name: 'v1' });
    await createRelease(user.token, 'rel-oli', { tag_name: 'v2' });
    const clash = await server.request<ReleaseBody>('PATCH', `/repos/rel-oli/app/releases/${one.json.id}`, {
      token: user.token,
      body: { tag_name: 'V2' },
    });
    assert.equal(clash.status, 409);
    const bad = await server.request<ReleaseBody>('PATCH', `/repos/rel-oli/app/releases/${one.json.id}`, {
      token: user.token,
      body: { tag_name: 'bad name' },
    });
    assert.equal(bad.status, 422);
    const missing = await server.request('PATCH', '/repos/rel-oli/app/releases/999999', {
      token: user.token,
      body: { name: 'x' },
    });
    assert.equal(missing.status, 404);
    const still = await server.request<ReleaseBody>('GET', `/repos/rel-oli/app/releases/${one.json.id}`);
    assert.equal(still.json.tag_name, 'v1');
  });

  test('delete answers 204, keeps the git tag, and the release is gone', async () => {
    const { user, dir, main } = await ownerWithRepo('rel-pia');
    const created = await createRelease(user.token, 'rel-pia', { tag_name: 'v1' });
    const res = await server.request('DELETE', `/repos/rel-pia/app/releases/${created.json.id}`, {
      token: user.token,
    });
    assert.equal(res.status, 204);
    assert.equal(res.text, '');
    assert.equal(revParse(dir, 'refs/tags/v1'), main);
    assert.equal((await server.request('GET', `/repos/rel-pia/app/releases/${created.json.id}`)).status, 404);
    const again = await server.request('DELETE', `/repos/rel-pia/app/releases/${created.json.id}`, {
      token: user.token,
    });
    assert.equal(again.status, 404);
    const repo = await server.request<{ release_counter: number }>('GET', '/repos/rel-pia/app');
    assert.equal(repo.json.release_counter, 0);
    const recreated = await createRelease(user.token, 'rel-pia', { tag_name: 'v1' });
    assert.equal(recreated.status, 201, 'the kept tag can carry a new release');
  });
});
