import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { giteaApi } from 'gitea-js';
import { startServer, type TestServer, type TestUser } from './harness';
import { createRepository, git, pushTo, serverRepoPath } from '../helpers/gitFixtures';

interface FileResponse {
  content: {
    name: string;
    path: string;
    sha: string;
    content: string | null;
    last_commit_sha: string;
    url: string;
  } | null;
  commit: {
    sha: string;
    url: string;
    html_url: string;
    message: string;
    author: { name: string; email: string; date: string };
    committer: { name: string; email: string; date: string };
    parents: { sha: string; url: string }[];
    tree: { sha: string; url: string };
  };
  verification: { verified: boolean; reason: string };
  message?: string;
}

let server: TestServer;
let owner: TestUser;
let reader: TestUser;
let bare: string;
const b64 = (text: string): string => Buffer.from(text).toString('base64');

before(async () => {
  server = await startServer();
  owner = await server.createUser('cw-owner');
  reader = await server.createUser('cw-reader');
  await createRepository(server, owner.token, 'edit');
  bare = serverRepoPath(server.dataDir, 'cw-owner', 'edit');
  pushTo(bare, (work) => {
    work
      .write('keep.txt', 'keep\n')
      .write('run.sh', '#!/bin/sh\n', { executable: true })
      .write('dir/file.txt', 'x\n');
    work.commit('base files');
    work.branch('side').write('side.txt', 'side\n');
    work.commit('side');
    work.checkout('main');
  });
  await server.request('PUT', '/repos/cw-owner/edit/collaborators/cw-reader', {
    token: owner.token,
    body: { permission: 'read' },
  });
});

after(async () => {
  await server.stop();
});

const change = (method: string, path: string, body: unknown, user: TestUser | null = owner, repo = 'edit') =>
  server.request<FileResponse>(method, `/repos/cw-owner/${repo}/contents/${path}`, {
    token: user?.token,
    body,
  });
const tip = (branch = 'main'): string => git(bare, ['rev-parse', `refs/heads/${branch}`]).trim();
const blobSha = (path: string, ref = 'main'): string => git(bare, ['rev-parse', `${ref}:${path}`]).trim();

