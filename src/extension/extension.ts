import * as vscode from 'vscode';

const viewIds = [
  'teahouse.repositories',
  'teahouse.issues',
  'teahouse.pullRequests',
  'teahouse.organizations',
];

/** Until accounts exist every view is empty, which lets VS Code show the views' welcome content. */
class EmptyTree implements vscode.TreeDataProvider<never> {
  getTreeItem(element: never): vscode.TreeItem {
    return element;
  }
  getChildren(): never[] {
    return [];
  }
}

export function activate(context: vscode.ExtensionContext): void {
  for (const id of viewIds) {
    context.subscriptions.push(vscode.window.registerTreeDataProvider(id, new EmptyTree()));
  }
}

export function deactivate(): void {}
