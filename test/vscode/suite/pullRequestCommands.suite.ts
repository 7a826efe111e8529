/// <reference types="mocha" />
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import * as vscode from 'vscode';
import type { PullRequest } from '../../../src/api/types';
import { labelsUnder, localServer, nodeAt, seedOrSkip, teahouse, unique, waitFor } from './helpers';
import { seedBasics } from './seed';

const run = promisify(execFile);

export function pullRequestCommandsSuite(): void {
  suite('pull request commands', () => {
    test('Create Pull Request with head and base creates it', async function () {
      const { client } = await localServer();
      const { demo } = await seedBasics();
      await seedOrSkip(this, () => client.api.repoListPullRequests({ ...demo }));
      const title = unique('From feature-2');
      const pull = await vscode.commands.executeCommand<PullRequest>('teahouse.createPullRequest', {
        repository: `${demo.owner}/${demo.repo}`,
        head: 'feature-2',
        base: 'main',
        title,
      });
      assert.equal(pull?.title, title, (await teahouse()).errors.last?.message);
      assert.equal(pull?.head.ref, 'feature-2');
      assert.equal(pull?.base.ref, 'main');
      assert.equal(pull?.state, 'open');
    });

    test("Merge Pull Request merges it, it leaves the open list, and merging again shows the server's 405 reason", async function () {
      const { client } = await localServer();
      const { demo } = await seedBasics();
      const api = await teahouse();
      const pulls = await seedOrSkip(this, () => client.api.repoListPullRequests({ ...demo, state: 'open' }));
      const pull = pulls.find((candidate) => candidate.head.ref === 'feature-2');
      if (!pull) this.skip();
      const repository = `${demo.owner}/${demo.repo}`;
      assert.equal(
        await vscode.commands.executeCommand('teahouse.mergePullRequest', {
          repository,
          index: pull.number,
          style: 'merge',
        }),
        true,
      );
      assert.equal((await client.api.repoGetPullRequest({ ...demo, index: pull.number })).merged, true);
      const open = await labelsUnder(
        api.trees.pullRequests,
        await nodeAt(api.trees.pullRequests, 'All Open'),
      );
      assert.ok(!open.some((label) => label.startsWith(`#${pull.number} `)));
      assert.equal(
        await vscode.commands.executeCommand('teahouse.mergePullRequest', {
          repository,
          index: pull.number,
          style: 'merge',
        }),
        false,
      );
      assert.equal(api.errors.last?.status, 405);
      assert.match(api.errors.last?.message ?? '', new RegExp(`^Cannot merge #${pull.number}: .+`));
    });

    test('Merge When Checks Succeed schedules the merge (the view says so), a success status merges it; Cancel Scheduled Merge undoes a schedule', async () => {
      const { client } = await localServer();
      const { demo } = await seedBasics();
      const owner = demo.owner;
      const repo = unique('automerge');
      await client.api.adminCreateRepo({ username: owner, body: { name: repo, auto_init: true } });
      const pulls: PullRequest[] = [];
      for (const branch of ['checked', 'cancelled']) {
        await client.api.repoCreateFile({
          owner,
          repo,
          filepath: `${branch}.txt`,
          body: {
            content: Buffer.from(`${branch}\n`).toString('base64'),
            branch: 'main',
            new_branch: branch,
          },
        });
        pulls.push(
          await client.api.repoCreatePullRequest({
            owner,
            repo,
            body: { head: branch, base: 'main', title: unique(branch) },
          }),
        );
      }
      // the base requires a check, so a merge waits for it
      await client.api.repoCreateBranchProtection({
        owner,
        repo,
        body: { rule_name: 'main', enable_status_check: true, status_check_contexts: ['ci'] },
      });
      const [checked, cancelled] = pulls;
      assert.ok(checked && cancelled);
      const repository = `${owner}/${repo}`;
      for (const pull of pulls) {
        const scheduled = await vscode.commands.executeCommand('teahouse.mergeWhenChecksSucceed', {
          account: 'local',
          repository,
          index: pull.number,
          style: 'merge',
        });
        assert.equal(scheduled, true, (await teahouse()).errors.last?.message);
      }
      assert.equal(
        (await client.api.repoGetPullRequest({ owner, repo, index: checked.number })).merged,
        false,
      );

      const target = { kind: 'pullRequest' as const, account: 'local', owner, repo, index: checked.number };
      await vscode.commands.executeCommand('teahouse.openPullRequest', target);
      const api = await teahouse();
      await waitFor(
        () =>
          api.webviews.panels.find(
            (panel) => panel.target.index === checked.number && panel.target.repo === repo,
          )?.model?.pull?.scheduledMerge,
        'the pull request view to say the merge is scheduled',
      );

      assert.equal(
        await vscode.commands.executeCommand('teahouse.cancelScheduledMerge', {
          account: 'local',
          repository,
          index: cancelled.number,
        }),
        true,
      );
      await client.api.repoCreateStatus({
        owner,
        repo,
        sha: checked.head.sha,
        body: { state: 'success', context: 'ci' },
      });
      await client.api.repoCreateStatus({
        owner,
        repo,
        sha: cancelled.head.sha,
        body: { state: 'success', context: 'ci' },
      });
      await waitFor(
        async () =>
          (await client.api.repoGetPullRequest({ owner, repo, index: checked.number })).merged || undefined,
        'the scheduled pull request to be merged',
      );
      assert.equal(
        (await client.api.repoGetPullRequest({ owner, repo, index: cancelled.number })).merged,
        false,
        'the cancelled schedule merged nothing',
      );
    });

    test('Check Out Pull Request switches the workspace repository to its branch', async function () {
      const { client } = await localServer();
      const { demo } = await seedBasics();
      const pulls = await seedOrSkip(this, () => client.api.repoListPullRequests({ ...demo, state: 'open' }));
      const pull = pulls.find((candidate) => candidate.head.ref === 'feature-1');
      if (!pull) this.skip();
      const folder = vscode.workspace.workspaceFolders?.[0]?.uri.fsPath ?? '';
      const branch = await vscode.commands.executeCommand<string>('teahouse.checkoutPullRequest', {
        repository: `${demo.owner}/${demo.repo}`,
        index: pull.number,
      });
      try {
        assert.equal(branch, 'feature-1');
        assert.equal(
          (await run('git', ['rev-parse', '--abbrev-ref', 'HEAD'], { cwd: folder })).stdout.trim(),
          'feature-1',
        );
      } finally {
        await run('git', ['checkout', 'main'], { cwd: folder });
      }
    });
  });
}
