import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { giteaApi } from 'gitea-js';
import { startServer, type TestServer, type TestUser } from './harness';
import { binaryBytes, createRepository, git, pushTo, serverRepoPath } from '../helpers/gitFixtures';

interface CommitJson {
  url: string;
  sha: string;
  created: string;
  html_url: string;
  commit: {
    url: string;
    author: { name: string; email: string; date: string };
    committer: { name: string; email: string; date: string };
    message: string;
    tree: { url: string; sha: string; created: string };
    verification: { verified: boolean; reason: string } | null;
  };
  author: { login: string } | null;
  committer: { login: string } | null;
  parents: { url: string; sha: string }[];
  files: { filename: string; status: string }[] | null;
  stats: { total: number; additions: number; deletions: number } | null;
  message?: string;
}

let server: TestServer;
let owner: TestUser;
let bare: string;
let api: string;
const ids: Record<string, string> = {};

before(async () => {
  server = await startServer();
  owner = await server.createUser('gc-owner');
  await createRepository(server, owner.token, 'history');
  bare = serverRepoPath(server.dataDir, 'gc-owner', 'history');
  api = `${server.url}api/v1/repos/gc-owner/history`;
  ids.root = git(bare, ['rev-parse', 'main']).trim();
  const me = { name: 'GC Owner', email: 'GC-Owner@example.com' };
  pushTo(bare, (work) => {
    work.write('src/a.txt', 'one\ntwo\nthree\n').write('bin.dat', binaryBytes(100));
    ids.c1 = work.commit('add files\n\nwith a body', { author: me, date: '1700000000 +0200' });
    work.write('src/a.txt', 'one\n2\nthree\nfour\n').remove('bin.dat').write('new.txt', 'n\n');
    ids.c2 = work.commit('edit files', { author: { name: 'Stranger', email: 'nobody@example.org' } });
    work.tag('v1');
    work.branch('side').write('side.txt', 's\n');
    ids.side = work.commit('side work');
  });
});

after(async () => {
  await server.stop();
});

const get = <T>(path: string) =>
  server.request<T>('GET', `/repos/gc-owner/history/${path}`, { token: owner.token });

describe('a single commit', () => {
  test('answers Gitea’s Commit with people, tree, parents, files and stats', async () => {
    const res = await get<CommitJson>(`git/commits/${ids.c2}`);
    assert.equal(res.status, 200);
    const c = res.json;
    assert.equal(c.sha, ids.c2);
    assert.equal(c.url, `${api}/git/commits/${ids.c2}`);
    assert.equal(c.html_url, `${server.url}gc-owner/history/commit/${ids.c2}`);
    assert.equal(c.commit.url, c.url);
    assert.equal(c.commit.message, 'edit files\n');
    assert.deepEqual([c.commit.author.name, c.commit.author.email], ['Stranger', 'nobody@example.org']);
    assert.equal(c.commit.tree.sha, git(bare, ['rev-parse', `${ids.c2}^{tree}`]).trim());
    assert.equal(c.commit.tree.url, `${api}/git/trees/${c.commit.tree.sha}`);
    assert.deepEqual(c.commit.verification, {
      verified: false,
      reason: 'gpg.error.not_signed_commit',
      signature: '',
      signer: null,
      payload: '',
    });
    assert.equal(c.author, null);
    assert.deepEqual(
      c.parents.map((p) => [p.sha, p.url]),
      [[ids.c1, `${api}/git/commits/${ids.c1}`]],
    );
    assert.deepEqual(c.files, [
      { filename: 'bin.dat', status: 'removed' },
      { filename: 'new.txt', status: 'added' },
      { filename: 'src/a.txt', status: 'modified' },
    ]);
    assert.deepEqual(c.stats, { total: 4, additions: 3, deletions: 1 });
  });

  test('an author is matched to the account with that e-mail, and times keep their zone', async () => {
    const c = (await get<CommitJson>(`git/commits/${ids.c1}`)).json;
    assert.equal(c.author?.login, 'gc-owner');
    assert.equal(c.committer?.login, 'gc-owner');
    assert.equal(c.commit.author.date, '2023-11-15T00:13:20+02:00');
    assert.equal(c.created, '2023-11-15T00:13:20+02:00');
    assert.equal(c.commit.message, 'add files\n\nwith a body\n');
  });

  test('the /commits/{ref} form takes branches, tags and short ids', async () => {
    assert.equal((await get<CommitJson>('commits/side')).json.sha, ids.side);
    assert.equal((await get<CommitJson>('commits/v1')).json.sha, ids.c2);
    assert.equal((await get<CommitJson>(`commits/${ids.c1!.slice(0, 9)}`)).json.sha, ids.c1);
    assert.equal((await get<CommitJson>('git/commits/main')).json.sha, ids.c2);
  });

  test('stat, files and verification can be turned off', async () => {
    const c = (await get<CommitJson>(`git/commits/${ids.c2}?stat=false&files=false&verification=false`)).json;
    assert.deepEqual([c.stats, c.files, c.commit.verification], [null, null, null]);
  });

  test('the first commit lists every file as added and has no parents', async () => {
    const c = (await get<CommitJson>(`git/commits/${ids.root}`)).json;
    assert.deepEqual(c.parents, []);
    assert.deepEqual(
      c.files?.map((f) => f.status),
      ['added'],
    );
  });

  test('unknown commits answer 404; names git refuses answer 422', async () => {
    for (const ref of ['0'.repeat(40), 'nope', 'deadbeef']) {
      assert.equal((await get(`git/commits/${ref}`)).status, 404, ref);
    }
    for (const ref of ['--upload-pack=x', 'a..b', 'main:a', 'main%5E%7Btree%7D', 'main@%7B0%7D']) {
      const res = await get<CommitJson>(`git/commits/${ref}`);
      assert.equal(res.status, 422, ref);
      assert.match(res.json.message ?? '', /^no valid ref or sha/);
    }
  });
});

