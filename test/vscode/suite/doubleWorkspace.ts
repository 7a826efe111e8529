import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import * as vscode from 'vscode';
import type { Account } from '../../../src/extension/accounts/account';
import type { NodeOf, TreeNode } from '../../../src/extension/views/nodes';
import { children, teahouse, waitFor } from './helpers';

const run = promisify(execFile);

/** A repository of a server double, signed in to and matched to this workspace through a folder's remote. */
export interface DoubleWorkspace {
  readonly account: Account;
  /** The folder beside the demo repository whose `origin` is the double's repository. */
  readonly folder: string;
  /** Signs out and removes the folder. */
  dispose(): Promise<void>;
}

/**
 * Signs in to a double as a user (by token) and adds a folder whose `origin` is `owner/repo` there, beside
 * the demo repository (a folder matches one server: its first remote's), then waits for the match.
 */
export async function doubleWorkspace(
  url: string,
  repository: { readonly owner: string; readonly repo: string; readonly folder: string },
  user: { readonly login: string; readonly token: string },
): Promise<DoubleWorkspace> {
  const folder = path.join(vscode.workspace.workspaceFolders?.[0]?.uri.fsPath ?? '', repository.folder);
  mkdirSync(folder, { recursive: true });
  await run('git', ['init', '--quiet'], { cwd: folder });
  await run('git', ['remote', 'add', 'origin', `${url}${repository.owner}/${repository.repo}.git`], {
    cwd: folder,
  });
  const account = await vscode.commands.executeCommand<Account>('teahouse.addServer', {
    url,
    token: user.token,
  });
  assert.equal(account?.username, user.login);
  const api = await teahouse();
  await waitFor(
    async () =>
      (await api.workspaceRepositories()).some(
        (match) =>
          match.account === account.id && match.owner === repository.owner && match.repo === repository.repo,
      ),
    `${repository.owner}/${repository.repo} on the double to match this workspace`,
  );
  await vscode.commands.executeCommand('teahouse.issues.refresh');
  await vscode.commands.executeCommand('teahouse.pullRequests.refresh');
  return {
    account,
    folder,
    async dispose() {
      rmSync(folder, { recursive: true, force: true });
      await vscode.commands.executeCommand('teahouse.removeAccount', account.id);
    },
  };
}

/**
 * The groups an account's repository has in the Issues or Pull Requests view: under its scope while the
 * demo repository is matched too, at the root when it is alone.
 */
export async function groupsOf(
  tree: vscode.TreeDataProvider<TreeNode>,
  account: Account,
): Promise<NodeOf<'group'>[]> {
  const top = await children(tree, undefined);
  const scope = top.find(
    (node) =>
      node.kind === 'scope' && node.scope.kind === 'repository' && node.scope.account.id === account.id,
  );
  return (scope ? await children(tree, scope) : top).filter(
    (node): node is NodeOf<'group'> => node.kind === 'group' && node.scope.account.id === account.id,
  );
}
