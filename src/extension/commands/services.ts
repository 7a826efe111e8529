import type * as vscode from 'vscode';
import type { AccountService } from '../accounts/accountService';
import type { LocalServerController } from '../local/localServerController';
import type { Log } from '../util/log';
import type { CreatePullForms } from '../webviews/createPullForms';
import type { IssueFilters } from '../views/issueFilters';
import type { TreeNode } from '../views/nodes';
import type { TeahouseTreeProvider } from '../views/treeProvider';
import type { WorkspaceRepositories } from '../workspace/workspaceRepositories';
import type { ErrorReporter } from './errorReporter';

export interface Trees {
  readonly repositories: TeahouseTreeProvider;
  readonly issues: TeahouseTreeProvider;
  readonly pullRequests: TeahouseTreeProvider;
  readonly organizations: TeahouseTreeProvider;
}

/** What commands work with; built once in activate. */
export interface Services {
  readonly context: vscode.ExtensionContext;
  readonly log: Log;
  readonly accounts: AccountService;
  readonly workspace: WorkspaceRepositories;
  readonly local: LocalServerController;
  readonly trees: Trees;
  readonly filters: { readonly issues: IssueFilters; readonly pullRequests: IssueFilters };
  readonly errors: ErrorReporter;
  /** The Create Pull Request form, when one is open. */
  readonly pullForms: CreatePullForms;
}

export function allTrees(services: Services): TeahouseTreeProvider[] {
  const { repositories, issues, pullRequests, organizations } = services.trees;
  return [repositories, issues, pullRequests, organizations];
}

/** The view a node was shown in, for progress shown where the work started. */
export function viewOf(services: Services, node: TreeNode): TeahouseTreeProvider | undefined {
  return allTrees(services).find((tree) => tree.model.owns(node));
}

/** After an issue or pull request changed: the lists that show them, and the node's own list. */
export function refreshIssueViews(services: Services, node?: TreeNode): void {
  services.trees.issues.refresh();
  services.trees.pullRequests.refresh();
  if (node?.parent) viewOf(services, node)?.refresh(node.parent);
}
