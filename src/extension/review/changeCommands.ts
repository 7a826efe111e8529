import * as vscode from 'vscode';
import { registerCommand } from '../commands/errorReporter';
import type { Services } from '../commands/services';
import { isTreeNode } from '../commands/targets';
import type { NodeOf, TreeNode } from '../views/nodes';
import { revisionUri } from '../webviews/revisionContent';
import { pullCommitUri, pullSideUri, workspaceFileUri, type PullKey } from './pullSides';
import type { ViewedFiles } from './viewedFiles';
import { runGit } from '../workspace/runGit';

function changedFile(value: unknown): NodeOf<'changedFile'> | undefined {
  return isTreeNode(value) && value.kind === 'changedFile' ? value : undefined;
}

/** The workspace's copy of a file when the workspace has the pull request's head checked out. */
async function checkedOutFile(
  services: Services,
  node: NodeOf<'changedFile'>,
): Promise<vscode.Uri | undefined> {
  if (node.file.status === 'deleted' || node.file.status === 'removed') return undefined;
  const folder = await services.workspace.folderOf(node.account, node.ref.owner, node.ref.repo);
  if (!folder) return undefined;
  const head = await runGit(folder.rootPath, ['rev-parse', 'HEAD']).catch(() => '');
  return head.trim() === node.pull.headSha
    ? workspaceFileUri(folder.rootPath, node.file.filename)
    : undefined;
}

/**
 * The diff editor of a changed file: merge base ↔ head for the pull request (the head from the workspace
 * when it is checked out, so it can be edited), parent ↔ commit for a commit.
 */
export async function openChangedFile(services: Services, node: NodeOf<'changedFile'>): Promise<void> {
  const { account, ref, pull, range, file } = node;
  const basePath = file.previousFilename || file.filename;
  if (range.commit === undefined) {
    const key: PullKey = { account: account.id, ...ref, index: pull.index };
    const local = await checkedOutFile(services, node);
    if (local) {
      await vscode.commands.executeCommand('teahouse.review.loadThreads', key);
    }
    await vscode.commands.executeCommand(
      'vscode.diff',
      pullSideUri(key, pull, 'base', basePath),
      local ?? pullSideUri(key, pull, 'head', file.filename),
      `${file.filename} (#${pull.index})`,
      { preview: true },
    );
    return;
  }
  const key: PullKey = { account: account.id, ...ref, index: pull.index };
  await vscode.commands.executeCommand(
    'vscode.diff',
    revisionUri({ account: account.id, ...ref, ref: range.base, path: basePath }),
    // the threads made on this commit (outdated on the pull request's diff) show on its new side
    pullCommitUri(key, range.head, file.filename),
    `${file.filename} (${range.commit.slice(0, 8)})`,
    { preview: true },
  );
}

/** The changed files a command was run on: the node, or the tree's selection when several are selected. */
function filesOf(first: unknown, second: unknown): NodeOf<'changedFile'>[] {
  const selection = Array.isArray(second) ? second.map(changedFile) : [];
  const chosen = selection.filter((node): node is NodeOf<'changedFile'> => node !== undefined);
  if (chosen.length > 0) return chosen;
  const node = changedFile(first);
  return node ? [node] : [];
}

async function markViewed(viewed: ViewedFiles, nodes: readonly TreeNode[], value: boolean): Promise<void> {
  for (const node of nodes) {
    if (node.kind !== 'changedFile' || node.viewed === undefined) continue;
    await viewed.set(node.account.id, node.ref, node.pull.index, [node.file.filename], value);
  }
}

export function registerChangeCommands(services: Services, viewed: ViewedFiles): vscode.Disposable[] {
  const { errors } = services;
  return [
    registerCommand(errors, 'teahouse.openChangedFile', async (node) => {
      const file = changedFile(node);
      if (file) await openChangedFile(services, file);
    }),
    registerCommand(errors, 'teahouse.markFileViewed', (first, second) =>
      markViewed(viewed, filesOf(first, second), true),
    ),
    registerCommand(errors, 'teahouse.markFileNotViewed', (first, second) =>
      markViewed(viewed, filesOf(first, second), false),
    ),
  ];
}
