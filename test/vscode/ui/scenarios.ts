import type { Page } from 'playwright-core';
import type { TeahouseClient } from '../../../src/api/client';
import { demoRepositoryName } from '../harness/workspaceFixture';
import {
  answerInput,
  contextMenu,
  pickItem,
  rowLabels,
  runFromPalette,
  treeRow,
  viewPane,
} from '../harness/workbench';
import { createWithApiOperationScenario, runApiOperationScenario } from './apiOperationScenario';
import { createPullRequestScenario } from './createPullRequestScenario';
import { demoSeeder, localServerUrl } from './localServerAccess';
import { paletteOptInScenario, paletteScenario } from './paletteScenario';
import { permalinkScenario } from './permalinkScenario';
import { approveScenario, commentsPanelScenario, resolveScenario, reviewScenario } from './reviewScenario';
import type { Step } from './runSteps';
import { searchScenario } from './searchScenario';
import { webviewScenarios } from './webviewScenarios';
import { issueAttachmentScenario } from './issueAttachmentScenario';
import { openRepositoryScenario } from './openRepositoryScenario';

export interface ScenarioContext {
  readonly page: Page;
  readonly projectRoot: string;
  readonly userDataDir: string;
  /** The workspace folder (the demo repository) the workbench has open. */
  readonly workspaceFolder: string;
  /** Shared by the scenarios, which build on each other (as a user would). */
  readonly state: {
    client?: TeahouseClient;
    owner?: string;
    issue?: { number: number; title: string };
    /** The pull request the review scenario opened as a diff: its number and changed file. */
    review?: { number: number; file: string };
  };
}

export type Scenario = Step<ScenarioContext>;

const stamp = () => Date.now().toString(36);

export const scenarios: readonly Scenario[] = [
  {
    name: 'the Teahouse container shows the four views',
    async run({ page }) {
      await page.locator('.part.activitybar a.action-label[aria-label^="Teahouse"]').click();
      for (const title of ['Repositories', 'Issues', 'Pull Requests', 'Organizations']) {
        await page.locator(`.part.sidebar .pane-header[aria-label^="${title}"]`).waitFor();
      }
      await viewPane(page, 'Repositories')
        .locator('.welcome-view-content a.monaco-button', { hasText: 'Start Local Server' })
        .waitFor();
    },
  },
  {
    name: 'starting the local server lists the workspace repository in Repositories',
    async run({ page }) {
      await viewPane(page, 'Repositories')
        .locator('.welcome-view-content a.monaco-button', { hasText: 'Start Local Server' })
        .click();
      await treeRow(viewPane(page, 'Repositories'), demoRepositoryName).waitFor({ timeout: 60_000 });
      await localServerUrl(page);
    },
  },
  paletteScenario,
  paletteOptInScenario,
  permalinkScenario,
  {
    name: 'creating an issue from the palette makes it appear in Issues',
    async run(context) {
      const { page } = context;
      const title = `Created in the workbench ${stamp()}`;
      await runFromPalette(page, 'Teahouse: Create Issue…');
      await answerInput(page, title);
      await answerInput(page, 'Typed into the input box.');
      const row = treeRow(viewPane(page, 'Issues'), title);
      await row.waitFor();
      const label = await row.locator('.label-name').innerText();
      const number = Number(/^#(\d+) /.exec(label)?.[1]);
      if (!Number.isInteger(number)) throw new Error(`unexpected issue row "${label}"`);
      context.state.issue = { number, title };
    },
  },
  {
    name: 'adding a label from the context menu shows it on the item',
    async run(context) {
      const { page } = context;
      const issue = context.state.issue;
      if (!issue) throw new Error('needs the issue of the previous scenario');
      const { client, owner } = await demoSeeder(context);
      const label = `ui-label-${stamp()}`;
      await client.api.issueCreateLabel({
        owner,
        repo: demoRepositoryName,
        body: { name: label, color: '#c5def5' },
      });
      const row = treeRow(viewPane(page, 'Issues'), issue.title);
      await contextMenu(page, row, 'Add or Remove Labels…');
      await pickItem(page, label);
      await page.keyboard.press('Enter');
      await row.locator('.label-description', { hasText: label }).waitFor();
    },
  },
  {
    name: 'merging a pull request from its context menu moves it out of the open list',
    async run(context) {
      const { page } = context;
      const { client, owner } = await demoSeeder(context);
      const title = `Merge me ${stamp()}`;
      await client.api.repoCreatePullRequest({
        owner,
        repo: demoRepositoryName,
        body: { head: 'feature-1', base: 'main', title },
      });
      await runFromPalette(page, 'Teahouse: Refresh Pull Requests');
      const pane = viewPane(page, 'Pull Requests');
      const row = treeRow(pane, title);
      await row.waitFor();
      await contextMenu(page, row, 'Merge Pull Request…');
      await pickItem(page, 'Create a merge commit');
      await row.waitFor({ state: 'detached' });
      const open = await rowLabels(pane);
      if (open.some((label) => label.endsWith(title))) throw new Error(`still listed: ${open.join(', ')}`);
    },
  },
  runApiOperationScenario,
  createWithApiOperationScenario,
  ...webviewScenarios,
  issueAttachmentScenario,
  createPullRequestScenario,
  searchScenario,
  reviewScenario,
  commentsPanelScenario,
  approveScenario,
  resolveScenario,
  openRepositoryScenario,
];
