import type { Page } from 'playwright-core';
import { runFromPalette } from '../harness/workbench';
import type { Scenario } from './scenarios';

const rows = '.quick-input-widget .quick-input-list .monaco-list-row';

/** The first line of each palette row for `text`. */
async function paletteRows(page: Page, text: string, settled: string): Promise<string[]> {
  await page.keyboard.press('Escape');
  await page.keyboard.press('F1');
  const input = page.locator('.quick-input-widget .quick-input-box input');
  await input.waitFor({ state: 'visible' });
  await input.fill(`>${text}`);
  await page.locator(rows, { hasText: settled }).first().waitFor();
  const labels = (await page.locator(rows).allInnerTexts()).map((row) => row.split('\n')[0]?.trim() ?? '');
  await page.keyboard.press('Escape');
  return labels;
}

/** Reopens the palette until a changed setting shows in it (the workbench applies it a moment later). */
async function paletteRowsOnceSettled(
  page: Page,
  text: string,
  ready: (labels: readonly string[]) => boolean,
): Promise<string[]> {
  let labels: string[] = [];
  for (let attempt = 0; attempt < 20; attempt++) {
    labels = await paletteRows(page, text, 'Teahouse');
    if (ready(labels)) break;
    await page.waitForTimeout(500);
  }
  return labels;
}

/** Flips `teahouse.apiCommandsInPalette` in the Settings editor, as a user would, and closes it. */
async function toggleApiCommandsInPalette(page: Page): Promise<void> {
  await runFromPalette(page, 'Preferences: Open User Settings');
  const editor = page.locator('.settings-editor');
  const search = editor.locator('.settings-header .suggest-input-container');
  await search.waitFor();
  await search.click();
  await page.keyboard.type('teahouse.apiCommandsInPalette');
  const item = editor.locator('.setting-item-bool', { hasText: 'Api Commands In Palette' });
  const checkbox = item.locator('.setting-value-checkbox');
  await checkbox.waitFor();
  const after = (await checkbox.getAttribute('aria-checked')) === 'true' ? 'false' : 'true';
  await checkbox.click();
  await item.locator(`.setting-value-checkbox[aria-checked="${after}"]`).waitFor();
  await runFromPalette(page, 'View: Close Editor');
}

/**
 * Everyday words find the everyday command first: the operation commands ("Teahouse API: …") stay out of
 * the palette unless `teahouse.apiCommandsInPalette` is on.
 */
export const paletteScenario: Scenario = {
  name: 'typing "Teahouse: Create Issue" in the palette lists "Teahouse: Create Issue…" first, no API command',
  async run({ page }) {
    const labels = await paletteRows(page, 'Teahouse: Create Issue', 'Teahouse: Create Issue…');
    if (!labels[0]?.startsWith('Teahouse: Create Issue…'))
      throw new Error(`first in the palette: ${labels.join(' | ')}`);
    const api = labels.filter((label) => label.includes('Teahouse API:'));
    if (api.length > 0) throw new Error(`API commands in the palette: ${api.join(' | ')}`);
  },
};

export const paletteOptInScenario: Scenario = {
  name: 'with teahouse.apiCommandsInPalette on, the palette lists "Teahouse API: Create an issue"; off, not',
  async run({ page }) {
    await toggleApiCommandsInPalette(page);
    const listed = (labels: readonly string[]) => labels.includes('Teahouse API: Create an issue');
    const on = await paletteRowsOnceSettled(page, 'Teahouse API: Create an issue', listed);
    if (!listed(on)) throw new Error(`in the palette: ${on.join(' | ')}`);
    await toggleApiCommandsInPalette(page);
    const off = await paletteRowsOnceSettled(
      page,
      'Teahouse API: Create an issue',
      (labels) => !listed(labels),
    );
    const api = off.filter((label) => label.includes('Teahouse API:'));
    if (api.length > 0) throw new Error(`API commands still in the palette: ${api.join(' | ')}`);
  },
};
