/// <reference types="mocha" />
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import * as vscode from 'vscode';
import { TeahouseClient } from '../../../src/api/client';
import type { Repository, WikiPage } from '../../../src/api/types';
import type { Account } from '../../../src/extension/accounts/account';
import type { NodeOf, TreeNode } from '../../../src/extension/views/nodes';
import { wikiAuthority } from '../../../src/extension/wiki/wikiUri';
import { gitea122Tokens, startGitea122Double, type Gitea122Double } from '../../helpers/gitea122Double';
import {
  children,
  extensionId,
  labelOf,
  localAccount,
  localServer,
  teahouse,
  unique,
  waitFor,
} from './helpers';
import { addRemoteAccount, createRemoteUser, removeRemoteAccounts } from './remoteServer';

const run = promisify(execFile);

function pageUri(account: string, owner: string, repo: string, title: string): vscode.Uri {
  return vscode.Uri.from({
    scheme: 'teahouse-wiki',
    authority: wikiAuthority(account),
    path: `/${owner}/${repo}/${title}.md`,
  });
}

/**
 * Saves the active editor's page as a user does (the Save command), accepting the commit message box with
 * its default text, until the wiki has a commit with `message`. The wiki's history is what is asserted:
 * under load VS Code may answer a save before the provider's write has ended.
 */
async function saveAcceptingMessage(gitDir: string, message: string): Promise<void> {
  void vscode.commands.executeCommand('workbench.action.files.save');
  await waitFor(
    async () => {
      await vscode.commands.executeCommand('workbench.action.acceptSelectedQuickOpenItem');
      return (await gitLog(gitDir).catch((): string[] => [])).includes(message);
    },
    `a wiki commit "${message}" after the message box was accepted`,
    60_000,
  );
}

async function replaceText(uri: vscode.Uri, text: string): Promise<vscode.TextDocument> {
  const editor = await vscode.window.showTextDocument(uri, { preview: false });
  const { document } = editor;
  await editor.edit((edit) => edit.replace(new vscode.Range(0, 0, document.lineCount, 0), text));
  return document;
}

/** The Wiki folder of a repository node, as the Repositories view shows it. */
async function wikiFolder(
  tree: vscode.TreeDataProvider<TreeNode>,
  repository: TreeNode,
): Promise<TreeNode | undefined> {
  return (await children(tree, repository)).find((node) => node.kind === 'folder' && node.folder === 'wiki');
}

function repositoryNode(account: Account, repository: Repository): TreeNode {
  return {
    kind: 'repository',
    id: unique('wiki-suite'),
    parent: undefined,
    account,
    repository,
    showOwner: true,
  };
}

async function gitLog(gitDir: string): Promise<string[]> {
  const { stdout } = await run('git', ['--git-dir', gitDir, 'log', '--format=%s']);
  return stdout.trim().split('\n');
}

/**
 * The wiki in the editor: a Wiki folder under each repository lists its pages; a page opens as a markdown
 * document of `teahouse-wiki:`; saving commits it (the message box's default), new pages are created on their
 * first save; rename, delete and revisions; a reader's pages are read-only; a Gitea 1.22's wiki reads the same.
 */
