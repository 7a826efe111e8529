import * as vscode from 'vscode';
import { registerCommand, type ErrorReporter } from '../commands/errorReporter';
import { isTreeNode } from '../commands/targets';
import type { NodeOf } from './nodes';
import { subjectNumber } from './notificationsItem';
import type { NotificationsView } from './notificationsView';

function notificationNode(value: unknown): NodeOf<'notification'> {
  if (isTreeNode(value) && value.kind === 'notification') return value;
  throw new Error(vscode.l10n.t('Pick a notification in the Notifications view.'));
}

/**
 * Opens the thread's issue or pull request in its Teahouse view when there is one (`teahouse.openIssue` /
 * `teahouse.openPullRequest`), else on its server's pages, and marks the thread read as Gitea does.
 */
async function openThread(view: NotificationsView, node: NodeOf<'notification'>): Promise<void> {
  const { thread, account } = node;
  const index = subjectNumber(node);
  const command =
    thread.subject.type === 'Pull'
      ? 'teahouse.openPullRequest'
      : thread.subject.type === 'Issue'
        ? 'teahouse.openIssue'
        : undefined;
  const owner = thread.repository.owner?.login ?? thread.repository.full_name.split('/')[0];
  const opensInEditor =
    command !== undefined &&
    index !== undefined &&
    (await vscode.commands.getCommands(true)).includes(command);
  if (opensInEditor) {
    await vscode.commands.executeCommand(command, {
      account: account.id,
      owner,
      repo: thread.repository.name,
      index,
    });
  } else {
    const url = thread.subject.html_url || thread.repository.html_url;
    if (url) await vscode.env.openExternal(vscode.Uri.parse(url, true));
  }
  if (thread.unread) await view.markRead(node);
}

export function registerNotificationCommands(
  errors: ErrorReporter,
  view: NotificationsView,
): vscode.Disposable[] {
  return [
    registerCommand(errors, 'teahouse.notifications.refresh', () => view.refresh()),
    registerCommand(errors, 'teahouse.notifications.loadMore', async (node) => {
      if (isTreeNode(node)) await view.loadMore(node);
    }),
    registerCommand(errors, 'teahouse.notifications.open', (node) =>
      openThread(view, notificationNode(node)),
    ),
    registerCommand(errors, 'teahouse.notifications.markRead', (node) =>
      view.markRead(notificationNode(node)),
    ),
    registerCommand(errors, 'teahouse.notifications.markAllRead', () => view.markAllRead()),
  ];
}
