/// <reference types="mocha" />
import assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { Repository } from '../../../src/api/types';
import type { Account } from '../../../src/extension/accounts/account';
import { labelOf, localServer, nodeAt, teahouse, unique } from './helpers';
import { addRemoteAccount, createRemoteUser, removeRemoteAccounts, type RemoteUser } from './remoteServer';
import { seedBasics } from './seed';
import { seedTrackerRepository, trackerFields, type Ref } from './trackerFixture';

export function takeOfflineSuite(): void {
  suite('take repository offline', () => {
    let owner: RemoteUser;
    let other: RemoteUser;
    let account: Account;
    let source: Ref;
    let expected: unknown;

    suiteSetup(async () => {
      await seedBasics();
      [owner, other] = [await createRemoteUser('carol'), await createRemoteUser('dave')];
      source = await seedTrackerRepository(owner, other, unique('tool'), 'Taken offline');
      expected = await trackerFields(owner.client, source);
      // the comparison is worth something only if the source has all of it
      const seeded = expected as Record<string, { comments?: unknown[] }[]>;
      assert.deepEqual(
        ['labels', 'milestones', 'issues', 'pulls', 'releases'].map((key) => seeded[key]?.length),
        [2, 2, 2, 1, 2],
      );
      assert.deepEqual(
        [...(seeded['issues'] ?? []), ...(seeded['pulls'] ?? [])].map((item) => item.comments?.length),
        [2, 1, 1],
      );
      account = await addRemoteAccount(owner);
    });

    suiteTeardown(async () => {
      await removeRemoteAccounts();
      await Promise.all([owner?.client.close(), other?.client.close()]);
    });

    test("from a remote repository's context menu: the copy keeps every issue, comment, label, milestone, pull request and release", async () => {
      const api = await teahouse();
      const { me } = await seedBasics();
      const { repositories } = api.trees;
      await vscode.commands.executeCommand('teahouse.repositories.refresh');
      const node = await nodeAt(repositories, `${owner.username} @ `, 'My Repositories', source.repo);
      const item = repositories.getTreeItem(node) as vscode.TreeItem;
      assert.equal(
        item.contextValue,
        'repository.admin.remote',
        'the menu item shows on remote repositories',
      );

      const copy = await vscode.commands.executeCommand<Repository | undefined>(
        'teahouse.takeRepositoryOffline',
        node,
        { owner: me },
      );
      assert.equal(copy?.full_name, `${me}/${source.repo}`, api.errors.last?.message);
      const { client, url } = await localServer();
      assert.ok(copy.clone_url.startsWith(url), 'the copy is on the local server');
      assert.equal(copy.description, 'Taken offline');
      assert.deepEqual(await trackerFields(client, { owner: me, repo: source.repo }), expected);

      const shown = await nodeAt(repositories, `${me} @ Local`, 'My Repositories', source.repo);
      assert.equal(labelOf(repositories, shown), source.repo);
      assert.deepEqual(
        repositories.view.selection.map((selected) => selected.id),
        [shown.id],
        'the copy is revealed and selected in the Repositories view',
      );
    });

    test('from the palette with arguments: into an organization; a name the local owner has is refused', async () => {
      const api = await teahouse();
      const { org } = await seedBasics();
      const name = unique('org-copy');
      const copy = await vscode.commands.executeCommand<Repository | undefined>(
        'teahouse.takeRepositoryOffline',
        { account: account.id, repository: `${source.owner}/${source.repo}`, owner: org, name },
      );
      assert.equal(copy?.full_name, `${org}/${name}`, api.errors.last?.message);
      const { client } = await localServer();
      assert.deepEqual(await trackerFields(client, { owner: org, repo: name }), expected);
      const { repositories } = api.trees;
      await nodeAt(repositories, /@ Local$/, 'By Organization', org, `${org}/${name}`);

      const again = await vscode.commands.executeCommand('teahouse.takeRepositoryOffline', {
        account: account.id,
        repository: `${source.owner}/${source.repo}`,
        owner: org,
        name,
      });
      assert.equal(again, undefined);
      assert.equal(api.errors.last?.command, 'teahouse.takeRepositoryOffline');
      assert.match(api.errors.last?.message ?? '', new RegExp(`already has ${org}/${name}`));
    });

    test('the Local account cannot be a source', async () => {
      const api = await teahouse();
      const { me, myRepo } = await seedBasics();
      const result = await vscode.commands.executeCommand('teahouse.takeRepositoryOffline', {
        account: 'local',
        repository: `${me}/${myRepo}`,
      });
      assert.equal(result, undefined);
      assert.match(api.errors.last?.message ?? '', /on the local server already/);
    });
  });
}
