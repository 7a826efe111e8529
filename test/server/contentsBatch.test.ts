import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { createRepository, pushTo, serverRepoPath } from '../helpers/gitFixtures';
import { startServer, type TestServer, type TestUser } from './harness';

/** Several files in one commit, patches, the extended contents, files by list and media. */

interface ContentsJson {
  name: string;
  path: string;
  type: string;
  content?: string | null;
  sha: string;
}
interface FilesResponse {
  files: (ContentsJson | null)[];
  commit: { sha: string; message: string };
}

let server: TestServer;
let owner: TestUser;
let reader: TestUser;
const base = '/repos/cb-owner/batch';
const b64 = (text: string): string => Buffer.from(text).toString('base64');
const text = (content: string | null | undefined): string => Buffer.from(content ?? '', 'base64').toString();

before(async () => {
  server = await startServer();
  owner = await server.createUser('cb-owner');
  reader = await server.createUser('cb-reader');
  await createRepository(server, owner.token, 'batch');
  pushTo(serverRepoPath(server.dataDir, 'cb-owner', 'batch'), (work) => {
    work.write('docs/a.md', 'alpha\n').write('docs/b.md', 'beta\n').write('old.txt', 'old\n');
    work.commit('files');
  });
});

after(async () => {
  await server.stop();
});

const fileSha = async (path: string): Promise<string> =>
  (await server.request<ContentsJson>('GET', `${base}/contents/${path}`)).json.sha;

describe('changing several files', () => {
  test('creates, updates, renames and deletes in one commit', async () => {
    const res = await server.request<FilesResponse>('POST', `${base}/contents`, {
      token: owner.token,
      body: {
        message: 'many at once',
        files: [
          { operation: 'create', path: 'new.txt', content: b64('new\n') },
          {
            operation: 'update',
            path: 'docs/a.md',
            content: b64('alpha two\n'),
            sha: await fileSha('docs/a.md'),
          },
          { operation: 'rename', path: 'renamed.txt', from_path: 'old.txt', sha: await fileSha('old.txt') },
          { operation: 'delete', path: 'docs/b.md', sha: await fileSha('docs/b.md') },
        ],
      },
    });
    assert.equal(res.status, 201, res.text);
    assert.equal(res.json.commit.message, 'many at once\n');
    assert.deepEqual(
      res.json.files.map((f) => f?.path ?? null),
      ['new.txt', 'docs/a.md', 'renamed.txt', null],
    );
    assert.equal(text(res.json.files[1]!.content), 'alpha two\n');
    assert.equal((await server.request('GET', `${base}/contents/old.txt`)).status, 404);
    assert.equal((await server.request('GET', `${base}/contents/docs/b.md`)).status, 404);
  });

  test('refuses a stale sha, a missing file and readers, leaving the branch as it was', async () => {
    const before = (await server.request<{ commit: { id: string } }>('GET', `${base}/branches/main`)).json
      .commit.id;
    const stale = await server.request('POST', `${base}/contents`, {
      token: owner.token,
      body: { files: [{ operation: 'update', path: 'new.txt', content: b64('x'), sha: '0'.repeat(40) }] },
    });
    assert.equal(stale.status, 422, stale.text);
    const missing = await server.request('POST', `${base}/contents`, {
      token: owner.token,
      body: { files: [{ operation: 'delete', path: 'nothing.txt', sha: '0'.repeat(40) }] },
    });
    assert.equal(missing.status, 404, missing.text);
    const byReader = await server.request('POST', `${base}/contents`, {
      token: reader.token,
      body: { files: [{ operation: 'create', path: 'r.txt', content: b64('r') }] },
    });
    assert.equal(byReader.status, 403);
    const after = (await server.request<{ commit: { id: string } }>('GET', `${base}/branches/main`)).json
      .commit.id;
    assert.equal(after, before);
  });
});

describe('applying a patch', () => {
  test('commits a diff that applies, refuses one that does not (422)', async () => {
    const patch = [
      'diff --git a/new.txt b/new.txt',
      '--- a/new.txt',
      '+++ b/new.txt',
      '@@ -1 +1 @@',
      '-new',
      '+patched',
      '',
    ].join('\n');
    const res = await server.request<{ content: unknown; commit: { message: string } }>(
      'POST',
      `${base}/diffpatch`,
      {
        token: owner.token,
        body: { content: patch, new_branch: 'patched' },
      },
    );
    // the swagger says 200; Gitea answers 201
    assert.equal(res.status, 201, res.text);
    assert.equal(res.json.commit.message, 'apply-patch\n');
    const file = await server.request<ContentsJson>('GET', `${base}/contents/new.txt?ref=patched`);
    assert.equal(text(file.json.content), 'patched\n');
    const again = await server.request('POST', `${base}/diffpatch`, {
      token: owner.token,
      body: { content: patch.replace('-new', '-absent') },
    });
    assert.equal(again.status, 422);
  });
});

describe('reading', () => {
  test('the extended contents list a folder and give a file', async () => {
    const dir = await server.request<{ dir_contents: ContentsJson[] }>('GET', `${base}/contents-ext/docs`);
    assert.equal(dir.status, 200, dir.text);
    assert.deepEqual(
      dir.json.dir_contents.map((c) => c.name),
      ['a.md'],
    );
    const file = await server.request<{ file_contents: ContentsJson }>(
      'GET',
      `${base}/contents-ext/docs/a.md?includes=file_content`,
    );
    assert.equal(text(file.json.file_contents.content), 'alpha two\n');
    assert.equal((await server.request('GET', `${base}/contents-ext/none`)).status, 404);
    for (const root of [`${base}/contents-ext/`, `${base}/contents-ext/%2E`]) {
      const listing = await server.request<{ dir_contents: ContentsJson[] }>('GET', root);
      assert.equal(listing.status, 200, `${root}: ${listing.text}`);
      assert.ok(listing.json.dir_contents.some((c) => c.name === 'docs'));
    }
  });

  test('files by list, by query or by POST; a missing one is null', async () => {
    const query = encodeURIComponent(JSON.stringify({ files: ['new.txt', 'missing.txt'] }));
    const byQuery = await server.request<(ContentsJson | null)[]>(
      'GET',
      `${base}/file-contents?body=${query}`,
    );
    assert.equal(byQuery.status, 200, byQuery.text);
    assert.equal(text(byQuery.json[0]!.content), 'new\n');
    assert.equal(byQuery.json[1], null);
    const byPost = await server.request<(ContentsJson | null)[]>('POST', `${base}/file-contents`, {
      body: { files: ['renamed.txt'] },
    });
    assert.equal(byPost.status, 200, byPost.text);
    assert.equal(text(byPost.json[0]!.content), 'old\n');
    assert.equal((await server.request('GET', `${base}/file-contents?body=not-json`)).status, 400);
  });

  test('media answers the file itself', async () => {
    const res = await server.request('GET', `${base}/media/docs/a.md`);
    assert.equal(res.status, 200);
    assert.equal(res.text, 'alpha two\n');
    assert.equal((await server.request('GET', `${base}/media/none.md`)).status, 404);
  });
});
