import assert from 'node:assert/strict';
import { existsSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { managedWikiDir } from '../../src/server/git/paths';
import { wikiFile, wikiTip } from '../../src/server/git/wikiRepository';
import { git, GitWorkspace, makeTempDir } from '../helpers/gitFixtures';
import { startServer, type TestServer, type TestUser } from './harness';

// `{owner}/{repo}.wiki.git` over smart HTTP: Gitea's wiki unit decides who reads and who pushes.
let server: TestServer;
let alice: TestUser;
let bob: TestUser;
before(async () => {
  server = await startServer();
  alice = await server.createUser('wh-alice');
  bob = await server.createUser('wh-bob');
  const made = await server.request('POST', '/user/repos', {
    token: alice.token,
    body: { name: 'notes', auto_init: true },
  });
  assert.equal(made.status, 201, made.text);
});
after(async () => {
  await server.stop();
});

const wikiUrl = (user?: TestUser): string => {
  const url = new URL('wh-alice/notes.wiki.git', server.url);
  if (user) {
    url.username = user.user.login;
    url.password = user.token;
  }
  return url.toString();
};

function fails(run: () => unknown, pattern: RegExp): void {
  assert.throws(run, (error: Error & { stderr?: string }) =>
    pattern.test(String(error.stderr ?? error.message)),
  );
}

test('a wiki nobody wrote cannot be cloned; the first push by a writer creates it; readers clone it', async () => {
  const empty = makeTempDir();
  fails(() => git(empty, ['clone', '--quiet', wikiUrl(), '.']), /404|not found/i);

  const page = GitWorkspace.init('main');
  writeFileSync(path.join(page.dir, 'Home.md'), '# Pushed home\n');
  page.git('add', 'Home.md');
  page.git('commit', '--quiet', '-m', 'Add Home');
  fails(() => page.git('push', wikiUrl(bob), 'main'), /403|denied/i);
  fails(() => page.git('push', wikiUrl(), 'main'), /401|Authentication|could not read Username/i);
  page.git('push', '--quiet', wikiUrl(alice), 'main');

  const wikiDir = managedWikiDir(server.dataDir, 'wh-alice', 'notes');
  assert.ok(existsSync(wikiDir));
  const tip = await wikiTip(wikiDir, 'main');
  assert.ok(tip);
  assert.equal((await wikiFile(wikiDir, tip, 'Home.md'))?.content, '# Pushed home\n');

  const copy = makeTempDir();
  git(copy, ['clone', '--quiet', wikiUrl(), '.']);
  assert.equal(git(copy, ['show', 'HEAD:Home.md']), '# Pushed home\n');
});

test('a repository with its wiki unit disabled serves no wiki', async () => {
  const off = await server.request('PATCH', '/repos/wh-alice/notes', {
    token: alice.token,
    body: { has_wiki: false },
  });
  assert.equal(off.status, 200, off.text);
  fails(() => git(makeTempDir(), ['clone', '--quiet', wikiUrl(bob), '.']), /404|not found/i);
  const on = await server.request('PATCH', '/repos/wh-alice/notes', {
    token: alice.token,
    body: { has_wiki: true },
  });
  assert.equal(on.status, 200, on.text);
  git(makeTempDir(), ['clone', '--quiet', wikiUrl(bob), '.']);
});
