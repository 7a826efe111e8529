// Runs inside VS Code's extension host (as an `extensionTestsPath` bundle exporting `run()`): reads the
// extension's own activation time, adds the bench server as an account, and times the Issues view's first
// page (the tree's children of "All Open" for the workspace repository $TEAHOUSE_BENCH_REPOSITORY, as VS
// Code asks for them when the node is expanded), then issue 14's figures on the pull request $TEAHOUSE_BENCH_PULL: its Changes tree
// (the pull request node expanded) and the diff of $TEAHOUSE_BENCH_PULL_FILE until its
// $TEAHOUSE_BENCH_PULL_THREADS threads are placed on the head side. Writes the figures to
// $TEAHOUSE_BENCH_RESULTS.
import { writeFileSync } from 'node:fs';
import * as vscode from 'vscode';
import type { TeahouseApi } from '../../../src/extension/api';
import type { ChangeEntry } from '../../../src/extension/review/changeTree';
import type { TreeNode } from '../../../src/extension/views/nodes';

export interface HostFigures {
  activationMs: number;
  /** the first expansion after the account was added */
  firstPageMs: number;
  /** the median of refreshed expansions */
  warmPageMs: number;
  issuesShown: number;
  /** the pull request node expanded: its commits and changed files listed */
  changesTreeMs: number;
  /** the changed files the tree holds (all of the pull request's, or the figure means little) */
  filesListed: number;
  /** `teahouse.openChangedFile` until the head side shows the file's threads */
  threadsReadyMs: number;
  /** of which until the head side's editor was visible (the rest is the threads) */
  headShownMs: number;
  threadsPlaced: number;
}

const labelOf = (tree: vscode.TreeDataProvider<TreeNode>, node: TreeNode): string => {
  const item = tree.getTreeItem(node) as vscode.TreeItem;
  return typeof item.label === 'string' ? item.label : (item.label?.label ?? '');
};

async function poll<T>(probe: () => Promise<T | undefined>, what: string): Promise<T> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const value = await probe().catch(() => undefined);
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/**
 * "All Open" of `repository` (`owner/repo`), at the view's top as the workspace's only repository. Not the
 * "All Open" of an account's scope, which the view shows while no workspace repository is matched: that
 * one is the issue search across every repository the account sees (100,000 in the full bench).
 */
function repositoryAllOpen(top: readonly TreeNode[], repository: string): TreeNode | undefined {
  return top.find(
    (node) =>
      node.kind === 'group' &&
      node.group === 'all' &&
      node.scope.kind === 'repository' &&
      `${node.scope.ref.owner}/${node.scope.ref.repo}` === repository,
  );
}

/** The children of the repository's "All Open" as the tree renders them: nodes and their tree items. */
async function expandAllOpen(tree: vscode.TreeDataProvider<TreeNode>, repository: string): Promise<number> {
  const top = (await tree.getChildren(undefined)) ?? [];
  const allOpen = repositoryAllOpen(top, repository);
  if (!allOpen)
    throw new Error(
      `no "All Open" of ${repository} among ${top.map((node) => labelOf(tree, node)).join(', ')}`,
    );
  const page = (await tree.getChildren(allOpen)) ?? [];
  for (const node of page) tree.getTreeItem(node);
  return page.filter((node) => node.kind === 'issue').length;
}

const filesIn = (entries: readonly ChangeEntry[]): number =>
  entries.reduce((sum, entry) => sum + (entry.kind === 'file' ? 1 : filesIn(entry.entries)), 0);

/** Descends the Changes tree to the changed file at `filePath` (folders may be compacted, as `a/b`). */
async function changedFileNode(
  tree: vscode.TreeDataProvider<TreeNode>,
  pullNode: TreeNode,
  filePath: string,
): Promise<TreeNode> {
  let current = pullNode;
  for (;;) {
    const list = (await tree.getChildren(current)) ?? [];
    const file = list.find((node) => node.kind === 'changedFile' && node.file.filename === filePath);
    if (file) return file;
    const folder = list.find((node) => node.kind === 'changeFolder' && filePath.startsWith(`${node.path}/`));
    if (!folder) throw new Error(`${filePath} is not in the Changes tree`);
    current = folder;
  }
}

