import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { Frame, Page } from 'playwright-core';
import { demoRepositoryName } from '../harness/workspaceFixture';
import { pickItem, runFromPalette } from '../harness/workbench';
import { demoSeeder } from './localServerAccess';
import type { Scenario, ScenarioContext } from './scenarios';

const stamp = () => Date.now().toString(36);

/**
 * The frame of the webview that holds `selector`. A webview lives two iframes deep in the workbench
 * (the host frame, then the content frame); there may be several, so look in each.
 */
export async function webviewFrame(page: Page, selector: string, timeoutMs = 30_000): Promise<Frame> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    for (const frame of page.frames()) {
      if (frame === page.mainFrame()) continue;
      const found = await frame
        .locator(selector)
        .count()
        .catch(() => 0);
      if (found > 0) return frame;
    }
    if (Date.now() > deadline) throw new Error(`no webview shows ${selector}`);
    await page.waitForTimeout(200);
  }
}

async function openFromPalette(page: Page, command: string, index: number): Promise<void> {
  await runFromPalette(page, command);
  await pickItem(page, new RegExp(`#${index} `));
}

/** A loopback HTTP server that records every request: a malicious payload's way to say it ran. */
async function receiver(): Promise<{ server: Server; url: string; hits: string[] }> {
  const hits: string[] = [];
  const server = createServer((request, response) => {
    hits.push(request.url ?? '');
    response.end('ok');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, hits };
}

function resultsFile(context: ScenarioContext, name: string): string {
  return path.join(context.projectRoot, 'test-results', 'vscode', name);
}

async function cspOf(frame: Frame): Promise<string> {
  return (await frame.locator('meta[http-equiv="Content-Security-Policy"]').getAttribute('content')) ?? '';
}

export const webviewScenarios: readonly Scenario[] = [
  {
    name: 'the issue view edits title and description in place, previewed by the server',
    async run(context) {
      const { page } = context;
      const { client, owner } = await demoSeeder(context);
      const repo = demoRepositoryName;
      const issue = await client.api.issueCreateIssue({
        owner,
        repo,
        body: { title: `Edit me ${stamp()}`, body: 'The old description.' },
      });
      await openFromPalette(page, 'Teahouse: Open Issue…', issue.number);
      const frame = await webviewFrame(page, `h1:has-text("${issue.title}")`);
      await frame.locator('#edit-issue').click();
      const title = `Edited in the view ${stamp()}`;
      await frame.locator('#edit-title input').fill(title);
      await frame.locator('#edit-body textarea').fill('A **new** description');
      await frame.locator('#edit-body-show-preview').click();
      await frame.locator('#edit-body-preview strong', { hasText: 'new' }).waitFor();
      await frame.locator('#edit-body-write').click();
      await frame.locator('#save-issue').click();
      await frame.locator('h1', { hasText: title }).waitFor();
      await frame.locator('#issue-body strong', { hasText: 'new' }).waitFor();
      const saved = await client.api.issueGetIssue({ owner, repo, index: issue.number });
      if (saved.title !== title || saved.body !== 'A **new** description')
        throw new Error(`the server has ${JSON.stringify([saved.title, saved.body])}`);
    },
  },
  {
    name: 'the issue view shows server-rendered markdown; a comment typed into it is added, edited and deleted',
    async run(context) {
      const { page } = context;
      const { client, owner } = await demoSeeder(context);
      const repo = demoRepositoryName;
      const issue = await client.api.issueCreateIssue({
        owner,
        repo,
        body: {
          title: `Webview issue ${stamp()}`,
          body: 'Follows #1.\n\n- [x] done\n- [ ] to do\n\n| name | value |\n| ---- | ----- |\n| tea  | green |\n',
        },
      });
      await client.api.issuePostIssueReaction({
        owner,
        repo,
        index: issue.number,
        body: { content: 'heart' },
      });
      await openFromPalette(page, 'Teahouse: Open Issue…', issue.number);
      const frame = await webviewFrame(page, `h1:has-text("${issue.title}")`);
      await frame.locator('#issue-body table').waitFor();

      // the seeder's heart is shown; clicking it adds mine, clicking again takes mine back
      const heart = frame.locator('.issue-body vscode-button[data-reaction="heart"]');
      await heart.filter({ hasText: '1' }).waitFor();
      await heart.click();
      await heart.filter({ hasText: '2' }).waitFor();
      const hearts = await client.api.issueGetIssueReactions({ owner, repo, index: issue.number });
      if (hearts.length !== 2) throw new Error(`${hearts.length} reactions on the server, not 2`);
      await heart.click();
      await heart.filter({ hasText: '1' }).waitFor();
      const body = frame.locator('#issue-body');
      if ((await body.locator('input[type="checkbox"]').count()) !== 2) throw new Error('no task list boxes');
      await body.locator(`a[href$="/${owner}/${repo}/issues/1"]`).first().waitFor();
      const csp = await cspOf(frame);
      if (!/script-src 'nonce-[^']+'/.test(csp) || csp.includes('unsafe'))
        throw new Error(`weak CSP: ${csp}`);

      const text = `Typed into the webview ${stamp()}`;
      await frame.locator('#new-comment textarea').fill(`${text} with **markdown**`);
      await frame.locator('#preview-comment').click();
      await frame.locator('#comment-preview strong', { hasText: 'markdown' }).waitFor();
      await frame.locator('#submit-comment').click();
      await frame
        .locator('#comments .comment', { hasText: text })
        .locator('strong', { hasText: 'markdown' })
        .waitFor();
      const comments = await client.api.issueGetComments({ owner, repo, index: issue.number });
      if (!comments.some((comment) => comment.body === `${text} with **markdown**`))
        throw new Error('the comment is not on the server');
      const shot = resultsFile(context, 'issue-view.png');
      await page.screenshot({ path: shot });
      console.log(`    screenshot of the issue view: ${shot}`);

      // while it is edited the text is in a textarea, so find the comment by its id from now on
      const id = await frame.locator('#comments .comment', { hasText: text }).getAttribute('data-comment-id');
      const mine = frame.locator(`#comments .comment[data-comment-id="${id}"]`);
      await mine.locator('.edit-comment').click();
      await mine.locator('vscode-textarea textarea').fill(`${text} edited`);
      await mine.locator('vscode-button', { hasText: 'Save' }).click();
      await frame.locator('#comments .comment', { hasText: `${text} edited` }).waitFor();
      const edited = await client.api.issueGetComments({ owner, repo, index: issue.number });
      if (!edited.some((comment) => comment.body === `${text} edited`))
        throw new Error('the edit is not on the server');

      await frame.locator('#toggle-state', { hasText: 'Close' }).click();
      await frame.locator('#state[data-state="closed"]').waitFor();
      const closed = await client.api.issueGetIssue({ owner, repo, index: issue.number });
      if (closed.state !== 'closed') throw new Error(`the issue is ${closed.state} on the server`);
      await frame.locator('#toggle-state', { hasText: 'Reopen' }).click();
      await frame.locator('#state[data-state="open"]').waitFor();

      await frame
        .locator('#comments .comment', { hasText: `${text} edited` })
        .locator('.delete-comment')
        .click();
      await page.locator('.monaco-dialog-box .monaco-button', { hasText: 'Delete' }).click();
      await frame.locator('#comments .comment', { hasText: text }).waitFor({ state: 'detached' });
      const left = await client.api.issueGetComments({ owner, repo, index: issue.number });
      if (left.some((comment) => comment.body.startsWith(text)))
        throw new Error('the comment is still on the server');

      // a link to another issue of the same server opens that issue's view, not a page inside the webview
      await body.locator(`a[href$="/${owner}/${repo}/issues/1"]`).first().click();
      await page.locator('.tabs-container .tab', { hasText: /#1 / }).first().waitFor();
    },
  },
  {
    name: 'the issue view shows the timeline between the comments: the label in its colour, closed, reopened',
    async run(context) {
      const { page } = context;
      const { client, owner } = await demoSeeder(context);
      const repo = demoRepositoryName;
      const issue = await client.api.issueCreateIssue({
        owner,
        repo,
        body: { title: `Timeline ${stamp()}` },
      });
      const index = issue.number;
      const label = await client.api.issueCreateLabel({
        owner,
        repo,
        body: { name: `timeline-${stamp()}`, color: '#d93f0b' },
      });
      await client.api.issueAddLabel({ owner, repo, index, body: { labels: [label.id] } });
      await client.api.issueCreateComment({ owner, repo, index, body: { body: 'Looking into it' } });
      await client.api.issueEditIssue({ owner, repo, index, body: { state: 'closed' } });
      await client.api.issueEditIssue({ owner, repo, index, body: { state: 'open' } });
      await openFromPalette(page, 'Teahouse: Open Issue…', index);
      const frame = await webviewFrame(page, `h1:has-text("${issue.title}")`);
      const items = frame.locator('#comments > .comment, #comments > .timeline-event');
      await frame.locator('#comments .timeline-event[data-event-type="reopen"]').waitFor();
      const order = await items.evaluateAll((nodes) =>
        nodes.map((node) => node.getAttribute('data-event-type') ?? 'comment'),
      );
      if (order.join() !== 'label,comment,close,reopen')
        throw new Error(`the timeline reads ${order.join()}`);
      const chip = frame.locator('.timeline-event[data-event-type="label"] .label', { hasText: label.name });
      const colour = await chip.evaluate(
        (node) => node.ownerDocument.defaultView?.getComputedStyle(node).borderLeftColor,
      );
      if (colour !== 'rgb(217, 63, 11)') throw new Error(`the label is drawn in ${colour}`);
      const closed = await frame.locator('.timeline-event[data-event-type="close"]').innerText();
      if (!closed.includes('closed this')) throw new Error(`the close event reads "${closed}"`);
      const shot = resultsFile(context, 'issue-timeline.png');
      await page.screenshot({ path: shot });
      console.log(`    screenshot of an issue view with its timeline: ${shot}`);
    },
  },
  {
    name: 'a malicious issue body and comment run nothing in the issue view',
    async run(context) {
      const { page } = context;
      const { client, owner } = await demoSeeder(context);
      const repo = demoRepositoryName;
      const { server, url, hits } = await receiver();
      try {
        const payload = (where: string) =>
          [
            `<img src=x onerror="document.title='pwned';fetch('${url}/${where}-img')">`,
            `<script>document.title='pwned';fetch('${url}/${where}-script')</script>`,
            `<iframe src="javascript:fetch('${url}/${where}-iframe')"></iframe>`,
            `<a href="javascript:fetch('${url}/${where}-anchor')">anchor ${where}</a>`,
            `[link ${where}](javascript:fetch('${url}/${where}-link'))`,
            `<svg onload="fetch('${url}/${where}-svg')"></svg>`,
          ].join('\n\n');
        const issue = await client.api.issueCreateIssue({
          owner,
          repo,
          body: { title: `Malicious ${stamp()}`, body: payload('body') },
        });
        await client.api.issueCreateComment({
          owner,
          repo,
          index: issue.number,
          body: { body: payload('comment') },
        });
        await openFromPalette(page, 'Teahouse: Open Issue…', issue.number);
        const frame = await webviewFrame(page, `h1:has-text("${issue.title}")`);
        await frame.locator('#comments .comment').waitFor();
        for (const where of ['body', 'comment']) {
          for (const text of [`anchor ${where}`, `link ${where}`]) {
            const link = frame.locator('a', { hasText: text });
            if ((await link.count()) > 0) await link.first().click();
          }
        }
        // a round trip through the extension after the clicks: anything they triggered has been sent
        await frame.locator('#preview-comment').click();
        await frame.locator('#comment-preview').waitFor();
        const dangerous = await frame
          .locator('#content script, #content iframe, #content [onerror], #content [onload]')
          .count();
        const title = await frame.title();
        if (hits.length > 0) throw new Error(`the payload ran: ${hits.join(', ')}`);
        if (title === 'pwned') throw new Error('the payload changed the title');
        if (dangerous > 0) throw new Error(`${dangerous} executable elements in the view`);
        const csp = await cspOf(frame);
        if (!csp.startsWith("default-src 'none'")) throw new Error(`weak CSP: ${csp}`);
      } finally {
        server.close();
      }
    },
  },
  {
    name: 'the pull request view shows branches, files, status, and the merge button',
    async run(context) {
      const { page } = context;
      const { client, owner } = await demoSeeder(context);
      const repo = demoRepositoryName;
      const pull = await client.api.repoCreatePullRequest({
        owner,
        repo,
        body: {
          head: 'feature-3',
          base: 'main',
          title: `Pull request view ${stamp()}`,
          body: 'Adds `feature-3.txt`.',
        },
      });
      await client.api.repoCreateStatus({
        owner,
        repo,
        sha: pull.head.sha,
        body: {
          state: 'success',
          context: 'ci/tests',
          description: 'all green',
          target_url: 'https://ci.example.com/run/1',
        },
      });
      await openFromPalette(page, 'Teahouse: Open Pull Request…', pull.number);
      const frame = await webviewFrame(page, `h1:has-text("${pull.title}")`);
      const head = await frame.locator('#head-branch').innerText();
      const base = await frame.locator('#base-branch').innerText();
      if (!head.includes('feature-3') || !base.includes('main'))
        throw new Error(`branches ${head} → ${base}`);
      await frame.locator('#files a.file', { hasText: 'feature-3.txt' }).waitFor();
      await frame
        .locator('#statuses a[href="https://ci.example.com/run/1"]', { hasText: 'ci/tests' })
        .waitFor();
      await frame.locator('#combined-status', { hasText: 'success' }).waitFor();
      await frame.locator('#merge-button').waitFor();
      const shot = resultsFile(context, 'pull-request-view.png');
      await page.screenshot({ path: shot });
      console.log(`    screenshot of the pull request view: ${shot}`);
      await frame.locator('#files a.file', { hasText: 'feature-3.txt' }).click();
      await page.locator('.tabs-container .tab', { hasText: 'feature-3.txt' }).first().waitFor();
    },
  },
];
