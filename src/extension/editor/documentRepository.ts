import path from 'node:path';
import * as vscode from 'vscode';
import type { MatchedRepository, WorkspaceRepositories } from '../workspace/workspaceRepositories';

/** The git extension's commit message box: `vscode-scm:git/scm0/input?rootUri=<encoded file URI>`. */
export function scmInputRoot(uri: vscode.Uri): string | undefined {
  if (uri.scheme !== 'vscode-scm') return undefined;
  const root = new URLSearchParams(uri.query).get('rootUri');
  if (!root) return undefined;
  try {
    return vscode.Uri.parse(root, true).fsPath;
  } catch {
    return undefined;
  }
}

/**
 * The workspace repository a document belongs to: the one whose folder holds the file (the innermost, for
 * nested repositories), the one a commit message box commits to, or — for an untitled document or a file
 * outside every repository — the workspace's only repository.
 */
export async function repositoryOf(
  document: vscode.TextDocument,
  workspace: WorkspaceRepositories,
): Promise<MatchedRepository | undefined> {
  const matches = await workspace.matches();
  const scmRoot = scmInputRoot(document.uri);
  if (scmRoot !== undefined) return matches.find((match) => match.rootPath === scmRoot) ?? matches[0];
  if (document.uri.scheme === 'file') {
    const file = document.uri.fsPath;
    const holding = matches
      .filter((match) => file.startsWith(match.rootPath + path.sep))
      .sort((a, b) => b.rootPath.length - a.rootPath.length);
    if (holding[0]) return holding[0];
  }
  return matches.length === 1 ? matches[0] : undefined;
}
