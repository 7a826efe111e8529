import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { projectRoot } from '../server/harness';

/** Where the web tests write screenshots (the closing note of issue 15 uses them). */
export const resultsDir = path.join(projectRoot, 'test-results', 'web');

/** Debian's chromium (what .ci/run installs), or `CHROMIUM`. Headless. */
export async function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env['CHROMIUM'] ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
  });
}

/** What went wrong in a page that no status code shows: CSP refusals, dialogs, page errors. */
export interface PageTrouble {
  readonly cspViolations: string[];
  readonly dialogs: string[];
  readonly pageErrors: string[];
}

/** A page that records CSP violations (console messages), dialogs (dismissed) and uncaught errors. */
export async function watchedPage(context: BrowserContext): Promise<{ page: Page; trouble: PageTrouble }> {
  const page = await context.newPage();
  const trouble: PageTrouble = { cspViolations: [], dialogs: [], pageErrors: [] };
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) trouble.cspViolations.push(message.text());
  });
  page.on('dialog', (dialog) => {
    trouble.dialogs.push(`${dialog.type()}: ${dialog.message()}`);
    void dialog.dismiss().catch(() => undefined);
  });
  page.on('pageerror', (error) => trouble.pageErrors.push(error.message));
  return { page, trouble };
}

/** Signs in through the real form, as a person would: type, click, land on `redirect_to`. */
export async function signInWithForm(
  page: Page,
  siteUrl: string,
  login: string,
  password: string,
): Promise<void> {
  await page.goto(`${siteUrl}user/login`);
  await page.fill('input[name="user_name"]', login);
  await page.fill('input[name="password"]', password);
  await Promise.all([
    page.waitForURL((url) => !url.pathname.endsWith('/user/login')),
    page.click('form.stack button[type="submit"]'),
  ]);
  assert.ok(
    await page.locator('button', { hasText: 'Sign out' }).count(),
    'signed in: the header offers Sign out',
  );
}

export async function screenshot(page: Page, name: string): Promise<string> {
  mkdirSync(resultsDir, { recursive: true });
  const file = path.join(resultsDir, `${name}.png`);
  await page.screenshot({ path: file, fullPage: true });
  return file;
}
