import assert from 'node:assert/strict';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { makeTempDir } from '../helpers/gitFixtures';
import { mustGit, remoteUrl } from '../helpers/gitRemote';
import { startServer, type TestResponse, type TestServer, type TestUser } from './harness';

let server: TestServer;
let owner: TestUser;
let other: TestUser;
let scratch: string;

before(async () => {
  server = await startServer();
  scratch = makeTempDir('teahouse-etag-');
  owner = await server.createUser('etag-owner');
  other = await server.createUser('etag-other');
  const repo = await server.request('POST', '/user/repos', {
    token: owner.token,
    body: { name: 'shared', auto_init: true },
  });
  assert.equal(repo.status, 201, repo.text);
  const hidden = await server.request('POST', '/user/repos', {
    token: owner.token,
    body: { name: 'hidden', auto_init: true, private: true },
  });
  assert.equal(hidden.status, 201, hidden.text);
  const issue = await server.request('POST', '/repos/etag-owner/shared/issues', {
    token: owner.token,
    body: { title: 'first', body: 'text' },
  });
  assert.equal(issue.status, 201, issue.text);
  const org = await server.request('POST', '/orgs', { token: owner.token, body: { username: 'etag-org' } });
  assert.equal(org.status, 201, org.text);
  const branch = await server.request('POST', '/repos/etag-owner/shared/branches', {
    token: owner.token,
    body: { new_branch_name: 'topic' },
  });
  assert.equal(branch.status, 201, branch.text);
  const file = await server.request('POST', '/repos/etag-owner/shared/contents/topic.txt', {
    token: owner.token,
    body: { content: Buffer.from('topic\n').toString('base64'), branch: 'topic', message: 'topic' },
  });
  assert.equal(file.status, 201, file.text);
  const pull = await server.request('POST', '/repos/etag-owner/shared/pulls', {
    token: owner.token,
    body: { title: 'a pull', head: 'topic', base: 'main' },
  });
  assert.equal(pull.status, 201, pull.text);
});

after(async () => {
  await server.stop();
  rmSync(scratch, { recursive: true, force: true });
});

const get = (apiPath: string, token: string, headers: Record<string, string> = {}): Promise<TestResponse> =>
  server.request('GET', apiPath, { token, headers });

/** Fetches `apiPath`, checks it has a strong tag, and answers the tag. */
async function tagOf(apiPath: string, token = owner.token): Promise<string> {
  const res = await get(apiPath, token);
  assert.equal(res.status, 200, `${apiPath}: ${res.text}`);
  const etag = res.headers.get('etag');
  assert.ok(etag, `${apiPath} has no ETag`);
  assert.match(etag, /^"[A-Za-z0-9_-]+"$/, 'a strong tag');
  return etag;
}

async function assertNotModified(apiPath: string, etag: string, token = owner.token): Promise<void> {
  const res = await get(apiPath, token, { 'If-None-Match': etag });
  assert.equal(res.status, 304, `${apiPath} with its own tag: ${res.status} ${res.text}`);
  assert.equal(res.text, '');
  assert.equal(res.headers.get('etag'), etag);
  assert.equal(res.headers.get('cache-control'), 'private, no-cache, must-revalidate');
  assert.match(res.headers.get('vary') ?? '', /Authorization/);
}

async function assertChanged(apiPath: string, etag: string, token = owner.token): Promise<string> {
  const res = await get(apiPath, token, { 'If-None-Match': etag });
  assert.equal(res.status, 200, `${apiPath} after a change: ${res.status}`);
  const fresh = res.headers.get('etag');
  assert.ok(fresh);
  assert.notEqual(fresh, etag);
  return fresh;
}

