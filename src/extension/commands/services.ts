import type * as vscode from 'vscode';
import type { AccountService } from '../accounts/accountService';
import type { LocalServerController } from '../local/localServerController';
import type { RepoSessions } from '../remoteRepository/repoSessions';
import type { Log } from '../util/log';
import type { CreatePullForms } from '../webviews/createPullForms';
import type { IssueFilters } from '../views/issueFilters';
import type { RepoRef, TreeNode } from '../views/nodes';
import type { TrackerChanges } from '../views/trackerChanges';
import type { TeahouseTreeProvider } from '../views/treeProvider';
import type { WorkspaceRepositories } from '../workspace/workspaceRepositories';
import type { Account } from '../accounts/account';
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
  /** Announced after a successful write to a repository's issues or pull requests; the views listen. */
  readonly changes: TrackerChanges;
  /** The Create Pull Request form, when one is open. */
  readonly pullForms: CreatePullForms;
  /** The repositories opened without cloning (`teahouse-repo:` folders). */
  readonly remoteRepositories: RepoSessions;
}

export function allTrees(services: Services): TeahouseTreeProvider[] {
  const { repositories, issues, pullRequests, organizations } = services.trees;
  return [repositories, issues, pullRequests, organizations];
}

/** The view a node was shown in, for progress shown where the work started. */
export function viewOf(services: Services, node: TreeNode): TeahouseTreeProvider | undefined {
  return allTrees(services).find((tree) => tree.model.owns(node));
}

/**
 * After the extension changed a repository's issues or pull requests: every view showing the repository (its
 * counts, its lists), the status bar and the open view of the issue or pull request changed follow, and the
 * node's own list when the command ran on one.
 */
export function announceTrackerChange(
  services: Services,
  target: {
    readonly account: Account;
    readonly ref: RepoRef;
    readonly node?: TreeNode | undefined;
    readonly index?: number | undefined;
  },
): void {
  services.changes.announce({
    account: target.account.id,
    ref: target.ref,
    ...(target.index !== undefined && { index: target.index }),
  });
  if (target.node?.parent) viewOf(services, target.node)?.refresh(target.node.parent);
}