export function wikiSuite(): void {
  suite('the wiki in the editor', () => {
    let client: TeahouseClient;
    let owner: string;
    const repo = unique('wiki');
    let wikiGitDir: string;
    let serverUrl: string;
    let firstSha = '';

    suiteSetup(async function () {
      this.timeout(60_000);
      const server = await localServer();
      client = server.client;
      serverUrl = server.url;
      owner = (await localAccount()).username;
      await client.api.adminCreateRepo({ username: owner, body: { name: repo } });
      const api = await teahouse();
      wikiGitDir = path.join(
        api.localServer.dataDir,
        'repositories',
        owner.toLowerCase(),
        `${repo.toLowerCase()}.wiki.git`,
      );
    });

    suiteTeardown(async () => {
      await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    });

    test('a page made with "New Wiki Page…", written and saved twice, is two commits of the wiki and its web page', async function () {
      this.timeout(120_000);
      const api = await teahouse();
      const tree = api.trees.repositories;
      const repository = await client.api.repoGet({ owner, repo });
      const local = api.accounts.list().find((account) => account.id === 'local');
      assert.ok(local);
      const folder = await wikiFolder(tree, repositoryNode(local, repository));
      assert.ok(folder, 'a repository with the wiki unit shows a Wiki folder');
      assert.deepEqual(
        (await children(tree, folder)).map((node) => node.kind),
        ['message'],
        'an empty wiki says it has no pages yet',
      );

      const created = await vscode.commands.executeCommand<string>('teahouse.newWikiPage', folder, {
        title: 'Team Notes',
      });
      assert.ok(created, api.errors.last?.message);
      const uri = vscode.Uri.parse(created);
      assert.equal(vscode.window.activeTextEditor?.document.uri.toString(), uri.toString());
      assert.equal(vscode.window.activeTextEditor?.document.languageId, 'markdown');

      await replaceText(uri, 'first text\n');
      void vscode.commands.executeCommand('teahouse.saveWikiPage', uri, { message: 'Start the team notes' });
      await waitFor(
        async () => (await gitLog(wikiGitDir).catch((): string[] => [])).includes('Start the team notes'),
        'the first save to commit',
        60_000,
      );
      await waitFor(() => !vscode.window.activeTextEditor?.document.isDirty, 'the document to be saved');
      await replaceText(uri, 'second text\n');
      await saveAcceptingMessage(wikiGitDir, 'Update Team Notes');
      await waitFor(() => !vscode.window.activeTextEditor?.document.isDirty, 'the document to be saved');

      assert.deepEqual(await gitLog(wikiGitDir), ['Update Team Notes', 'Start the team notes']);
      firstSha = (await run('git', ['--git-dir', wikiGitDir, 'rev-parse', 'HEAD~1'])).stdout.trim();

      const page = await fetch(new URL(`${owner}/${repo}/wiki/Team-Notes`, serverUrl));
      assert.equal(page.status, 200);
      const html = await page.text();
      assert.ok(html.includes('second text'), 'the web page shows the saved text');

      const listed = await waitFor(async () => {
        const nodes = await children(tree, folder);
        const tooltip = nodes[0] && (tree.getTreeItem(nodes[0]) as vscode.TreeItem).tooltip;
        return tooltip instanceof vscode.MarkdownString && tooltip.value.includes('Update Team Notes')
          ? nodes
          : undefined;
      }, 'the Wiki folder to list the new page with its last commit');
      assert.deepEqual(
        listed.map((node) => labelOf(tree, node)),
        ['Team Notes'],
      );
      const item = tree.getTreeItem(listed[0] as TreeNode) as vscode.TreeItem;
      assert.ok(
        item.tooltip instanceof vscode.MarkdownString && item.tooltip.value.includes('Update Team Notes'),
      );
    });

    test('a revision opens read-only with the text it had, and compares with the current page', async function () {
      this.timeout(60_000);
      assert.ok(firstSha, 'the first test made two revisions');
      const uri = pageUri('local', owner, repo, 'Team Notes');
      const revisions = await client.api.repoGetWikiPageRevisions({ owner, repo, pageName: 'Team-Notes' });
      assert.deepEqual(revisions.commits.map((commit) => commit.sha).at(-1), firstSha);

      const opened = await vscode.commands.executeCommand<string>('teahouse.showWikiPageRevisions', uri, {
        sha: firstSha,
      });
      assert.ok(opened, (await teahouse()).errors.last?.message);
      const revision = vscode.Uri.parse(opened);
      const document = await vscode.workspace.openTextDocument(revision);
      assert.equal(document.getText(), 'first text\n');
      assert.equal((await vscode.workspace.fs.stat(revision)).permissions, vscode.FilePermission.Readonly);

      await vscode.commands.executeCommand('teahouse.showWikiPageRevisions', uri, {
        sha: firstSha,
        compare: true,
      });
      const tab = vscode.window.tabGroups.activeTabGroup.activeTab;
      assert.ok(tab?.input instanceof vscode.TabInputTextDiff);
      assert.equal(tab.input.original.toString(), revision.toString());
      assert.equal(tab.input.modified.toString(), uri.toString());
    });

    test('the server-rendered preview shows a wiki page', async function () {
      this.timeout(60_000);
      const api = await teahouse();
      const uri = pageUri('local', owner, repo, 'Team Notes');
      const rendered = new Promise<string>((resolve) => api.webviews.preview.onDidRender(resolve));
      await vscode.commands.executeCommand('teahouse.previewWikiPage', uri);
      const html = await rendered;
      assert.ok(html.includes('second text'), html);
    });

    test('a page changed on the server since it was opened is not overwritten unless asked', async function () {
      this.timeout(60_000);
      const uri = pageUri('local', owner, repo, 'Team Notes');
      await replaceText(uri, 'my edit\n');
      await client.api.repoEditWikiPage({
        owner,
        repo,
        pageName: 'Team-Notes',
        body: {
          title: 'Team Notes',
          content_base64: Buffer.from('their edit\n').toString('base64'),
          message: 'Theirs',
        },
      });
      const kept = await vscode.commands.executeCommand<boolean>('teahouse.saveWikiPage', uri, {
        message: 'Mine',
        onConflict: 'keep',
      });
      assert.notEqual(kept, true);
      const document = await vscode.workspace.openTextDocument(uri);
      assert.equal(document.getText(), 'my edit\n', 'the text stays in the editor');
      assert.equal(document.isDirty, true);
      assert.deepEqual((await gitLog(wikiGitDir)).slice(0, 1), ['Theirs'], 'nothing was committed over it');

      void vscode.commands.executeCommand('teahouse.saveWikiPage', uri, {
        message: 'Mine',
        onConflict: 'overwrite',
      });
      await waitFor(async () => (await gitLog(wikiGitDir))[0] === 'Mine', 'the overwrite to commit', 60_000);
      const page = await client.api.repoGetWikiPage({ owner, repo, pageName: 'Team-Notes' });
      assert.equal(Buffer.from(page.content_base64, 'base64').toString(), 'my edit\n');
      await waitFor(() => !document.isDirty, 'the document to be saved');
    });

    test('renaming a page moves it in one commit; deleting it removes it', async function () {
      this.timeout(60_000);
      const uri = pageUri('local', owner, repo, 'Team Notes');
      const renamed = await vscode.commands.executeCommand<string>('teahouse.renameWikiPage', uri, {
        title: 'Team Handbook',
      });
      assert.ok(renamed, (await teahouse()).errors.last?.message);
      const moved = await client.api.repoGetWikiPage({ owner, repo, pageName: 'Team-Handbook' });
      assert.equal(Buffer.from(moved.content_base64, 'base64').toString(), 'my edit\n');
      await assert.rejects(client.api.repoGetWikiPage({ owner, repo, pageName: 'Team-Notes' }), /404|not/i);
      assert.equal((await gitLog(wikiGitDir))[0], 'Rename Team Notes to Team Handbook');

      const deleted = await vscode.commands.executeCommand<boolean>(
        'teahouse.deleteWikiPage',
        vscode.Uri.parse(renamed),
        {
          confirm: false,
        },
      );
      assert.equal(deleted, true, (await teahouse()).errors.last?.message);
      await assert.rejects(
        client.api.repoGetWikiPage({ owner, repo, pageName: 'Team-Handbook' }),
        /404|not/i,
      );
      assert.equal((await gitLog(wikiGitDir)).length, 6);
    });

    test("a reader's wiki page is read-only: shown, never written", async function () {
      this.timeout(60_000);
      const writer = await createRemoteUser('wikiwriter');
      const reader = await createRemoteUser('wikireader');
      const name = unique('rules');
      await writer.client.api.createCurrentUserRepo({ body: { name } });
      await writer.client.api.repoCreateWikiPage({
        owner: writer.username,
        repo: name,
        body: { title: 'Rules', content_base64: Buffer.from('be kind\n').toString('base64') },
      });
      await writer.client.api.repoAddCollaborator({
        owner: writer.username,
        repo: name,
        collaborator: reader.username,
        body: { permission: 'read' },
      });
      try {
        const account = await addRemoteAccount(reader);
        const uri = pageUri(account.id, writer.username, name, 'Rules');
        const document = await vscode.workspace.openTextDocument(uri);
        assert.equal(document.getText(), 'be kind\n');
        assert.equal((await vscode.workspace.fs.stat(uri)).permissions, vscode.FilePermission.Readonly);
        await assert.rejects(Promise.resolve(vscode.workspace.fs.writeFile(uri, Buffer.from('be mean\n'))));
        const page: WikiPage = await writer.client.api.repoGetWikiPage({
          owner: writer.username,
          repo: name,
          pageName: 'Rules',
        });
        assert.equal(Buffer.from(page.content_base64, 'base64').toString(), 'be kind\n');
      } finally {
        await vscode.commands.executeCommand('workbench.action.closeAllEditors');
        await removeRemoteAccounts();
      }
    });

    suite('a Gitea 1.22 server', () => {
      let double: Gitea122Double;
      let account: Account;

      suiteSetup(async function () {
        this.timeout(60_000);
        double = await startGitea122Double();
        account = await vscode.commands.executeCommand<Account>('teahouse.addServer', {
          url: double.url,
          token: gitea122Tokens.root,
        });
        assert.equal(account?.username, 'root');
      });

      suiteTeardown(async () => {
        await vscode.commands.executeCommand('workbench.action.closeAllEditors');
        await removeRemoteAccounts();
        await double?.close();
      });

      test('the Wiki folder lists the recorded pages and a page opens with its recorded text', async function () {
        this.timeout(60_000);
        const api = await teahouse();
        const tree = api.trees.repositories;
        const rootClient = new TeahouseClient({
          baseUrl: double.url,
          proxy: 'none',
          auth: { kind: 'token', token: gitea122Tokens.root },
        });
        const repository = await rootClient.api.repoGet({ owner: 'root', repo: 'rec-1128165022' });
        await rootClient.close();
        const folder = await wikiFolder(tree, repositoryNode(account, repository));
        assert.ok(folder, 'Gitea 1.22 has the wiki API');
        const pages = (await children(tree, folder)).filter(
          (node): node is NodeOf<'wikiPage'> => node.kind === 'wikiPage',
        );
        assert.deepEqual(
          pages.map((node) => labelOf(tree, node)),
          ['Home', 'Setup Guide'],
        );

        const opened = await vscode.commands.executeCommand<string>('teahouse.openWikiPage', pages[1]);
        assert.ok(opened, api.errors.last?.message);
        const root = vscode.extensions.getExtension(extensionId)?.extensionPath ?? '';
        const recorded = (
          JSON.parse(
            readFileSync(path.join(root, 'test', 'fixtures', 'gitea-1.22-answers.json'), 'utf8'),
          ) as {
            answers: { path: string; body: { content_base64?: string } }[];
          }
        ).answers.find((answer) => answer.path === '/repos/root/rec-1128165022/wiki/page/Setup-Guide');
        const text = Buffer.from(recorded?.body.content_base64 ?? '', 'base64').toString();
        assert.ok(text.length > 0);
        assert.equal(vscode.window.activeTextEditor?.document.getText(), text);
        assert.ok(
          double.requests.some((request) =>
            request.startsWith('GET /repos/root/rec-1128165022/wiki/page/Setup-Guide'),
          ),
        );
      });
    });
  });
}
