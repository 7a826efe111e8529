import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { demoRepositoryName } from '../harness/workspaceFixture';
import { runFromPalette } from '../harness/workbench';
import { demoSeeder } from './localServerAccess';
import type { Scenario } from './scenarios';

/** The Explorer's rows (its roots and what they show) whose name matches. */
const explorerRows = (page: Page, label: string | RegExp): Locator =>
  page.locator('.explorer-folders-view .monaco-list-row[role="treeitem"]', {
    has: page.locator('.label-name', { hasText: label }),
  });

/**
 * The window the UI scenarios use has one folder open: adding a folder turns it into an untitled multi-root
 * workspace, and VS Code restarts the extensions. The repository's root must come up in the Explorer after
 * that restart, without a reload by hand. Last of the scenarios, since the window is not the same after it.
 */
export const openRepositoryScenario: Scenario = {
  name: 'Open Repository from the palette in a single-folder window shows the repository in the Explorer',
  async run(context) {
    const { page } = context;
    const { owner } = await demoSeeder(context);
    const fullName = `${owner}/${demoRepositoryName}`;
    await runFromPalette(page, 'Teahouse: Open Repository…');
    const row = (text: string) =>
      page.locator('.quick-input-widget .quick-input-list .monaco-list-row', { hasText: text }).first();
    await row(fullName).waitFor({ timeout: 30_000 });
    await row(fullName).click();
    // the branch picker: the default branch comes first
    await row('main').waitFor();
    await page.keyboard.press('Enter');

    const root = explorerRows(page, fullName).first();
    await root.waitFor({ timeout: 90_000 });
    const readme = explorerRows(page, /^README\.md$/);
    // the workspace folder's README and the repository's: two rows once the new root is listed
    const deadline = Date.now() + 90_000;
    while ((await readme.count()) < 2) {
      if (Date.now() > deadline) throw new Error(`the root of ${fullName} did not list its files`);
      if ((await root.getAttribute('aria-expanded')) === 'false') await root.click();
      await page.waitForTimeout(500);
    }
    if ((await page.locator('.explorer-folders-view .monaco-list-row .codicon-loading').count()) > 0)
      throw new Error('the Explorer still shows a folder loading');
    const shot = path.join(context.projectRoot, 'test-results', 'vscode', 'open-repository.png');
    await page.screenshot({ path: shot });
    console.log(`    screenshot of a repository opened without cloning: ${shot}`);
  },
};
