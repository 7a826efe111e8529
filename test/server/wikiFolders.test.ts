import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { after, before, test } from 'node:test';
import { managedWikiDir } from '../../src/server/git/paths';
import { wikiFile, wikiTip, writeWiki } from '../../src/server/git/wikiRepository';
import { startServer, type TestServer } from './harness';

// The wiki's folder follows its repository: renamed, transferred and deleted with it, as in Gitea.
let server: TestServer;
before(async () => {
  server = await startServer();
});
after(async () => {
  await server.stop();
});

async function addPage(owner: string, repo: string): Promise<string> {
  const wikiDir = managedWikiDir(server.dataDir, owner, repo);
  const written = await writeWiki(wikiDir, {
    branch: 'main',
    objectFormat: 'sha1',
    message: 'Add Home',
    author: { name: owner, email: `${owner}@example.com` },
    changes: [{ kind: 'write', path: 'Home.md', content: Buffer.from('# Home\n'), mode: '100644' }],
  });
  assert.equal(written, true);
  return wikiDir;
}

async function hasHome(wikiDir: string): Promise<boolean> {
  const tip = await wikiTip(wikiDir, 'main');
  return tip !== undefined && (await wikiFile(wikiDir, tip, 'Home.md'))?.content === '# Home\n';
}

test('renaming, transferring and deleting a repository carries its wiki along', async () => {
  const alice = await server.createUser('wf-alice');
  await server.createUser('wf-bob');
  const made = await server.request('POST', '/user/repos', {
    token: alice.token,
    body: { name: 'notes', auto_init: true },
  });
  assert.equal(made.status, 201, made.text);
  const first = await addPage('wf-alice', 'notes');

  const renamed = await server.request('PATCH', '/repos/wf-alice/notes', {
    token: alice.token,
    body: { name: 'Journal' },
  });
  assert.equal(renamed.status, 200, renamed.text);
  const second = managedWikiDir(server.dataDir, 'wf-alice', 'Journal');
  assert.ok(!existsSync(first));
  assert.ok(await hasHome(second));

  const moved = await server.request('POST', '/repos/wf-alice/Journal/transfer', {
    token: server.admin.token,
    body: { new_owner: 'wf-bob' },
  });
  assert.equal(moved.status, 202, moved.text);
  const third = managedWikiDir(server.dataDir, 'wf-bob', 'Journal');
  assert.ok(!existsSync(second));
  assert.ok(await hasHome(third));

  const deleted = await server.request('DELETE', '/repos/wf-bob/Journal', { token: server.admin.token });
  assert.equal(deleted.status, 204, deleted.text);
  assert.ok(!existsSync(third));
});
