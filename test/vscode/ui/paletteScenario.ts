import type { Scenario } from './scenarios';

const rows = '.quick-input-widget .quick-input-list .monaco-list-row';

/**
 * Everyday words find the everyday command first: the operation commands ("Teahouse API: …") stay out of
 * the palette unless `teahouse.apiCommandsInPalette` is on.
 */
export const paletteScenario: Scenario = {
  name: 'typing "Teahouse: Create Issue" in the palette lists "Teahouse: Create Issue…" first, no API command',
  async run({ page }) {
    await page.keyboard.press('Escape');
    await page.keyboard.press('F1');
    const input = page.locator('.quick-input-widget .quick-input-box input');
    await input.waitFor({ state: 'visible' });
    await input.fill('>Teahouse: Create Issue');
    await page.locator(rows, { hasText: 'Teahouse: Create Issue…' }).first().waitFor();
    const labels = (await page.locator(rows).allInnerTexts()).map(
      (text) => text.split('\n')[0]?.trim() ?? '',
    );
    await page.keyboard.press('Escape');
    if (!labels[0]?.startsWith('Teahouse: Create Issue…'))
      throw new Error(`first in the palette: ${labels.join(' | ')}`);
    const api = labels.filter((label) => label.includes('Teahouse API:'));
    if (api.length > 0) throw new Error(`API commands in the palette: ${api.join(' | ')}`);
  },
};
