/// <reference types="mocha" />
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import * as vscode from 'vscode';
import { localServer, seedOrSkip, teahouse, waitFor } from './helpers';
import { seedBasics } from './seed';

const run = promisify(execFile);

interface PermalinkWorld {
  readonly rootPath: string;
  /** `{server}{owner}/teahouse-demo/src/commit/{HEAD}/`, built here from the server and git. */
  readonly commitBase: string;
}

async function seedPermalinkWorld(): Promise<PermalinkWorld> {
  const api = await teahouse();
  const { demo } = await seedBasics();
  const match = await waitFor(
    async () =>
      (await api.workspaceRepositories()).find(
        (candidate) => candidate.account === 'local' && candidate.repo === demo.repo,
      ),
    'the workspace repository matched to the Local account',
  );
  const local = api.accounts.list().find((account) => account.id === 'local');
  assert.ok(local, 'the Local account');
  const sha = (await run('git', ['rev-parse', 'HEAD'], { cwd: match.rootPath })).stdout.trim();
  assert.match(sha, /^[0-9a-f]{40}$/);
  return {
    rootPath: match.rootPath,
    commitBase: new URL(`${demo.owner}/${demo.repo}/src/commit/${sha}/`, local.serverUrl).href,
  };
}

async function showReadme(world: PermalinkWorld, selection: vscode.Selection): Promise<void> {
  const document = await vscode.workspace.openTextDocument(path.join(world.rootPath, 'README.md'));
  const editor = await vscode.window.showTextDocument(document);
  editor.selection = selection;
}

export function permalinkSuite(): void {
  suite('permalinks', () => {
    let world: PermalinkWorld;

    suiteSetup(async function () {
      world = await seedOrSkip(this, seedPermalinkWorld);
    });

    suiteTeardown(async () => {
      await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    });

    test('Copy Permalink puts the file at HEAD with the selected lines on the clipboard', async () => {
      await vscode.env.clipboard.writeText('');
      // lines 2–3 selected by dragging to the start of line 4: line 4 is not part of it
      await showReadme(world, new vscode.Selection(1, 0, 3, 0));
      const returned = await vscode.commands.executeCommand<string>('teahouse.copyPermalink');
      const expected = `${world.commitBase}README.md#L2-L3`;
      assert.equal(await vscode.env.clipboard.readText(), expected);
      assert.equal(returned, expected);
    });

    test("one line is #Ln, a cursor links its own line (as GitHub's does), and the server answers the link", async () => {
      await showReadme(world, new vscode.Selection(2, 2, 2, 9));
      await vscode.commands.executeCommand('teahouse.copyPermalink');
      assert.equal(await vscode.env.clipboard.readText(), `${world.commitBase}README.md#L3`);

      await showReadme(world, new vscode.Selection(2, 3, 2, 3));
      await vscode.commands.executeCommand('teahouse.copyPermalink');
      const lineUrl = await vscode.env.clipboard.readText();
      assert.equal(lineUrl, `${world.commitBase}README.md#L3`);

      const fileUrl = lineUrl.replace(/#.*$/, '');
      const { admin } = await localServer();
      const response = await fetch(fileUrl, { headers: { authorization: `token ${admin.token}` } });
      assert.equal(response.status, 200, `the server shows ${fileUrl}`);
      assert.match(await response.text(), /README\.md/);
      const missing = await fetch(`${world.commitBase}no-such-file.md`, {
        headers: { authorization: `token ${admin.token}` },
      });
      assert.equal(missing.status, 404, 'the server tells a file that is not there from one that is');
    });

    test('unsaved changes warn before copying: dismissed, nothing is copied', async () => {
      await vscode.env.clipboard.writeText('unchanged');
      await showReadme(world, new vscode.Selection(0, 0, 0, 5));
      const editor = vscode.window.activeTextEditor;
      assert.ok(editor);
      await editor.edit((edit) => edit.insert(new vscode.Position(0, 0), 'unsaved '));
      try {
        let settled = false;
        const copying = Promise.resolve(
          vscode.commands.executeCommand<string | undefined>('teahouse.copyPermalink'),
        ).finally(() => {
          settled = true;
        });
        // the warning waits for an answer: closing it answers "no"
        await waitFor(async () => {
          await vscode.commands.executeCommand('notifications.clearAll');
          return settled;
        }, 'the warning to be dismissed');
        assert.equal(await copying, undefined);
        assert.equal(await vscode.env.clipboard.readText(), 'unchanged');
      } finally {
        await vscode.commands.executeCommand('workbench.action.files.revert');
      }
    });

    test('a file outside every matched repository is a clear error, and nothing is copied', async () => {
      const api = await teahouse();
      await vscode.env.clipboard.writeText('unchanged');
      const outside = path.join(mkdtempSync(path.join(tmpdir(), 'teahouse-outside-')), 'scratch.txt');
      writeFileSync(outside, 'scratch\n');
      const document = await vscode.workspace.openTextDocument(outside);
      await vscode.window.showTextDocument(document);
      const reported = new Promise<{ command: string; message: string }>((resolve) => {
        const listener = api.errors.onDidReport((error) => {
          listener.dispose();
          resolve(error);
        });
      });
      const returned = await vscode.commands.executeCommand<string | undefined>('teahouse.copyPermalink');
      assert.equal(returned, undefined);
      const error = await reported;
      assert.equal(error.command, 'teahouse.copyPermalink');
      assert.match(error.message, /scratch\.txt is not in a workspace repository/);
      assert.equal(await vscode.env.clipboard.readText(), 'unchanged');
    });
  });
}
