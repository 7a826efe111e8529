// Runs inside VS Code's extension host (as an `extensionTestsPath` bundle exporting `run()`): reads the
// extension's own activation time, adds the bench server as an account, and times the Issues view's first
// page (the tree's children of "All Open" for the workspace repository, as VS Code asks for them when the
// node is expanded). Writes the figures to $TEAHOUSE_BENCH_RESULTS.
import { writeFileSync } from 'node:fs';
import * as vscode from 'vscode';
import type { TeahouseApi } from '../../../src/extension/api';
import type { TreeNode } from '../../../src/extension/views/nodes';

export interface HostFigures {
  activationMs: number;
  /** the first expansion after the account was added */
  firstPageMs: number;
  /** the median of refreshed expansions */
  warmPageMs: number;
  issuesShown: number;
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

/** The children of "All Open" as the tree renders them: nodes and their tree items. */
async function expandAllOpen(tree: vscode.TreeDataProvider<TreeNode>): Promise<number> {
  const top = (await tree.getChildren(undefined)) ?? [];
  const allOpen = top.find((node) => labelOf(tree, node).startsWith('All Open'));
  if (!allOpen) throw new Error(`no "All Open" among ${top.map((node) => labelOf(tree, node)).join(', ')}`);
  const page = (await tree.getChildren(allOpen)) ?? [];
  for (const node of page) tree.getTreeItem(node);
  return page.filter((node) => node.kind === 'issue').length;
}

export async function run(): Promise<void> {
  const output = process.env['TEAHOUSE_BENCH_RESULTS']!;
  const url = process.env['TEAHOUSE_BENCH_SERVER']!;
  const token = process.env['TEAHOUSE_BENCH_TOKEN']!;
  const extension = vscode.extensions.getExtension<TeahouseApi>('teahouse.teahouse');
  if (!extension) throw new Error('Teahouse is not installed');
  const api = extension.isActive ? extension.exports : await extension.activate();
  await vscode.commands.executeCommand('teahouse.addServer', { url, token });
  const tree = api.trees.issues;
  await vscode.commands.executeCommand('teahouse.issues.refresh');
  // the workspace's remote is matched to the new account: the view shows that repository's groups
  await poll(async () => {
    const top = (await tree.getChildren(undefined)) ?? [];
    return top.some((node) => labelOf(tree, node).startsWith('All Open')) ? true : undefined;
  }, 'the Issues view to show the bench repository');
  let t0 = performance.now();
  const issuesShown = await expandAllOpen(tree);
  const firstPageMs = performance.now() - t0;
  const warm: number[] = [];
  for (let i = 0; i < 5; i++) {
    await vscode.commands.executeCommand('teahouse.issues.refresh');
    t0 = performance.now();
    await expandAllOpen(tree);
    warm.push(performance.now() - t0);
  }
  warm.sort((a, b) => a - b);
  const figures: HostFigures = {
    activationMs: api.activationMs,
    firstPageMs,
    warmPageMs: warm[2]!,
    issuesShown,
  };
  writeFileSync(output, JSON.stringify(figures));
}
