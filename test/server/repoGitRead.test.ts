import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { recordedBody, recordedRepoPath } from '../helpers/gitea122/recorded';
import { createRepository, pushTo, serverRepoPath } from '../helpers/gitFixtures';
import mit from 'spdx-license-list/licenses/MIT.json';
import { startServer, type TestServer, type TestUser } from './harness';

/** Tags by name and created through the API, a commit's diff, patch, note and pull request, compares, the issue config. */

interface TagJson {
  name: string;
  id: string;
  message: string;
  commit: { sha: string };
}
interface CommitJson {
  sha: string;
  commit: { message: string };
  stats?: { total: number };
  files?: { filename: string }[];
}

let server: TestServer;
let owner: TestUser;
let reader: TestUser;
const base = '/repos/rg-owner/code';
const ids: Record<string, string> = {};

const sortedKeys = (value: object): string[] => Object.keys(value).sort();

before(async () => {
  server = await startServer();
  owner = await server.createUser('rg-owner');
  reader = await server.createUser('rg-reader');
  await createRepository(server, owner.token, 'code');
  await createRepository(server, owner.token, 'hidden', { private: true });
  pushTo(serverRepoPath(server.dataDir, 'rg-owner', 'code'), (work) => {
    ids.root = work.head();
    work.write('a.txt', 'one\n');
    ids.first = work.commit('first change');
    work.git('notes', 'add', '-m', 'a note on the first change', ids.first);
    work.branch('topic');
    work.write('b.txt', 'topic work\n');
    ids.topic1 = work.commit('topic one');
    work.write('b.txt', 'more topic work\n');
    ids.topic2 = work.commit('topic two');
    work.checkout('main');
    work.git('push', '--quiet', 'origin', 'refs/notes/commits');
  });
});

after(async () => {
  await server.stop();
});

describe('tags', () => {
  test('a tag is read by its name, slashes included, with the recorded shape', async () => {
    const created = await server.request<TagJson>('POST', `${base}/tags`, {
      token: owner.token,
      body: { tag_name: 'release/v1', target: ids.first, message: 'version one' },
    });
    assert.equal(created.status, 201, created.text);
    assert.equal(created.json.name, 'release/v1');
    assert.equal(created.json.commit.sha, ids.first);
    assert.notEqual(created.json.id, ids.first, 'an annotated tag has its own object');
    assert.match(created.json.message, /version one/);
    const read = await server.request<TagJson>('GET', `${base}/tags/release/v1`);
    assert.equal(read.status, 200, read.text);
    assert.deepEqual(read.json, created.json);
    const recorded = recordedBody<TagJson[]>('GET', `${recordedRepoPath}/tags`)[0]!;
    assert.deepEqual(sortedKeys(read.json), sortedKeys(recorded));
  });

  test('a tag without a message is lightweight on the default branch', async () => {
    const created = await server.request<TagJson>('POST', `${base}/tags`, {
      token: owner.token,
      body: { tag_name: 'light' },
    });
    assert.equal(created.status, 201, created.text);
    assert.equal(created.json.id, created.json.commit.sha);
    assert.equal(created.json.commit.sha, ids.first);
  });

  test('creating a tag answers 409 when it exists, 404 for a missing target, 422 for a bad name', async () => {
    const again = await server.request('POST', `${base}/tags`, {
      token: owner.token,
      body: { tag_name: 'light' },
    });
    assert.equal(again.status, 409);
    const missing = await server.request('POST', `${base}/tags`, {
      token: owner.token,
      body: { tag_name: 'nowhere', target: 'no-such-branch' },
    });
    assert.equal(missing.status, 404);
    for (const tag_name of ['', 'bad..name', 'x'.repeat(51)]) {
      const bad = await server.request('POST', `${base}/tags`, { token: owner.token, body: { tag_name } });
      assert.equal(bad.status, 422, tag_name);
    }
  });

  test('a reader may read tags but not create them; a missing tag is 404', async () => {
    const created = await server.request('POST', `${base}/tags`, {
      token: reader.token,
      body: { tag_name: 'r1' },
    });
    assert.equal(created.status, 403);
    assert.equal((await server.request('GET', `${base}/tags/none`)).status, 404);
    assert.equal((await server.request('POST', `${base}/tags`, { body: { tag_name: 'anon' } })).status, 401);
    assert.equal(
      (await server.request('GET', '/repos/rg-owner/hidden/tags/x', { token: reader.token })).status,
      404,
    );
  });
});

