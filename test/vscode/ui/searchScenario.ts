import { runFromPalette } from '../harness/workbench';
import type { Scenario } from './scenarios';

const rows = '.quick-input-widget .quick-input-list .monaco-list-row';

/**
 * The real quick pick: typing a word of the issue created earlier asks the server, lists that issue (and
 * only what matches), and Enter opens its view.
 */
export const searchScenario: Scenario = {
  name: 'typing in "Search Issues and Pull Requests…" lists the matching issue; Enter opens its view',
  async run({ page, state }) {
    const issue = state.issue;
    if (!issue) throw new Error('needs the issue of an earlier scenario');
    // the title ends with a stamp no other item has
    const word = issue.title.split(' ').at(-1) ?? '';
    await runFromPalette(page, 'Teahouse: Search Issues and Pull Requests…');
    const input = page.locator('.quick-input-widget .quick-input-box input');
    await input.waitFor({ state: 'visible' });
    // typed key by key, as a user would: each key restarts the pause before the server is asked
    await input.click();
    await input.pressSequentially(word, { delay: 40 });
    if ((await input.inputValue()) !== word) throw new Error(`the input holds "${await input.inputValue()}"`);
    await page
      .locator(rows, { hasText: `#${issue.number} ${issue.title}` })
      .first()
      .waitFor();
    // a pause while typing (a loaded machine) asks for a prefix first: its answer is replaced by the word's
    let others: string[] = [];
    for (const deadline = Date.now() + 15_000; ; await page.waitForTimeout(250)) {
      const listed = (await page.locator(rows).allInnerTexts()).map((row) => row.split('\n')[0] ?? '');
      others = listed.filter((label) => !label.includes(word));
      if (others.length === 0 || Date.now() > deadline) break;
    }
    if (others.length > 0) throw new Error(`not matching "${word}": ${others.join(' | ')}`);
    await page.keyboard.press('Enter');
    await page
      .locator('.tabs-container .tab', { hasText: `#${issue.number} ` })
      .first()
      .waitFor();
  },
};