describe('the commit list', () => {
  test('lists the default branch newest first with Gitea’s paging headers', async () => {
    const res = await get<CommitJson[]>('commits?limit=2');
    assert.equal(res.status, 200);
    assert.deepEqual(
      res.json.map((c) => c.sha),
      [ids.c2, ids.c1],
    );
    assert.equal(res.headers.get('x-total-count'), '3');
    assert.equal(res.headers.get('x-total'), '3');
    assert.equal(res.headers.get('x-page'), '1');
    assert.equal(res.headers.get('x-perpage'), '2');
    assert.equal(res.headers.get('x-pagecount'), '2');
    assert.equal(res.headers.get('x-hasmore'), 'true');
    assert.match(res.headers.get('link') ?? '', /rel="next"/);
    assert.deepEqual(
      (await get<CommitJson[]>('commits?limit=2&page=2')).json.map((c) => c.sha),
      [ids.root],
    );
  });

  test('sha, path and not narrow the list', async () => {
    assert.deepEqual(
      (await get<CommitJson[]>('commits?sha=side&stat=false')).json.map((c) => c.sha),
      [ids.side, ids.c2, ids.c1, ids.root],
    );
    assert.deepEqual(
      (await get<CommitJson[]>('commits?path=src/a.txt')).json.map((c) => c.sha),
      [ids.c2, ids.c1],
    );
    assert.deepEqual(
      (await get<CommitJson[]>(`commits?sha=side&not=main`)).json.map((c) => c.sha),
      [ids.side],
    );
  });

  test('unknown refs and paths without commits answer 404, an empty repository 409', async () => {
    assert.equal((await get('commits?sha=nope')).status, 404);
    assert.equal((await get('commits?path=never.txt')).status, 404);
    assert.equal((await get('commits?path=..%2Fx')).status, 422);
    await createRepository(server, owner.token, 'nothing', { empty: true });
    const empty = await server.request<{ message: string }>('GET', '/repos/gc-owner/nothing/commits', {
      token: owner.token,
    });
    assert.equal(empty.status, 409);
    assert.equal(empty.json.message, 'Git Repository is empty.');
  });
});

test('gitea-js reads a commit and the commit list', async () => {
  const client = giteaApi(server.url.replace(/\/$/, ''), { token: owner.token });
  const one = await client.repos.repoGetSingleCommit('gc-owner', 'history', ids.c1!);
  assert.equal(one.data.sha, ids.c1);
  assert.equal(one.data.author?.login, 'gc-owner');
  assert.equal(one.data.commit?.tree?.sha, git(bare, ['rev-parse', `${ids.c1}^{tree}`]).trim());
  const list = await client.repos.repoGetAllCommits('gc-owner', 'history', { sha: 'side', limit: 1 });
  assert.equal(list.data.length, 1);
  assert.equal(list.data[0]?.sha, ids.side);
});
