import * as vscode from 'vscode';
import type { AccountService } from '../accounts/accountService';
import type { Trees } from '../commands/services';
import { Disposable } from '../util/disposable';
import type { Log } from '../util/log';
import type { WorkspaceRepositories } from '../workspace/workspaceRepositories';
import { changesLayoutSetting, changesResolver } from '../review/changesSource';
import { ViewedFiles } from '../review/viewedFiles';
import { IssueFilters } from './issueFilters';
import { issuesResolver } from './issuesSource';
import { organizationsResolver } from './organizationsSource';
import { repositoriesResolver } from './repositoriesSource';
import { savedQueriesSetting } from './savedQueries';
import { TeahouseTreeProvider } from './treeProvider';
import { showsRepository, type TrackerChanges } from './trackerChanges';

/** The four views of the Teahouse container, kept in step with accounts, the workspace and the filters. */
export class TeahouseViews extends Disposable {
  readonly trees: Trees;
  readonly filters: { readonly issues: IssueFilters; readonly pullRequests: IssueFilters };
  /** The changed files each account marked viewed in a pull request. */
  readonly viewed: ViewedFiles;

  constructor(
    context: vscode.ExtensionContext,
    accounts: AccountService,
    workspace: WorkspaceRepositories,
    changes: TrackerChanges,
    log: Log,
  ) {
    super();
    const issueFilters = this._register(new IssueFilters(context.workspaceState, 'teahouse.filters.issues'));
    const pullFilters = this._register(
      new IssueFilters(context.workspaceState, 'teahouse.filters.pullRequests'),
    );
    this.filters = { issues: issueFilters, pullRequests: pullFilters };
    this.viewed = this._register(new ViewedFiles(context.globalState));
    this.trees = {
      repositories: this._register(
        new TeahouseTreeProvider('teahouse.repositories', repositoriesResolver(accounts), log),
      ),
      issues: this._register(
        new TeahouseTreeProvider(
          'teahouse.issues',
          issuesResolver(accounts, workspace, issueFilters, false),
          log,
        ),
      ),
      pullRequests: this._register(
        new TeahouseTreeProvider(
          'teahouse.pullRequests',
          issuesResolver(accounts, workspace, pullFilters, true, changesResolver(accounts, this.viewed, log)),
          log,
        ),
      ),
      organizations: this._register(
        new TeahouseTreeProvider('teahouse.organizations', organizationsResolver(accounts), log),
      ),
    };
    const all = Object.values(this.trees);
    this._register(
      accounts.onDidChangeAccounts(() => {
        void vscode.commands.executeCommand('setContext', 'teahouse.hasAccounts', accounts.list().length > 0);
        for (const tree of all) tree.refresh();
      }),
    );
    void vscode.commands.executeCommand('setContext', 'teahouse.hasAccounts', accounts.list().length > 0);
    this._register(
      workspace.onDidChange(() => {
        this.trees.issues.refresh();
        this.trees.pullRequests.refresh();
      }),
    );
    this._register(
      changes.onDidChange((change) => {
        this.trees.issues.refresh();
        this.trees.pullRequests.refresh();
        for (const tree of [this.trees.repositories, this.trees.organizations]) {
          void tree.model.refreshListsHolding((node) => showsRepository(node, change));
        }
      }),
    );
    this._register(
      vscode.workspace.onDidChangeConfiguration((event) => {
        if (event.affectsConfiguration(changesLayoutSetting)) this.trees.pullRequests.refresh();
        if (!event.affectsConfiguration(savedQueriesSetting)) return;
        this.trees.issues.refresh();
        this.trees.pullRequests.refresh();
      }),
    );
    this._register(
      this.trees.pullRequests.view.onDidChangeCheckboxState((event) => {
        for (const [node, state] of event.items) {
          if (node.kind !== 'changedFile') continue;
          void this.viewed.set(
            node.account.id,
            node.ref,
            node.pull.index,
            [node.file.filename],
            state === vscode.TreeItemCheckboxState.Checked,
          );
        }
      }),
    );
    this._register(
      this.viewed.onDidChange(
        () => void this.trees.pullRequests.model.refreshListsHolding((node) => node.kind === 'changedFile'),
      ),
    );
    for (const [filters, tree] of [
      [issueFilters, this.trees.issues],
      [pullFilters, this.trees.pullRequests],
    ] as const) {
      const describe = () => {
        tree.view.description = filters.describe() || undefined;
        void vscode.commands.executeCommand(
          'setContext',
          `${tree.viewId}.filtered`,
          filters.describe() !== '',
        );
      };
      describe();
      this._register(
        filters.onDidChange(() => {
          describe();
          tree.refresh();
        }),
      );
    }
  }
}
