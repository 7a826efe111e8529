import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { giteaApi } from 'gitea-js';
import { startServer, type TestServer, type TestUser } from './harness';
import { createRepository, git, pushTo, serverRepoPath } from '../helpers/gitFixtures';

interface Contents {
  name: string;
  path: string;
  sha: string;
  last_commit_sha: string;
  last_author_date: string;
  last_committer_date: string;
  last_commit_message: string;
  type: string;
  size: number;
  encoding: string | null;
  content: string | null;
  target: string | null;
  url: string;
  html_url: string | null;
  git_url: string | null;
  download_url: string | null;
  submodule_git_url: string | null;
  _links: { self: string; git: string | null; html: string | null };
}

let server: TestServer;
let owner: TestUser;
let bare: string;
let api: string;
const ids: Record<string, string> = {};

before(async () => {
  server = await startServer();
  owner = await server.createUser('ct-owner');
  await createRepository(server, owner.token, 'docs');
  bare = serverRepoPath(server.dataDir, 'ct-owner', 'docs');
  api = `${server.url}api/v1/repos/ct-owner/docs`;
  pushTo(bare, (work) => {
    work
      .write('dir/a.txt', 'one\n')
      .write('dir/b.txt', 'bee\n')
      .write('exec.sh', '#!/bin/sh\n', { executable: true })
      .write(
        '.editorconfig',
        'root = true\n[*]\nindent_style = space\nindent_size = 2\n[*.md]\ntrim_trailing_whitespace = false\n',
      )
      .symlink('link', 'dir/a.txt')
      .submodule('lib', 'c'.repeat(40), 'https://example.com/lib.git');
    ids.c1 = work.commit('first files', { date: '1700000000 +0200' });
    work.write('dir/a.txt', 'one\ntwo\n');
    ids.c2 = work.commit('change a');
    work.tag('v1');
    work
      .branch('feature/y')
      .write('dir/b.txt', 'changed bee\n')
      .write('.editorconfig', '[*]\nindent_style = tab\n');
    ids.y = work.commit('change b');
    work.checkout('main');
  });
});

after(async () => {
  await server.stop();
});

const get = <T>(path: string, user: TestUser | null = owner) =>
  server.request<T>('GET', `/repos/ct-owner/docs/${path}`, { token: user?.token });
const lastChange = (path: string, ref = 'main') =>
  git(bare, ['log', '-1', '--format=%H', ref, '--', path]).trim();

