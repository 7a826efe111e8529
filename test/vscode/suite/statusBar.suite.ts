/// <reference types="mocha" />
import assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { Issue } from '../../../src/api/types';
import { localServer, nodeAt, seedOrSkip, teahouse, unique, waitFor } from './helpers';
import { seedBasics } from './seed';
import { git } from './workspaceGit';

async function statusBar(): Promise<{ visible: boolean; text: string; tooltip: string; command?: string }> {
  return (await teahouse()).pullRequestStatusBar.state;
}

export function statusBarSuite(): void {
  suite('status bar and fresh counts', () => {
    suite('pull request status bar', () => {
      const folder = vscode.workspace.workspaceFolders?.[0]?.uri.fsPath ?? '';
      const branches: string[] = [];
      const pulls: number[] = [];

      /** A new branch with one commit of its own; the workspace repository is the server's, so it is there too. */
      async function newBranch(prefix: string): Promise<string> {
        const branch = unique(prefix);
        branches.push(branch);
        await git(folder, 'checkout', '-b', branch, 'main', '--');
        await git(folder, 'commit', '--allow-empty', '-m', branch);
        return branch;
      }

      teardown(async () => {
        await git(folder, 'checkout', 'main', '--');
        const { client } = await localServer();
        const { demo } = await seedBasics();
        for (const index of pulls.splice(0))
          await client.api.issueEditIssue({ ...demo, index, body: { state: 'closed' } });
        for (const branch of branches.splice(0)) await git(folder, 'branch', '-D', branch);
      });

      test('follows a branch switch: the branch with a pull request shows #n and its state, one without offers to create one', async function () {
        const { client } = await localServer();
        const { demo } = await seedBasics();
        const withPull = await newBranch('sb-pull');
        const pull = await seedOrSkip(this, () =>
          client.api.repoCreatePullRequest({
            ...demo,
            body: { head: withPull, base: 'main', title: withPull },
          }),
        );
        pulls.push(pull.number);
        const withoutPull = await newBranch('sb-none');
        // no refresh asked: the git extension's change event is what moves the item
        const offered = await waitFor(async () => {
          const state = await statusBar();
          return state.tooltip.includes(withoutPull) ? state : undefined;
        }, `the status bar to follow ${withoutPull}`);
        assert.ok(offered.text.includes('Create Pull Request'), offered.text);
        assert.equal(offered.command, 'teahouse.createPullRequest');

        await git(folder, 'checkout', withPull, '--');
        const shown = await waitFor(async () => {
          const state = await statusBar();
          return state.text.includes(`#${pull.number}`) ? state : undefined;
        }, `the status bar to show #${pull.number}`);
        assert.ok(shown.visible);
        assert.match(shown.text, new RegExp(`#${pull.number} open$`), shown.text);
        assert.equal(shown.command, 'teahouse.openPullRequest');
        assert.ok(shown.tooltip.includes(`main ← ${withPull}`), shown.tooltip);
      });

      test('a commit status posted on the head changes the checks icon; merged shows as merged', async function () {
        const { client } = await localServer();
        const { demo } = await seedBasics();
        const branch = await newBranch('sb-checks');
        const pull = await seedOrSkip(this, () =>
          client.api.repoCreatePullRequest({ ...demo, body: { head: branch, base: 'main', title: branch } }),
        );
        pulls.push(pull.number);
        const api = await teahouse();
        await api.pullRequestStatusBar.refresh();
        assert.match(api.pullRequestStatusBar.state.text, new RegExp(`#${pull.number} open$`));

        const finished: unknown[] = [];
        const listening = api.pullRequestStatusBar.onDidFinishChecks((event) => finished.push(event));
        const sha = await git(folder, 'rev-parse', 'HEAD');
        const context = 'suite/build';
        await client.api.repoCreateStatus({ ...demo, sha, body: { state: 'pending', context } });
        await api.pullRequestStatusBar.refresh();
        assert.ok(
          api.pullRequestStatusBar.state.text.endsWith('$(sync~spin)'),
          api.pullRequestStatusBar.state.text,
        );
        assert.ok(
          api.pullRequestStatusBar.state.tooltip.includes(context),
          api.pullRequestStatusBar.state.tooltip,
        );

        await client.api.repoCreateStatus({ ...demo, sha, body: { state: 'failure', context } });
        await api.pullRequestStatusBar.refresh();
        assert.ok(api.pullRequestStatusBar.state.text.endsWith('$(x)'), api.pullRequestStatusBar.state.text);

        // pending → failure is the moment to tell; failure → success is not a finish of running checks
        assert.deepEqual(finished, [
          { repository: `${demo.owner}/${demo.repo}`, number: pull.number, checks: 'failure' },
        ]);
        await client.api.repoCreateStatus({ ...demo, sha, body: { state: 'success', context } });
        await api.pullRequestStatusBar.refresh();
        assert.ok(
          api.pullRequestStatusBar.state.text.endsWith('$(check)'),
          api.pullRequestStatusBar.state.text,
        );

        listening.dispose();
        assert.equal(finished.length, 1);

        // merged through the extension: the announcement alone brings the item up to date
        const merged = await vscode.commands.executeCommand<boolean>('teahouse.mergePullRequest', {
          account: 'local',
          repository: `${demo.owner}/${demo.repo}`,
          index: pull.number,
          style: 'merge',
        });
        assert.equal(merged, true, api.errors.last?.message);
        pulls.pop();
        await waitFor(
          () => api.pullRequestStatusBar.state.text.includes(`#${pull.number} merged`),
          'the status bar to show the merge',
        );
      });

      test('a merge scheduled for when the checks succeed shows with a clock until it is cancelled', async function () {
        const { client } = await localServer();
        const { demo } = await seedBasics();
        const branch = await newBranch('sb-auto');
        // a base of its own that requires the check, so the merge waits for it (as Gitea's auto merge does)
        const base = `${branch}-base`;
        await client.api.repoCreateBranch({
          ...demo,
          body: { new_branch_name: base, old_branch_name: 'main' },
        });
        await client.api.repoCreateBranchProtection({
          ...demo,
          body: { rule_name: base, enable_status_check: true, status_check_contexts: ['suite/auto'] },
        });
        const pull = await seedOrSkip(this, () =>
          client.api.repoCreatePullRequest({ ...demo, body: { head: branch, base, title: branch } }),
        );
        pulls.push(pull.number);
        const sha = await git(folder, 'rev-parse', 'HEAD');
        await client.api.repoCreateStatus({
          ...demo,
          sha,
          body: { state: 'pending', context: 'suite/auto' },
        });
        const api = await teahouse();
        const target = { account: 'local', repository: `${demo.owner}/${demo.repo}`, index: pull.number };
        const scheduled = await vscode.commands.executeCommand('teahouse.mergeWhenChecksSucceed', {
          ...target,
          style: 'merge',
        });
        assert.equal(scheduled, true, api.errors.last?.message);
        const shown = await waitFor(async () => {
          await api.pullRequestStatusBar.refresh();
          const state = api.pullRequestStatusBar.state;
          return state.text.includes('$(clock)') ? state : undefined;
        }, 'the status bar to show the scheduled merge');
        assert.match(shown.text, new RegExp(`#${pull.number} open \\$\\(clock\\) \\$\\(sync~spin\\)$`));
        assert.ok(shown.tooltip.includes('Merges when the checks succeed.'), shown.tooltip);

        await vscode.commands.executeCommand('teahouse.cancelScheduledMerge', target);
        await waitFor(async () => {
          await api.pullRequestStatusBar.refresh();
          return !api.pullRequestStatusBar.state.text.includes('$(clock)');
        }, 'the clock to go once the merge is cancelled');
        assert.ok(!api.pullRequestStatusBar.state.tooltip.includes('Merges when'));
      });

      test('on the default branch the item offers nothing (a pull request from main into main cannot be made)', async () => {
        await git(folder, 'checkout', 'main', '--');
        const api = await teahouse();
        await api.pullRequestStatusBar.refresh();
        const state = api.pullRequestStatusBar.state;
        assert.equal(
          state.visible,
          false,
          `shown on main: "${state.text}" → ${state.command ?? 'no command'}`,
        );

        // the next branch offers it again
        const branch = await newBranch('sb-after-main');
        await api.pullRequestStatusBar.refresh();
        assert.equal(api.pullRequestStatusBar.state.visible, true);
        assert.equal(api.pullRequestStatusBar.state.command, 'teahouse.createPullRequest');
        assert.ok(
          api.pullRequestStatusBar.state.tooltip.includes(branch),
          api.pullRequestStatusBar.state.tooltip,
        );
      });

      test('the setting hides the item', async () => {
        await newBranch('sb-setting');
        const api = await teahouse();
        const settings = vscode.workspace.getConfiguration('teahouse');
        await settings.update('statusBar.pullRequest', false, vscode.ConfigurationTarget.Workspace);
        try {
          await api.pullRequestStatusBar.refresh();
          assert.equal(api.pullRequestStatusBar.state.visible, false);
        } finally {
          await settings.update('statusBar.pullRequest', undefined, vscode.ConfigurationTarget.Workspace);
        }
        await api.pullRequestStatusBar.refresh();
        assert.equal(api.pullRequestStatusBar.state.visible, true);
      });
    });

    suite('fresh counts', () => {
      test("an issue created through the extension changes the repository's open issue count without a refresh", async () => {
        const { repositories } = (await teahouse()).trees;
        const { me, demo } = await seedBasics();
        const path = [`${me} @ Local`, 'My Repositories', 'teahouse-demo', 'Open Issues'] as const;
        const count = async () =>
          Number(
            (repositories.getTreeItem(await nodeAt(repositories, ...path)) as vscode.TreeItem).description ??
              0,
          );
        const before = await count();
        const issue = await vscode.commands.executeCommand<Issue>('teahouse.createIssue', {
          account: 'local',
          repository: `${demo.owner}/${demo.repo}`,
          title: unique('fresh count'),
          body: '',
        });
        assert.ok(issue, (await teahouse()).errors.last?.message);
        await waitFor(async () => (await count()) === before + 1, `Open Issues to say ${before + 1}`);

        await vscode.commands.executeCommand('teahouse.closeIssue', {
          account: 'local',
          repository: `${demo.owner}/${demo.repo}`,
          index: issue.number,
        });
        await waitFor(async () => (await count()) === before, `Open Issues to say ${before} again`);
      });
    });
  });
}
