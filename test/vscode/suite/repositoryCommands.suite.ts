/// <reference types="mocha" />
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as vscode from 'vscode';
import { ApiError } from '../../../src/api/client';
import type { Release, Repository } from '../../../src/api/types';
import { localServer, seedOrSkip, teahouse, unique, waitFor } from './helpers';
import { seedBasics } from './seed';

async function status(probe: Promise<unknown>): Promise<number> {
  try {
    await probe;
    return 200;
  } catch (error) {
    if (error instanceof ApiError) return error.status;
    throw error;
  }
}

export function repositoryCommandsSuite(): void {
  suite('repository commands', () => {
    test('Create Repository creates it for the default account, or in an organization', async () => {
      const { me, org } = await seedBasics();
      const name = unique('created');
      const mine = await vscode.commands.executeCommand<Repository>('teahouse.createRepository', {
        name,
        description: 'from the suite',
        private: true,
      });
      assert.equal(mine?.full_name, `${me}/${name}`);
      assert.equal(mine?.private, true);
      const inOrg = await vscode.commands.executeCommand<Repository>('teahouse.createRepository', {
        organization: org,
        name,
        autoInit: false,
      });
      assert.equal(inOrg?.full_name, `${org}/${name}`);
    });

    test('Delete Repository (confirmation given by argument) deletes it', async () => {
      const { client } = await localServer();
      const { me } = await seedBasics();
      const name = unique('doomed');
      await vscode.commands.executeCommand('teahouse.createRepository', { name, autoInit: false });
      assert.equal(
        await vscode.commands.executeCommand('teahouse.deleteRepository', {
          repository: `${me}/${name}`,
          confirm: false,
        }),
        true,
      );
      assert.equal(await status(client.api.repoGet({ owner: me, repo: name })), 404);
    });

    test('Star and Unstar, Watch and Unwatch act as the account', async () => {
      const { client } = await localServer();
      const { me, org, orgRepo } = await seedBasics();
      const ref = { owner: org, repo: `${orgRepo}` };
      const repository = `${org}/${orgRepo}`;
      assert.equal(await vscode.commands.executeCommand('teahouse.unstarRepository', { repository }), true);
      assert.equal(await status(client.api.userCurrentCheckStarring(ref, { sudo: me })), 404);
      assert.equal(await vscode.commands.executeCommand('teahouse.starRepository', { repository }), true);
      assert.equal(await status(client.api.userCurrentCheckStarring(ref, { sudo: me })), 200);
      assert.equal(await vscode.commands.executeCommand('teahouse.watchRepository', { repository }), true);
      assert.equal(await status(client.api.userCurrentCheckSubscription(ref, { sudo: me })), 200);
      assert.equal(await vscode.commands.executeCommand('teahouse.unwatchRepository', { repository }), true);
      assert.equal(await status(client.api.userCurrentCheckSubscription(ref, { sudo: me })), 404);
    });

    test('Add Collaborator gives the user the permission', async () => {
      const { client } = await localServer();
      const { me, member, myRepo } = await seedBasics();
      assert.equal(
        await vscode.commands.executeCommand('teahouse.addCollaborator', {
          repository: `${me}/${myRepo}`,
          username: member,
          permission: 'read',
        }),
        true,
      );
      const permission = await client.api.repoGetRepoPermissions({
        owner: me,
        repo: myRepo,
        collaborator: member,
      });
      assert.equal(permission.permission, 'read');
    });

    test('Fork Repository forks into an organization', async function () {
      const { client } = await localServer();
      const { me, org } = await seedBasics();
      const name = unique('forkme');
      await client.api.adminCreateRepo({ username: me, body: { name, auto_init: true } });
      await seedOrSkip(this, () => client.api.listForks({ owner: me, repo: name }));
      const fork = await vscode.commands.executeCommand<Repository>('teahouse.forkRepository', {
        repository: `${me}/${name}`,
        organization: org,
      });
      assert.equal(fork?.full_name, `${org}/${name}`, (await teahouse()).errors.last?.message);
      assert.equal(fork?.fork, true);
    });

    test('Create Release creates a release and its tag', async function () {
      const { client } = await localServer();
      const { me } = await seedBasics();
      const name = unique('released');
      await client.api.adminCreateRepo({ username: me, body: { name, auto_init: true } });
      const release = await vscode.commands.executeCommand<Release>('teahouse.createRelease', {
        repository: `${me}/${name}`,
        tagName: 'v1.0.0',
        name: 'First',
        body: 'notes',
      });
      const last = (await teahouse()).errors.last;
      if (!release && last?.status === 501) this.skip();
      assert.equal(release?.tag_name, 'v1.0.0', last?.message);
      assert.equal(release?.name, 'First');
      const listed = await client.api.repoListReleases({ owner: me, repo: name });
      assert.deepEqual(
        listed.map((r) => r.tag_name),
        ['v1.0.0'],
      );
    });

    test('Migrate Repository clones another repository into a new one', async function () {
      const { client } = await localServer();
      const { me, demo } = await seedBasics();
      const source = await client.api.repoGet(demo);
      const name = unique('migrated');
      const migrated = await vscode.commands.executeCommand<Repository>('teahouse.migrateRepository', {
        cloneAddress: source.clone_url,
        name,
      });
      const last = (await teahouse()).errors.last;
      if (!migrated && last?.status === 501) this.skip();
      assert.equal(migrated?.full_name, `${me}/${name}`, last?.message);
      const branches = await client.api.repoListBranches({ owner: me, repo: name });
      assert.ok(branches.some((branch) => branch.name === 'main'));
    });

    test("Open in Browser and Copy URL use the server's html_url", async () => {
      const { client } = await localServer();
      const { me, myRepo } = await seedBasics();
      const expected = (await client.api.repoGet({ owner: me, repo: myRepo })).html_url;
      assert.equal(
        await vscode.commands.executeCommand('teahouse.copyUrl', { repository: `${me}/${myRepo}` }),
        expected,
      );
      assert.equal(await vscode.env.clipboard.readText(), expected);
    });

    test("Clone Repository hands the clone URL to VS Code's git clone", async function () {
      const { client } = await localServer();
      const { me } = await seedBasics();
      const name = unique('clonable');
      const repository = await client.api.adminCreateRepo({ username: me, body: { name, auto_init: true } });
      const parent = mkdtempSync(path.join(os.tmpdir(), 'teahouse-clone-'));
      // git.clone asks what to do with the clone once done: that prompt is left open, the folder is checked
      void vscode.commands.executeCommand('teahouse.cloneRepository', {
        repository: `${me}/${name}`,
        parentPath: parent,
      });
      // git creates `.git` first: the checked-out README says the clone finished
      const cloned = await waitFor(
        () => existsSync(path.join(parent, name, 'README.md')),
        'the clone',
        30_000,
      ).catch(() => false);
      if (!cloned) {
        const last = (await teahouse()).errors.last;
        assert.fail(
          `no clone of ${repository.clone_url} in ${parent} (${last?.message ?? 'no error reported'})`,
        );
      }
    });
  });
}
