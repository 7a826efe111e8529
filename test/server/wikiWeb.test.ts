import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { after, before, test } from 'node:test';
import type { WikiPage, WikiPageMetaData } from '../../src/api/types';
import { GitWorkspace } from '../helpers/gitFixtures';
import { startServer, type TestServer, type TestUser } from './harness';

// The wiki through git and through the web: a page pushed with git is in the API and on its web page; a
// page written through the API is in a clone; the `html_url` the API answers opens that page.
let server: TestServer;
let alice: TestUser;
const repoPath = '/repos/ww-alice/guide';
before(async () => {
  server = await startServer();
  alice = await server.createUser('ww-alice');
  const made = await server.request('POST', '/user/repos', { token: alice.token, body: { name: 'guide' } });
  assert.equal(made.status, 201, made.text);
});
after(async () => {
  await server.stop();
});

const wikiUrl = (): string => {
  const url = new URL('ww-alice/guide.wiki.git', server.url);
  url.username = alice.user.login;
  url.password = alice.token;
  return url.toString();
};

test('the wiki page of an empty wiki lists no pages', async () => {
  const res = await server.requestRoot('GET', '/ww-alice/guide/wiki');
  assert.equal(res.status, 200);
  assert.match(res.text, /This wiki has no pages yet/);
});

test('a page pushed with git is in the API, and its html_url opens it rendered', async () => {
  const work = GitWorkspace.init('main');
  writeFileSync(path.join(work.dir, 'Home.md'), '# Welcome\n\nRead the [[Install Notes]].\n');
  writeFileSync(path.join(work.dir, 'Install-Notes.md'), 'Run `make` <script>alert(1)</script>\n');
  work.git('add', '.');
  work.git('commit', '--quiet', '-m', 'First pages');
  work.git('push', '--quiet', wikiUrl(), 'main');

  const pages = await server.request<WikiPageMetaData[]>('GET', `${repoPath}/wiki/pages`);
  assert.equal(pages.status, 200, pages.text);
  assert.deepEqual(
    pages.json.map((page) => page.title),
    ['Home', 'Install Notes'],
  );
  const notes = await server.request<WikiPage>('GET', `${repoPath}/wiki/page/Install-Notes`);
  assert.equal(notes.json.last_commit.message, 'First pages\n');

  const web = await fetch(notes.json.html_url);
  assert.equal(web.status, 200);
  const html = await web.text();
  assert.match(html, /<code>make<\/code>/);
  assert.doesNotMatch(html, /<script>alert/);

  const home = await server.requestRoot('GET', '/ww-alice/guide/wiki');
  assert.equal(home.status, 200);
  assert.match(home.text, /<h1[^>]*>Welcome<\/h1>/);
  assert.match(home.text, /href="[^"]*\/ww-alice\/guide\/wiki\/Install-Notes"/);

  const list = await server.requestRoot('GET', '/ww-alice/guide/wiki/?action=_pages');
  assert.match(list.text, /Install Notes/);
  const history = await server.requestRoot('GET', '/ww-alice/guide/wiki/Home?action=_revision');
  assert.equal(history.status, 200);
  assert.match(history.text, /First pages/);
  assert.equal((await server.requestRoot('GET', '/ww-alice/guide/wiki/No-Such-Page')).status, 404);
});

test('a page written through the API is in a clone, and a later push is seen at once', async () => {
  const created = await server.request<WikiPage>('POST', `${repoPath}/wiki/new`, {
    token: alice.token,
    body: { title: 'From the API', content_base64: Buffer.from('written remotely\n').toString('base64') },
  });
  assert.equal(created.status, 201, created.text);
  const clone = GitWorkspace.clone(wikiUrl());
  assert.equal(readFileSync(path.join(clone.dir, 'From-the-API.md'), 'utf8'), 'written remotely\n');

  // read once (a tag now stands for the answer), then change the page with git: the next read sees it
  const before = await server.request<WikiPage>('GET', `${repoPath}/wiki/page/From-the-API`);
  const etag = before.headers.get('etag') ?? '';
  writeFileSync(path.join(clone.dir, 'From-the-API.md'), 'changed by a push\n');
  clone.git('commit', '--quiet', '-am', 'Change it');
  clone.git('push', '--quiet', 'origin', 'main');
  const afterPush = await server.request<WikiPage>('GET', `${repoPath}/wiki/page/From-the-API`, {
    headers: { 'If-None-Match': etag },
  });
  assert.equal(afterPush.status, 200);
  assert.equal(Buffer.from(afterPush.json.content_base64, 'base64').toString(), 'changed by a push\n');
  assert.equal(afterPush.json.commit_count, 2);
});

test('a repository page shows the Wiki tab while the unit is on', async () => {
  const page = await server.requestRoot('GET', '/ww-alice/guide');
  assert.match(page.text, />Wiki</);
  await server.request('PATCH', repoPath, { token: alice.token, body: { has_wiki: false } });
  const off = await server.requestRoot('GET', '/ww-alice/guide');
  assert.doesNotMatch(off.text, />Wiki</);
  assert.equal((await server.requestRoot('GET', '/ww-alice/guide/wiki')).status, 404);
  await server.request('PATCH', repoPath, { token: alice.token, body: { has_wiki: true } });
});
