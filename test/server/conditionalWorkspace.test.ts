import assert from 'node:assert/strict';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { makeTempDir } from '../helpers/gitFixtures';
import { mustGit } from '../helpers/gitRemote';
import { startServer, type TestServer } from './harness';

// A workspace repository's references move in its folder, unseen by the server: its answers must still
// never be a stale 304.
let server: TestServer;
let workspace: string;
const site = (): string => path.join(workspace, 'site');

function commit(message: string): void {
  writeFileSync(path.join(site(), 'index.html'), `<h1>${message}</h1>\n`);
  mustGit(site(), ['add', '--all']);
  mustGit(site(), ['commit', '--quiet', '--no-gpg-sign', '-m', message]);
}

before(async () => {
  workspace = makeTempDir('teahouse-etag-ws-');
  mkdirSync(site());
  mustGit(site(), ['init', '--quiet', '--initial-branch=main']);
  commit('v1');
  server = await startServer({ args: ['--workspace', workspace] });
});

after(async () => {
  await server.stop();
  rmSync(workspace, { recursive: true, force: true });
});

test('a commit in a workspace folder changes the tags of its git answers', async () => {
  const repo = `/repos/${server.admin.username}/site`;
  const paths = [
    `${repo}/branches`,
    `${repo}/branches/main`,
    `${repo}/contents/index.html`,
    `${repo}/commits`,
  ];
  const tags: string[] = [];
  for (const apiPath of paths) {
    const res = await server.request('GET', apiPath, { token: server.admin.token });
    assert.equal(res.status, 200, `${apiPath}: ${res.text}`);
    const etag = res.headers.get('etag');
    assert.ok(etag, apiPath);
    const again = await server.request('GET', apiPath, {
      token: server.admin.token,
      headers: { 'If-None-Match': etag },
    });
    assert.equal(again.status, 304, apiPath);
    tags.push(etag);
  }
  commit('v2');
  for (const [i, apiPath] of paths.entries()) {
    const res = await server.request('GET', apiPath, {
      token: server.admin.token,
      headers: { 'If-None-Match': tags[i]! },
    });
    assert.equal(res.status, 200, `${apiPath} after a commit in the folder`);
    assert.notEqual(res.headers.get('etag'), tags[i]);
  }
});
