/// <reference types="mocha" />
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import * as vscode from 'vscode';
import type { Issue } from '../../../src/api/types';
import type { Account } from '../../../src/extension/accounts/account';
import type { PanelTarget } from '../../../src/webview/protocol';
import { localAccount, localServer, seedOrSkip, teahouse, unique, waitFor } from './helpers';
import { addRemoteAccount, createRemoteUser, removeRemoteAccounts } from './remoteServer';
import { seedBasics } from './seed';
import { git } from './workspaceGit';

/** The message of the next error a command reports. */
function nextError(): Promise<{ command: string; message: string }> {
  return teahouse().then(
    (api) =>
      new Promise((resolve) => {
        const listener = api.errors.onDidReport((error) => {
          listener.dispose();
          resolve(error);
        });
      }),
  );
}

const base64 = (text: string) => Buffer.from(text, 'utf8').toString('base64');

export function todoAndEditSuite(): void {
  suite('issue from a TODO, editing title and description, issue templates', () => {
    const folder = vscode.workspace.workspaceFolders?.[0]?.uri.fsPath ?? '';
    let todoFile: string | undefined;

    teardown(async () => {
      await vscode.commands.executeCommand('workbench.action.closeAllEditors');
      if (todoFile) {
        await git(folder, 'rm', '--quiet', '-f', '--', path.basename(todoFile));
        await git(folder, 'commit', '--quiet', '-m', 'remove the TODO fixture');
        todoFile = undefined;
      }
    });

    suiteTeardown(async () => {
      await removeRemoteAccounts();
    });

    test('a TODO becomes an issue with the permalink and a snippet, and the line names the issue', async function () {
      this.timeout(120_000);
      const { client } = await localServer();
      const { demo } = await seedOrSkip(this, seedBasics);
      const name = `${unique('todo')}.ts`;
      todoFile = path.join(folder, name);
      writeFileSync(
        todoFile,
        [
          'export function fields(line: string): string[] {',
          '  const trimmed = line.trim();',
          '  // TODO: handle quoted commas',
          "  return trimmed.split(',');",
          '}',
          '',
        ].join('\n'),
      );
      await git(folder, 'add', '--', name);
      await git(folder, 'commit', '--quiet', '-m', 'a TODO to turn into an issue');
      const sha = await git(folder, 'rev-parse', 'HEAD');
      const document = await vscode.workspace.openTextDocument(todoFile);
      await vscode.window.showTextDocument(document);

      const actions = await vscode.commands.executeCommand<vscode.CodeAction[]>(
        'vscode.executeCodeActionProvider',
        document.uri,
        new vscode.Range(2, 5, 2, 5),
      );
      const action = actions.find((candidate) => candidate.title === 'Create Issue from TODO');
      assert.ok(action?.command, `actions: ${actions.map((candidate) => candidate.title).join(', ')}`);
      const none = await vscode.commands.executeCommand<vscode.CodeAction[]>(
        'vscode.executeCodeActionProvider',
        document.uri,
        new vscode.Range(3, 0, 3, 0),
      );
      assert.ok(!none.some((candidate) => candidate.title.startsWith('Create Issue from')), 'not on code');

      // the title box comes prefilled with the text after the trigger: accept it as it is
      const creating = Promise.resolve(
        vscode.commands.executeCommand<{ number: number; url: string } | undefined>(
          action.command.command,
          ...(action.command.arguments ?? []),
        ),
      );
      let settled = false;
      void creating.finally(() => (settled = true));
      await waitFor(
        async () => {
          await vscode.commands.executeCommand('workbench.action.acceptSelectedQuickOpenItem');
          return settled;
        },
        'the title box to be accepted',
        60_000,
      );
      const created = await creating;
      assert.ok(created, (await teahouse()).errors.last?.message);

      const issue = await client.api.issueGetIssue({ ...demo, index: created.number });
      assert.equal(issue.title, 'handle quoted commas');
      const local = (await teahouse()).accounts.list().find((account) => account.id === 'local');
      const permalink = new URL(`${demo.owner}/${demo.repo}/src/commit/${sha}/${name}#L3`, local?.serverUrl)
        .href;
      assert.ok(issue.body.startsWith(`${permalink}\n`), issue.body);
      assert.match(
        issue.body,
        /```typescript\n[^`]*\/\/ TODO: handle quoted commas\n {2}return trimmed\.split/,
      );
      assert.equal(document.lineAt(2).text, `  // TODO(#${created.number}): handle quoted commas`);
      const linked = await vscode.commands.executeCommand<vscode.CodeAction[]>(
        'vscode.executeCodeActionProvider',
        document.uri,
        new vscode.Range(2, 5, 2, 5),
      );
      assert.ok(!linked.some((candidate) => candidate.title.startsWith('Create Issue from')), 'linked now');
      await vscode.commands.executeCommand('workbench.action.files.revert');
    });

    test('a TODO in a file the server does not have yet: the path and line instead of a permalink', async function () {
      const { client } = await localServer();
      const { demo } = await seedOrSkip(this, seedBasics);
      const name = `${unique('untracked')}.py`;
      const file = path.join(folder, name);
      writeFileSync(file, 'x = 1\n# FIXME make it two\n');
      try {
        const document = await vscode.workspace.openTextDocument(file);
        const created = await vscode.commands.executeCommand<{ number: number } | undefined>(
          'teahouse.createIssueFromTodo',
          { uri: document.uri.toString(), line: 1, title: 'make it two' },
        );
        assert.ok(created, (await teahouse()).errors.last?.message);
        const issue = await client.api.issueGetIssue({ ...demo, index: created.number });
        assert.ok(issue.body.startsWith(`\`${name}\` line 2 (`), issue.body);
        assert.doesNotMatch(issue.body, /\/src\/commit\//);
        assert.match(issue.body, /```python\nx = 1\n# FIXME make it two\n```/);
        assert.equal(document.lineAt(1).text, `# FIXME(#${created.number}) make it two`);
        await vscode.window.showTextDocument(document);
        await vscode.commands.executeCommand('workbench.action.files.revert');
      } finally {
        rmSync(file, { force: true });
      }
    });

    test('a TODO outside every repository of a connected server is a clear error, and no issue', async () => {
      const outside = path.join(mkdtempSync(path.join(tmpdir(), 'teahouse-todo-')), 'scratch.ts');
      writeFileSync(outside, '// FIXME: somewhere\n');
      try {
        const document = await vscode.workspace.openTextDocument(outside);
        await vscode.window.showTextDocument(document);
        const reported = nextError();
        const result = await vscode.commands.executeCommand('teahouse.createIssueFromTodo', {
          uri: document.uri.toString(),
          line: 0,
          title: 'never created',
        });
        assert.equal(result, undefined);
        const error = await reported;
        assert.equal(error.command, 'teahouse.createIssueFromTodo');
        assert.match(
          error.message,
          /scratch\.ts is not in a workspace repository whose remote is on a connected server/,
        );
        assert.equal(document.lineAt(0).text, '// FIXME: somewhere');
      } finally {
        rmSync(path.dirname(outside), { recursive: true, force: true });
      }
    });

    test('Edit Title… and Edit Description… change the issue on the server, and its open view', async function () {
      const { client } = await localServer();
      const { demo } = await seedBasics();
      const issue = await seedOrSkip(this, () =>
        client.api.issueCreateIssue({ ...demo, body: { title: unique('Before'), body: 'old text' } }),
      );
      const target = { account: 'local', repository: `${demo.owner}/${demo.repo}`, index: issue.number };
      const title = unique('After');
      const edited = await vscode.commands.executeCommand<Issue>('teahouse.editIssueTitle', {
        ...target,
        title,
      });
      assert.equal(edited?.title, title, (await teahouse()).errors.last?.message);
      assert.equal((await client.api.issueGetIssue({ ...demo, index: issue.number })).title, title);

      // Edit Description… without a body opens the view (its editor open); with one it saves and refreshes it
      const opened = await vscode.commands.executeCommand<PanelTarget>(
        'teahouse.editIssueDescription',
        target,
      );
      assert.equal(opened?.index, issue.number, (await teahouse()).errors.last?.message);
      const api = await teahouse();
      const panel = () => api.webviews.panels.find((candidate) => candidate.target.index === issue.number);
      await waitFor(() => panel()?.model, 'the view to load', 30_000);
      assert.equal(panel()?.model?.issue.canEdit, true);
      assert.equal(panel()?.model?.issue.body, 'old text');
      await vscode.commands.executeCommand('teahouse.editIssueDescription', {
        ...target,
        body: 'new **text**',
      });
      assert.equal((await client.api.issueGetIssue({ ...demo, index: issue.number })).body, 'new **text**');
      await waitFor(
        () => panel()?.model?.issue.body === 'new **text**',
        'the open view to show the new text',
      );
      assert.match(panel()?.model?.issue.html ?? '', /<strong>text<\/strong>/);
    });

    test("editing someone else's issue without write access: the 403 is said plainly", async function () {
      this.timeout(60_000);
      const owner = await createRemoteUser('poster');
      const stranger = await createRemoteUser('stranger');
      const repo = unique('guarded');
      await owner.client.api.createCurrentUserRepo({ body: { name: repo, auto_init: true } });
      const issue = await owner.client.api.issueCreateIssue({
        owner: owner.username,
        repo,
        body: { title: 'not yours' },
      });
      const account: Account = await addRemoteAccount(stranger);
      const reported = nextError();
      const result = await vscode.commands.executeCommand('teahouse.editIssueTitle', {
        account: account.id,
        repository: `${owner.username}/${repo}`,
        index: issue.number,
        title: 'taken over',
      });
      assert.equal(result, undefined);
      const error = await reported;
      assert.match(
        error.message,
        new RegExp(
          `You may not edit #${issue.number} in ${owner.username}/${repo}: only its author and the repository's writers may`,
        ),
      );
      const after = await owner.client.api.issueGetIssue({
        owner: owner.username,
        repo,
        index: issue.number,
      });
      assert.equal(after.title, 'not yours');
      await removeRemoteAccounts();
    });

    test('Create Issue with a template: title, description and labels from the template files', async function () {
      const { client } = await localServer();
      const me = (await localAccount()).username;
      const repo = unique('templates');
      await seedOrSkip(this, () =>
        client.api.adminCreateRepo({ username: me, body: { name: repo, auto_init: true } }),
      );
      const ref = { owner: me, repo };
      await client.api.issueCreateLabel({ ...ref, body: { name: 'bug', color: '#ee0701' } });
      const bugBody = '## What happened\n\n## What you expected\n';
      await client.api.repoCreateFile({
        ...ref,
        filepath: '.gitea/ISSUE_TEMPLATE/bug.md',
        body: {
          message: 'bug template',
          content: base64(
            `---\nname: Bug report\nabout: Something is broken\ntitle: "[Bug] "\nlabels: [bug, no-such-label]\n---\n${bugBody}`,
          ),
        },
      });
      const repository = `${me}/${repo}`;
      const issue = await vscode.commands.executeCommand<Issue>('teahouse.createIssue', {
        account: 'local',
        repository,
        template: 'Bug report',
      });
      assert.ok(issue, (await teahouse()).errors.last?.message);
      const stored = await client.api.issueGetIssue({ ...ref, index: issue.number });
      assert.equal(stored.title, '[Bug]');
      assert.equal(stored.body, bugBody);
      assert.deepEqual(
        stored.labels?.map((label) => label.name),
        ['bug'],
      );

      // a one-file template, which the server's issue_templates never lists: read through the contents API
      const single = unique('single');
      await client.api.adminCreateRepo({ username: me, body: { name: single, auto_init: true } });
      await client.api.repoCreateFile({
        owner: me,
        repo: single,
        filepath: '.github/issue_template.md',
        body: { message: 'template', content: base64('Describe the problem.\n') },
      });
      const fromFile = await vscode.commands.executeCommand<Issue>('teahouse.createIssue', {
        account: 'local',
        repository: `${me}/${single}`,
        template: 'issue_template',
        title: 'from the one-file template',
      });
      assert.equal(fromFile?.body, 'Describe the problem.\n', (await teahouse()).errors.last?.message);

      const reported = nextError();
      await vscode.commands.executeCommand('teahouse.createIssue', {
        account: 'local',
        repository,
        template: 'No such template',
      });
      assert.match(
        (await reported).message,
        new RegExp(`${repository} has no issue template "No such template"`),
      );
    });
  });
}
