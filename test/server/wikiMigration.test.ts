import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { managedWikiDir } from '../../src/server/git/paths';
import { wikiFile, wikiTip } from '../../src/server/git/wikiRepository';
import { GitWorkspace } from '../helpers/gitFixtures';
import { startServer, type TestServer, type TestUser } from './harness';

// A migration between two Teahouse servers with `wiki: true` brings `{repo}.wiki.git` along, as Gitea's does.
let source: TestServer;
let target: TestServer;
let alice: TestUser;
let carol: TestUser;
before(async () => {
  source = await startServer();
  target = await startServer({ args: ['--host', '0.0.0.0', '--allowed-hosts', '127.0.0.1'] });
  alice = await source.createUser('wm-alice');
  carol = await target.createUser('wm-carol');
  for (const name of ['with-wiki', 'no-wiki']) {
    const made = await source.request('POST', '/user/repos', {
      token: alice.token,
      body: { name, auto_init: true },
    });
    assert.equal(made.status, 201, made.text);
  }
  const page = GitWorkspace.init('main');
  writeFileSync(path.join(page.dir, 'Home.md'), '# Travelling home\n');
  page.git('add', 'Home.md');
  page.git('commit', '--quiet', '-m', 'Add Home');
  const url = new URL('wm-alice/with-wiki.wiki.git', source.url);
  url.username = 'wm-alice';
  url.password = alice.token;
  page.git('push', '--quiet', url.toString(), 'main');
});
after(async () => {
  await Promise.all([source.stop(), target.stop()]);
});

const migrate = (name: string, wiki: boolean) =>
  target.request('POST', '/repos/migrate', {
    token: carol.token,
    body: { clone_addr: new URL(`wm-alice/${name}.git`, source.url).toString(), repo_name: name, wiki },
  });

test('with wiki: true the wiki arrives; a source without a wiki still migrates', async () => {
  const res = await migrate('with-wiki', true);
  assert.equal(res.status, 201, res.text);
  const wikiDir = managedWikiDir(target.dataDir, 'wm-carol', 'with-wiki');
  const tip = await wikiTip(wikiDir, 'main');
  assert.ok(tip, 'the wiki was cloned');
  assert.equal((await wikiFile(wikiDir, tip, 'Home.md'))?.content, '# Travelling home\n');

  const bare = await migrate('no-wiki', true);
  assert.equal(bare.status, 201, bare.text);
  assert.equal(await wikiTip(managedWikiDir(target.dataDir, 'wm-carol', 'no-wiki'), 'main'), undefined);
});