const sample = [
  '/repos/etag-owner/shared',
  '/repos/etag-owner/shared/issues',
  '/repos/etag-owner/shared/issues?state=all&type=issues',
  '/repos/etag-owner/shared/issues/1',
  '/repos/etag-owner/shared/issues/1/comments',
  '/repos/etag-owner/shared/pulls',
  '/repos/etag-owner/shared/pulls/2',
  '/repos/etag-owner/shared/branches',
  '/repos/etag-owner/shared/branches/main',
  '/repos/etag-owner/shared/contents',
  '/repos/etag-owner/shared/contents/README.md',
  '/repos/etag-owner/shared/commits',
  '/repos/etag-owner/shared/labels',
  '/user',
  '/users/etag-other',
  '/orgs/etag-org',
  '/user/orgs',
  '/notifications',
  '/repos/search?q=shared',
  '/version',
];

describe('conditional GETs', () => {
  test('every sampled GET has a strong ETag and answers its own tag with an empty 304', async () => {
    for (const apiPath of sample) {
      const etag = await tagOf(apiPath);
      await assertNotModified(apiPath, etag);
    }
  });

  test('HEAD answers 304 the same way', async () => {
    const etag = await tagOf('/repos/etag-owner/shared/issues');
    const res = await server.request('HEAD', '/repos/etag-owner/shared/issues', {
      token: owner.token,
      headers: { 'If-None-Match': etag },
    });
    assert.equal(res.status, 304);
  });

  test('If-None-Match takes lists, weak tags and *; a malformed header is ignored', async () => {
    const apiPath = '/repos/etag-owner/shared/issues/1';
    const etag = await tagOf(apiPath);
    for (const header of [`"x", ${etag}`, `W/${etag}`, '*', ` ${etag} ,"y"`]) {
      const res = await get(apiPath, owner.token, { 'If-None-Match': header });
      assert.equal(res.status, 304, header);
    }
    for (const header of [etag.slice(1, -1), `${etag} junk`, '"unterminated', '"other"']) {
      const res = await get(apiPath, owner.token, { 'If-None-Match': header });
      assert.equal(res.status, 200, header);
      assert.ok(res.text.length > 0);
    }
  });

  test('an edit of the issue changes the issue, the list and the comments', async () => {
    const paths = [
      '/repos/etag-owner/shared/issues/1',
      '/repos/etag-owner/shared/issues',
      '/repos/etag-owner/shared/issues/1/comments',
    ];
    const before = await Promise.all(paths.map((p) => tagOf(p)));
    const edit = await server.request('PATCH', '/repos/etag-owner/shared/issues/1', {
      token: owner.token,
      body: { title: 'edited' },
    });
    assert.equal(edit.status, 201, edit.text);
    const afterEdit = await Promise.all(paths.map((p, i) => assertChanged(p, before[i]!)));
    const comment = await server.request('POST', '/repos/etag-owner/shared/issues/1/comments', {
      token: other.token,
      body: { body: 'a comment' },
    });
    assert.equal(comment.status, 201, comment.text);
    await Promise.all(paths.map((p, i) => assertChanged(p, afterEdit[i]!)));
  });

  test('a label change changes the issue and the label list', async () => {
    const issueTag = await tagOf('/repos/etag-owner/shared/issues/1');
    const labelsTag = await tagOf('/repos/etag-owner/shared/labels');
    const label = await server.request<{ id: number }>('POST', '/repos/etag-owner/shared/labels', {
      token: owner.token,
      body: { name: 'bug', color: '#ff0000' },
    });
    assert.equal(label.status, 201, label.text);
    await assertChanged('/repos/etag-owner/shared/labels', labelsTag);
    const issueAfterLabel = await tagOf('/repos/etag-owner/shared/issues/1');
    const added = await server.request('POST', '/repos/etag-owner/shared/issues/1/labels', {
      token: owner.token,
      body: { labels: [label.json.id] },
    });
    assert.equal(added.status, 200, added.text);
    await assertChanged('/repos/etag-owner/shared/issues/1', issueTag);
    await assertChanged('/repos/etag-owner/shared/issues/1', issueAfterLabel);
  });

  test('a git push changes branches, contents and commits', async () => {
    const paths = [
      '/repos/etag-owner/shared/branches',
      '/repos/etag-owner/shared/branches/main',
      '/repos/etag-owner/shared/contents/README.md',
      '/repos/etag-owner/shared/commits',
    ];
    const before = await Promise.all(paths.map((p) => tagOf(p)));
    const work = path.join(scratch, 'work');
    const url = remoteUrl(server.url, 'etag-owner/shared', {
      username: owner.user.login,
      secret: owner.token,
    });
    mustGit(scratch, ['clone', '--quiet', url, work]);
    mustGit(work, ['commit', '--quiet', '--allow-empty', '-m', 'pushed']);
    mustGit(work, ['push', '--quiet', 'origin', 'HEAD:main']);
    for (const [i, p] of paths.entries()) {
      if (p.endsWith('README.md')) {
        // The file did not change: the same content may keep its tag, but never a stale one.
        const res = await get(p, owner.token, { 'If-None-Match': before[i]! });
        if (res.status === 200) assert.notEqual(res.headers.get('etag'), before[i]);
        continue;
      }
      await assertChanged(p, before[i]!);
    }
  });

  test('writes through the API change the git answers they touch', async () => {
    const branches = await tagOf('/repos/etag-owner/shared/branches');
    const tags = await tagOf('/repos/etag-owner/shared/tags');
    const contents = await tagOf('/repos/etag-owner/shared/contents');
    const created = await server.request('POST', '/repos/etag-owner/shared/branches', {
      token: owner.token,
      body: { new_branch_name: 'another' },
    });
    assert.equal(created.status, 201, created.text);
    const afterBranch = await assertChanged('/repos/etag-owner/shared/branches', branches);
    const release = await server.request('POST', '/repos/etag-owner/shared/releases', {
      token: owner.token,
      body: { tag_name: 'v1', name: 'one' },
    });
    assert.equal(release.status, 201, release.text);
    await assertChanged('/repos/etag-owner/shared/tags', tags);
    const file = await server.request('POST', '/repos/etag-owner/shared/contents/new.txt', {
      token: owner.token,
      body: { content: Buffer.from('new\n').toString('base64'), message: 'new file' },
    });
    assert.equal(file.status, 201, file.text);
    await assertChanged('/repos/etag-owner/shared/contents', contents);
    await assertChanged('/repos/etag-owner/shared/branches', afterBranch);
  });

  test("another user never gets a 304 with someone else's tag", async () => {
    for (const apiPath of [
      '/user',
      '/repos/etag-owner/shared',
      '/repos/etag-owner/shared/issues',
      '/notifications',
    ]) {
      const etag = await tagOf(apiPath);
      const res = await get(apiPath, other.token, { 'If-None-Match': etag });
      assert.equal(res.status, 200, apiPath);
      assert.notEqual(res.headers.get('etag'), etag);
    }
    const anonymous = await server.request('GET', '/repos/etag-owner/shared', {
      headers: { 'If-None-Match': await tagOf('/repos/etag-owner/shared') },
    });
    assert.equal(anonymous.status, 200);
  });

  test('a token of another user or new scopes change nothing they may not see', async () => {
    const etag = await tagOf('/user');
    const created = await server.request<{ sha1: string }>('POST', `/users/${owner.user.login}/tokens`, {
      basic: { username: owner.user.login, password: owner.password },
      body: { name: 'narrow', scopes: ['read:user'] },
    });
    assert.equal(created.status, 201, created.text);
    const narrow = await get('/user', created.json.sha1, { 'If-None-Match': etag });
    assert.equal(narrow.status, 200, 'a different token is a different viewer');
  });

  test('after access is revoked a private repository answers 404, not 304', async () => {
    const added = await server.request('PUT', '/repos/etag-owner/hidden/collaborators/etag-other', {
      token: owner.token,
      body: { permission: 'read' },
    });
    assert.equal(added.status, 204, added.text);
    const paths = [
      '/repos/etag-owner/hidden',
      '/repos/etag-owner/hidden/issues',
      '/repos/etag-owner/hidden/branches',
    ];
    const tags = await Promise.all(paths.map((p) => tagOf(p, other.token)));
    await assertNotModified(paths[0]!, tags[0]!, other.token);
    const star = await get('/repos/etag-owner/hidden/issues', owner.token, { 'If-None-Match': '*' });
    assert.equal(star.status, 304, '* matches an answer that exists');
    const strangerStar = await server.request('GET', '/repos/etag-owner/nothing-here', {
      token: other.token,
      headers: { 'If-None-Match': '*' },
    });
    assert.equal(strangerStar.status, 404, '* never answers for what is not there');
    const removed = await server.request('DELETE', '/repos/etag-owner/hidden/collaborators/etag-other', {
      token: owner.token,
    });
    assert.equal(removed.status, 204, removed.text);
    for (const [i, p] of paths.entries()) {
      const res = await get(p, other.token, { 'If-None-Match': tags[i]! });
      assert.equal(res.status, 404, p);
      assert.equal(res.headers.get('etag'), null, 'errors carry no tag');
    }
  });

  test('Last-Modified is sent once its second is over, and If-Modified-Since answers 304 until a write', async () => {
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const apiPath = '/repos/etag-owner/shared/issues/1';
    await tagOf(apiPath);
    const res = await get(apiPath, owner.token);
    const lastModified = res.headers.get('last-modified');
    assert.ok(lastModified, 'a Last-Modified header');
    const unchanged = await get(apiPath, owner.token, { 'If-Modified-Since': lastModified });
    assert.equal(unchanged.status, 304);
    const edit = await server.request('PATCH', '/repos/etag-owner/shared/issues/1', {
      token: owner.token,
      body: { body: 'changed again' },
    });
    assert.equal(edit.status, 201, edit.text);
    const changed = await get(apiPath, owner.token, { 'If-Modified-Since': lastModified });
    assert.equal(changed.status, 200);
    const both = await get(apiPath, owner.token, {
      'If-Modified-Since': lastModified,
      'If-None-Match': '"no"',
    });
    assert.equal(both.status, 200, 'If-None-Match decides when both are sent');
  });
});

