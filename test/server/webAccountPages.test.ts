import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { startServer, type TestServer } from './harness';
import { buildUrlWorld, type UrlWorld } from './urlWorld';
import { fetchPage, type PageAnswer } from './webFetch';

/** The web pages of the site and its accounts: home, explore, a user, an organization. */

let server: TestServer;
let world: UrlWorld;
let me: string;

before(async () => {
  server = await startServer();
  world = await buildUrlWorld(server, 'webaccounts');
  me = world.owner.user.login;
});
after(async () => {
  await server.stop();
});

const page = (path: string, token?: string): Promise<PageAnswer> => fetchPage(server, path, token);

describe('home, explore and account pages', () => {
  test('home lists the public repositories with links to them, not the private one', async () => {
    const home = await page('/');
    assert.equal(home.status, 200);
    assert.match(home.headers.get('content-type') ?? '', /^text\/html/);
    assert.match(home.headers.get('content-security-policy') ?? '', /default-src 'none'/);
    assert.ok(home.text.includes(`href="/${me}/${world.repo}"`), 'links the public repository');
    assert.ok(!home.text.includes(world.privateRepo), 'hides the private repository');
    assert.ok(home.text.includes('href="/assets/teahouse.css"'));
  });

  test('the owner sees the private repository too', async () => {
    const home = await page('/', world.owner.token);
    assert.ok(home.text.includes(`href="/${me}/${world.privateRepo}"`));
    assert.ok(home.text.includes(`>${me}</a>`), 'the header names the viewer');
  });

  test('explore searches by substring', async () => {
    const found = await page(`/explore/repos?q=${encodeURIComponent(world.repo.slice(1))}`);
    assert.equal(found.status, 200);
    assert.ok(found.text.includes(`href="/${me}/${world.repo}"`));
    const none = await page('/explore/repos?q=zzzz-nothing-like-it');
    assert.ok(none.text.includes('No repositories.'));
  });

  test("a user's page shows the profile and their public repositories", async () => {
    const user = await page(`/${me}`);
    assert.equal(user.status, 200);
    assert.ok(user.text.includes(`href="/${me}/${world.repo}"`));
    assert.ok(!user.text.includes(world.privateRepo));
  });

  test("an organization's page shows its repositories", async () => {
    const org = await page(`/${world.org}`);
    assert.equal(org.status, 200);
    assert.ok(org.text.includes(`href="/${world.org}/${world.orgRepo}"`), org.text);
  });

  test('an unknown account is an HTML 404 page; bad credentials a 401', async () => {
    const missing = await page('/nobody-of-that-name');
    assert.equal(missing.status, 404);
    assert.match(missing.headers.get('content-type') ?? '', /^text\/html/);
    assert.ok(missing.text.includes('Not found'));
    assert.equal((await page('/', 'f'.repeat(40))).status, 401);
  });

  test('the stylesheet revalidates by its ETag', async () => {
    const css = await fetch(`${server.url}assets/teahouse.css`);
    assert.equal(css.status, 200);
    assert.match(css.headers.get('content-type') ?? '', /^text\/css/);
    const again = await fetch(`${server.url}assets/teahouse.css`, {
      headers: { 'If-None-Match': css.headers.get('etag') ?? '' },
    });
    assert.equal(again.status, 304);
  });
});
