/// <reference types="mocha" />
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import * as vscode from 'vscode';
import type { PullRequest } from '../../../src/api/types';
import { labelsUnder, localServer, nodeAt, seedOrSkip, teahouse, unique } from './helpers';
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