describe('every GET of the catalogue', () => {
  const values: Record<string, string> = {
    owner: 'etag-owner',
    repo: 'shared',
    org: 'etag-org',
    username: 'etag-other',
    user: 'etag-other',
    collaborator: 'etag-other',
    index: '1',
    id: '1',
    branch: 'main',
    ref: 'main',
    sha: 'main',
    filepath: 'README.md',
    name: 'main',
    tag: 'v1',
    topic: 'topic',
    diffType: 'diff',
    archive: 'main.zip',
  };

  test('answers a strong ETag on each 200 JSON answer it gives with seeded data', async () => {
    const { operations } = await import('../../src/api/operations');
    const answered: string[] = [];
    for (const op of operations) {
      if (op.method !== 'GET') continue;
      const apiPath = op.path.replace(/\{([^}]+)\}/g, (_, name: string) => values[name] ?? '1');
      const res = await server.request('GET', apiPath, { token: server.admin.token });
      const isJson = (res.headers.get('content-type') ?? '').startsWith('application/json');
      if (res.status !== 200 || !isJson) {
        if (res.status >= 400)
          assert.equal(res.headers.get('etag'), null, `${op.operationId}: an error with a tag`);
        continue;
      }
      assert.ok(res.headers.get('etag'), `${op.operationId} (${apiPath}) has no ETag`);
      // A first read may start work that writes later (a pull request's check): a changed tag is right then.
      let status = 0;
      for (let attempt = 0; attempt < 3 && status !== 304; attempt++) {
        const fresh = await server.request('GET', apiPath, { token: server.admin.token });
        const again = await server.request('GET', apiPath, {
          token: server.admin.token,
          headers: { 'If-None-Match': fresh.headers.get('etag') ?? '' },
        });
        status = again.status;
      }
      assert.equal(status, 304, `${op.operationId} (${apiPath}) never answers its own tag with 304`);
      answered.push(op.operationId);
    }
    console.log('ANSWERED', answered.length);
    assert.ok(
      answered.length >= 90,
      `only ${answered.length} GET operations answered 200: ${answered.join(', ')}`,
    );
  });
});
