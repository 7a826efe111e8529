/// <reference types="mocha" />
import assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { PullRequest } from '../../../src/api/types';
import { localAccount, localServer, seedOrSkip, teahouse, unique } from './helpers';
import { seedBasics } from './seed';
import { git } from './workspaceGit';

export function startWorkingOnIssueSuite(): void {
  suite('start working on issue', () => {
    const folder = vscode.workspace.workspaceFolders?.[0]?.uri.fsPath ?? '';
    let branch: string | undefined;
    let pullNumber: number | undefined;

    teardown(async () => {
      await git(folder, 'checkout', 'main', '--');
      if (pullNumber !== undefined) {
        const { client } = await localServer();
        const { demo } = await seedBasics();
        await client.api.issueEditIssue({ ...demo, index: pullNumber, body: { state: 'closed' } });
      }
      if (branch) await git(folder, 'branch', '-D', branch);
    });

    test('creates and checks out the pattern branch, assigns the issue, and the pull request says Fixes #n', async function () {
      const { client } = await localServer();
      const { demo } = await seedBasics();
      const me = (await localAccount()).username;
      const title = `Start work: ${unique('the Fixes line')}`;
      const issue = await seedOrSkip(this, () => client.api.issueCreateIssue({ ...demo, body: { title } }));
      const repository = `${demo.owner}/${demo.repo}`;
      branch = await vscode.commands.executeCommand<string>('teahouse.startWorkingOnIssue', {
        account: 'local',
        repository,
        index: issue.number,
      });
      const slug = title.toLowerCase().replace(/[^a-z0-9]+/g, '-');
      assert.ok(branch, (await teahouse()).errors.last?.message);
      assert.ok(branch.startsWith(`${me}/${issue.number}-start-work-the-fixes-line`), branch);
      assert.ok(`${me}/${issue.number}-${slug}`.startsWith(branch), branch);
      assert.equal(await git(folder, 'rev-parse', '--abbrev-ref', 'HEAD'), branch);
      assert.equal(
        await git(folder, 'config', '--get', `branch.${branch}.teahouse-issue`),
        String(issue.number),
      );
      const assigned = await client.api.issueGetIssue({ ...demo, index: issue.number });
      assert.ok(
        assigned.assignees?.some((user) => user.login === me),
        `assignees: ${assigned.assignees?.map((user) => user.login).join(', ')}`,
      );

      // the workspace repository is the server's: a commit on the branch is all a pull request needs
      await git(folder, 'commit', '--allow-empty', '-m', title);
      const pull = await vscode.commands.executeCommand<PullRequest>('teahouse.createPullRequest', {
        repository,
        head: branch,
        base: 'main',
        title,
      });
      pullNumber = pull?.number;
      assert.equal(pull?.body, `Fixes #${issue.number}`, (await teahouse()).errors.last?.message);
    });

    test('running it again on its branch keeps the branch and assigns only once', async function () {
      const { client } = await localServer();
      const { demo } = await seedBasics();
      const issue = await seedOrSkip(this, () =>
        client.api.issueCreateIssue({ ...demo, body: { title: unique('again') } }),
      );
      const args = { account: 'local', repository: `${demo.owner}/${demo.repo}`, index: issue.number };
      branch = await vscode.commands.executeCommand<string>('teahouse.startWorkingOnIssue', args);
      assert.ok(branch);
      // on the branch already: no question, same branch, the issue stays assigned once
      assert.equal(
        await vscode.commands.executeCommand<string>('teahouse.startWorkingOnIssue', args),
        branch,
      );
      const assigned = await client.api.issueGetIssue({ ...demo, index: issue.number });
      assert.equal(assigned.assignees?.length, 1);
    });
  });
}
