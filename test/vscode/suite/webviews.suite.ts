/// <reference types="mocha" />
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import * as vscode from 'vscode';
import type { PanelTarget, ViewModel } from '../../../src/webview/protocol';
import { localServer, seedOrSkip, teahouse, unique, waitFor } from './helpers';
import { seedBasics } from './seed';

const markdownBody = [
  'Steps, see #1:',
  '',
  '- [x] written',
  '- [ ] reviewed',
  '',
  '| column | value |',
  '| ------ | ----- |',
  '| a      | 1     |',
].join('\n');

async function loadedModel(target: PanelTarget): Promise<ViewModel> {
  const api = await teahouse();
  return waitFor(
    () =>
      api.webviews.panels.find(
        (panel) =>
          panel.target.owner === target.owner &&
          panel.target.repo === target.repo &&
          panel.target.index === target.index &&
          panel.model !== undefined,
      )?.model,
    `the view of #${target.index} to load`,
    30_000,
  );
}

export function webviewsSuite(): void {
  suite('webviews', () => {
    let issueTarget: PanelTarget;

    suiteSetup(async function () {
      const { client } = await localServer();
      const { demo } = await seedBasics();
      const issue = await seedOrSkip(this, () =>
        client.api.issueCreateIssue({
          ...demo,
          body: { title: unique('Webview issue'), body: markdownBody },
        }),
      );
      await client.api.issueCreateComment({
        ...demo,
        index: issue.number,
        body: { body: 'A **bold** reply' },
      });
      issueTarget = { kind: 'issue', account: 'local', ...demo, index: issue.number };
    });

    suiteTeardown(async () => {
      await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    });

    test('Open Issue shows the issue with its body and comments rendered by the server', async () => {
      const { account, owner, repo, index } = issueTarget;
      const opened = await vscode.commands.executeCommand<PanelTarget>('teahouse.openIssue', {
        account,
        owner,
        repo,
        index,
      });
      assert.deepEqual(opened, issueTarget, (await teahouse()).errors.last?.message);
      const model = await loadedModel(issueTarget);
      assert.match(model.issue.html, /<table>/);
      assert.match(model.issue.html, /<input[^>]*type="checkbox"/);
      assert.match(model.issue.html, new RegExp(`<a [^>]*href="[^"]*/${owner}/${repo}/issues/1"`));
      assert.match(model.comments[0]?.html ?? '', /<strong>bold<\/strong>/);
      assert.equal(model.pull, undefined);
    });

    test('the issue view shows the timeline between the comments: a label, closing and reopening, in order', async () => {
      const { client } = await localServer();
      const { demo } = await seedBasics();
      const issue = await client.api.issueCreateIssue({ ...demo, body: { title: unique('Timeline issue') } });
      const label = await client.api.issueCreateLabel({
        ...demo,
        body: { name: unique('timeline'), color: '#0e8a16' },
      });
      const index = issue.number;
      await client.api.issueAddLabel({ ...demo, index, body: { labels: [label.id] } });
      const comment = await client.api.issueCreateComment({
        ...demo,
        index,
        body: { body: 'Between events' },
      });
      await client.api.issueEditIssue({ ...demo, index, body: { state: 'closed' } });
      await client.api.issueEditIssue({ ...demo, index, body: { state: 'open' } });
      const target: PanelTarget = { kind: 'issue', account: 'local', ...demo, index };
      await vscode.commands.executeCommand('teahouse.openIssue', target);
      const model = await loadedModel(target);
      assert.deepEqual(
        model.events.map((event) => [event.type, event.afterComment]),
        [
          ['label', undefined],
          ['close', comment.id],
          ['reopen', comment.id],
        ],
      );
      assert.deepEqual(model.events[0]?.label, { name: label.name, color: '0e8a16', removed: false });
      assert.equal(model.eventsNote, undefined);
    });

    test('the issue view lists what the issue depends on and what it blocks, with their state', async () => {
      const { client } = await localServer();
      const { demo } = await seedBasics();
      const blocker = await client.api.issueCreateIssue({ ...demo, body: { title: unique('Blocker') } });
      const blocked = await client.api.issueCreateIssue({ ...demo, body: { title: unique('Blocked') } });
      await client.api.issueCreateIssueDependencies({
        ...demo,
        index: blocked.number,
        body: { ...demo, index: blocker.number },
      });
      const target: PanelTarget = { kind: 'issue', account: 'local', ...demo, index: blocked.number };
      await vscode.commands.executeCommand('teahouse.openIssue', target);
      const model = await loadedModel(target);
      assert.deepEqual(
        model.dependencies?.dependsOn.map((reference) => [
          reference.number,
          reference.title,
          reference.state,
        ]),
        [[blocker.number, blocker.title, 'open']],
      );
      assert.deepEqual(model.dependencies?.blocks, []);
      const other: PanelTarget = { ...target, index: blocker.number };
      await vscode.commands.executeCommand('teahouse.openIssue', other);
      const blockerModel = await loadedModel(other);
      assert.deepEqual(
        blockerModel.dependencies?.blocks.map((reference) => reference.number),
        [blocked.number],
      );
    });

    test('the panel serializer restores a view from its saved state, and closes one it cannot restore', async () => {
      const api = await teahouse();
      const { client } = await localServer();
      await vscode.commands.executeCommand('workbench.action.closeAllEditors');
      await waitFor(() => api.webviews.panels.length === 0, 'the views to close');
      const restored = vscode.window.createWebviewPanel(
        'teahouse.issue',
        'restoring',
        vscode.ViewColumn.Active,
      );
      await api.webviews.restore(restored, { ...issueTarget, draft: 'kept across the reload' });
      const model = await loadedModel(issueTarget);
      const issue = await client.api.issueGetIssue({ ...issueTarget });
      assert.equal(model.issue.title, issue.title);
      assert.equal(restored.title, `#${issue.number} ${issue.title}`);

      const broken = vscode.window.createWebviewPanel('teahouse.issue', 'broken', vscode.ViewColumn.Active);
      let disposed = false;
      broken.onDidDispose(() => (disposed = true));
      await api.webviews.restore(broken, {
        kind: 'issue',
        account: 'no-such-account',
        owner: 'a',
        repo: 'b',
        index: 1,
      });
      assert.ok(disposed, 'a state naming no account closes the panel');
    });

    test('Preview with Server renders the markdown file with the workspace repository as context and follows edits', async () => {
      const api = await teahouse();
      const [repository] = await api.workspaceRepositories();
      assert.ok(repository, 'the workspace repository is matched to an account');
      const file = path.join(repository.rootPath, `preview-${randomBytes(3).toString('hex')}.md`);
      await writeFile(file, `# Preview\n\n${markdownBody}\n`);
      try {
        const editor = await vscode.window.showTextDocument(vscode.Uri.file(file));
        await vscode.commands.executeCommand('teahouse.previewMarkdown');
        const first = await waitFor(
          () => (api.webviews.preview.html?.includes('<table>') ? api.webviews.preview.html : undefined),
          'the first render',
        );
        assert.match(first, /<h1[^>]*>Preview<\/h1>/);
        assert.match(first, new RegExp(`href="[^"]*/${repository.owner}/${repository.repo}/issues/1"`));
        await editor.edit((edit) =>
          edit.insert(new vscode.Position(editor.document.lineCount, 0), '\nNow **edited**.\n'),
        );
        await waitFor(
          () => api.webviews.preview.html?.includes('<strong>edited</strong>'),
          'the render after the edit',
        );
      } finally {
        await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
        await rm(file, { force: true });
      }
    });
  });
}
