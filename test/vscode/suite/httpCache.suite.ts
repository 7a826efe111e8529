/// <reference types="mocha" />
import assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { TeahouseApi } from '../../../src/extension/api';
import type { TreeNode } from '../../../src/extension/views/nodes';
import { children, localServer, teahouse } from './helpers';
import { seedBasics, seedIssues } from './seed';

const views = ['repositories', 'issues', 'pullRequests', 'organizations'] as const;
const seededIssueCount = 120;

/** Opens every expandable node down to `depth` and loads every page, as a user going through the trees would. */
async function expandAll(
  tree: vscode.TreeDataProvider<TreeNode>,
  depth: number,
  parent?: TreeNode,
): Promise<number> {
  let list = await children(tree, parent);
  for (let pages = 0; list.at(-1)?.kind === 'loadMore' && pages < 10; pages++) {
    const command = ((await tree.getTreeItem(list.at(-1) as TreeNode)) as vscode.TreeItem).command;
    assert.ok(command);
    await vscode.commands.executeCommand(command.command, ...(command.arguments ?? []));
    list = await children(tree, parent);
  }
  let shown = 0;
  for (const node of list) {
    shown += 1;
    const item = (await tree.getTreeItem(node)) as vscode.TreeItem;
    const expandable =
      item.collapsibleState !== undefined && item.collapsibleState !== vscode.TreeItemCollapsibleState.None;
    if (expandable && depth > 1) shown += await expandAll(tree, depth - 1, node);
  }
  return shown;
}

function renders(api: TeahouseApi): Record<(typeof views)[number], number> {
  return Object.fromEntries(views.map((view) => [view, api.trees[view].renders])) as Record<
    (typeof views)[number],
    number
  >;
}

async function refreshAll(): Promise<void> {
  for (const view of views) await vscode.commands.executeCommand(`teahouse.${view}.refresh`);
}

export function httpCacheSuite(): void {
  suite('http cache', () => {
    test('refreshing unchanged trees costs only 304s and renders nothing; a changed issue renders its list', async function () {
      this.timeout(180_000);
      const api = await teahouse();
      const { client } = await localServer();
      const { demo, me } = await seedBasics();
      await seedIssues();
      for (let n = 1; n <= seededIssueCount; n++) {
        await client.api.issueCreateIssue({ ...demo, body: { title: `cached issue ${n}` } }, { sudo: me });
      }
      await refreshAll();
      let shown = 0;
      for (const view of views) shown += await expandAll(api.trees[view], 4);
      assert.ok(shown >= 200, `only ${shown} nodes shown`);

      // Every write of the server changes its tags, and it may still write for a moment after the seeding
      // (its search index): up to five refreshes wait for that to settle.
      let quiet = false;
      for (let round = 1; round <= 10 && !quiet; round++) {
        const a = await api.http.stats();
        await refreshAll();
        const b = await api.http.stats();
        quiet = b.sent - a.sent === b.notModified - a.notModified;
        console.log(
          `http cache: settling refresh ${round}: ${b.sent - a.sent} sent, ${b.notModified - a.notModified} were 304s; renders ${JSON.stringify(renders(api))}`,
        );
        if (!quiet) await new Promise((resolve) => setTimeout(resolve, 1_000));
      }

      // A background write of the server (a pull request's mergeability, its search index) between two
      // refreshes changes every tag; the property is that a refresh over unchanged data costs only 304s and
      // renders nothing, so a measured refresh that met such a write is measured again (at most three times).
      let sent = 0;
      let notModified = -1;
      let rendered = true;
      for (let attempt = 1; attempt <= 3 && (notModified !== sent || rendered); attempt++) {
        const before = await api.http.stats();
        const rendersBefore = renders(api);
        await refreshAll();
        const after = await api.http.stats();
        sent = after.sent - before.sent;
        notModified = after.notModified - before.notModified;
        rendered = JSON.stringify(renders(api)) !== JSON.stringify(rendersBefore);
        console.log(
          `http cache: ${shown} nodes shown; refresh ${attempt} sent ${sent} requests, ${notModified} were 304s; rendered again: ${rendered}`,
        );
      }
      assert.ok(sent > 0, 'the refresh asked the server');
      assert.ok(quiet, 'the server settled');
      assert.equal(notModified, sent, 'a refresh over unchanged data costs only 304s');
      assert.equal(rendered, false, 'no view rendered again');

      const changed = await client.api.issueCreateIssue(
        { ...demo, body: { title: 'a new one' } },
        { sudo: me },
      );
      await client.api.issueEditIssue({ ...demo, index: changed.number, body: { title: 'a changed one' } });
      const beforeChange = await api.http.stats();
      const rendersBeforeChange = renders(api);
      await refreshAll();
      const afterChange = await api.http.stats();
      assert.ok(
        afterChange.sent - beforeChange.sent > afterChange.notModified - beforeChange.notModified,
        'the changed lists came with a 200',
      );
      const rendersAfterChange = renders(api);
      assert.ok(
        rendersAfterChange.issues > rendersBeforeChange.issues,
        'the Issues view rendered the change',
      );
      assert.equal(rendersAfterChange.organizations, rendersBeforeChange.organizations);
      console.log(
        `http cache: after one issue changed, refresh sent ${afterChange.sent - beforeChange.sent}, ` +
          `${afterChange.notModified - beforeChange.notModified} were 304s; renders ${JSON.stringify(rendersBeforeChange)} → ${JSON.stringify(rendersAfterChange)}`,
      );
    });
  });
}
