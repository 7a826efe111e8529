import assert from 'node:assert/strict';
import path from 'node:path';
import { after, test } from 'node:test';
import type { WikiPage } from '../../src/api/types';
import { GitWorkspace, makeTempDir, removeDirs } from '../helpers/gitFixtures';
import { runCli, startServer, type TestServer } from './harness';

// `teahouse dump` archives each repository's wiki beside it, and `teahouse restore` brings it back.
const servers: TestServer[] = [];
const work = makeTempDir();
after(async () => {
  for (const server of servers) await server.stop();
  removeDirs(work);
});

test('dump and restore keep the wiki: its pages, history and clone', async () => {
  const source = await startServer();
  servers.push(source);
  const alice = await source.createUser('wd-alice');
  for (const name of ['documented', 'bare']) {
    const made = await source.request('POST', '/user/repos', { token: alice.token, body: { name } });
    assert.equal(made.status, 201, made.text);
  }
  const pages: ReadonlyArray<readonly [string, string]> = [
    ['Home', '# Home\n'],
    ['Second Page', 'second\n'],
  ];
  for (const [title, content] of pages) {
    const created = await source.request('POST', '/repos/wd-alice/documented/wiki/new', {
      token: alice.token,
      body: { title, content_base64: Buffer.from(content).toString('base64') },
    });
    assert.equal(created.status, 201, created.text);
  }
  const before = await source.request<WikiPage>('GET', '/repos/wd-alice/documented/wiki/page/Home');

  const file = path.join(work, 'wiki.tar.gz');
  const dump = await runCli(['dump', '--data', source.dataDir, '--file', file, '--json']);
  assert.equal(dump.code, 0, dump.stderr);
  const summary = JSON.parse(dump.stdout) as { manifest: { wikis: { path: string }[] } };
  assert.deepEqual(
    summary.manifest.wikis.map((wiki) => wiki.path),
    ['repositories/wd-alice/documented.wiki.git'],
  );

  const target = path.join(work, 'restored');
  const restore = await runCli(['restore', '--file', file, '--data', target]);
  assert.equal(restore.code, 0, restore.stderr);
  assert.match(restore.stderr, /checked 3\/3 wd-alice\/documented\.wiki/);
  await source.stop();
  const restored = await startServer({ dataDir: target, admin: source.admin });
  servers.push(restored);

  const after = await restored.request<WikiPage>('GET', '/repos/wd-alice/documented/wiki/page/Home', {
    token: alice.token,
  });
  assert.equal(after.status, 200, after.text);
  assert.equal(after.json.content_base64, before.json.content_base64);
  assert.equal(after.json.last_commit.sha, before.json.last_commit.sha);
  const list = await restored.request<unknown[]>('GET', '/repos/wd-alice/documented/wiki/pages');
  assert.equal(list.json.length, 2);
  assert.equal((await restored.request('GET', '/repos/wd-alice/bare/wiki/pages')).status, 404);

  const url = new URL('wd-alice/documented.wiki.git', restored.url);
  const clone = GitWorkspace.clone(url.toString());
  assert.equal(clone.git('show', 'HEAD:Second-Page.md'), 'second\n');
});