describe('creating files', () => {
  test('a new file is committed on the default branch and answered as a FileResponse', async () => {
    const before = tip();
    const res = await change('POST', 'docs/new.md', { content: b64('# new\n') });
    assert.equal(res.status, 201);
    assert.equal(res.json.commit.sha, tip());
    assert.deepEqual(
      res.json.commit.parents.map((p) => p.sha),
      [before],
    );
    assert.equal(res.json.commit.message, 'Add docs/new.md\n');
    assert.deepEqual(
      [res.json.commit.author.name, res.json.commit.author.email],
      ['cw-owner', 'cw-owner@example.com'],
    );
    assert.equal(res.json.commit.url, `${server.url}api/v1/repos/cw-owner/edit/git/commits/${tip()}`);
    assert.equal(res.json.commit.tree.sha, git(bare, ['rev-parse', 'main^{tree}']).trim());
    assert.equal(res.json.content?.path, 'docs/new.md');
    assert.equal(res.json.content?.sha, blobSha('docs/new.md'));
    assert.equal(res.json.content?.last_commit_sha, tip());
    assert.equal(Buffer.from(res.json.content!.content!, 'base64').toString(), '# new\n');
    assert.equal(res.json.verification.reason, 'gpg.error.not_signed_commit');
    assert.equal(git(bare, ['show', 'main:docs/new.md']), '# new\n');
  });

  test('message, author, committer, dates and sign-off are used as given', async () => {
    const res = await change('POST', 'dated.txt', {
      content: b64('d\n'),
      message: 'custom message',
      author: { name: 'Ann Author', email: 'ann@example.com' },
      committer: { name: 'Cid Committer', email: 'cid@example.com' },
      dates: { author: '2020-01-02T03:04:05+01:00', committer: '2021-02-03T04:05:06Z' },
      signoff: true,
    });
    assert.equal(res.status, 201);
    const log = git(bare, [
      'log',
      '-1',
      '--format=%an|%ae|%ad|%cn|%ce|%cd|%B',
      '--date=iso-strict',
      'main',
    ]).trim();
    assert.equal(
      log,
      'Ann Author|ann@example.com|2020-01-02T03:04:05+01:00|Cid Committer|cid@example.com|2021-02-03T04:05:06+00:00|custom message\n\nSigned-off-by: Cid Committer <cid@example.com>',
    );
  });

  test('new_branch puts the commit on a new branch made from the base, leaving the base alone', async () => {
    const base = tip('side');
    const res = await change('POST', 'branch-only.txt', {
      content: b64('b\n'),
      branch: 'side',
      new_branch: 'side-topic',
    });
    assert.equal(res.status, 201);
    assert.equal(tip('side'), base);
    assert.equal(tip('side-topic'), res.json.commit.sha);
    assert.equal(git(bare, ['rev-parse', 'side-topic^']).trim(), base);
    assert.equal(
      res.json.content?.url,
      `${server.url}api/v1/repos/cw-owner/edit/contents/branch-only.txt?ref=side-topic`,
    );
    for (const taken of ['side-topic', 'side/below', 'main']) {
      const again = await change('POST', 'other.txt', {
        content: b64('b\n'),
        branch: 'side',
        new_branch: taken,
      });
      assert.equal(again.status, 422, taken);
    }
  });

  test('an existing file, a bad path, bad base64 or a missing content answer 422; an unknown branch 404', async () => {
    const cases: [string, unknown, number][] = [
      ['keep.txt', { content: b64('x') }, 422],
      ['dir', { content: b64('x') }, 422],
      ['keep.txt/below.txt', { content: b64('x') }, 422],
      ['..%2Fescape.txt', { content: b64('x') }, 422],
      ['.git/config', { content: b64('x') }, 422],
      ['sub/.GIT/hooks/post-update', { content: b64('x') }, 422],
      ['ok.txt', { content: 'not base64!' }, 422],
      ['ok.txt', {}, 422],
      ['ok.txt', { content: b64('x'), branch: '--upload-pack=x' }, 422],
      ['ok.txt', { content: b64('x'), new_branch: 'a..b' }, 422],
      ['ok.txt', { content: b64('x'), dates: { author: 'yesterday' } }, 422],
      ['ok.txt', { content: b64('x'), author: { name: 'Evil <x>', email: 'e@x' } }, 422],
      ['ok.txt', { content: b64('x'), branch: 'nope' }, 404],
    ];
    const before = tip();
    for (const [path, body, status] of cases) {
      const res = await change('POST', path, body);
      assert.equal(res.status, status, `${path} ${JSON.stringify(body)}`);
      assert.equal(typeof res.json.message, 'string');
    }
    assert.equal(tip(), before);
  });

  test('the first file of an empty repository starts its default branch', async () => {
    await createRepository(server, owner.token, 'blank', { empty: true });
    const res = await change('POST', 'first.txt', { content: b64('first\n') }, owner, 'blank');
    assert.equal(res.status, 201);
    assert.deepEqual(res.json.commit.parents, []);
    const repo = await server.request<{ empty: boolean }>('GET', '/repos/cw-owner/blank', {
      token: owner.token,
    });
    assert.equal(repo.json.empty, false);
    const raw = await server.request('GET', '/repos/cw-owner/blank/raw/first.txt', { token: owner.token });
    assert.equal(raw.text, 'first\n');
  });
});

