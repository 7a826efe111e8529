import * as vscode from 'vscode';
import type { NodeOf } from '../views/nodes';
import { changeUri } from './changeDecorations';

const C = vscode.TreeItemCollapsibleState;

export function pullCommitsItem(): vscode.TreeItem {
  const item = new vscode.TreeItem(vscode.l10n.t('Commits'), C.Collapsed);
  item.iconPath = new vscode.ThemeIcon('git-commit');
  item.contextValue = 'pullCommits';
  return item;
}

export function pullCommitItem(node: NodeOf<'pullCommit'>): vscode.TreeItem {
  const [subject = ''] = node.message.split('\n');
  const item = new vscode.TreeItem(subject, C.Collapsed);
  item.description = `${node.sha.slice(0, 8)} · ${node.author}`;
  item.iconPath = new vscode.ThemeIcon('git-commit');
  item.tooltip = `${node.sha}\n${node.author}\n\n${node.message}`;
  item.contextValue = 'pullCommit';
  return item;
}

export function changeFolderItem(node: NodeOf<'changeFolder'>): vscode.TreeItem {
  const item = new vscode.TreeItem(node.label, C.Expanded);
  item.iconPath = vscode.ThemeIcon.Folder;
  item.resourceUri = vscode.Uri.from({ scheme: 'teahouse-change', path: `/${node.path}` });
  item.contextValue = 'changeFolder';
  return item;
}

export function changedFileItem(node: NodeOf<'changedFile'>): vscode.TreeItem {
  const { file } = node;
  const slash = file.filename.lastIndexOf('/');
  const name = file.filename.slice(slash + 1);
  const item = new vscode.TreeItem(name, C.None);
  item.resourceUri = changeUri(file.filename, file.status, node.viewed === true);
  item.iconPath = vscode.ThemeIcon.File;
  const parts = [
    ...(node.flat && slash > 0 ? [file.filename.slice(0, slash)] : []),
    ...(file.previousFilename ? [`← ${file.previousFilename}`] : []),
  ];
  item.description = parts.join(' ') || undefined;
  item.tooltip = [
    file.filename,
    ...(file.previousFilename ? [vscode.l10n.t('Renamed from {0}', file.previousFilename)] : []),
    ...(file.additions + file.deletions > 0 ? [`+${file.additions} −${file.deletions}`] : []),
    ...(node.viewed ? [vscode.l10n.t('Viewed')] : []),
  ].join('\n');
  if (node.viewed !== undefined) {
    item.checkboxState = {
      state: node.viewed ? vscode.TreeItemCheckboxState.Checked : vscode.TreeItemCheckboxState.Unchecked,
      tooltip: node.viewed ? vscode.l10n.t('Mark as Not Viewed') : vscode.l10n.t('Mark as Viewed'),
    };
  }
  item.contextValue =
    node.viewed === undefined ? 'changedFile' : node.viewed ? 'changedFile.viewed' : 'changedFile.unviewed';
  item.command = {
    command: 'teahouse.openChangedFile',
    title: vscode.l10n.t('Open Changes'),
    arguments: [node],
  };
  return item;
}
