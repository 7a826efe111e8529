import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { giteaApi } from 'gitea-js';
import { startServer, type TestServer, type TestUser } from './harness';
import { createRepository, git, pushTo, serverRepoPath } from '../helpers/gitFixtures';

/** The git data API: blobs, trees, annotated tag objects and references, read from a real repository. */

interface GitEntry {
  path: string;
  mode: string;
  type: string;
  size: number;
  sha: string;
  url: string;
}
interface GitTree {
  sha: string;
  url: string;
  page: number;
  total_count: number;
  truncated: boolean;
  tree: GitEntry[];
}
interface Reference {
  ref: string;
  url: string;
  object: { sha: string; type: string; url: string };
}

let server: TestServer;
let owner: TestUser;
let stranger: TestUser;
const ids: Record<string, string> = {};
const large = Buffer.alloc(10 * 1024 * 1024 + 1, 'x');
const base = '/repos/gd-owner/data';

before(async () => {
  server = await startServer();
  owner = await server.createUser('gd-owner');
  stranger = await server.createUser('gd-stranger');
  await createRepository(server, owner.token, 'data');
  await createRepository(server, owner.token, 'hidden', { private: true });
  await createRepository(server, owner.token, 'void', { empty: true });
  pushTo(serverRepoPath(server.dataDir, 'gd-owner', 'data'), (work) => {
    work
      .write('a.txt', 'hello\n')
      .write('src/lib/deep.ts', 'export const deep = 1;\n')
      .write('src/main.ts', 'console.log(1);\n')
      .write('run.sh', '#!/bin/sh\n', { executable: true })
      .write('large.bin', large)
      .symlink('link', 'a.txt')
      .submodule('sub', 'a'.repeat(40), 'https://example.com/sub.git');
    ids.main = work.commit('content');
    work.tag('v1');
    git(work.dir, ['tag', '-a', 'v2', '-m', 'second release\n\nwith notes'], {
      GIT_COMMITTER_NAME: 'Tag Maker',
      GIT_COMMITTER_EMAIL: 'tagger@example.com',
      GIT_COMMITTER_DATE: '1700001000 +0200',
    });
    ids.v2 = work.git('rev-parse', 'v2').trim();
    ids.tree = work.git('rev-parse', 'HEAD^{tree}').trim();
    ids.src = work.git('rev-parse', 'HEAD:src').trim();
    ids.hello = work.git('rev-parse', 'HEAD:a.txt').trim();
    ids.large = work.git('rev-parse', 'HEAD:large.bin').trim();
    work.branch('feature/x').write('f.txt', 'feature\n');
    ids.feature = work.commit('feature');
    work.checkout('main');
  });
});

after(async () => {
  await server.stop();
});

/** A GET as the owner, as another user, or anonymously (`null`). */
const get = <T>(path: string, token: string | null = owner.token) =>
  server.request<T>('GET', path, token === null ? {} : { token });

/** Fetches an absolute URL the server answered (with the owner's token) and answers its status. */
async function follow(url: string): Promise<number> {
  const res = await fetch(url, { headers: { Authorization: `token ${owner.token}` } });
  await res.arrayBuffer();
  return res.status;
}

describe('blobs', () => {
  test('a blob comes back base64 with its size, id and API URL', async () => {
    const res = await get<{ content: string; encoding: string; size: number; sha: string; url: string }>(
      `${base}/git/blobs/${ids.hello}`,
    );
    assert.equal(res.status, 200);
    assert.deepEqual(res.json, {
      sha: ids.hello,
      url: `${server.apiUrl}${base}/git/blobs/${ids.hello}`,
      size: 6,
      encoding: 'base64',
      content: Buffer.from('hello\n').toString('base64'),
    });
    assert.equal(await follow(res.json.url), 200);
  });

  test('a blob above 10 MiB is answered with its size and no content', async () => {
    const res = await get<{ content: string; size: number }>(`${base}/git/blobs/${ids.large}`);
    assert.equal(res.status, 200);
    assert.equal(res.json.size, large.length);
    assert.equal(res.json.content, '');
  });

  test('an id that is not a full object id, names nothing, or names no blob is a 400', async () => {
    for (const sha of [ids.hello!.slice(0, 10), 'f'.repeat(40), ids.tree!, 'not-hex']) {
      const res = await get<{ message: string }>(`${base}/git/blobs/${sha}`);
      assert.equal(res.status, 400, sha);
      assert.ok(res.json.message, sha);
    }
  });

  test('a private repository is not found for a stranger and for anonymous callers', async () => {
    for (const token of [stranger.token, null]) {
      assert.equal((await get(`/repos/gd-owner/hidden/git/blobs/${ids.hello}`, token)).status, 404);
    }
  });

  test('gitea-js reads a blob', async () => {
    const client = giteaApi(server.url.replace(/\/$/, ''), { token: owner.token });
    const { data } = await client.repos.getBlob('gd-owner', 'data', ids.hello!);
    assert.equal(Buffer.from(data.content ?? '', 'base64').toString(), 'hello\n');
  });
});

