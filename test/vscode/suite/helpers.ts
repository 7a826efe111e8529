/// <reference types="mocha" />
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { promisify } from 'node:util';
import * as vscode from 'vscode';
import { ApiError, TeahouseClient } from '../../../src/api/client';
import type { TeahouseApi } from '../../../src/extension/api';
import type { TreeNode } from '../../../src/extension/views/nodes';

const run = promisify(execFile);
export const extensionId = 'teahouse.teahouse';

export async function teahouse(): Promise<TeahouseApi> {
  const extension = vscode.extensions.getExtension<TeahouseApi>(extensionId);
  if (!extension) throw new Error(`${extensionId} is not installed in this VS Code`);
  return extension.isActive ? extension.exports : extension.activate();
}

/** Polls `probe` until it returns something truthy, failing with `what` after the deadline. */
export async function waitFor<T>(
  probe: () => T | Promise<T>,
  what: string,
  timeoutMs = 20_000,
): Promise<NonNullable<T>> {
  const deadline = Date.now() + timeoutMs;
  let last: unknown;
  for (;;) {
    try {
      const value = await probe();
      if (value) return value as NonNullable<T>;
    } catch (error) {
      last = error;
    }
    if (Date.now() > deadline)
      throw new Error(`timed out waiting for ${what}${last ? ` (last error: ${String(last)})` : ''}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

export interface LocalServerHandle {
  readonly url: string;
  /** A site administrator of the test's own, made with the CLI: independent of the extension's token. */
  readonly admin: { readonly username: string; readonly password: string; readonly token: string };
  readonly client: TeahouseClient;
}

let admin: Promise<LocalServerHandle['admin']> | undefined;
let handle: LocalServerHandle | undefined;

/**
 * Starts the local server through the extension's command (if it is not running) and returns a client of a
 * test administrator made with the CLI, independent of the extension's own token. The address changes when
 * a test restarts the server, so ask again rather than keeping the handle.
 */
export async function localServer(): Promise<LocalServerHandle> {
  const api = await teahouse();
  let url = api.localServer.url;
  if (api.localServer.state !== 'running' || !url) {
    url = await vscode.commands.executeCommand<string>('teahouse.startLocalServer');
    if (!url)
      throw new Error(`the local server did not start: ${api.errors.last?.message ?? 'no error reported'}`);
  }
  const serverUrl = url;
  admin ??= createTestAdmin(api, serverUrl);
  const credentials = await admin;
  if (handle?.url !== serverUrl) {
    void handle?.client.close();
    handle = {
      url: serverUrl,
      admin: credentials,
      client: new TeahouseClient({
        baseUrl: serverUrl,
        proxy: 'none',
        auth: { kind: 'token', token: credentials.token },
      }),
    };
  }
  return handle;
}

async function createTestAdmin(api: TeahouseApi, url: string): Promise<LocalServerHandle['admin']> {
  const username = `tester-${randomBytes(3).toString('hex')}`;
  const password = randomBytes(18).toString('base64url');
  const cli = path.join(vscode.extensions.getExtension(extensionId)?.extensionPath ?? '', 'dist', 'cli.js');
  const args = [
    cli,
    'admin',
    'create-user',
    '--data',
    api.localServer.dataDir,
    '--username',
    username,
    '--password',
    password,
    '--email',
    `${username}@localhost`,
    '--admin',
  ];
  await run(process.execPath, args, { env: { ...process.env, ELECTRON_RUN_AS_NODE: '1' } });
  const basic = new TeahouseClient({
    baseUrl: url,
    proxy: 'none',
    auth: { kind: 'basic', username, password },
  });
  try {
    const created = await basic.api.userCreateToken({
      username,
      body: { name: 'vscode-suite', scopes: ['all'] },
    });
    return { username, password, token: created.sha1 };
  } finally {
    await basic.close();
  }
}

/** The Local account the extension signed in (the server's first administrator). */
export async function localAccount(): Promise<{ id: string; username: string }> {
  const api = await teahouse();
  const account = api.accounts.list().find((candidate) => candidate.id === 'local');
  if (!account) throw new Error('no Local account');
  return account;
}

/** Whether the server implements an operation yet (server areas land in parallel; 501 means "not yet"). */
export function notImplemented(error: unknown): boolean {
  return error instanceof ApiError && error.status === 501;
}

/** Runs `seed`; skips the current test when the server does not implement what it needs yet. */
export async function seedOrSkip<T>(context: Mocha.Context, seed: () => Promise<T>): Promise<T> {
  try {
    return await seed();
  } catch (error) {
    if (notImplemented(error)) {
      console.log(
        `    (skipped: the server does not implement ${(error as ApiError).serverMessage.replace(/^not implemented yet: /, '')} yet)`,
      );
      context.skip();
    }
    throw error;
  }
}

/** A unique name per test, so tests in one run never collide. */
export function unique(prefix: string): string {
  return `${prefix}-${randomBytes(3).toString('hex')}`;
}

export function labelOf(tree: vscode.TreeDataProvider<TreeNode>, node: TreeNode): string {
  const item = tree.getTreeItem(node) as vscode.TreeItem;
  return typeof item.label === 'string' ? item.label : (item.label?.label ?? '');
}

/** The children of `parent` as VS Code would show them, and their labels. */
export async function children(
  tree: vscode.TreeDataProvider<TreeNode>,
  parent?: TreeNode,
): Promise<TreeNode[]> {
  return (await tree.getChildren(parent)) ?? [];
}

/** Follows a path of labels (each a prefix match) from the root and returns the node it ends at. */
export async function nodeAt(
  tree: vscode.TreeDataProvider<TreeNode>,
  ...labels: (string | RegExp)[]
): Promise<TreeNode> {
  let current: TreeNode | undefined;
  for (const wanted of labels) {
    const list = await children(tree, current);
    const found = list.find((node) => {
      const label = labelOf(tree, node);
      return typeof wanted === 'string' ? label === wanted || label.startsWith(wanted) : wanted.test(label);
    });
    if (!found)
      throw new Error(`no "${String(wanted)}" among [${list.map((node) => labelOf(tree, node)).join(', ')}]`);
    current = found;
  }
  if (!current) throw new Error('an empty path');
  return current;
}

export async function labelsUnder(
  tree: vscode.TreeDataProvider<TreeNode>,
  parent?: TreeNode,
): Promise<string[]> {
  return (await children(tree, parent)).map((node) => labelOf(tree, node));
}
