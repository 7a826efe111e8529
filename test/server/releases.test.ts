import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { giteaApi } from 'gitea-js';
import { startServer, type TestServer } from './harness';
import { releaseFixture, type ReleaseBody } from './releasesFixture';

const isoSeconds = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/;

describe('release creation', () => {
  let server: TestServer;
  before(async () => {
    server = await startServer();
  });
  after(async () => {
    await server.stop();
  });
  const { git, revParse, commitOn, ownerWithRepo, createRelease } = releaseFixture(() => server);

  test('a release on a new tag creates a lightweight tag on the default branch and answers 201 with Gitea fields', async () => {
    const { user, dir, main } = await ownerWithRepo('rel-ann');
    const res = await createRelease(user.token, 'rel-ann', {
      tag_name: 'v1.0',
      name: 'First',
      body: 'Notes',
    });
    assert.equal(res.status, 201, res.text);
    const release = res.json;
    assert.equal(release.tag_name, 'v1.0');
    assert.equal(release.target_commitish, 'main');
    assert.equal(release.name, 'First');
    assert.equal(release.body, 'Notes');
    assert.equal(release.draft, false);
    assert.equal(release.prerelease, false);
    assert.equal(release.url, `${server.url}api/v1/repos/rel-ann/app/releases/${release.id}`);
    assert.equal(release.html_url, `${server.url}rel-ann/app/releases/tag/v1.0`);
    assert.equal(release.tarball_url, `${server.url}rel-ann/app/archive/v1.0.tar.gz`);
    assert.equal(release.zipball_url, `${server.url}rel-ann/app/archive/v1.0.zip`);
    assert.equal(release.upload_url, `${release.url}/assets`);
    assert.match(release.created_at, isoSeconds);
    assert.equal(release.published_at, release.created_at);
    assert.equal(release.author.login, 'rel-ann');
    assert.deepEqual(release.assets, []);
    assert.equal(revParse(dir, 'refs/tags/v1.0'), main);
    assert.equal(git(dir, ['cat-file', '-t', 'refs/tags/v1.0']), 'commit', 'a lightweight tag');
    const repo = await server.request<{ release_counter: number }>('GET', '/repos/rel-ann/app');
    assert.equal(repo.json.release_counter, 1);
  });

  test('a release on an existing tag takes that tag and leaves it where it was', async () => {
    const { user, dir, main } = await ownerWithRepo('rel-ben');
    git(dir, ['tag', 'v0.9', main]);
    const tip = commitOn(dir, 'main', main, 'second');
    const res = await createRelease(user.token, 'rel-ben', { tag_name: 'v0.9' });
    assert.equal(res.status, 201, res.text);
    assert.equal(res.json.tag_name, 'v0.9');
    assert.equal(revParse(dir, 'refs/tags/v0.9'), main);
    assert.notEqual(tip, main);
    const byTag = await server.request<ReleaseBody>('GET', '/repos/rel-ben/app/releases/tags/v0.9');
    assert.equal(byTag.status, 200);
    assert.equal(byTag.json.id, res.json.id);
  });

  test('target_commitish may name another branch or a commit id, and the tag lands there', async () => {
    const { user, dir, main } = await ownerWithRepo('rel-cat');
    const feature = commitOn(dir, 'feature', main, 'feature work');
    commitOn(dir, 'main', main, 'main moves on');
    const onBranch = await createRelease(user.token, 'rel-cat', {
      tag_name: 'v-feature',
      target_commitish: 'feature',
    });
    assert.equal(onBranch.status, 201, onBranch.text);
    assert.equal(onBranch.json.target_commitish, 'feature');
    assert.equal(revParse(dir, 'refs/tags/v-feature'), feature);
    const short = main.slice(0, 10);
    const onSha = await createRelease(user.token, 'rel-cat', { tag_name: 'v-sha', target_commitish: short });
    assert.equal(onSha.status, 201, onSha.text);
    assert.equal(onSha.json.target_commitish, short);
    assert.equal(revParse(dir, 'refs/tags/v-sha'), main);
  });

  test('an unknown target answers 404 and creates neither a tag nor a release', async () => {
    const { user, dir } = await ownerWithRepo('rel-dan');
    const res = await createRelease(user.token, 'rel-dan', {
      tag_name: 'v1',
      target_commitish: 'no-such-branch',
    });
    assert.equal(res.status, 404);
    assert.match(res.json.message, /target "no-such-branch" not found/);
    assert.equal(revParse(dir, 'refs/tags/v1'), undefined);
    const list = await server.request<ReleaseBody[]>('GET', '/repos/rel-dan/app/releases', {
      token: user.token,
    });
    assert.deepEqual(list.json, []);
  });

  test('tag_message makes an annotated tag carrying the message and the publisher as tagger', async () => {
    const { user, dir, main } = await ownerWithRepo('rel-eve');
    const res = await createRelease(user.token, 'rel-eve', { tag_name: 'v2', tag_message: 'Version two' });
    assert.equal(res.status, 201, res.text);
    assert.equal(git(dir, ['cat-file', '-t', 'refs/tags/v2']), 'tag');
    const tagObject = git(dir, ['cat-file', '-p', 'refs/tags/v2']);
    assert.match(tagObject, /^tagger rel-eve </m);
    assert.match(tagObject, /Version two/);
    assert.equal(revParse(dir, 'refs/tags/v2'), main);
  });

  test('a second release for the same tag, in any case, answers 409', async () => {
    const { user } = await ownerWithRepo('rel-fay');
    assert.equal((await createRelease(user.token, 'rel-fay', { tag_name: 'v1' })).status, 201);
    const again = await createRelease(user.token, 'rel-fay', { tag_name: 'v1' });
    assert.equal(again.status, 409);
    assert.match(again.json.message, /already exist/);
    assert.equal((await createRelease(user.token, 'rel-fay', { tag_name: 'V1' })).status, 409);
  });

  test('tag names git would refuse, and a missing tag_name, answer 422', async () => {
    const { user, dir } = await ownerWithRepo('rel-gus');
    for (const tag of ['has space', '-option', 'a..b', 'x.lock', 'tail/', 'a~1', 'q?']) {
      const res = await createRelease(user.token, 'rel-gus', { tag_name: tag });
      assert.equal(res.status, 422, tag);
      assert.match(res.json.message, /tag name is not valid/, tag);
    }
    const missing = await createRelease(user.token, 'rel-gus', { name: 'no tag' });
    assert.equal(missing.status, 422);
    assert.match(missing.json.message, /\[TagName\]: Required/);
    assert.equal(git(dir, ['for-each-ref', 'refs/tags/']), '');
  });

  test('an empty repository refuses releases with 422', async () => {
    const hal = await server.createUser('rel-hal');
    await server.request('POST', '/user/repos', { token: hal.token, body: { name: 'bare' } });
    const res = await createRelease(hal.token, 'rel-hal', { tag_name: 'v1' }, 'bare');
    assert.equal(res.status, 422);
    assert.equal(res.json.message, 'repo is empty');
  });

  test('gitea-js creates, lists, edits and reads releases with the field names it expects', async () => {
    const { user } = await ownerWithRepo('rel-quinn');
    const api = giteaApi(server.url.replace(/\/$/, ''), { token: user.token });
    const created = await api.repos.repoCreateRelease('rel-quinn', 'app', {
      tag_name: 'js-1',
      name: 'From gitea-js',
      body: 'made by a generated client',
      prerelease: true,
    });
    assert.equal(created.status, 201);
    assert.equal(created.data.tag_name, 'js-1');
    assert.equal(created.data.prerelease, true);
    assert.equal(created.data.author?.login, 'rel-quinn');
    const listed = await api.repos.repoListReleases('rel-quinn', 'app', { limit: 10 });
    assert.equal(listed.status, 200);
    assert.deepEqual(
      listed.data.map((r) => r.id),
      [created.data.id],
    );
    const edited = await api.repos.repoEditRelease('rel-quinn', 'app', created.data.id!, { name: 'Renamed' });
    assert.equal(edited.data.name, 'Renamed');
    const byTag = await api.repos.repoGetReleaseByTag('rel-quinn', 'app', 'js-1');
    assert.equal(byTag.data.id, created.data.id);
    assert.equal(byTag.data.body, 'made by a generated client');
    await assert.rejects(
      api.repos.repoGetReleaseByTag('rel-quinn', 'app', 'js-missing'),
      (error: { status: number }) => error.status === 404,
    );
  });
});