describe('trees', () => {
  test('a tree lists its entries with modes, types, sizes and URLs that resolve', async () => {
    const res = await get<GitTree>(`${base}/git/trees/${ids.tree}`);
    assert.equal(res.status, 200);
    assert.equal(res.json.sha, ids.tree);
    assert.equal(res.json.url, `${server.apiUrl}${base}/git/trees/${ids.tree}`);
    assert.equal(res.json.page, 1);
    assert.equal(res.json.truncated, false);
    const byPath = new Map(res.json.tree.map((entry) => [entry.path, entry]));
    assert.deepEqual(
      res.json.tree.map((entry) => entry.path),
      ['.gitmodules', 'README.md', 'a.txt', 'large.bin', 'link', 'run.sh', 'src', 'sub'],
    );
    assert.equal(res.json.total_count, 8);
    assert.deepEqual(byPath.get('a.txt'), {
      path: 'a.txt',
      mode: '100644',
      type: 'blob',
      size: 6,
      sha: ids.hello,
      url: `${server.apiUrl}${base}/git/blobs/${ids.hello}`,
    });
    assert.equal(byPath.get('run.sh')?.mode, '100755');
    assert.equal(byPath.get('link')?.mode, '120000');
    assert.deepEqual(
      [byPath.get('src')?.mode, byPath.get('src')?.type, byPath.get('src')?.size, byPath.get('src')?.sha],
      ['040000', 'tree', 0, ids.src],
    );
    assert.equal(byPath.get('src')?.url, `${server.apiUrl}${base}/git/trees/${ids.src}`);
    assert.deepEqual([byPath.get('sub')?.mode, byPath.get('sub')?.type], ['160000', 'commit']);
    for (const name of ['a.txt', 'src']) assert.equal(await follow(byPath.get(name)!.url), 200, name);
  });

  test('a commit, a branch or an annotated tag names its tree; the answer keeps the id it resolved', async () => {
    for (const [named, resolved] of [
      [ids.main, ids.main],
      ['main', ids.main],
      [ids.v2, ids.v2],
      [ids.main!.slice(0, 8), ids.main],
    ] as const) {
      const res = await get<GitTree>(`${base}/git/trees/${named}`);
      assert.equal(res.status, 200, named);
      assert.equal(res.json.sha, resolved, named);
      assert.equal(res.json.total_count, 8, named);
    }
  });

  test('recursive lists every entry by its full path, each directory before what it holds', async () => {
    const res = await get<GitTree>(`${base}/git/trees/${ids.tree}?recursive=true`);
    assert.equal(res.status, 200);
    assert.deepEqual(
      res.json.tree.map((entry) => entry.path),
      [
        '.gitmodules',
        'README.md',
        'a.txt',
        'large.bin',
        'link',
        'run.sh',
        'src',
        'src/lib',
        'src/lib/deep.ts',
        'src/main.ts',
        'sub',
      ],
    );
    assert.equal(res.json.tree.find((entry) => entry.path === 'src/main.ts')?.size, 16);
  });

  test('pages by per_page: total_count is the whole tree, truncated says whether more follow', async () => {
    const page = (n: number) =>
      get<GitTree>(`${base}/git/trees/${ids.tree}?recursive=1&per_page=4&page=${n}`);
    const first = await page(1);
    assert.deepEqual(
      [first.json.page, first.json.total_count, first.json.truncated, first.json.tree.length],
      [1, 11, true, 4],
    );
    const last = await page(3);
    assert.deepEqual(
      [last.json.page, last.json.truncated, last.json.tree.map((entry) => entry.path)],
      [3, false, ['src/lib/deep.ts', 'src/main.ts', 'sub']],
    );
    const beyond = await page(9);
    assert.deepEqual([beyond.json.truncated, beyond.json.tree], [false, []]);
    // a per_page of 0 or nonsense falls back to Gitea's 1000
    const all = await get<GitTree>(`${base}/git/trees/${ids.tree}?per_page=abc&page=0`);
    assert.deepEqual([all.json.page, all.json.tree.length], [1, 8]);
  });

  test('what names no tree is a 400', async () => {
    for (const named of ['no-such-branch', 'f'.repeat(40), ids.hello!, '..%2F..', 'main:a.txt']) {
      assert.equal((await get(`${base}/git/trees/${named}`)).status, 400, named);
    }
  });

  test('a recursive flag that is not one counts as absent, as Gitea reads it unchecked', async () => {
    const res = await get<GitTree>(`${base}/git/trees/${ids.tree}?recursive=maybe`);
    assert.equal(res.status, 200);
    assert.equal(res.json.total_count, 8);
  });

  test('gitea-js reads a tree recursively', async () => {
    const client = giteaApi(server.url.replace(/\/$/, ''), { token: owner.token });
    const { data } = await client.repos.getTree('gd-owner', 'data', 'main', { recursive: true, per_page: 2 });
    assert.equal(data.total_count, 11);
    assert.equal(data.tree?.length, 2);
    assert.equal(data.truncated, true);
  });
});

