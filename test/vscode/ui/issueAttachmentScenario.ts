import path from 'node:path';
import { demoRepositoryName } from '../harness/workspaceFixture';
import { pickItem, runFromPalette } from '../harness/workbench';
import { demoSeeder } from './localServerAccess';
import type { Scenario } from './scenarios';
import { webviewFrame } from './webviewScenarios';

/**
 * A file pasted into the issue view's comment box (a real paste event with a file, as the clipboard gives
 * one) is uploaded to the local server, linked in the text and listed under the issue, in a view that also
 * shows its timeline and dependencies: the screenshot the issue asks for.
 */
export const issueAttachmentScenario: Scenario = {
  name: 'a file pasted into the comment box is uploaded, linked and listed, beside the timeline and dependencies',
  async run(context) {
    const { page } = context;
    const { client, owner } = await demoSeeder(context);
    const repo = demoRepositoryName;
    const stamp = Date.now().toString(36);
    const blocker = await client.api.issueCreateIssue({
      owner,
      repo,
      body: { title: `Upgrade the parser ${stamp}` },
    });
    const issue = await client.api.issueCreateIssue({
      owner,
      repo,
      body: { title: `Crash on start ${stamp}`, body: 'The app crashes when the config is empty.' },
    });
    const index = issue.number;
    const label = await client.api.issueCreateLabel({
      owner,
      repo,
      body: { name: `bug-${stamp}`, color: '#d93f0b' },
    });
    await client.api.issueAddLabel({ owner, repo, index, body: { labels: [label.id] } });
    await client.api.issueCreateIssueDependencies({
      owner,
      repo,
      index,
      body: { owner, repo, index: blocker.number },
    });
    await client.api.issueCreateComment({ owner, repo, index, body: { body: 'Can you share the log?' } });

    await runFromPalette(page, 'Teahouse: Open Issue…');
    await pickItem(page, new RegExp(`#${index} `));
    const frame = await webviewFrame(page, `h1:has-text("${issue.title}")`);
    await frame.locator('#attach-hint').waitFor();
    // browser code as text: this file is compiled without the DOM's types
    await frame.evaluate(`(() => {
      const transfer = new DataTransfer();
      transfer.items.add(new File(['panic: empty config\\n'], 'crash.log', { type: 'text/plain' }));
      document.querySelector('#new-comment').dispatchEvent(
        new ClipboardEvent('paste', { clipboardData: transfer, bubbles: true, composed: true, cancelable: true }),
      );
    })()`);
    // polled through evaluate: the view's CSP refuses the eval a string predicate of waitForFunction needs
    let text = '';
    for (const deadline = Date.now() + 30_000; text === '' && Date.now() < deadline;) {
      text = String(
        await frame.evaluate(`(() => {
          const value = document.querySelector('#new-comment')?.value ?? '';
          return /\\[crash\\.log\\]\\(http[^)]+\\/attachments\\/[0-9a-f-]+\\)/.test(value) ? value : '';
        })()`),
      );
      if (text === '') await page.waitForTimeout(200);
    }
    if (text === '') throw new Error('the comment box never got the link to crash.log');
    await frame.evaluate(`(() => {
      const editor = document.querySelector('#new-comment');
      editor.value = 'Here it is:\\n' + ${JSON.stringify(text)};
      editor.dispatchEvent(new Event('input', { bubbles: true }));
    })()`);
    await frame.locator('#submit-comment').click();
    await frame.locator('.issue-body ul.attachments li', { hasText: 'crash.log' }).waitFor();
    await frame.locator('#comments .comment a', { hasText: 'crash.log' }).waitFor();
    await frame
      .locator('.dependencies a', { hasText: `#${blocker.number}` })
      .first()
      .waitFor();
    await frame.locator('#comments .timeline-event[data-event-type="label"]').waitFor();
    const attachments = await client.api.issueListIssueAttachments({ owner, repo, index });
    if (attachments.length !== 1 || attachments[0]?.name !== 'crash.log')
      throw new Error(`the server holds ${JSON.stringify(attachments.map((a) => a.name))}`);
    const shot = path.join(context.projectRoot, 'test-results', 'vscode', 'issue-attachment.png');
    await page.screenshot({ path: shot });
    console.log(`    screenshot of an issue view with its timeline, dependencies and an attachment: ${shot}`);
  },
};
