import * as vscode from 'vscode';
import { Disposable } from '../util/disposable';
import type { Log } from '../util/log';
import type { TreeNode } from './nodes';
import { toTreeItem } from './treeItems';
import { TreeModel, type ChildResolver } from './treeModel';

/** Maps a TreeModel's nodes to TreeItems for one view; the model does the fetching. */
export class TeahouseTreeProvider extends Disposable implements vscode.TreeDataProvider<TreeNode> {
  readonly model: TreeModel;
  readonly view: vscode.TreeView<TreeNode>;
  readonly onDidChangeTreeData: vscode.Event<TreeNode | undefined>;

  constructor(
    readonly viewId: string,
    resolve: ChildResolver,
    log: Log,
  ) {
    super();
    this.model = this._register(new TreeModel(resolve, log));
    this.onDidChangeTreeData = this.model.onDidChange;
    this.view = this._register(
      vscode.window.createTreeView(viewId, {
        treeDataProvider: this,
        showCollapseAll: true,
        canSelectMany: false,
      }),
    );
  }

  getTreeItem(node: TreeNode): vscode.TreeItem {
    return toTreeItem(node, this.viewId);
  }

  getChildren(node?: TreeNode): Promise<TreeNode[]> {
    return this.model.children(node);
  }

  getParent(node: TreeNode): TreeNode | undefined {
    return node.parent;
  }

  refresh(node?: TreeNode): void {
    this.model.refresh(node);
  }

  /** `refresh`, resolved once the lists are loaded again (and the view told if any changed). */
  reload(node?: TreeNode): Promise<void> {
    return this.model.reload(node);
  }

  /** How often the view was told to render again. */
  get renders(): number {
    return this.model.changeCount;
  }
}
