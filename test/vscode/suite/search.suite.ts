/// <reference types="mocha" />
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import * as vscode from 'vscode';
import type { Issue } from '../../../src/api/types';
import type { Account } from '../../../src/extension/accounts/account';
import type { NodeOf, TreeNode } from '../../../src/extension/views/nodes';
import { startGitea114Double, type Gitea114Double } from '../../helpers/gitea114Double';
import { children, labelOf, teahouse, unique, waitFor } from './helpers';
import {
  addRemoteAccount,
  createRemoteUser,
  remoteServer,
  removeRemoteAccounts,
  type RemoteUser,
} from './remoteServer';
import { seedTrackerRepository, type Ref } from './trackerFixture';

const run = promisify(execFile);

type View = 'issues' | 'pullRequests';

/** A folder of the workspace whose origin is `url`'s owner/repo, and the wait until it is matched to the account. */
async function cloneInWorkspace(account: Account, url: string, ref: Ref): Promise<string> {
  const folder = path.join(vscode.workspace.workspaceFolders?.[0]?.uri.fsPath ?? '', unique('search'));
  mkdirSync(folder, { recursive: true });
  await run('git', ['init', '--quiet'], { cwd: folder });
  const base = url.endsWith('/') ? url : `${url}/`;
  await run('git', ['remote', 'add', 'origin', `${base}${ref.owner}/${ref.repo}.git`], { cwd: folder });
  const api = await teahouse();
  await waitFor(
    async () =>
      (await api.workspaceRepositories()).some(
        (match) => match.account === account.id && match.owner === ref.owner && match.repo === ref.repo,
      ),
    `${ref.owner}/${ref.repo} to match this workspace`,
  );
  return folder;
}

/** The groups of the repository's scope in a view (or the view's top when it is the only scope). */
async function groupsOf(view: View, account: Account, ref: Ref): Promise<TreeNode[]> {
  const tree = (await teahouse()).trees[view];
  const top = await children(tree, undefined);
  const scope = top.find(
    (node) =>
      node.kind === 'scope' &&
      node.scope.kind === 'repository' &&
      node.scope.account.id === account.id &&
      node.scope.ref.owner === ref.owner &&
      node.scope.ref.repo === ref.repo,
  );
  return (scope ? await children(tree, scope) : top).filter(
    (node) => (node.kind === 'group' || node.kind === 'savedQuery') && node.scope.account.id === account.id,
  );
}

async function savedQueryNamed(
  view: View,
  account: Account,
  ref: Ref,
  label: string,
): Promise<NodeOf<'savedQuery'>> {
  return waitFor(async () => {
    const groups = await groupsOf(view, account, ref);
    return groups.find(
      (node): node is NodeOf<'savedQuery'> => node.kind === 'savedQuery' && node.label === label,
    );
  }, `the saved query "${label}" in ${view}`);
}

async function numbersIn(view: View, node: TreeNode): Promise<number[]> {
  const nodes = await children((await teahouse()).trees[view], node);
  assert.ok(!nodes.some((child) => child.kind === 'loadMore'), 'less than a page');
  return nodes
    .filter((child): child is NodeOf<'issue'> => child.kind === 'issue')
    .map((child) => child.issue.number)
    .sort((a, b) => a - b);
}

async function setQueries(queries: readonly Record<string, unknown>[] | undefined): Promise<void> {
  await vscode.workspace
    .getConfiguration('teahouse')
    .update('queries', queries, vscode.ConfigurationTarget.Global);
}

/**
 * Saved queries (`teahouse.queries`) as groups of the Issues and Pull Requests views, on a seeded tracker of
 * the second Teahouse server and on the Gitea 1.14.1 double; the text search the quick pick runs.
 */
