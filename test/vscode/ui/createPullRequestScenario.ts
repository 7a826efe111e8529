import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Frame, Page } from 'playwright-core';
import { demoRepositoryName } from '../harness/workspaceFixture';
import { runFromPalette } from '../harness/workbench';
import { demoSeeder } from './localServerAccess';
import type { Scenario, ScenarioContext } from './scenarios';

export function git(cwd: string, ...args: string[]): string {
  return execFileSync(
    'git',
    [
      '-c',
      'user.name=UI Scenario',
      '-c',
      'user.email=ui@teahouse.invalid',
      '-c',
      'commit.gpgsign=false',
      ...args,
    ],
    { cwd, stdio: 'pipe', encoding: 'utf8' },
  ).trim();
}

export async function formFrame(page: Page, timeoutMs = 30_000): Promise<Frame> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    for (const frame of page.frames()) {
      if (frame === page.mainFrame()) continue;
      if (
        (await frame
          .locator('#create')
          .count()
          .catch(() => 0)) > 0
      )
        return frame;
    }
    if (Date.now() > deadline) throw new Error('no webview shows the Create Pull Request form');
    await page.waitForTimeout(200);
  }
}

const valueOf = (frame: Frame, selector: string) =>
  frame.locator(selector).evaluate((element) => String((element as { value?: unknown }).value));

/**
 * From a new local branch with one commit and a pull request template on the default branch: the form opens
 * prefilled in the workbench (its screenshot is the one the closing note shows), and Create makes the
 * pull request on the server and opens its view.
 */
export const createPullRequestScenario: Scenario = {
  name: 'Create Pull Request opens a prefilled form from the current branch and creates it',
  async run(context: ScenarioContext) {
    const { page, workspaceFolder: folder } = context;
    const { client, owner } = await demoSeeder(context);
    const template = '## What changes\n\n## How it was tested\n';
    git(folder, 'checkout', '--quiet', 'main');
    mkdirSync(path.join(folder, '.gitea'), { recursive: true });
    writeFileSync(path.join(folder, '.gitea', 'PULL_REQUEST_TEMPLATE.md'), template);
    git(folder, 'add', '.gitea/PULL_REQUEST_TEMPLATE.md');
    git(folder, 'commit', '--quiet', '-m', 'Add a pull request template');
    const branch = `ui/${Date.now().toString(36)}-polish-the-readme`;
    git(folder, 'checkout', '--quiet', '-b', branch);
    writeFileSync(path.join(folder, 'README.md'), '# Teahouse demo\n\nPolished.\n');
    git(folder, 'commit', '--quiet', '-am', 'Polish the README\n\nShorter and clearer.');
    try {
      await runFromPalette(page, 'Teahouse: Create Pull Request…');
      const frame = await formFrame(page);
      const title = await valueOf(frame, '#title');
      if (title !== 'Polish the README') throw new Error(`the title is "${title}"`);
      const body = await valueOf(frame, '#body');
      if (!body.startsWith('Shorter and clearer.') || !body.includes('## How it was tested'))
        throw new Error(`the body is "${body}"`);
      const head = await frame.locator('#head').innerText();
      if (head !== branch) throw new Error(`the head is "${head}"`);
      const shot = path.join(context.projectRoot, 'test-results', 'vscode', 'create-pull-request-form.png');
      await page.screenshot({ path: shot });
      console.log(`    screenshot of the create pull request form: ${shot}`);

      await frame.locator('#preview-tab').click();
      await frame.locator('#body-preview h2', { hasText: 'How it was tested' }).waitFor();
      await frame.locator('#create').click();
      await page.locator('.tabs-container .tab', { hasText: 'Polish the README' }).first().waitFor();
      const pulls = await client.api.repoListPullRequests({ owner, repo: demoRepositoryName, state: 'open' });
      const pull = pulls.find((candidate) => candidate.head.ref === branch);
      if (!pull) throw new Error(`no pull request from ${branch} on the server`);
      if (pull.base.ref !== 'main' || pull.title !== 'Polish the README' || pull.body !== body)
        throw new Error(`the pull request is ${pull.head.ref} → ${pull.base.ref} "${pull.title}"`);
    } finally {
      git(folder, 'checkout', '--quiet', 'main');
    }
  },
};
