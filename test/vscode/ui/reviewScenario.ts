import path from 'node:path';
import { demoRepositoryName } from '../harness/workspaceFixture';
import { answerInput, pickItem, runFromPalette, treeRow, viewPane } from '../harness/workbench';
import { demoSeeder } from './localServerAccess';
import type { Scenario, ScenarioContext } from './scenarios';
import { webviewFrame } from './webviewScenarios';

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
    context.state.review = { number: pull.number, file };
    const shot = path.join(context.projectRoot, 'test-results', 'vscode', 'review-diff-threads.png');
    await page.screenshot({ path: shot });
    console.log(`    screenshot of a diff with review threads and a pending review: ${shot}`);
  },
};

function reviewOf(context: ScenarioContext): { number: number; file: string } {
  const review = context.state.review;
  if (!review) throw new Error('needs the pull request of the review scenario');
  return review;
}

/** The Comments panel names the file of a review thread by its path in the repository and the pull request. */
export const commentsPanelScenario: Scenario = {
  name: "the Comments panel names a review thread's file by its repository path and pull request",
  async run(context: ScenarioContext) {
    const { page } = context;
    const { number, file } = reviewOf(context);
    await runFromPalette(page, 'Focus on Comments View');
    const name = file.split('/').at(-1) ?? file;
    const row = page
      .locator('.part.panel .monaco-list-row')
      .filter({ has: page.locator('.resource-container .label-name', { hasText: name }) })
      .first();
    await row.waitFor();
    const expected = `${file} · #${number}`;
    try {
      await row.locator('.label-description', { hasText: expected }).waitFor({ timeout: 10_000 });
    } catch {
      const shown = await row.locator('.label-description').innerText();
      throw new Error(`the Comments panel names it "${name} ${shown}", not "${name} ${expected}"`);
    }
    await page.keyboard.press('Escape');
  },
};

/**
 * Submit Review from the pending thread's title, as Approve: the thread says Approved, and the pull request
 * view, open beside the diff, shows "Approved by …" without being refreshed.
 */
export const approveScenario: Scenario = {
  name: 'approving from a pending thread shows Approved on the thread and in the open pull request view',
  async run(context: ScenarioContext) {
    const { page } = context;
    const { owner } = await demoSeeder(context);
    const { number } = reviewOf(context);
    // the view opens beside the diff and stays loaded there (a webview moved between groups loads again)
    await runFromPalette(page, 'View: Split Editor Right');
    await runFromPalette(page, 'Teahouse: Open Pull Request…');
    await pickItem(page, new RegExp(`#${number} `));
    const frame = await webviewFrame(page, 'h1:has-text("Review in the editor")');
    if ((await frame.locator('#review-verdicts').count()) > 0) throw new Error('approved before the review');
    const thread = page.locator('.review-widget', { hasText: 'is a bit loud' }).first();
    await thread.waitFor();
    await thread.hover();
    await thread.locator('.action-label[aria-label^="Submit Review"]').first().click();
    await pickItem(page, 'Approve');
    await answerInput(page, '');
    await thread.getByText('Approved', { exact: true }).first().waitFor();
    await frame.locator('#review-verdicts', { hasText: `Approved by ${owner}` }).waitFor();
    const shot = path.join(context.projectRoot, 'test-results', 'vscode', 'review-approved.png');
    await page.screenshot({ path: shot });
    console.log(`    screenshot of an approved review beside its pull request view: ${shot}`);
  },
};

/**
 * Resolve Conversation from another user's thread's title collapses it, and a merge scheduled for when the
 * checks succeed shows in the pull request view beside it (the screenshot the issue asks for).
 */
export const resolveScenario: Scenario = {
  name: 'resolving a thread collapses it; a scheduled merge shows in the pull request view beside it',
  async run(context: ScenarioContext) {
    const { page } = context;
    const { client, owner } = await demoSeeder(context);
    const repo = demoRepositoryName;
    const { number } = reviewOf(context);
    const pull = await client.api.repoGetPullRequest({ owner, repo, index: number });
    // the base requires a check that is still running: the merge waits for it
    await client.api.repoCreateBranchProtection({
      owner,
      repo,
      body: { rule_name: pull.base.ref, enable_status_check: true, status_check_contexts: ['ci/build'] },
    });
    await client.api.repoCreateStatus({
      owner,
      repo,
      sha: pull.head.sha,
      body: { state: 'pending', context: 'ci/build' },
    });
    await client.api.repoMergePullRequest({
      owner,
      repo,
      index: number,
      body: { do: 'merge', merge_when_checks_succeed: true },
    });
    const thread = page.locator('.review-widget', { hasText: 'Why three?' }).first();
    await thread.waitFor();
    await thread.hover();
    await thread.locator('.action-label[aria-label^="Resolve Conversation"]').first().click();
    await thread.waitFor({ state: 'hidden' });
    const frame = await webviewFrame(page, 'h1:has-text("Review in the editor")');
    await frame.locator('#scheduled-merge').waitFor();
    const [first] = await client.api.repoListPullReviews({ owner, repo, index: number });
    const comments = first
      ? await client.api.repoGetPullReviewComments({ owner, repo, index: number, id: first.id })
      : [];
    if (comments[0]?.resolver?.login !== owner)
      throw new Error(
        `the server says ${JSON.stringify(comments.map((comment) => comment.resolver?.login))}`,
      );
    await runFromPalette(page, 'Focus on Comments View');
    const row = page.locator('.part.panel .monaco-list-row', { hasText: 'Why three?' }).first();
    await row.waitFor();
    // the panel reveals the collapsed thread: its title says who resolved it
    await row.click();
    await page
      .locator('.review-widget', { hasText: 'Why three?' })
      .getByText(`resolved by ${owner}`)
      .first()
      .waitFor();
    const results = path.join(context.projectRoot, 'test-results', 'vscode');
    await page.screenshot({ path: path.join(results, 'pull-resolved-thread.png') });
    console.log(`    screenshot of a resolved thread: ${path.join(results, 'pull-resolved-thread.png')}`);
    // the revealed file took the group of the pull request view: bring the view back
    await page.locator('.tabs-container .tab', { hasText: 'Review in the editor' }).first().click();
    const view = await webviewFrame(page, '#scheduled-merge');
    await view.locator('#scheduled-merge').scrollIntoViewIfNeeded();
    await page.screenshot({ path: path.join(results, 'pull-scheduled-merge.png') });
    console.log(`    screenshot of a scheduled merge: ${path.join(results, 'pull-scheduled-merge.png')}`);
  },
};
