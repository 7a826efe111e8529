import * as vscode from 'vscode';
import type { IssueFilters, StateFilter } from '../views/issueFilters';
import { currentScopes } from '../views/issuesSource';
import type { TreeNode } from '../views/nodes';
import { registerCommand } from './errorReporter';
import { allTrees, viewOf, type Services } from './services';
import { isTreeNode } from './targets';

async function labelNames(services: Services): Promise<string[]> {
  const names = new Set<string>();
  for (const scope of await currentScopes(services.accounts, services.workspace)) {
    if (scope.kind !== 'repository') continue;
    const client = await services.accounts.client(scope.account);
    for await (const label of client.paginate(
      'issueListLabels',
      { ...scope.ref, limit: 50 },
      { maxPages: 5 },
    ))
      names.add(label.name);
  }
  return [...names].sort((a, b) => a.localeCompare(b));
}

function filterCommands(
  services: Services,
  view: 'issues' | 'pullRequests',
  filters: IssueFilters,
): vscode.Disposable[] {
  const { errors } = services;
  return [
    registerCommand(errors, `teahouse.${view}.filterState`, async (arg) => {
      let state = typeof arg === 'string' ? (arg as StateFilter) : undefined;
      if (state === undefined) {
        const choices: { label: string; value: StateFilter }[] = [
          { label: vscode.l10n.t('Open'), value: 'open' },
          { label: vscode.l10n.t('Closed'), value: 'closed' },
          { label: vscode.l10n.t('All'), value: 'all' },
        ];
        const picked = await vscode.window.showQuickPick(
          choices.map((choice) => ({
            ...choice,
            description: choice.value === filters.values.state ? '✓' : undefined,
          })),
          { title: vscode.l10n.t('Show which state?') },
        );
        if (!picked) return undefined;
        state = picked.value;
      }
      if (!['open', 'closed', 'all'].includes(state))
        throw new Error(vscode.l10n.t('The state is open, closed or all.'));
      await filters.set({ state });
      return state;
    }),
    registerCommand(errors, `teahouse.${view}.filterLabels`, async (arg) => {
      let labels =
        Array.isArray(arg) && arg.every((item) => typeof item === 'string') ? (arg as string[]) : undefined;
      if (labels === undefined) {
        const current = new Set(filters.values.labels);
        const names = await labelNames(services);
        const picked = await vscode.window.showQuickPick(
          names.map((label) => ({ label, picked: current.has(label) })),
          { title: vscode.l10n.t('Show only items with any of these labels'), canPickMany: true },
        );
        if (!picked) return undefined;
        labels = picked.map((item) => item.label);
      }
      await filters.set({ labels });
      return labels;
    }),
    registerCommand(errors, `teahouse.${view}.clearFilters`, async () => {
      await filters.set({ state: 'open', labels: [] });
    }),
  ];
}

export function registerViewCommands(services: Services): vscode.Disposable[] {
  const { errors, trees } = services;
  const refreshView = (id: keyof typeof trees) =>
    registerCommand(errors, `teahouse.${id}.refresh`, () => trees[id].reload());
  return [
    refreshView('repositories'),
    refreshView('issues'),
    refreshView('pullRequests'),
    refreshView('organizations'),
    registerCommand(errors, 'teahouse.refreshNode', (node) => {
      if (isTreeNode(node)) viewOf(services, node)?.refresh(node);
    }),
    registerCommand(errors, 'teahouse.loadMore', async (node, viewId) => {
      if (!isTreeNode(node)) return;
      const tree =
        allTrees(services).find((candidate) => candidate.viewId === viewId) ?? viewOf(services, node);
      await tree?.model.loadMore(node.parent as TreeNode | undefined);
    }),
    ...filterCommands(services, 'issues', services.filters.issues),
    ...filterCommands(services, 'pullRequests', services.filters.pullRequests),
  ];
}
