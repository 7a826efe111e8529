import * as vscode from 'vscode';

/**
 * A placed thread's resolution as VS Code shows it: its state, collapsed when resolved, "resolved by" in
 * its title, and the context value the Resolve/Unresolve actions test (`….resolvable`, `….resolved`).
 */
export function showResolution(
  thread: vscode.CommentThread,
  resolver: string | undefined,
  marking: boolean,
  title: string,
): void {
  if (resolver !== undefined || marking)
    thread.state =
      resolver !== undefined ? vscode.CommentThreadState.Resolved : vscode.CommentThreadState.Unresolved;
  thread.collapsibleState =
    resolver !== undefined
      ? vscode.CommentThreadCollapsibleState.Collapsed
      : vscode.CommentThreadCollapsibleState.Expanded;
  thread.label = resolver !== undefined ? vscode.l10n.t('{0} · resolved by {1}', title, resolver) : title;
  if (marking)
    thread.contextValue = `${thread.contextValue ?? ''}${resolver !== undefined ? '.resolved' : '.resolvable'}`;
}