describe('a commit', () => {
  test('its diff and patch are text; an unknown commit is 404', async () => {
    const diff = await server.request('GET', `${base}/git/commits/${ids.first}.diff`);
    assert.equal(diff.status, 200);
    assert.match(diff.text, /^diff --git a\/a.txt b\/a.txt/);
    assert.match(diff.text, /\+one/);
    const patch = await server.request('GET', `${base}/git/commits/${ids.first}.patch`);
    assert.equal(patch.status, 200);
    assert.match(patch.text, new RegExp(`^From ${ids.first}`));
    assert.match(patch.text, /Subject: \[PATCH\] first change/);
    assert.equal((await server.request('GET', `${base}/git/commits/${'0'.repeat(40)}.diff`)).status, 404);
  });

  test('its note comes with the commit that wrote it; a commit without one is 404, a bad ref 422', async () => {
    const note = await server.request<{ message: string; commit: CommitJson }>(
      'GET',
      `${base}/git/notes/${ids.first}`,
    );
    assert.equal(note.status, 200, note.text);
    assert.equal(note.json.message, 'a note on the first change\n');
    assert.match(note.json.commit.commit.message, /Notes added by 'git notes add'/);
    assert.ok(note.json.commit.stats);
    assert.equal((await server.request('GET', `${base}/git/notes/${ids.topic1}`)).status, 404);
    assert.equal((await server.request('GET', `${base}/git/notes/bad..ref`)).status, 422);
  });

  test('the pull request it was merged as is found; other commits answer 404', async () => {
    const opened = await server.request<{ number: number }>('POST', `${base}/pulls`, {
      token: owner.token,
      body: { base: 'main', head: 'topic', title: 'Topic' },
    });
    assert.equal(opened.status, 201, opened.text);
    const merged = await server.request('POST', `${base}/pulls/${opened.json.number}/merge`, {
      token: owner.token,
      body: { Do: 'merge' },
    });
    assert.equal(merged.status, 200, merged.text);
    const pull = await server.request<{ merge_commit_sha: string }>(
      'GET',
      `${base}/pulls/${opened.json.number}`,
    );
    const found = await server.request<{ number: number; merged: boolean }>(
      'GET',
      `${base}/commits/${pull.json.merge_commit_sha}/pull`,
    );
    assert.equal(found.status, 200, found.text);
    assert.equal(found.json.number, opened.json.number);
    assert.equal(found.json.merged, true);
    assert.equal((await server.request('GET', `${base}/commits/${ids.first}/pull`)).status, 404);
  });
});

describe('compare', () => {
  test('lists the head commits the base lacks, newest first, with stats', async () => {
    const res = await server.request<{ total_commits: number; commits: CommitJson[] }>(
      'GET',
      `${base}/compare/${ids.first}...${ids.topic2}`,
    );
    assert.equal(res.status, 200, res.text);
    assert.equal(res.json.total_commits, 2);
    assert.deepEqual(
      res.json.commits.map((c) => c.sha),
      [ids.topic2, ids.topic1],
    );
    assert.ok(res.json.commits[0]!.files);
    const twoDots = await server.request<{ total_commits: number }>(
      'GET',
      `${base}/compare/${ids.root}..${ids.first}`,
    );
    assert.equal(twoDots.json.total_commits, 1);
  });

  test('answers the diff or the patch as text when asked', async () => {
    const diff = await server.request('GET', `${base}/compare/${ids.first}...${ids.topic2}?output=diff`);
    assert.equal(diff.status, 200);
    assert.match(diff.text, /^diff --git a\/b.txt b\/b.txt/);
    const patch = await server.request('GET', `${base}/compare/${ids.first}...${ids.topic2}?output=patch`);
    assert.equal((patch.text.match(/^From [0-9a-f]{40} /gm) ?? []).length, 2);
  });

  test('a side naming nothing is 404', async () => {
    assert.equal((await server.request('GET', `${base}/compare/main...nothing`)).status, 404);
    assert.equal((await server.request('GET', `${base}/compare/nothing...main`)).status, 404);
    assert.equal((await server.request('GET', `${base}/compare/main...stranger:main`)).status, 404);
  });
});

