/// <reference types="mocha" />
import assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { Issue, Label } from '../../../src/api/types';
import { labelsUnder, localServer, nodeAt, seedOrSkip, teahouse, unique } from './helpers';
import { seedBasics, seedIssues } from './seed';

async function demoRepository(): Promise<string> {
  const { demo } = await seedBasics();
  return `${demo.owner}/${demo.repo}`;
}

export function issueCommandsSuite(): void {
  suite('issue commands', () => {
    let labels: Label[] = [];

    suiteSetup(async function () {
      const { client } = await localServer();
      const { demo } = await seedBasics();
      labels = await seedOrSkip(this, async () => [
        await client.api.issueCreateLabel({ ...demo, body: { name: unique('ui'), color: '#00aabb' } }),
        await client.api.issueCreateLabel({ ...demo, body: { name: unique('docs'), color: '#0075ca' } }),
      ]);
    });

    test('Create Issue with arguments creates it (with labels) and it appears in the Issues view', async () => {
      const repository = await demoRepository();
      const title = unique('Created from a command');
      const issue = await vscode.commands.executeCommand<Issue>('teahouse.createIssue', {
        account: 'local',
        repository,
        title,
        body: 'from the suite',
        labels: [labels[0]?.name],
      });
      assert.equal(issue?.title, title);
      assert.deepEqual(
        issue?.labels.map((label) => label.name),
        [labels[0]?.name],
      );
      const { issues } = (await teahouse()).trees;
      const listed = await labelsUnder(issues, await nodeAt(issues, 'All Open'));
      assert.ok(listed.includes(`#${issue.number} ${title}`), `listed: ${listed.join(', ')}`);
    });

    test('Close Issue and Reopen Issue change its state on the server', async () => {
      const { client } = await localServer();
      const repository = await demoRepository();
      const { demo } = await seedBasics();
      const issue = await vscode.commands.executeCommand<Issue>('teahouse.createIssue', {
        repository,
        title: unique('to close'),
      });
      assert.ok(issue);
      const closed = await vscode.commands.executeCommand<Issue>('teahouse.closeIssue', {
        repository,
        index: issue.number,
      });
      assert.equal(closed?.state, 'closed');
      assert.equal((await client.api.issueGetIssue({ ...demo, index: issue.number })).state, 'closed');
      const reopened = await vscode.commands.executeCommand<Issue>('teahouse.reopenIssue', {
        repository,
        index: issue.number,
      });
      assert.equal(reopened?.state, 'open');
    });

    test('Comment on Issue posts the comment', async () => {
      const { client } = await localServer();
      const { demo } = await seedBasics();
      const repository = await demoRepository();
      const issue = await vscode.commands.executeCommand<Issue>('teahouse.createIssue', {
        repository,
        title: unique('to comment'),
      });
      assert.ok(issue);
      const comment = await vscode.commands.executeCommand<{ body: string }>('teahouse.commentOnIssue', {
        repository,
        index: issue.number,
        body: 'Looks good',
      });
      assert.equal(comment?.body, 'Looks good');
      const comments = await client.api.issueGetComments({ ...demo, index: issue.number });
      assert.deepEqual(
        comments.map((c) => c.body),
        ['Looks good'],
      );
    });

    test('Add or Remove Labels sets exactly the labels given, adding and removing', async () => {
      const repository = await demoRepository();
      const [first, second] = labels;
      assert.ok(first && second);
      const issue = await vscode.commands.executeCommand<Issue>('teahouse.createIssue', {
        repository,
        title: unique('labels'),
        labels: [first.name],
      });
      assert.ok(issue);
      const result = await vscode.commands.executeCommand<Label[]>('teahouse.editLabels', {
        repository,
        index: issue.number,
        labels: [second.name],
      });
      assert.deepEqual(
        result?.map((label) => label.name),
        [second.name],
      );
      const none = await vscode.commands.executeCommand<Label[]>('teahouse.editLabels', {
        repository,
        index: issue.number,
        labels: [],
      });
      assert.deepEqual(none, []);
    });

    test('Set Milestone sets and clears the milestone', async function () {
      const { client } = await localServer();
      const { demo } = await seedBasics();
      const repository = await demoRepository();
      const milestone = await seedOrSkip(this, () =>
        client.api.issueCreateMilestone({ ...demo, body: { title: unique('v1') } }),
      );
      const issue = await vscode.commands.executeCommand<Issue>('teahouse.createIssue', {
        repository,
        title: unique('milestone'),
      });
      assert.ok(issue);
      const set = await vscode.commands.executeCommand<Issue>('teahouse.setMilestone', {
        repository,
        index: issue.number,
        milestone: milestone.title,
      });
      assert.equal(set?.milestone?.id, milestone.id);
      const cleared = await vscode.commands.executeCommand<Issue>('teahouse.setMilestone', {
        repository,
        index: issue.number,
        milestone: null,
      });
      assert.equal(cleared?.milestone ?? null, null);
    });

    test('Assign Issue sets the assignees', async () => {
      const { member } = await seedBasics();
      await seedIssues(); // makes the member a collaborator, whom the server lets be assigned
      const repository = await demoRepository();
      const issue = await vscode.commands.executeCommand<Issue>('teahouse.createIssue', {
        repository,
        title: unique('assign'),
      });
      assert.ok(issue);
      const assigned = await vscode.commands.executeCommand<Issue>('teahouse.assignIssue', {
        repository,
        index: issue.number,
        assignees: [member],
      });
      assert.deepEqual(
        assigned?.assignees?.map((user) => user.login),
        [member],
      );
    });

    test('Pin puts the issue first in All Open with a pin; Lock Conversation locks it with a reason; Unpin and Unlock undo both', async () => {
      const { client } = await localServer();
      const { demo } = await seedBasics();
      const repository = `${demo.owner}/${demo.repo}`;
      const issue = await client.api.issueCreateIssue({ ...demo, body: { title: unique('Pin me') } });
      // a newer issue, so that the pinned one is not first by date
      await client.api.issueCreateIssue({ ...demo, body: { title: unique('Newer than the pinned one') } });
      const index = issue.number;
      const label = `#${index} ${issue.title}`;
      const { issues } = (await teahouse()).trees;
      const itemOf = async () => {
        const node = await nodeAt(issues, 'All Open', label);
        return issues.getTreeItem(node) as vscode.TreeItem;
      };

      assert.equal(await vscode.commands.executeCommand('teahouse.pinIssue', { repository, index }), true);
      assert.ok((await client.api.issueGetIssue({ ...demo, index })).pin_order > 0, 'pinned on the server');
      await vscode.commands.executeCommand('teahouse.issues.refresh');
      const listed = await labelsUnder(issues, await nodeAt(issues, 'All Open'));
      assert.equal(listed[0], label, `pinned first: ${listed.slice(0, 3).join(', ')}`);
      assert.equal(listed.filter((entry) => entry === label).length, 1, 'listed once');
      const pinnedItem = await itemOf();
      assert.equal(pinnedItem.contextValue, 'issue.open.pinned');
      assert.equal((pinnedItem.iconPath as vscode.ThemeIcon).id, 'pinned');

      assert.equal(
        await vscode.commands.executeCommand('teahouse.lockIssue', {
          repository,
          index,
          reason: 'Too heated',
        }),
        true,
      );
      assert.equal((await client.api.issueGetIssue({ ...demo, index })).is_locked, true);
      await vscode.commands.executeCommand('teahouse.issues.refresh');
      assert.equal((await itemOf()).contextValue, 'issue.open.pinned.locked');

      await vscode.commands.executeCommand('teahouse.unlockIssue', { repository, index });
      await vscode.commands.executeCommand('teahouse.unpinIssue', { repository, index });
      const after = await client.api.issueGetIssue({ ...demo, index });
      assert.deepEqual([after.is_locked, after.pin_order], [false, 0]);
      await vscode.commands.executeCommand('teahouse.issues.refresh');
      assert.equal((await itemOf()).contextValue, 'issue.open');
    });

    test("a failing command shows the server's message, not a stack trace", async () => {
      const api = await teahouse();
      const repository = await demoRepository();
      const result = await vscode.commands.executeCommand('teahouse.closeIssue', {
        repository,
        index: 999_999,
      });
      assert.equal(result, undefined);
      assert.equal(api.errors.last?.command, 'teahouse.closeIssue');
      assert.equal(api.errors.last?.status, 404);
      assert.doesNotMatch(api.errors.last?.message ?? '', /\bat .*\.(js|ts):\d+/);
    });
  });
}
