import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { Browser } from 'playwright-core';
import { startServer, type TestServer } from '../server/harness';
import { launchChromium, screenshot, watchedPage } from './browser';
import { startBundledServer, type BundledServer } from './bundledServer';

/**
 * The Swagger UI at /api/swagger renders the API description in Chromium under its own CSP (scripts and
 * styles from the server only), from source (node_modules) and from the bundled CLI without node_modules.
 */

let browser: Browser;
let fromSource: TestServer;
let bundled: BundledServer;

before(async () => {
  browser = await launchChromium();
  [fromSource, bundled] = await Promise.all([startServer(), startBundledServer()]);
});
after(async () => {
  await browser?.close();
  await fromSource?.stop();
  await bundled?.stop();
});

describe('the Swagger UI in Chromium', () => {
  for (const which of ['source', 'bundle'] as const) {
    test(`renders the operations of /swagger.v1.json (${which === 'source' ? 'from source' : 'the bundled CLI, no node_modules'})`, async () => {
      const siteUrl = which === 'source' ? fromSource.url : bundled.url;
      const context = await browser.newContext();
      const { page, trouble } = await watchedPage(context);
      const requested: string[] = [];
      page.on('request', (request) => requested.push(request.url()));
      const answer = await page.goto(`${siteUrl}api/swagger`);
      assert.equal(answer?.status(), 200);
      const csp = (await answer?.allHeaders())?.['content-security-policy'] ?? '';
      assert.match(csp, /script-src 'self'/);
      assert.doesNotMatch(csp, /unsafe-inline|unsafe-eval/);
      await page.waitForSelector('.opblock-tag', { timeout: 30_000 });
      // the UI renders the operations in view (a virtualised list): the first group shows, and the UI's
      // state holds every group of the description
      assert.ok((await page.locator('.opblock').count()) > 3, 'operations render');
      const groups = await page.evaluate<string[]>(
        'Object.keys(window.ui.specSelectors.taggedOperations().toJS())',
      );
      for (const group of ['admin', 'user', 'organization', 'repository', 'issue']) {
        assert.ok(groups.includes(group), `the ${group} group: ${groups.join(', ')}`);
      }
      assert.ok((await page.locator('.info .title').innerText()).length > 0);
      assert.deepEqual(trouble.cspViolations, [], 'nothing the CSP refuses');
      assert.deepEqual(trouble.pageErrors, []);
      const elsewhere = requested.filter((url) => !url.startsWith(siteUrl) && !url.startsWith('data:'));
      assert.deepEqual(elsewhere, [], 'everything comes from this server (no CDN)');
      if (which === 'bundle') await screenshot(page, 'swagger-ui');
      await context.close();
    });
  }
});
