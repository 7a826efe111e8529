import path from 'node:path';
import { demoRepositoryName } from '../harness/workspaceFixture';
import { runFromPalette, treeRow, viewPane } from '../harness/workbench';
import { demoSeeder } from './localServerAccess';
import type { Scenario, ScenarioContext } from './scenarios';

const baseText = 'one\ntwo\nthree\nfour\nfive\n';
const headText = 'one\nTWO\nthree\nfour\nfive\nsix\n';

/**
 * A pull request by another user with a thread of theirs, and a pending review of the workbench's own
 * account: its Changes expand in the Pull Requests view, the file opens as a diff with both threads on
 * their lines (the screenshot the closing note shows).
 */
export const reviewScenario: Scenario = {
  name: "a pull request's changed file opens as a diff with review threads and a pending review",
  async run(context: ScenarioContext) {
    const { page } = context;
    const { client, owner } = await demoSeeder(context);
    const repo = demoRepositoryName;
    const folder = `review-${Date.now().toString(36)}`;
    const file = `${folder}/notes.txt`;
    const created = await client.api.repoCreateFile({
      owner,
      repo,
      filepath: file,
      body: {
        content: Buffer.from(baseText).toString('base64'),
        new_branch: `${folder}-base`,
        message: 'notes',
      },
    });
    await client.api.repoUpdateFile({
      owner,
      repo,
      filepath: file,
      body: {
        content: Buffer.from(headText).toString('base64'),
        sha: created.content?.sha ?? '',
        branch: `${folder}-base`,
        new_branch: `${folder}-head`,
        message: 'Shout two, add six',
      },
    });
    const title = `Review in the editor ${folder}`;
    const pull = await client.api.repoCreatePullRequest({
      owner,
      repo,
      body: { head: `${folder}-head`, base: `${folder}-base`, title },
    });
    await client.api.repoCreatePullReview({
      owner,
      repo,
      index: pull.number,
      body: {
        event: 'COMMENT',
        body: 'A first look',
        comments: [{ path: file, body: 'Why three?', new_position: 3 }],
      },
    });
    // the workbench account's own pending review (the seeder is a site administrator: sudo)
    await client.api.repoCreatePullReview(
      {
        owner,
        repo,
        index: pull.number,
        body: {
          event: 'PENDING',
          body: 'Review in progress',
          comments: [{ path: file, body: 'Shouting `TWO` is a bit loud.', new_position: 2 }],
        },
      },
      { sudo: owner },
    );
    await runFromPalette(page, 'Teahouse: Refresh Pull Requests');
    const pane = viewPane(page, 'Pull Requests');
    const row = treeRow(pane, title);
    await row.waitFor();
    await row.locator('.monaco-tl-twistie').click();
    const fileRow = treeRow(pane, 'notes.txt');
    await fileRow.waitFor();
    await fileRow.click();
    await page.getByText('Why three?').first().waitFor({ timeout: 30_000 });
    await page.getByText('is a bit loud').first().waitFor({ timeout: 30_000 });
    const shot = path.join(context.projectRoot, 'test-results', 'vscode', 'review-diff-threads.png');
    await page.screenshot({ path: shot });
    console.log(`    screenshot of a diff with review threads and a pending review: ${shot}`);
  },
};
