/// <reference types="mocha" />
import assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { children, labelOf, labelsUnder, localServer, nodeAt, seedOrSkip, teahouse } from './helpers';
import { openPullRequest, pagedRepositoryCount, seedBasics, seedIssues } from './seed';

async function refreshAll(): Promise<void> {
  for (const view of ['repositories', 'issues', 'pullRequests', 'organizations']) {
    await vscode.commands.executeCommand(`teahouse.${view}.refresh`);
  }
}

export function treesSuite(): void {
  suite('trees', () => {
    suiteSetup(async () => {
      await seedBasics();
      await refreshAll();
    });

    test('Repositories: the Local account lists mine, starred and by organization', async () => {
      const { repositories } = (await teahouse()).trees;
      const seeded = await seedBasics();
      const account = await nodeAt(repositories, `${seeded.me} @ Local`);
      assert.deepEqual(await labelsUnder(repositories, account), [
        'My Repositories',
        'Starred',
        'By Organization',
      ]);
      const mine = await labelsUnder(
        repositories,
        await nodeAt(repositories, `${seeded.me} @ Local`, 'My Repositories'),
      );
      assert.ok(mine.includes('teahouse-demo'), `mine: ${mine.join(', ')}`);
      assert.ok(mine.includes(seeded.myRepo));
      assert.deepEqual(
        await labelsUnder(repositories, await nodeAt(repositories, `${seeded.me} @ Local`, 'Starred')),
        [`${seeded.org}/${seeded.orgRepo}`],
      );
      const orgs = await labelsUnder(
        repositories,
        await nodeAt(repositories, `${seeded.me} @ Local`, 'By Organization'),
      );
      assert.ok(orgs.includes(seeded.org) && orgs.includes(seeded.pagedOrg), `orgs: ${orgs.join(', ')}`);
    });

    test('Repositories: a repository expands to branches, open issues, open pull requests, releases and its wiki', async function () {
      const { repositories } = (await teahouse()).trees;
      const { me } = await seedBasics();
      const demo = await nodeAt(repositories, `${me} @ Local`, 'My Repositories', 'teahouse-demo');
      const item = repositories.getTreeItem(demo) as vscode.TreeItem;
      assert.equal(item.contextValue, 'repository.admin');
      assert.ok(item.tooltip instanceof vscode.MarkdownString);
      assert.deepEqual(await labelsUnder(repositories, demo), [
        'Branches',
        'Open Issues',
        'Open Pull Requests',
        'Releases',
        'Wiki',
      ]);
      const branches = await labelsUnder(
        repositories,
        await nodeAt(repositories, `${me} @ Local`, 'My Repositories', 'teahouse-demo', 'Branches'),
      );
      if (branches.length === 1 && /not implemented/.test(branches[0] ?? '')) this.skip();
      assert.ok(
        branches.includes('main') && branches.includes('feature-1'),
        `branches: ${branches.join(', ')}`,
      );
    });

    test('Repositories: a long list shows "Load more…", which appends the next page', async () => {
      const { repositories } = (await teahouse()).trees;
      const { me, pagedOrg } = await seedBasics();
      const org = await nodeAt(repositories, `${me} @ Local`, 'By Organization', pagedOrg);
      const first = await children(repositories, org);
      assert.equal(first.length, 31, 'a page of 30 and the Load more node');
      const more = first.at(-1);
      assert.ok(more);
      assert.equal(labelOf(repositories, more), 'Load more…');
      const command = (repositories.getTreeItem(more) as vscode.TreeItem).command;
      assert.equal(command?.command, 'teahouse.loadMore');
      await vscode.commands.executeCommand('teahouse.loadMore', ...(command?.arguments ?? []));
      const all = await labelsUnder(repositories, org);
      assert.equal(all.length, pagedRepositoryCount);
      assert.equal(new Set(all).size, pagedRepositoryCount, 'no repository twice');
      assert.ok(!all.includes('Load more…'));
    });

    test('Organizations: an organization holds teams (members, repositories), members and repositories', async () => {
      const { organizations } = (await teahouse()).trees;
      const seeded = await seedBasics();
      const root = `${seeded.me} @ Local`;
      assert.deepEqual(await labelsUnder(organizations, await nodeAt(organizations, root, seeded.org)), [
        'Teams',
        'Members',
        'Repositories',
      ]);
      const teams = await labelsUnder(organizations, await nodeAt(organizations, root, seeded.org, 'Teams'));
      assert.ok(teams.includes('Owners') && teams.includes('devs'), `teams: ${teams.join(', ')}`);
      assert.deepEqual(
        await labelsUnder(
          organizations,
          await nodeAt(organizations, root, seeded.org, 'Teams', 'devs', 'Members'),
        ),
        [seeded.member],
      );
      assert.deepEqual(
        await labelsUnder(
          organizations,
          await nodeAt(organizations, root, seeded.org, 'Teams', 'devs', 'Repositories'),
        ),
        [`${seeded.org}/${seeded.orgRepo}`],
      );
      const members = await labelsUnder(
        organizations,
        await nodeAt(organizations, root, seeded.org, 'Members'),
      );
      assert.deepEqual([...members].sort(), [seeded.me, seeded.member].sort());
      assert.deepEqual(
        await labelsUnder(organizations, await nodeAt(organizations, root, seeded.org, 'Repositories')),
        [`${seeded.org}/${seeded.orgRepo}`],
      );
    });

    test("Issues: the workspace repository's issues are grouped as assigned, created, mentioning and all open", async function () {
      const seeded = await seedOrSkip(this, seedIssues);
      await vscode.commands.executeCommand('teahouse.issues.refresh');
      const { issues } = (await teahouse()).trees;
      assert.deepEqual(await labelsUnder(issues), [
        'Assigned to Me',
        'Created by Me',
        'Mentioning Me',
        'All Open',
      ]);
      const group = async (name: string) => labelsUnder(issues, await nodeAt(issues, name));
      assert.ok((await group('Assigned to Me')).includes(`#${seeded.assigned} Assigned to the local admin`));
      assert.ok((await group('Created by Me')).includes(`#${seeded.created} Opened by the local admin`));
      assert.ok((await group('Mentioning Me')).includes(`#${seeded.mentioning} Mentions the local admin`));
      const open = await group('All Open');
      assert.ok(open.includes(`#${seeded.assigned} Assigned to the local admin`));
      assert.ok(
        !open.some((label) => label.startsWith(`#${seeded.closed} `)),
        'closed issues are not in All Open',
      );
      const item = issues.getTreeItem(
        await nodeAt(issues, 'All Open', `#${seeded.assigned} `),
      ) as vscode.TreeItem;
      assert.equal(item.contextValue, 'issue.open');
    });

    test('Issues: the state and label filters change the lists and the view says so', async function () {
      const seeded = await seedOrSkip(this, seedIssues);
      const { issues } = (await teahouse()).trees;
      try {
        await vscode.commands.executeCommand('teahouse.issues.filterState', 'closed');
        const closed = await labelsUnder(issues, await nodeAt(issues, 'All Closed'));
        assert.ok(closed.includes(`#${seeded.closed} Already closed`), `closed: ${closed.join(', ')}`);
        const item = issues.getTreeItem(
          await nodeAt(issues, 'All Closed', `#${seeded.closed} `),
        ) as vscode.TreeItem;
        assert.equal(item.description, `closed · ${seeded.label.name}`);
        await vscode.commands.executeCommand('teahouse.issues.filterState', 'all');
        await vscode.commands.executeCommand('teahouse.issues.filterLabels', [seeded.label.name]);
        assert.deepEqual(await labelsUnder(issues, await nodeAt(issues, 'All')), [
          `#${seeded.closed} Already closed`,
        ]);
      } finally {
        await vscode.commands.executeCommand('teahouse.issues.clearFilters');
      }
      assert.ok(await nodeAt(issues, 'All Open'));
    });

    test('Pull Requests: an open pull request is listed with its state, and merged ones are not', async function () {
      const { client } = await localServer();
      const index = await seedOrSkip(this, () => openPullRequest(client, 'feature-1', 'Listed in the tree'));
      await vscode.commands.executeCommand('teahouse.pullRequests.refresh');
      const { pullRequests, repositories } = (await teahouse()).trees;
      const node = await nodeAt(pullRequests, 'All Open', `#${index} Listed in the tree`);
      assert.equal((pullRequests.getTreeItem(node) as vscode.TreeItem).contextValue, 'pullRequest.open');
      const { me } = await seedBasics();
      await vscode.commands.executeCommand('teahouse.repositories.refresh');
      const inRepository = await nodeAt(
        repositories,
        `${me} @ Local`,
        'My Repositories',
        'teahouse-demo',
        'Open Pull Requests',
        `#${index} `,
      );
      assert.match(
        String((repositories.getTreeItem(inRepository) as vscode.TreeItem).description),
        /feature-1 → main/,
      );
    });
  });
}