describe('updating and deleting files', () => {
  test('an update with the current sha replaces the content and keeps the file mode', async () => {
    const res = await change('PUT', 'run.sh', {
      content: b64('#!/bin/sh\necho hi\n'),
      sha: blobSha('run.sh'),
    });
    assert.equal(res.status, 200);
    assert.equal(res.json.commit.message, 'Update run.sh\n');
    assert.equal(git(bare, ['show', 'main:run.sh']), '#!/bin/sh\necho hi\n');
    assert.match(git(bare, ['ls-tree', 'main', 'run.sh']), /^100755 /);
  });

  test('a PUT without sha creates a new file (201) but refuses an existing one (422)', async () => {
    assert.equal((await change('PUT', 'put-new.txt', { content: b64('p\n') })).status, 201);
    assert.equal((await change('PUT', 'keep.txt', { content: b64('p\n') })).status, 422);
  });

  test('from_path moves the file while updating it', async () => {
    const res = await change('PUT', 'moved/file.txt', {
      content: b64('moved\n'),
      sha: blobSha('dir/file.txt'),
      from_path: 'dir/file.txt',
    });
    assert.equal(res.status, 200);
    assert.equal(git(bare, ['show', 'main:moved/file.txt']), 'moved\n');
    assert.equal(git(bare, ['ls-tree', '--name-only', 'main', 'dir/file.txt']), '');
  });

  test('a stale sha answers 422, a missing file 404, and nothing is committed', async () => {
    const before = tip();
    const stale = await change('PUT', 'keep.txt', { content: b64('y'), sha: '1'.repeat(40) });
    assert.equal(stale.status, 422);
    assert.match(stale.json.message ?? '', /sha does not match/);
    assert.equal(
      (await change('PUT', 'missing.txt', { content: b64('y'), sha: '1'.repeat(40) })).status,
      404,
    );
    assert.equal((await change('DELETE', 'missing.txt', { sha: '1'.repeat(40) })).status, 404);
    assert.equal((await change('DELETE', 'keep.txt', { sha: '1'.repeat(40) })).status, 422);
    assert.equal((await change('DELETE', 'keep.txt', {})).status, 422);
    assert.equal(tip(), before);
  });

  test('a delete with the current sha removes the file and answers a null content', async () => {
    const res = await change('DELETE', 'keep.txt', { sha: blobSha('keep.txt'), message: 'drop keep' });
    assert.equal(res.status, 200);
    assert.equal(res.json.content, null);
    assert.equal(res.json.commit.message, 'drop keep\n');
    assert.equal(git(bare, ['ls-tree', '--name-only', 'main', 'keep.txt']), '');
  });

  test('readers get 403 and anonymous callers 401 for every change', async () => {
    const before = tip();
    for (const [method, body] of [
      ['POST', { content: b64('r') }],
      ['PUT', { content: b64('r') }],
      ['DELETE', { sha: '1'.repeat(40) }],
    ] as const) {
      assert.equal((await change(method, 'by-reader.txt', body, reader)).status, 403, method);
      assert.equal((await change(method, 'by-reader.txt', body, null)).status, 401, method);
    }
    assert.equal(tip(), before);
  });
});

test('gitea-js creates, updates and deletes a file', async () => {
  const api = giteaApi(server.url.replace(/\/$/, ''), { token: owner.token });
  const created = await api.repos.repoCreateFile('cw-owner', 'edit', 'js/file.txt', {
    content: b64('one\n'),
  });
  assert.equal(created.status, 201);
  assert.equal(created.data.content?.path, 'js/file.txt');
  const updated = await api.repos.repoUpdateFile('cw-owner', 'edit', 'js/file.txt', {
    content: b64('two\n'),
    sha: created.data.content!.sha!,
  });
  assert.equal(updated.status, 200);
  assert.equal(updated.data.commit?.parents?.[0]?.sha, created.data.commit?.sha);
  const deleted = await api.repos.repoDeleteFile('cw-owner', 'edit', 'js/file.txt', {
    sha: updated.data.content!.sha!,
  });
  assert.equal(deleted.status, 200);
  assert.equal(deleted.data.content, null);
});