export function searchSuite(): void {
  suite('search and saved queries', () => {
    let owner: RemoteUser;
    let other: RemoteUser;
    let account: Account;
    let ref: Ref;
    let secondBug: number;
    const folders: string[] = [];

    suiteSetup(async function () {
      this.timeout(120_000);
      [owner, other] = [await createRemoteUser('sq-owner'), await createRemoteUser('sq-other')];
      ref = await seedTrackerRepository(owner, other, unique('tracker'), 'Saved queries');
      // #1 by owner (bug, open), #2 by other (closed), #3 a pull request by owner (docs); and #4 by other (bug)
      const labels = await owner.client.api.issueListLabels({ ...ref });
      const bug = labels.find((label) => label.name === 'bug');
      assert.ok(bug);
      secondBug = (
        await other.client.api.issueCreateIssue({
          ...ref,
          body: { title: 'Another crash, on exit', labels: [bug.id] },
        })
      ).number;
      account = await addRemoteAccount(owner);
      folders.push(await cloneInWorkspace(account, remoteServer().url, ref));
    });

    suiteTeardown(async () => {
      await setQueries(undefined);
      for (const folder of folders) rmSync(folder, { recursive: true, force: true });
      await removeRemoteAccounts();
    });

    test('each saved query is a group of its view holding exactly its items', async () => {
      await setQueries([
        { label: 'My bugs', labels: ['bug'], author: '{me}' },
        { label: 'Theirs, any state', created_by: other.username, state: 'all' },
        { label: 'Closed', state: 'closed' },
        { label: 'Docs pulls', type: 'pulls', labels: 'docs' },
        { label: 'Elsewhere', repository: 'nobody/nothing' },
      ]);
      const mine = await savedQueryNamed('issues', account, ref, 'My bugs');
      assert.equal(mine.unavailable, undefined);
      assert.deepEqual(await numbersIn('issues', mine), [1]);
      assert.deepEqual(
        await numbersIn('issues', await savedQueryNamed('issues', account, ref, 'Theirs, any state')),
        [2, secondBug],
      );
      assert.deepEqual(
        await numbersIn('issues', await savedQueryNamed('issues', account, ref, 'Closed')),
        [2],
      );
      assert.deepEqual(
        await numbersIn('pullRequests', await savedQueryNamed('pullRequests', account, ref, 'Docs pulls')),
        [3],
      );
      // a query of pull requests is not in the Issues view, nor one of another repository under this one
      const issuesTree = (await teahouse()).trees.issues;
      const issueGroups = (await groupsOf('issues', account, ref)).map((node) => labelOf(issuesTree, node));
      assert.ok(!issueGroups.includes('Docs pulls'), issueGroups.join(', '));
      assert.ok(!issueGroups.includes('Elsewhere'), issueGroups.join(', '));
      const pullGroups = (await groupsOf('pullRequests', account, ref)).map((node) =>
        node.kind === 'savedQuery' ? node.label : node.kind,
      );
      assert.deepEqual(
        pullGroups.filter((label) => label !== 'group'),
        ['Docs pulls'],
      );
    });

    test('changing the setting refreshes the views', async () => {
      await setQueries([{ label: 'Bugs', labels: 'bug' }]);
      const bugs = await savedQueryNamed('issues', account, ref, 'Bugs');
      assert.deepEqual(await numbersIn('issues', bugs), [1, secondBug]);
      await setQueries([{ label: 'Bugs by them', labels: 'bug', author: other.username }]);
      const theirs = await savedQueryNamed('issues', account, ref, 'Bugs by them');
      assert.deepEqual(await numbersIn('issues', theirs), [secondBug]);
      const labels = (await groupsOf('issues', account, ref)).flatMap((node) =>
        node.kind === 'savedQuery' ? [node.label] : [],
      );
      assert.deepEqual(labels, ['Bugs by them']);
    });

    test('the search the quick pick runs finds by text, in the repository or everywhere, issues or pulls', async () => {
      const search = (args: Record<string, unknown>) =>
        vscode.commands.executeCommand<readonly Issue[] | undefined>('teahouse.searchIssues', {
          account: account.id,
          repository: `${ref.owner}/${ref.repo}`,
          ...args,
        });
      const numbers = async (args: Record<string, unknown>) => {
        const items = await search(args);
        assert.ok(items, (await teahouse()).errors.last?.message);
        return items.map((issue) => issue.number).sort((a, b) => a - b);
      };
      assert.deepEqual(await numbers({ text: 'crash' }), [secondBug]);
      // in the body too, and closed ones (the search is of every state unless asked)
      assert.deepEqual(await numbers({ text: 'other user' }), [2]);
      assert.deepEqual(await numbers({ text: 'done', state: 'open' }), []);
      assert.deepEqual(await numbers({ text: 'feature' }), [3]);
      assert.deepEqual(await numbers({ text: 'feature', pulls: false }), []);
      assert.deepEqual(await numbers({ text: 'feature', pulls: true }), [3]);
      // everywhere: the account's search across repositories finds it, with its repository
      const everywhere = await search({ text: 'Another crash', everywhere: true });
      assert.deepEqual(
        everywhere?.map((issue) => `${issue.repository?.full_name}#${issue.number}`),
        [`${ref.owner}/${ref.repo}#${secondBug}`],
      );
    });

    suite('on Gitea 1.14.1', () => {
      let double: Gitea114Double;
      let alice: Account;
      const widgets = { owner: 'acme', repo: 'widgets' };

      suiteSetup(async function () {
        this.timeout(60_000);
        double = await startGitea114Double();
        alice = await vscode.commands.executeCommand<Account>('teahouse.addServer', {
          url: double.url,
          token: 'alice-token',
        });
        assert.equal(alice?.username, 'alice');
        folders.push(await cloneInWorkspace(alice, double.url, widgets));
      });

      suiteTeardown(async () => {
        if (alice) await vscode.commands.executeCommand('teahouse.removeAccount', alice.id);
        await double?.close();
      });

      test('a query the server can answer shows its items; one it cannot says which Gitea it needs', async () => {
        await setQueries([
          { label: 'Mine', author: '{me}' },
          { label: 'By root', author: 'root' },
        ]);
        // 1.14 ignores created_by on the list: the search's own flag answers "mine"
        const mine = await savedQueryNamed('issues', alice, widgets, 'Mine');
        assert.equal(mine.unavailable, undefined);
        assert.deepEqual(await numbersIn('issues', mine), [5]);
        const byRoot = await savedQueryNamed('issues', alice, widgets, 'By root');
        assert.match(byRoot.unavailable ?? '', /^needs (Gitea ≥|a Gitea newer than) /);
        const tree = (await teahouse()).trees.issues;
        assert.match(labelOf(tree, byRoot), /By root/);
        const inside = await children(tree, byRoot);
        assert.deepEqual(
          inside.map((node) => (node.kind === 'message' ? node.text : node.kind)),
          [byRoot.unavailable],
        );
      });
    });
  });
}
