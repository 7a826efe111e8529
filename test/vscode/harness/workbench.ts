import type { BrowserContext, Locator, Page } from 'playwright-core';

/** Opens the workbench on `folder` with the extension loaded from source (and optionally a test suite). */
export async function openWorkbench(
  context: BrowserContext,
  serverUrl: string,
  options: {
    extensionPath: string;
    folder: string;
    testsPath?: string;
    environment?: Record<string, string>;
  },
): Promise<Page> {
  const page = await context.newPage();
  page.setDefaultTimeout(30_000);
  // the workbench takes location.host as the remote authority: paths are on the code-server machine
  const remote = (absolutePath: string) => `vscode-remote://${new URL(serverUrl).host}${absolutePath}`;
  const payload: [string, string][] = [['extensionDevelopmentPath', remote(options.extensionPath)]];
  if (options.testsPath) payload.push(['extensionTestsPath', remote(options.testsPath)]);
  if (options.environment) payload.push(['extensionEnvironment', JSON.stringify(options.environment)]);
  const query = `folder=${encodeURIComponent(options.folder)}&payload=${encodeURIComponent(JSON.stringify(payload))}`;
  await page.goto(`${serverUrl}?${query}`);
  await page.locator('.monaco-workbench .part.activitybar').waitFor();
  return page;
}

export const sidebarRows = '.part.sidebar .monaco-list-row[role="treeitem"]';

/** A view pane of the sidebar by its title (e.g. "Issues"). */
export function viewPane(page: Page, title: string): Locator {
  return page.locator('.part.sidebar .pane', { has: page.locator(`.pane-header[aria-label^="${title}"]`) });
}

export function treeRow(scope: Page | Locator, label: string | RegExp): Locator {
  // a `has` locator is resolved inside each row, so it must start from the page, not from `scope`
  const page = 'page' in scope ? scope.page() : scope;
  return scope
    .locator('.monaco-list-row[role="treeitem"]')
    .filter({ has: page.locator('.label-name', { hasText: label }) });
}

export async function rowLabels(scope: Locator): Promise<string[]> {
  return scope.locator('.monaco-list-row[role="treeitem"] .label-name').allInnerTexts();
}

/** Runs a command from the palette by its title ("Teahouse: Create Issue…"). */
export async function runFromPalette(page: Page, title: string): Promise<void> {
  await page.keyboard.press('Escape');
  await page.keyboard.press('F1');
  const input = page.locator('.quick-input-widget .quick-input-box input');
  await input.waitFor({ state: 'visible' });
  await input.fill(`>${title}`);
  await page
    .locator('.quick-input-widget .quick-input-list .monaco-list-row', { hasText: title })
    .first()
    .waitFor();
  await page.keyboard.press('Enter');
}

/** Types into the open input box (or quick pick filter) and confirms. */
export async function answerInput(page: Page, text: string): Promise<void> {
  const selector = '.quick-input-widget .quick-input-box input';
  const input = page.locator(selector);
  await input.waitFor({ state: 'visible' });
  await input.fill(text);
  await page.keyboard.press('Enter');
  // The next prompt reuses this widget, and a busy extension host takes a moment to hide it: until the
  // answer is taken (the widget hides, or its box shows another value), a next answer would land here.
  const taken = `(() => {
    const box = document.querySelector(${JSON.stringify(selector)});
    const widget = box && box.closest('.quick-input-widget');
    return !box || !widget || getComputedStyle(widget).display === 'none' || box.value !== ${JSON.stringify(text)};
  })()`;
  await page.waitForFunction(taken, undefined, { timeout: 5_000 }).catch(() => undefined);
}

/** Picks the quick pick row with this text. */
export async function pickItem(page: Page, text: string | RegExp): Promise<void> {
  const row = page
    .locator('.quick-input-widget .quick-input-list .monaco-list-row', { hasText: text })
    .first();
  await row.waitFor();
  await row.click();
}

/** Right-clicks a tree row and runs one of its context-menu entries. */
export async function contextMenu(page: Page, row: Locator, entry: string): Promise<void> {
  await row.click({ button: 'right' });
  const menu = page.locator('.context-view .monaco-menu');
  const item = menu.locator('.action-item', { hasText: entry }).first();
  await item.waitFor();
  // A busy workbench can drop a click that lands while the menu is still opening (the entry is then
  // highlighted but not run): click, and confirm with Enter if the menu is still open.
  await item.click();
  try {
    await menu.waitFor({ state: 'detached', timeout: 2_000 });
  } catch {
    await item.hover();
    await page.keyboard.press('Enter');
    await menu.waitFor({ state: 'detached' });
  }
}

/** The texts in the Notification Center (toasts are suppressed in smoke-test-driver mode). */
export async function notificationTexts(page: Page): Promise<string[]> {
  const center = page.locator('.notifications-center');
  if (!(await center.isVisible())) await page.locator('[id="status.notifications"]').click();
  return page.locator('.notifications-center .notification-list-item-message').allInnerTexts();
}
