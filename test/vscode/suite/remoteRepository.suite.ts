/// <reference types="mocha" />
import assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { TeahouseClient } from '../../../src/api/client';
import type { CommitResult } from '../../../src/extension/remoteRepository/repoCommit';
import { localAccount, localServer, teahouse, unique, waitFor } from './helpers';
import { addRemoteAccount, createRemoteUser, removeRemoteAccounts } from './remoteServer';

const text = (bytes: Uint8Array) => new TextDecoder().decode(bytes);
const bytes = (value: string) => new TextEncoder().encode(value);
const base64 = (value: string) => Buffer.from(value).toString('base64');

interface Seeded {
  readonly owner: string;
  readonly repo: string;
}

/** A repository of the Local account's user with a few files, written by the test administrator. */
async function seedRepository(client: TeahouseClient): Promise<Seeded> {
  const owner = (await localAccount()).username;
  const repo = unique('unclone');
  await client.api.adminCreateRepo({
    username: owner,
    body: { name: repo, auto_init: true, default_branch: 'main' },
  });
  await client.api.repoChangeFiles({
    owner,
    repo,
    body: {
      branch: 'main',
      message: 'Seed',
      files: [
        { operation: 'create', path: 'src/a.txt', content: base64('a\n') },
        { operation: 'create', path: 'src/b.txt', content: base64('b\n') },
        { operation: 'create', path: 'docs/c.md', content: base64('# c\n') },
      ],
    },
  });
  return { owner, repo };
}

/** The branch head on the server. */
async function head(client: TeahouseClient, seeded: Seeded, branch = 'main'): Promise<string> {
  return (await client.api.repoGetBranch({ ...seeded, branch })).commit.id;
}

async function serverText(
  client: TeahouseClient,
  seeded: Seeded,
  path: string,
  ref = 'main',
): Promise<string> {
  return text(await client.api.repoGetRawFile({ ...seeded, filepath: path, ref }));
}

function commit(root: vscode.Uri, options: object): Thenable<CommitResult | undefined> {
  return vscode.commands.executeCommand<CommitResult | undefined>(
    'teahouse.remoteRepository.commit',
    root,
    options,
  );
}

async function removeFolder(uri: vscode.Uri | undefined): Promise<void> {
  const index = (vscode.workspace.workspaceFolders ?? []).findIndex(
    (folder) => folder.uri.toString() === uri?.toString(),
  );
  if (index < 0) return;
  vscode.workspace.updateWorkspaceFolders(index, 1);
  await waitFor(
    () => !vscode.workspace.workspaceFolders?.some((folder) => folder.uri.toString() === uri?.toString()),
    'the folder removed',
  );
}