function headEditor(): vscode.TextEditor | undefined {
  return vscode.window.visibleTextEditors.find(
    (editor) =>
      editor.document.uri.scheme === 'teahouse-revision' &&
      editor.document.uri.query.includes('"side":"head"'),
  );
}

/** Issue 14: the Changes tree of a pull request of 300 files, then a file's diff with its threads. */
async function measurePull(
  api: TeahouseApi,
  number: number,
  filePath: string,
  threadCount: number,
): Promise<
  Pick<HostFigures, 'changesTreeMs' | 'filesListed' | 'threadsReadyMs' | 'headShownMs' | 'threadsPlaced'>
> {
  const tree = api.trees.pullRequests;
  await vscode.commands.executeCommand('teahouse.pullRequests.refresh');
  const pullNode = await poll(async () => {
    const top = (await tree.getChildren(undefined)) ?? [];
    const allOpen = top.find((node) => labelOf(tree, node).startsWith('All Open'));
    const pulls = allOpen ? ((await tree.getChildren(allOpen)) ?? []) : [];
    return pulls.find((node) => labelOf(tree, node).startsWith(`#${number} `));
  }, `pull request #${number} in the Pull Requests view`);
  let t0 = performance.now();
  const changes = (await tree.getChildren(pullNode)) ?? [];
  for (const node of changes) tree.getTreeItem(node);
  const changesTreeMs = performance.now() - t0;
  const filesListed = changes.reduce(
    (sum, node) =>
      sum + (node.kind === 'changedFile' ? 1 : node.kind === 'changeFolder' ? filesIn(node.entries) : 0),
    0,
  );
  const fileNode = await changedFileNode(tree, pullNode, filePath);
  t0 = performance.now();
  await vscode.commands.executeCommand('teahouse.openChangedFile', fileNode);
  const head = await poll(async () => headEditor(), 'the head side of the diff');
  const headShownMs = performance.now() - t0;
  const threads = await poll(async () => {
    const placed = await api.review.threadsOn(head.document.uri);
    return placed.length >= threadCount ? placed : undefined;
  }, `the ${threadCount} threads`);
  const threadsReadyMs = performance.now() - t0;
  await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  return { changesTreeMs, filesListed, threadsReadyMs, headShownMs, threadsPlaced: threads.length };
}

export async function run(): Promise<void> {
  const output = process.env['TEAHOUSE_BENCH_RESULTS']!;
  const url = process.env['TEAHOUSE_BENCH_SERVER']!;
  const token = process.env['TEAHOUSE_BENCH_TOKEN']!;
  const repository = process.env['TEAHOUSE_BENCH_REPOSITORY']!;
  const extension = vscode.extensions.getExtension<TeahouseApi>('teahouse.teahouse');
  if (!extension) throw new Error('Teahouse is not installed');
  const api = extension.isActive ? extension.exports : await extension.activate();
  await vscode.commands.executeCommand('teahouse.addServer', { url, token });
  const tree = api.trees.issues;
  await vscode.commands.executeCommand('teahouse.issues.refresh');
  // the workspace's remote is matched to the new account: the view shows that repository's groups
  await poll(
    async () => repositoryAllOpen((await tree.getChildren(undefined)) ?? [], repository),
    `the Issues view to show ${repository}`,
  );
  let t0 = performance.now();
  const issuesShown = await expandAllOpen(tree, repository);
  const firstPageMs = performance.now() - t0;
  const warm: number[] = [];
  for (let i = 0; i < 5; i++) {
    await vscode.commands.executeCommand('teahouse.issues.refresh');
    t0 = performance.now();
    await expandAllOpen(tree, repository);
    warm.push(performance.now() - t0);
  }
  warm.sort((a, b) => a - b);
  const pull = await measurePull(
    api,
    Number(process.env['TEAHOUSE_BENCH_PULL']),
    process.env['TEAHOUSE_BENCH_PULL_FILE']!,
    Number(process.env['TEAHOUSE_BENCH_PULL_THREADS']),
  );
  const figures: HostFigures = {
    activationMs: api.activationMs,
    firstPageMs,
    warmPageMs: warm[2]!,
    issuesShown,
    ...pull,
  };
  writeFileSync(output, JSON.stringify(figures));
}
