/// <reference types="mocha" />
import assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { Account } from '../../../src/extension/accounts/account';
import type { NodeOf, TreeNode } from '../../../src/extension/views/nodes';
import type { PanelTarget, ViewModel } from '../../../src/webview/protocol';
import { gitea122Tokens, startGitea122Double, type Gitea122Double } from '../../helpers/gitea122Double';
import { children, teahouse, waitFor } from './helpers';
import { doubleWorkspace, groupsOf, type DoubleWorkspace } from './doubleWorkspace';

const recorded = { owner: 'root', repo: 'rec-1128165022' };

/**
 * The extension against a stand-in for the Gitea 1.22-dev the team recorded (test/helpers/gitea122Double.ts:
 * its answers replayed, nil slices and all), signed in as its root: the issue and pull request views show
 * what that server's own pages show — the timeline, dependencies, the pin, the attachment, the attachment
 * rules — and the features 1.22 lacks (resolving conversations through the API) stay hidden.
 */
export function gitea122Suite(): void {
  suite('a Gitea 1.22 server', () => {
    let double: Gitea122Double;
    let account: Account;
    let workspace: DoubleWorkspace | undefined;

    const open = async (kind: PanelTarget['kind'], index: number): Promise<ViewModel> => {
      const target: PanelTarget = { kind, account: account.id, ...recorded, index };
      await vscode.commands.executeCommand(
        kind === 'issue' ? 'teahouse.openIssue' : 'teahouse.openPullRequest',
        target,
      );
      const api = await teahouse();
      return waitFor(
        () =>
          api.webviews.panels.find(
            (panel) => panel.target.account === account.id && panel.target.index === index,
          )?.model,
        `the view of #${index}`,
      );
    };

    suiteSetup(async function () {
      this.timeout(60_000);
      double = await startGitea122Double();
      workspace = await doubleWorkspace(
        double.url,
        { ...recorded, folder: 'gitea122-rec' },
        { login: 'root', token: gitea122Tokens.root },
      );
      account = workspace.account;
    });

    suiteTeardown(async () => {
      await vscode.commands.executeCommand('workbench.action.closeAllEditors');
      await workspace?.dispose();
      await double?.close();
    });

    test('the account knows its server: a Gitea 1.22-dev', () => {
      assert.equal(account.profile?.kind, 'gitea');
      assert.equal(account.profile?.version, '1.22.0+dev-305-g481e738e7');
      assert.equal(account.profile?.giteaVersion, '1.22.0');
    });

    test('an issue view shows the timeline, the pin, the attachment and the attachment rules', async () => {
      const model = await open('issue', 1);
      assert.equal(model.eventsNote, undefined);
      assert.ok(model.events.length > 0, 'the recorded timeline has events');
      assert.ok(
        model.events.every((event) => event.type !== 'comment'),
        'comments are comments, not events',
      );
      assert.equal(model.issue.pinned, true);
      assert.deepEqual(
        model.issue.attachments.map((attachment) => [attachment.name, attachment.size]),
        [['crash-log.txt', 19]],
      );
      assert.equal(model.uploads?.maxBytes, 4 * 1024 * 1024);
      assert.equal(model.uploads?.maxFiles, 5);
      assert.equal(model.uploadsNote, undefined);
    });

    test('an issue view lists what it depends on, with its state', async () => {
      const model = await open('issue', 2);
      assert.equal(model.dependenciesNote, undefined);
      assert.deepEqual(
        model.dependencies?.dependsOn.map((reference) => [reference.number, reference.state]),
        [[1, 'open']],
      );
    });

    test('a pull request view offers Merge When Checks Succeed (Gitea ≥ 1.17) and shows none scheduled', async () => {
      const model = await open('pullRequest', 4);
      assert.equal(model.pull?.canScheduleMerge, true);
      assert.equal(model.pull?.scheduledMerge, false);
    });

    test("the pinned issue leads the repository's open issues, with its pin", async () => {
      const tree = (await teahouse()).trees.issues;
      const all = (await groupsOf(tree, account)).find((group) => group.group === 'all');
      assert.ok(all, 'the repository has an All Open group');
      const items = (await children(tree, all)).filter(
        (node): node is NodeOf<'issue'> => node.kind === 'issue',
      );
      assert.equal(items[0]?.issue.number, 1);
      assert.equal(items[0]?.issue.pinned, true);
      const item = await tree.getTreeItem(items[0] as TreeNode);
      assert.equal((item.iconPath as vscode.ThemeIcon | undefined)?.id, 'pinned');
    });
  });
}