describe('reading contents', () => {
  test('a file answers its metadata, links and base64 content', async () => {
    const res = await get<Contents>('contents/dir/a.txt');
    assert.equal(res.status, 200);
    const file = res.json;
    assert.equal(file.name, 'a.txt');
    assert.equal(file.path, 'dir/a.txt');
    assert.equal(file.sha, git(bare, ['rev-parse', 'main:dir/a.txt']).trim());
    assert.equal(file.type, 'file');
    assert.equal(file.size, 8);
    assert.equal(file.encoding, 'base64');
    assert.equal(Buffer.from(file.content!, 'base64').toString(), 'one\ntwo\n');
    assert.equal(file.last_commit_sha, ids.c2);
    assert.equal(file.last_commit_message, 'change a\n');
    assert.match(file.last_author_date, /^\d{4}-\d\d-\d\dT/);
    assert.equal(file.target, null);
    assert.equal(file.submodule_git_url, null);
    assert.equal(file.url, `${api}/contents/dir/a.txt?ref=main`);
    assert.equal(file.html_url, `${server.url}ct-owner/docs/src/branch/main/dir/a.txt`);
    assert.equal(file.git_url, `${api}/git/blobs/${file.sha}`);
    assert.equal(file.download_url, `${api}/raw/dir/a.txt?ref=main`);
    assert.deepEqual(file._links, { self: file.url, git: file.git_url, html: file.html_url });
  });

  test('a folder answers its entries without content, each with its own last commit', async () => {
    const res = await get<Contents[]>('contents/dir');
    assert.equal(res.status, 200);
    assert.deepEqual(
      res.json.map((e) => [e.name, e.type, e.size, e.content, e.last_commit_sha]),
      [
        ['a.txt', 'file', 8, null, lastChange('dir/a.txt')],
        ['b.txt', 'file', 4, null, lastChange('dir/b.txt')],
      ],
    );
    assert.equal(lastChange('dir/b.txt'), ids.c1);
  });

  test('the root lists files, folders, symbolic links and submodules by kind', async () => {
    const res = await get<Contents[]>('contents');
    assert.equal(res.status, 200);
    const byName = new Map(res.json.map((e) => [e.name, e]));
    assert.equal(byName.get('dir')?.type, 'dir');
    assert.equal(
      byName.get('dir')?.git_url,
      `${api}/git/trees/${git(bare, ['rev-parse', 'main:dir']).trim()}`,
    );
    assert.equal(byName.get('dir')?.download_url, null);
    assert.equal(byName.get('exec.sh')?.type, 'file');
    assert.equal(byName.get('link')?.type, 'symlink');
    assert.equal(byName.get('link')?.target, 'dir/a.txt');
    assert.equal(byName.get('lib')?.type, 'submodule');
    assert.ok(byName.has('README.md'));
    assert.deepEqual((await get<Contents[]>('contents/')).json, res.json);
  });

  test('a symbolic link answers its target and a submodule its URL without web links', async () => {
    const link = (await get<Contents>('contents/link')).json;
    assert.deepEqual([link.type, link.target, link.content, link.size], ['symlink', 'dir/a.txt', null, 9]);
    const sub = (await get<Contents>('contents/lib')).json;
    assert.equal(sub.type, 'submodule');
    assert.equal(sub.sha, 'c'.repeat(40));
    assert.equal(sub.submodule_git_url, 'https://example.com/lib.git');
    assert.deepEqual([sub.html_url, sub.git_url, sub.download_url], [null, null, null]);
  });

  test('ref and branch choose what is read, and the links name it', async () => {
    const byRef = (await get<Contents>('contents/dir/b.txt?ref=feature/y')).json;
    assert.equal(Buffer.from(byRef.content!, 'base64').toString(), 'changed bee\n');
    assert.equal(byRef.url, `${api}/contents/dir/b.txt?ref=feature%2Fy`);
    assert.equal(byRef.html_url, `${server.url}ct-owner/docs/src/branch/feature/y/dir/b.txt`);
    assert.equal(byRef.last_commit_sha, ids.y);
    const byBranch = (await get<Contents>('contents/dir/b.txt?branch=feature/y')).json;
    assert.equal(byBranch.sha, byRef.sha);
    const byTag = (await get<Contents>('contents/dir/a.txt?ref=v1')).json;
    assert.equal(byTag.html_url, `${server.url}ct-owner/docs/src/tag/v1/dir/a.txt`);
    const byCommit = (await get<Contents>(`contents/dir/a.txt?ref=${ids.c1}`)).json;
    assert.equal(Buffer.from(byCommit.content!, 'base64').toString(), 'one\n');
    assert.equal(byCommit.html_url, `${server.url}ct-owner/docs/src/commit/${ids.c1}/dir/a.txt`);
  });

  test('missing paths, unknown refs and traversal answer 404', async () => {
    for (const path of [
      'contents/nope',
      'contents/dir/a.txt/x',
      'contents/dir/a.txt?ref=nope',
      'contents/..%2F..%2Fconfig',
      'contents/dir?ref=--upload-pack=x',
    ]) {
      const res = await get<{ message: string }>(path);
      assert.equal(res.status, 404, path);
      assert.equal(typeof res.json.message, 'string');
    }
  });

  test('an empty repository lists an empty root and has no files', async () => {
    await createRepository(server, owner.token, 'void', { empty: true });
    const root = await server.request<Contents[]>('GET', '/repos/ct-owner/void/contents', {
      token: owner.token,
    });
    assert.equal(root.status, 200);
    assert.deepEqual(root.json, []);
    assert.equal(
      (await server.request('GET', '/repos/ct-owner/void/contents/x', { token: owner.token })).status,
      404,
    );
  });

  test('gitea-js reads a file and a listing', async () => {
    const client = giteaApi(server.url.replace(/\/$/, ''), { token: owner.token });
    const file = await client.repos.repoGetContents('ct-owner', 'docs', 'dir/a.txt', { ref: 'v1' });
    assert.equal(file.data.type, 'file');
    assert.equal(file.data.last_commit_sha, ids.c2);
    const list = await client.repos.repoGetContentsList('ct-owner', 'docs');
    assert.ok(list.data.some((e) => e.name === 'dir' && e.type === 'dir'));
  });
});

describe('editorconfig', () => {
  test('the properties that apply to a path come from the default branch’s .editorconfig', async () => {
    const md = await get<Record<string, unknown>>('editorconfig/docs/readme.md');
    assert.equal(md.status, 200);
    assert.deepEqual(md.json, {
      indent_style: 'space',
      indent_size: '2',
      tab_width: 2,
      trim_trailing_whitespace: false,
    });
    const go = await get<Record<string, unknown>>('editorconfig/main.go');
    assert.deepEqual(go.json, { indent_style: 'space', indent_size: '2', tab_width: 2 });
  });

  test('?ref= reads another branch’s file', async () => {
    const res = await get<Record<string, unknown>>('editorconfig/x.c?ref=feature/y');
    assert.deepEqual(res.json, { indent_style: 'tab', indent_size: 'tab' });
  });

  test('a repository without .editorconfig answers 404, and so do bad paths and refs', async () => {
    await createRepository(server, owner.token, 'plain');
    const none = await server.request<{ message: string }>(
      'GET',
      '/repos/ct-owner/plain/editorconfig/a.txt',
      {
        token: owner.token,
      },
    );
    assert.equal(none.status, 404);
    assert.equal(none.json.message, '.editorconfig does not exist');
    assert.equal((await get('editorconfig/..%2Fx')).status, 404);
    assert.equal((await get('editorconfig/a.txt?ref=nope')).status, 404);
  });

  test('gitea-js reads an editorconfig definition', async () => {
    const client = giteaApi(server.url.replace(/\/$/, ''), { token: owner.token });
    const res = await client.repos.repoGetEditorConfig('ct-owner', 'docs', 'a.md');
    assert.equal(res.status, 200);
  });
});
