import * as vscode from 'vscode';
import type { NotificationSubject } from '../../api/types';
import type { NodeOf } from './nodes';

function subjectIcon(subject: NotificationSubject): vscode.ThemeIcon {
  switch (subject.type) {
    case 'Pull':
      if (subject.state === 'merged')
        return new vscode.ThemeIcon('git-merge', new vscode.ThemeColor('charts.purple'));
      return subject.state === 'closed'
        ? new vscode.ThemeIcon('git-pull-request-closed', new vscode.ThemeColor('charts.red'))
        : new vscode.ThemeIcon('git-pull-request', new vscode.ThemeColor('charts.green'));
    case 'Issue':
      return subject.state === 'closed'
        ? new vscode.ThemeIcon('issue-closed', new vscode.ThemeColor('charts.purple'))
        : new vscode.ThemeIcon('issues', new vscode.ThemeColor('charts.green'));
    case 'Commit':
      return new vscode.ThemeIcon('git-commit');
    default:
      return new vscode.ThemeIcon('repo');
  }
}

/** The subject's number: its API URL (or page) ends in it; none for a commit or a repository. */
export function subjectNumber(node: NodeOf<'notification'>): number | undefined {
  const { subject } = node.thread;
  if (subject.type !== 'Issue' && subject.type !== 'Pull') return undefined;
  const number = /\/(\d+)$/.exec(subject.url || subject.html_url || '')?.[1];
  return number === undefined ? undefined : Number(number);
}

/** `owner/repo#12` of an issue or pull request subject, else the repository. */
export function subjectReference(node: NodeOf<'notification'>): string {
  const number = subjectNumber(node);
  const repository = node.thread.repository.full_name;
  return number === undefined ? repository : `${repository}#${number}`;
}

/** `notification.unread` / `notification.read`, `.pinned` appended: what `viewItem` when-clauses test. */
export function notificationItem(node: NodeOf<'notification'>): vscode.TreeItem {
  const { thread } = node;
  const item = new vscode.TreeItem(thread.subject.title, vscode.TreeItemCollapsibleState.None);
  item.description = subjectReference(node);
  item.iconPath = subjectIcon(thread.subject);
  item.contextValue = `notification.${thread.unread ? 'unread' : 'read'}${thread.pinned ? '.pinned' : ''}`;
  item.tooltip = `${thread.subject.title}\n${subjectReference(node)} · ${thread.subject.state} · ${new Date(thread.updated_at).toLocaleString()}`;
  item.command = {
    command: 'teahouse.notifications.open',
    title: vscode.l10n.t('Open'),
    arguments: [node],
  };
  return item;
}