describe('issue config', () => {
  test('without a config file it is the default, as recorded, and valid', async () => {
    const res = await server.request('GET', `${base}/issue_config`);
    assert.equal(res.status, 200);
    assert.deepEqual(res.json, recordedBody('GET', `${recordedRepoPath}/issue_config`));
    const valid = await server.request('GET', `${base}/issue_config/validate`);
    assert.deepEqual(valid.json, { valid: true, message: '' });
  });

  test('a config on the default branch is read, and a broken one reported', async () => {
    await createRepository(server, owner.token, 'configured');
    pushTo(serverRepoPath(server.dataDir, 'rg-owner', 'configured'), (work) => {
      work.write(
        '.gitea/ISSUE_TEMPLATE/config.yaml',
        'blank_issues_enabled: false\ncontact_links:\n  - name: Forum\n    url: https://forum.example.com\n    about: Ask there\n',
      );
      work.commit('issue config');
    });
    const path = '/repos/rg-owner/configured';
    const res = await server.request('GET', `${path}/issue_config`);
    assert.deepEqual(res.json, {
      blank_issues_enabled: false,
      contact_links: [{ name: 'Forum', url: 'https://forum.example.com', about: 'Ask there' }],
    });
    await createRepository(server, owner.token, 'misconfigured');
    pushTo(serverRepoPath(server.dataDir, 'rg-owner', 'misconfigured'), (work) => {
      work.write(
        '.github/issue_template/config.yml',
        'contact_links:\n  - name: Forum\n    url: forum\n    about: x\n',
      );
      work.commit('broken issue config');
    });
    const broken = await server.request('GET', '/repos/rg-owner/misconfigured/issue_config/validate');
    assert.deepEqual(broken.json, { valid: false, message: 'forum is not a valid URL' });
    const fallback = await server.request('GET', '/repos/rg-owner/misconfigured/issue_config');
    assert.deepEqual(fallback.json, { blank_issues_enabled: true, contact_links: [] });
  });
});

describe('licenses', () => {
  test('name the licence of the LICENSE file on the default branch, none without one', async () => {
    assert.deepEqual((await server.request('GET', `${base}/licenses`)).json, []);
    await createRepository(server, owner.token, 'licensed');
    pushTo(serverRepoPath(server.dataDir, 'rg-owner', 'licensed'), (work) => {
      work.write(
        'LICENSE',
        mit.licenseText.replace('<year>', '2026').replace('<copyright holders>', 'Someone'),
      );
      work.commit('licence');
    });
    const res = await server.request('GET', '/repos/rg-owner/licensed/licenses');
    assert.equal(res.status, 200);
    assert.deepEqual(res.json, ['MIT']);
    await createRepository(server, owner.token, 'unlicensed');
    pushTo(serverRepoPath(server.dataDir, 'rg-owner', 'unlicensed'), (work) => {
      work.write('LICENSE', 'All rights reserved. Ask before you copy anything from here.\n');
      work.commit('no licence');
    });
    assert.deepEqual((await server.request('GET', '/repos/rg-owner/unlicensed/licenses')).json, []);
    assert.equal(
      (await server.request('GET', '/repos/rg-owner/hidden/licenses', { token: reader.token })).status,
      404,
    );
  });
});
