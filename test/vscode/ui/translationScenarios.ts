import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { demoRepositoryName } from '../harness/workspaceFixture';
import { pickItem, runFromPalette, treeRow, viewPane } from '../harness/workbench';
import { formFrame, git } from './createPullRequestScenario';
import { demoSeeder } from './localServerAccess';
import { webviewFrame } from './webviewScenarios';
import type { Scenario } from './scenarios';

// Run in a workbench whose display language is German (harness/languagePack.ts): VS Code must pick
// package.nls.de.json for the contributed texts and l10n/bundle.l10n.de.json for the runtime ones.
const root = path.join(__dirname, '..', '..', '..');
const readJson = (file: string) =>
  JSON.parse(readFileSync(path.join(root, file), 'utf8')) as Record<string, string>;

function german(file: string, englishFile: string, key: string): string {
  const text = readJson(file)[key];
  if (!text || text === readJson(englishFile)[key]) throw new Error(`${file} does not translate ${key}`);
  return text;
}

export const germanScenarios: readonly Scenario[] = [
  {
    name: 'in German, the Teahouse views and their welcome texts are German (package.nls.de.json)',
    async run({ page }) {
      await page.locator('.part.activitybar a.action-label[aria-label^="Teahouse"]').click();
      for (const key of [
        'teahouse.repositories.name',
        'teahouse.pullRequests.name',
        'teahouse.organizations.name',
      ])
        await page
          .locator(
            `.part.sidebar .pane-header[aria-label^="${german('package.nls.de.json', 'package.nls.json', key)}"]`,
          )
          .waitFor();
      const welcome = german('package.nls.de.json', 'package.nls.json', 'teahouse.repositories.welcome');
      await page
        .locator('.part.sidebar .welcome-view-content', { hasText: welcome.split('\n')[0] })
        .first()
        .waitFor();
    },
  },
  {
    name: 'in German, the palette finds "Teahouse: Server hinzufügen…" and its prompts are German (bundle.l10n.de.json)',
    async run({ page }) {
      const title = german('package.nls.de.json', 'package.nls.json', 'teahouse.addServer.title');
      const category = readJson('package.nls.de.json')['category.teahouse'] ?? ''; // a name: the same
      await runFromPalette(page, `${category}: ${title}`);
      const widget = page.locator('.quick-input-widget');
      for (const message of ['Add Server (1/3)', 'The address of a Gitea, Forgejo or Teahouse server'])
        await widget
          .filter({ hasText: german('l10n/bundle.l10n.de.json', 'l10n/bundle.l10n.json', message) })
          .waitFor();
      await page.locator('.quick-input-widget .quick-input-box input').fill('kein Server');
      const invalid = 'Enter an http(s) address, e.g. https://gitea.example.com';
      await widget
        .filter({ hasText: german('l10n/bundle.l10n.de.json', 'l10n/bundle.l10n.json', invalid) })
        .waitFor();
      await page.keyboard.press('Escape');
    },
  },
  {
    name: 'in German, the issue view (a webview) shows its buttons and headings in German (@vscode/l10n)',
    async run(context) {
      const { page } = context;
      const de = (message: string) => german('l10n/bundle.l10n.de.json', 'l10n/bundle.l10n.json', message);
      const nls = (key: string) => german('package.nls.de.json', 'package.nls.json', key);
      await viewPane(page, nls('teahouse.repositories.name'))
        .locator('.welcome-view-content a.monaco-button', { hasText: nls('teahouse.startLocalServer.title') })
        .click();
      await treeRow(viewPane(page, nls('teahouse.repositories.name')), demoRepositoryName).waitFor({
        timeout: 60_000,
      });
      const { client, owner } = await demoSeeder(context);
      const issue = await client.api.issueCreateIssue({
        owner,
        repo: demoRepositoryName,
        body: { title: `Auf Deutsch ${Date.now().toString(36)}` },
      });
      await runFromPalette(page, `Teahouse: ${nls('teahouse.openIssue.title')}`);
      await pickItem(page, new RegExp(`#${issue.number} `));
      const frame = await webviewFrame(page, `h1:has-text("${issue.title}")`);
      await frame.locator('#toggle-state', { hasText: de('Close') }).waitFor();
      await frame.locator('#preview-comment', { hasText: de('Preview') }).waitFor();
      await frame.locator('h2', { hasText: de('Add a comment') }).waitFor();
      await frame.locator('.meta-label', { hasText: de('Time tracked') }).waitFor();
      await frame.locator('#edit-issue', { hasText: de('Edit') }).click();
      await frame.locator('#edit-body-write', { hasText: de('Write') }).waitFor();
      await frame.locator('#save-issue', { hasText: de('Save') }).waitFor();
      await frame.locator('#cancel-edit', { hasText: de('Cancel') }).click();
      await page.screenshot({
        path: path.join(context.projectRoot, 'test-results', 'vscode', 'issue-view-de.png'),
      });
    },
  },
  {
    name: 'in German, the Create Pull Request form (a webview) shows its labels and buttons in German',
    async run(context) {
      const { page, workspaceFolder: folder } = context;
      const de = (message: string) => german('l10n/bundle.l10n.de.json', 'l10n/bundle.l10n.json', message);
      const nls = (key: string) => german('package.nls.de.json', 'package.nls.json', key);
      await demoSeeder(context);
      git(folder, 'checkout', '--quiet', 'main');
      git(folder, 'checkout', '--quiet', '-b', `ui/${Date.now().toString(36)}-auf-deutsch`);
      writeFileSync(path.join(folder, 'README.md'), '# Teahouse demo\n\nAuf Deutsch.\n');
      git(folder, 'commit', '--quiet', '-am', 'README auf Deutsch');
      try {
        await runFromPalette(page, `Teahouse: ${nls('teahouse.createPullRequest.title')}`);
        const frame = await formFrame(page);
        await frame.locator('#create', { hasText: de('Create Pull Request') }).waitFor();
        await frame
          .locator('label.form-label', { hasText: new RegExp(`^${de('Into')}$`) })
          .first()
          .waitFor();
        await frame.locator('label.form-label', { hasText: de('Milestone') }).waitFor();
        await frame.locator('#write-tab', { hasText: de('Write') }).waitFor();
        const draft = de('Draft (title starts with "{0}")').replace('{0}', 'WIP:');
        await frame.locator(`#draft[label="${draft.replace(/"/g, '\\"')}"]`).waitFor();
        await page.screenshot({
          path: path.join(context.projectRoot, 'test-results', 'vscode', 'create-pull-request-de.png'),
        });
        await frame.locator('#cancel', { hasText: de('Cancel') }).click();
      } finally {
        git(folder, 'checkout', '--quiet', 'main');
      }
    },
  },
];
