import * as vscode from 'vscode';
import { operationNamed } from '../../api/operations';
import { accountLabel, type Account } from '../accounts/account';
import type { AccountService } from '../accounts/accountService';
import { Disposable } from '../util/disposable';
import type { Log } from '../util/log';
import type { NodeOf, TreeNode } from './nodes';
import { notificationList, notificationsResolver } from './notificationsSource';
import { toTreeItem } from './treeItems';
import { TreeModel } from './treeModel';

export const notificationsViewId = 'teahouse.notifications';

const readThread = operationNamed('notifyReadThread');

/** Seconds between two looks at `GET /notifications/new`; Gitea's own pages poll at most every 10 s. */
function pollIntervalMs(): number {
  const seconds =
    vscode.workspace.getConfiguration('teahouse.notifications').get<number>('pollInterval') ?? 60;
  return Math.max(10, Number.isFinite(seconds) ? seconds : 60) * 1000;
}

/**
 * The Notifications view: the threads (a TreeModel, paged with "Load more…"), the unread count as the
 * view's badge, looked at periodically, when the window gets focus and when the view is shown; the tree
 * reloads when the count changes.
 */
export class NotificationsView extends Disposable implements vscode.TreeDataProvider<TreeNode> {
  readonly model: TreeModel;
  readonly view: vscode.TreeView<TreeNode>;
  readonly onDidChangeTreeData: vscode.Event<TreeNode | undefined>;
  readonly #counted = this._register(new vscode.EventEmitter<number>());
  /** Fires with the unread count after each look. */
  readonly onDidCount = this.#counted.event;
  #unread: number | undefined;
  #countRun = 0;
  #timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly accounts: AccountService,
    private readonly log: Log,
  ) {
    super();
    this.model = this._register(new TreeModel(notificationsResolver(accounts), log));
    this.onDidChangeTreeData = this.model.onDidChange;
    this.view = this._register(vscode.window.createTreeView(notificationsViewId, { treeDataProvider: this }));
    this._register(accounts.onDidChangeAccounts(() => void this.refresh()));
    this._register(
      vscode.window.onDidChangeWindowState((state) => {
        if (state.focused) void this.#poll();
      }),
    );
    this._register(
      this.view.onDidChangeVisibility((event) => {
        if (event.visible) void this.#poll();
      }),
    );
    this._register(
      vscode.workspace.onDidChangeConfiguration((event) => {
        if (event.affectsConfiguration('teahouse.notifications.pollInterval')) this.#schedule();
      }),
    );
    this._register({ dispose: () => clearInterval(this.#timer) });
    this.#schedule();
    void this.#poll();
  }

  /** The unread count last seen (undefined before the first answer). */
  get unread(): number | undefined {
    return this.#unread;
  }

  getTreeItem(node: TreeNode): vscode.TreeItem {
    if (node.kind === 'account') {
      const item = new vscode.TreeItem(accountLabel(node.account), vscode.TreeItemCollapsibleState.Expanded);
      item.id = node.id;
      item.iconPath = new vscode.ThemeIcon(node.account.kind === 'local' ? 'server' : 'account');
      // not `account…`: the account actions of the other views do not belong here
      item.contextValue = 'notificationsAccount';
      return item;
    }
    const item = toTreeItem(node, notificationsViewId);
    if (node.kind === 'loadMore') {
      item.command = {
        command: 'teahouse.notifications.loadMore',
        title: vscode.l10n.t('Load more'),
        arguments: [node],
      };
    }
    return item;
  }

  getChildren(node?: TreeNode): Promise<TreeNode[]> {
    return this.model.children(node);
  }

  getParent(node: TreeNode): TreeNode | undefined {
    return node.parent;
  }

  /** Reloads the threads and the count; resolves when the count is known. */
  async refresh(): Promise<void> {
    this.model.refresh();
    await this.#count();
  }

  async loadMore(node: TreeNode): Promise<void> {
    await this.model.loadMore(node.parent);
  }

  async markRead(node: NodeOf<'notification'>): Promise<void> {
    const client = await this.accounts.client(node.account);
    // `to-status` came with Gitea 1.13; before it, marking a thread is marking it read
    const toStatus = this.accounts.capabilities(node.account).has(readThread, ['to-status']);
    await client.api.notifyReadThread({
      id: String(node.thread.id),
      ...(toStatus && { 'to-status': 'read' }),
    });
    await this.refresh();
  }

  /** Gitea's "mark all read": every thread updated until now. */
  async markAllRead(): Promise<void> {
    const now = new Date().toISOString();
    for (const account of this.#withNotifications()) {
      const client = await this.accounts.client(account);
      await client.api.notifyReadList({ last_read_at: now });
    }
    await this.refresh();
  }

  /** The accounts whose servers have notifications (Gitea ≥ 1.12); the others' nodes say so. */
  #withNotifications(): Account[] {
    return this.accounts
      .list()
      .filter((account) => this.accounts.capabilities(account).has(notificationList));
  }

  #schedule(): void {
    clearInterval(this.#timer);
    this.#timer = setInterval(() => void this.#poll(), pollIntervalMs());
  }

  /** Looks at the count; a changed count means new or read threads, so the list reloads. */
  async #poll(): Promise<void> {
    const before = this.#unread;
    const after = await this.#count();
    if (after !== undefined && before !== undefined && after !== before) this.model.refresh();
  }

  async #count(): Promise<number | undefined> {
    const run = ++this.#countRun;
    let total = 0;
    for (const account of this.#withNotifications()) {
      try {
        const client = await this.accounts.client(account);
        // 204 (no body) when nothing is unread
        total += (await client.api.notifyNewAvailable())?.new ?? 0;
      } catch (error) {
        this.log.debug(`notifications: cannot count ${accountLabel(account)}'s: ${String(error)}`);
      }
    }
    // a later look started meanwhile: its answer wins
    if (run !== this.#countRun || this.isDisposed) return undefined;
    this.#unread = total;
    this.view.badge =
      total > 0
        ? {
            value: total,
            tooltip:
              total === 1
                ? vscode.l10n.t('1 unread notification')
                : vscode.l10n.t('{0} unread notifications', total),
          }
        : undefined;
    this.#counted.fire(total);
    return total;
  }
}
