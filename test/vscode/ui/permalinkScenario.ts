import type { Page } from 'playwright-core';
import { runFromPalette } from '../harness/workbench';
import type { Scenario } from './scenarios';

/** Opens a workspace file by name through Quick Open. */
async function openFile(page: Page, name: string): Promise<void> {
  await page.keyboard.press('Escape');
  await page.keyboard.press('F1');
  const input = page.locator('.quick-input-widget .quick-input-box input');
  await input.waitFor({ state: 'visible' });
  // without the palette's ">", Quick Open looks for files
  await input.fill(name);
  await page
    .locator('.quick-input-widget .quick-input-list .monaco-list-row', { hasText: name })
    .first()
    .waitFor();
  await page.keyboard.press('Enter');
  await page.locator('.tabs-container .tab.active', { hasText: name }).waitFor();
}

export const permalinkScenario: Scenario = {
  name: 'Copy Permalink says "Permalink copied" in the status bar, and the message goes away by itself',
  async run({ page }) {
    await openFile(page, 'README.md');
    await runFromPalette(page, 'Teahouse: Copy Permalink');
    const message = page.locator('.part.statusbar').getByText('Permalink copied');
    await message.waitFor();
    await message.waitFor({ state: 'detached', timeout: 20_000 });
  },
};