export function remoteRepositorySuite(): void {
  suite('a repository opened without cloning', () => {
    let admin: TeahouseClient;
    let seeded: Seeded;
    let root: vscode.Uri | undefined;
    const file = (path: string) => vscode.Uri.joinPath(root ?? vscode.Uri.parse('teahouse-repo:/'), path);

    suiteSetup(async function () {
      this.timeout(60_000);
      admin = (await localServer()).client;
      seeded = await seedRepository(admin);
    });

    suiteTeardown(async () => {
      await vscode.commands.executeCommand('workbench.action.closeAllEditors');
      await removeFolder(root);
    });

    test('opens as a workspace folder: the root listed, a file read, requests kept few', async () => {
      const api = await teahouse();
      root = await vscode.commands.executeCommand<vscode.Uri>('teahouse.openRepository', {
        account: 'local',
        repository: `${seeded.owner}/${seeded.repo}`,
        branch: 'main',
      });
      assert.ok(root, `opened (${api.errors.last?.message ?? 'no error'})`);
      assert.equal(root.scheme, 'teahouse-repo');
      await waitFor(
        () => vscode.workspace.workspaceFolders?.some((folder) => folder.uri.toString() === root?.toString()),
        'the workspace folder',
      );
      const before = (await api.http.stats()).sent;
      const entries = await vscode.workspace.fs.readDirectory(root);
      assert.deepEqual(entries.map(([name, type]) => [name, type]).sort(), [
        ['README.md', vscode.FileType.File],
        ['docs', vscode.FileType.Directory],
        ['src', vscode.FileType.Directory],
      ]);
      const listed = (await api.http.stats()).sent;
      assert.ok(listed - before <= 1, `the root is one tree request (${listed - before})`);
      const document = await vscode.workspace.openTextDocument(file('src/a.txt'));
      assert.equal(document.getText(), 'a\n');
      await vscode.window.showTextDocument(document);
      assert.equal(
        (await vscode.workspace.fs.stat(file('src/a.txt'))).permissions,
        undefined,
        'a writer may write',
      );
    });

    test('two files edited and one deleted are ONE commit with exactly those changes on the branch', async () => {
      const before = await head(admin, seeded);
      const document = await vscode.workspace.openTextDocument(file('README.md'));
      const edit = new vscode.WorkspaceEdit();
      edit.insert(document.uri, new vscode.Position(0, 0), 'Edited in VS Code\n');
      assert.ok(await vscode.workspace.applyEdit(edit));
      assert.ok(await document.save(), 'saved as a pending change');
      await vscode.workspace.fs.writeFile(file('src/a.txt'), bytes('a, changed\n'));
      await vscode.workspace.fs.delete(file('docs/c.md'));
      assert.equal(await head(admin, seeded), before, 'nothing reached the server before the commit');
      assert.deepEqual(
        (await vscode.workspace.fs.readDirectory(file('docs'))).map(([name]) => name),
        [],
        'the deletion shows',
      );

      const result = await commit(root!, { message: 'Three changes from the editor' });
      assert.equal(result?.committed, true, JSON.stringify(result));
      const after = await head(admin, seeded);
      const made = await admin.api.repoGetSingleCommit({ ...seeded, sha: after });
      assert.deepEqual(
        made.parents.map((parent) => parent.sha),
        [before],
        'exactly one new commit on main',
      );
      assert.equal(made.commit.message.trim(), 'Three changes from the editor');
      assert.deepEqual(
        (made.files ?? []).map((changed) => `${changed.status} ${changed.filename}`).sort(),
        ['modified README.md', 'modified src/a.txt', 'removed docs/c.md'].sort(),
      );
      assert.equal(await serverText(admin, seeded, 'src/a.txt'), 'a, changed\n');
      assert.match(await serverText(admin, seeded, 'README.md'), /^Edited in VS Code\n/);
    });

    test('a branch that moved meanwhile is refused and nothing is lost; carrying over keeps both sides', async () => {
      await vscode.workspace.fs.writeFile(file('src/b.txt'), bytes('b, mine\n'));
      const theirs = await admin.api.repoChangeFiles({
        ...seeded,
        body: {
          branch: 'main',
          message: 'Theirs',
          files: [{ operation: 'create', path: 'src/d.txt', content: base64('d\n') }],
        },
      });

      const refused = await commit(root!, { message: 'Mine', whenMoved: 'cancel' });
      assert.deepEqual(refused, { committed: false, reason: 'moved' });
      assert.equal(await head(admin, seeded), theirs.commit.sha, 'nothing overwritten');
      assert.equal(
        text(await vscode.workspace.fs.readFile(file('src/b.txt'))),
        'b, mine\n',
        'the change is still pending',
      );

      const carried = await commit(root!, { message: 'Mine', whenMoved: 'carry' });
      assert.equal(carried?.committed, true, JSON.stringify(carried));
      assert.equal(await serverText(admin, seeded, 'src/b.txt'), 'b, mine\n');
      assert.equal(await serverText(admin, seeded, 'src/d.txt'), 'd\n');
    });

    test('a file changed on both sides is not carried; it goes to a new branch from where it was made', async () => {
      await vscode.workspace.fs.writeFile(file('src/a.txt'), bytes('a, mine again\n'));
      const sha = (await admin.api.repoGetContents({ ...seeded, filepath: 'src/a.txt', ref: 'main' })) as {
        sha: string;
      };
      await admin.api.repoChangeFiles({
        ...seeded,
        body: {
          branch: 'main',
          message: 'Theirs too',
          files: [{ operation: 'update', path: 'src/a.txt', sha: sha.sha, content: base64('a, theirs\n') }],
        },
      });
      const refused = await commit(root!, { whenMoved: 'carry' });
      assert.equal(refused?.committed, false);
      assert.deepEqual(refused?.committed === false && refused.conflicts, ['src/a.txt']);
      assert.equal(text(await vscode.workspace.fs.readFile(file('src/a.txt'))), 'a, mine again\n');

      const rescued = await commit(root!, {
        whenMoved: 'newBranch',
        newBranch: 'rescue',
        createPullRequest: false,
      });
      assert.equal(rescued?.committed === true && rescued.branch, 'rescue', JSON.stringify(rescued));
      assert.equal(await serverText(admin, seeded, 'src/a.txt', 'rescue'), 'a, mine again\n');
      assert.equal(await serverText(admin, seeded, 'src/a.txt', 'main'), 'a, theirs\n', 'main keeps theirs');
    });

    test('Switch Branch and Go to File work on the folder; the permalink is the branch head on the server', async () => {
      assert.equal(
        await vscode.commands.executeCommand('teahouse.remoteRepository.switchBranch', root, 'main'),
        'main',
      );
      assert.equal(
        text(await vscode.workspace.fs.readFile(file('src/a.txt'))),
        'a, theirs\n',
        'main as the server has it',
      );
      const opened = await vscode.commands.executeCommand<vscode.Uri>(
        'teahouse.remoteRepository.goToFile',
        root,
        'src/d.txt',
      );
      assert.equal(opened?.toString(), file('src/d.txt').toString());
      const link = await vscode.commands.executeCommand<string>('teahouse.copyPermalink');
      const local = (await teahouse()).accounts.list().find((account) => account.id === 'local');
      assert.equal(
        link,
        `${local?.serverUrl}${seeded.owner}/${seeded.repo}/src/commit/${await head(admin, seeded)}/src/d.txt#L1`,
      );
    });
  });

  suite('a repository opened by a reader', () => {
    let root: vscode.Uri | undefined;

    suiteTeardown(async () => {
      await removeFolder(root);
      await removeRemoteAccounts();
    });

    test('is read-only: the stat says so and a write is refused with NoPermissions', async function () {
      this.timeout(60_000);
      const owner = await createRemoteUser('owner');
      const repo = unique('readonly');
      await owner.client.api.createCurrentUserRepo({
        body: { name: repo, auto_init: true, default_branch: 'main' },
      });
      const reader = await createRemoteUser('reader');
      await owner.client.api.repoAddCollaborator({
        owner: owner.username,
        repo,
        collaborator: reader.username,
        body: { permission: 'read' },
      });
      const account = await addRemoteAccount(reader);
      root = await vscode.commands.executeCommand<vscode.Uri>('teahouse.openRepository', {
        account: account.id,
        repository: `${owner.username}/${repo}`,
        branch: 'main',
      });
      assert.ok(root, 'opened');
      const readme = vscode.Uri.joinPath(root, 'README.md');
      assert.equal((await vscode.workspace.fs.stat(readme)).permissions, vscode.FilePermission.Readonly);
      assert.match(text(await vscode.workspace.fs.readFile(readme)), new RegExp(repo));
      await assert.rejects(
        Promise.resolve(vscode.workspace.fs.writeFile(readme, bytes('no'))),
        (error: Error & { code?: string }) =>
          /NoPermissions/.test(`${error.code ?? ''} ${error.name} ${error.message}`),
      );
      await assert.rejects(Promise.resolve(vscode.workspace.fs.delete(readme)), /NoPermissions/);
    });
  });
}
