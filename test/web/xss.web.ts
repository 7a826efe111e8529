import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { Browser, BrowserContext } from 'playwright-core';
import { startServer, type TestServer } from '../server/harness';
import { launchChromium, signInWithForm, watchedPage, type PageTrouble } from './browser';
import { crawl } from './crawler';
import { startReceiver, type Receiver } from './receiver';
import { buildXssWorld, type XssWorld } from './xssCorpus';

/**
 * The XSS corpus (issue titles, bodies and comments, branch and tag names, file names and paths, commit
 * messages, descriptions, label and milestone names, a profile) rendered in Chromium runs nothing: no call
 * of `window.__xss`, no request to the loopback receiver, no dialog. Twice: as served (the CSP must not
 * even have to refuse anything), and with the CSP bypassed, so the escaping alone is proven.
 */

let server: TestServer;
let browser: Browser;
let receiver: Receiver;
let world: XssWorld;

before(async () => {
  receiver = await startReceiver();
  server = await startServer();
  world = await buildXssWorld(server, receiver.url);
  if (world.refused.length > 0)
    console.log(`payload names the server refused:\n  ${world.refused.join('\n  ')}`);
  browser = await launchChromium();
});
after(async () => {
  await browser?.close();
  await receiver?.close();
  await server?.stop();
});

/** Counts this context's calls of `window.__xss` (and starts the receiver's count afresh). */
async function armed(context: BrowserContext): Promise<string[]> {
  receiver.hits.length = 0;
  const calls: string[] = [];
  await context.exposeFunction('__xss', (what: unknown) => calls.push(String(what)));
  return calls;
}

function assertNothingRan(calls: readonly string[], trouble: PageTrouble, csp: boolean): void {
  assert.deepEqual(calls, [], 'window.__xss was never called');
  assert.deepEqual(receiver.hits, [], 'the loopback receiver got no request');
  assert.deepEqual(trouble.dialogs, [], 'no dialog opened');
  if (csp) assert.deepEqual(trouble.cspViolations, [], 'nothing even reached the CSP');
}

describe('the XSS corpus in Chromium', () => {
  for (const bypassCSP of [false, true]) {
    const how = bypassCSP ? 'with the CSP bypassed (escaping alone)' : 'as served (with the CSP)';
    test(`the pages showing the payloads, and a crawl from there, run nothing ${how}`, async () => {
      const context = await browser.newContext({ bypassCSP });
      const calls = await armed(context);
      const { page, trouble } = await watchedPage(context);
      await signInWithForm(page, server.url, world.owner.user.login, world.owner.password);
      for (const path of world.pages) {
        await page.goto(`${server.url}${path.slice(1)}`);
        await page.waitForLoadState('load');
      }
      // raw files are sandboxed by their own CSP, which a bypassed CSP would lift: only as served
      const visits = await crawl(context, page, {
        start: server.url,
        limit: 300,
        skip: (url) => bypassCSP && url.pathname.includes('/raw/'),
      });
      await page.waitForTimeout(500);
      assertNothingRan(calls, trouble, !bypassCSP);
      assert.ok(visits.length > 0);
      console.log(`${how}: ${world.pages.length} pages, then ${visits.length} crawled URLs`);
      await context.close();
    });
  }

  test('raw HTML and SVG files with script run nothing when opened', async () => {
    const context = await browser.newContext();
    const calls = await armed(context);
    const { page, trouble } = await watchedPage(context);
    for (const path of world.rawFiles) {
      const answer = await page.goto(`${server.url}${path.slice(1)}`);
      assert.equal(answer?.status(), 200, path);
    }
    await page.waitForTimeout(300);
    assert.deepEqual(calls, []);
    assert.deepEqual(receiver.hits, []);
    assert.deepEqual(trouble.dialogs, []);
    await context.close();
  });

  test('the corpus is really there: the issue page shows the payload title as text', async () => {
    const context = await browser.newContext();
    const { page } = await watchedPage(context);
    const answer = await page.goto(
      `${server.url}${world.owner.user.login}/${world.repo}/issues/${world.issue}`,
    );
    assert.equal(answer?.status(), 200);
    assert.ok((await page.title()).includes(`"><svg onload=__xss('svg-attr')>`), await page.title());
    await context.close();
  });
});
