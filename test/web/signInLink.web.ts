import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { Browser } from 'playwright-core';
import { startServer, type TestServer, type TestUser } from '../server/harness';
import { launchChromium, watchedPage } from './browser';

/** A one-time sign-in link (what the extension opens for its local account) followed in Chromium. */

let server: TestServer;
let owner: TestUser;
let browser: Browser;
const repo = 'link-hideaway';

before(async () => {
  server = await startServer();
  owner = await server.createUser('link-owner');
  const created = await server.request('POST', '/user/repos', {
    token: owner.token,
    body: { name: repo, private: true, auto_init: true },
  });
  assert.equal(created.status, 201, created.text);
  browser = await launchChromium();
});
after(async () => {
  await browser?.close();
  await server?.stop();
});

async function mint(redirectTo: string): Promise<string> {
  const res = await fetch(`${server.url}api/teahouse/v1/web-sign-in-links`, {
    method: 'POST',
    headers: { authorization: `token ${owner.token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ redirect_to: redirectTo }),
  });
  assert.equal(res.status, 201);
  return ((await res.json()) as { url: string }).url;
}

test('a sign-in link opens the private repository signed in; the same link again signs nobody in', async () => {
  const privatePath = `/${owner.user.login}/${repo}`;
  const link = await mint(privatePath);

  const context = await browser.newContext();
  const { page, trouble } = await watchedPage(context);
  assert.equal((await page.goto(`${server.url}${privatePath.slice(1)}`))?.status(), 404, 'hidden before');
  assert.equal((await page.goto(link))?.status(), 200);
  assert.equal(new URL(page.url()).pathname, privatePath);
  assert.ok((await page.locator('body').innerText()).includes(repo));
  assert.ok(await page.locator('button', { hasText: 'Sign out' }).count(), 'signed in');
  assert.deepEqual(trouble.cspViolations, []);
  await context.close();

  const other = await browser.newContext();
  const second = await other.newPage();
  assert.equal((await second.goto(link))?.status(), 410);
  assert.ok((await second.locator('body').innerText()).includes('This sign-in link is not valid'));
  assert.equal((await second.goto(`${server.url}${privatePath.slice(1)}`))?.status(), 404, 'still hidden');
  await other.close();
});