describe('annotated tags', () => {
  test('the tag object: name, message, tagger, the commit it tags and that commit’s verification', async () => {
    const res = await get<Record<string, unknown>>(`${base}/git/tags/${ids.v2}`);
    assert.equal(res.status, 200);
    assert.deepEqual(res.json, {
      tag: 'v2',
      sha: ids.v2,
      url: `${server.apiUrl}${base}/git/tags/${ids.v2}`,
      message: 'second release\n\nwith notes\n',
      tagger: { name: 'Tag Maker', email: 'tagger@example.com', date: '2023-11-15T00:30:00+02:00' },
      object: { sha: ids.main, type: 'commit', url: `${server.apiUrl}${base}/git/commits/${ids.main}` },
      verification: {
        verified: false,
        reason: 'gpg.error.not_signed_commit',
        signature: '',
        signer: null,
        payload: '',
      },
    });
    assert.equal(await follow(res.json.url as string), 200);
  });

  test('a lightweight tag (a commit), an unknown id or a short one is a 400', async () => {
    for (const sha of [ids.main, 'e'.repeat(40), ids.v2!.slice(0, 12)]) {
      assert.equal((await get(`${base}/git/tags/${sha}`)).status, 400, sha);
    }
  });

  test('gitea-js reads an annotated tag', async () => {
    const client = giteaApi(server.url.replace(/\/$/, ''), { token: owner.token });
    const { data } = await client.repos.getAnnotatedTag('gd-owner', 'data', ids.v2!);
    assert.equal(data.tag, 'v2');
    assert.equal(data.object?.sha, ids.main);
  });
});

describe('references', () => {
  test('every ref with the object it names; both URLs resolve', async () => {
    const res = await get<Reference[]>(`${base}/git/refs`);
    assert.equal(res.status, 200);
    assert.deepEqual(
      res.json.map((ref) => [ref.ref, ref.object.type, ref.object.sha]),
      [
        ['refs/heads/feature/x', 'commit', ids.feature],
        ['refs/heads/main', 'commit', ids.main],
        ['refs/tags/v1', 'commit', ids.main],
        ['refs/tags/v2', 'tag', ids.v2],
      ],
    );
    const v2 = res.json.find((ref) => ref.ref === 'refs/tags/v2')!;
    assert.equal(v2.url, `${server.apiUrl}${base}/git/refs/tags/v2`);
    assert.equal(v2.object.url, `${server.apiUrl}${base}/git/tags/${ids.v2}`);
    for (const ref of res.json) {
      assert.equal(await follow(ref.url), 200, ref.url);
      assert.equal(await follow(ref.object.url), 200, ref.object.url);
    }
  });

  test('a prefix lists the refs under it; a ref named exactly comes back alone, as an object', async () => {
    const heads = await get<Reference[]>(`${base}/git/refs/heads`);
    assert.deepEqual(
      heads.json.map((ref) => ref.ref),
      ['refs/heads/feature/x', 'refs/heads/main'],
    );
    // a prefix of a name (not only of whole segments), answered as a list even with one match
    const partial = await get<Reference[]>(`${base}/git/refs/heads/ma`);
    assert.deepEqual(
      partial.json.map((ref) => ref.ref),
      ['refs/heads/main'],
    );
    const exact = await get<Reference>(`${base}/git/refs/heads/feature/x`);
    assert.equal(exact.status, 200);
    assert.deepEqual(exact.json, {
      ref: 'refs/heads/feature/x',
      url: `${server.apiUrl}${base}/git/refs/heads/feature/x`,
      object: { sha: ids.feature, type: 'commit', url: `${server.apiUrl}${base}/git/commits/${ids.feature}` },
    });
  });

  test('no matching ref is a 404, and so is an empty repository', async () => {
    assert.equal((await get(`${base}/git/refs/heads/nope`)).status, 404);
    assert.equal((await get(`${base}/git/refs/pulls`)).status, 404);
    assert.equal((await get('/repos/gd-owner/void/git/refs')).status, 404);
    assert.equal((await get('/repos/gd-owner/void/git/refs/heads')).status, 404);
  });

  test('a private repository’s refs are hidden from a stranger', async () => {
    assert.equal((await get('/repos/gd-owner/hidden/git/refs', stranger.token)).status, 404);
    assert.equal((await get('/repos/gd-owner/hidden/git/refs')).status, 200);
  });

  test('gitea-js lists refs', async () => {
    const client = giteaApi(server.url.replace(/\/$/, ''), { token: owner.token });
    const { data } = await client.repos.repoListGitRefs('gd-owner', 'data', 'tags');
    assert.deepEqual(
      data.map((ref) => ref.ref),
      ['refs/tags/v1', 'refs/tags/v2'],
    );
    const all = await client.repos.repoListAllGitRefs('gd-owner', 'data');
    assert.equal(all.data.length, 4);
  });
});
