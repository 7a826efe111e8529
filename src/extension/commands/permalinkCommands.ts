import path from 'node:path';
import * as vscode from 'vscode';
import { commitState, NoCommitYet, type PermalinkCaveat } from '../editor/commitState';
import { permalinkUrl, repositoryRelativePath, selectedLines, type LineRange } from '../editor/permalink';
import { openInBrowser } from '../local/openInBrowser';
import { repoPathOf } from '../remoteRepository/repoSessions';
import { repoScheme } from '../remoteRepository/repoUri';
import { gitApi } from '../workspace/gitExtension';
import type { MatchedRepository } from '../workspace/workspaceRepositories';
import { registerCommand } from './errorReporter';
import type { Services } from './services';

/**
 * The file a command runs on: the menu's resource, else the active editor's; lines only from an editor (the
 * selected ones, or the cursor's).
 */
function fileOf(arg: unknown): { uri: vscode.Uri; lines: LineRange | undefined } | undefined {
  const editor = vscode.window.activeTextEditor;
  if (arg instanceof vscode.Uri && arg.toString() !== editor?.document.uri.toString()) {
    return { uri: arg, lines: undefined };
  }
  if (!editor) return undefined;
  return { uri: editor.document.uri, lines: selectedLines(editor.selection) };
}

/** The innermost matched repository holding the file, with the file's path inside it. */
export async function repositoryHolding(
  services: Services,
  file: vscode.Uri,
): Promise<{ match: MatchedRepository; relativePath: string } | undefined> {
  if (file.scheme !== 'file') return undefined;
  const held = (await services.workspace.matches())
    .map((match) => ({ match, relativePath: repositoryRelativePath(match.rootPath, file.fsPath, path.sep) }))
    .filter((candidate): candidate is { match: MatchedRepository; relativePath: string } =>
      Boolean(candidate.relativePath),
    )
    .sort((a, b) => b.match.rootPath.length - a.match.rootPath.length);
  return held[0];
}

function caveatMessage(
  caveat: PermalinkCaveat,
  file: string,
  sha: string,
  remote: string | undefined,
): string {
  const commit = sha.slice(0, 8);
  switch (caveat) {
    case 'notInCommit':
      return vscode.l10n.t('{0} is not in commit {1}: the link will not find it.', file, commit);
    case 'uncommitted':
      return vscode.l10n.t('{0} has uncommitted changes: the linked lines may differ.', file);
    case 'notPushed':
      return vscode.l10n.t(
        'Commit {0} is not pushed to {1}: the link will not open until it is.',
        commit,
        remote ?? '',
      );
  }
}

/**
 * The permalink of the file (and selected lines) at HEAD, after the user agreed to any caveat; undefined
 * when there is no file or the user declined.
 */
async function permalink(services: Services, arg: unknown, anyway: string): Promise<string | undefined> {
  const file = fileOf(arg);
  if (!file) throw new Error(vscode.l10n.t('Open a file to link to.'));
  if (file.uri.scheme === repoScheme) return remotePermalink(services, file, anyway);
  const holding = await repositoryHolding(services, file.uri);
  if (!holding) {
    throw new Error(
      vscode.l10n.t(
        '{0} is not in a workspace repository of a connected server.',
        path.basename(file.uri.fsPath),
      ),
    );
  }
  const { match, relativePath } = holding;
  const gitPath = (await gitApi())?.git.path ?? 'git';
  const state = await commitState(gitPath, match.rootPath, relativePath, match.remoteName).catch(
    (error: unknown) => {
      if (!(error instanceof NoCommitYet)) throw error;
      throw new Error(vscode.l10n.t('{0} has no commit yet: commit the file to link to it.', error.folder));
    },
  );
  const caveats = [...state.caveats];
  const dirty = vscode.workspace.textDocuments.some(
    (document) => document.isDirty && document.uri.toString() === file.uri.toString(),
  );
  if (dirty && caveats.length === 0) caveats.push('uncommitted');
  if (caveats.length > 0) {
    const message = caveats.map((caveat) => caveatMessage(caveat, relativePath, state.sha, match.remoteName));
    const choice = await vscode.window.showWarningMessage(message.join(' '), anyway);
    if (choice !== anyway) return undefined;
  }
  return permalinkUrl({
    serverUrl: match.account.serverUrl,
    owner: match.owner,
    repo: match.repo,
    sha: state.sha,
    path: relativePath,
    lines: file.lines,
  });
}

/** A file of a repository opened without cloning: its branch head is the commit, on the server already. */
async function remotePermalink(
  services: Services,
  file: { uri: vscode.Uri; lines: LineRange | undefined },
  anyway: string,
): Promise<string | undefined> {
  const session = await services.remoteRepositories.forUri(file.uri);
  const { path: relativePath } = repoPathOf(file.uri);
  const account = services.accounts.get(session.location.account);
  if (!account)
    throw new Error(vscode.l10n.t('There is no Teahouse account "{0}".', session.location.account));
  const dirty = vscode.workspace.textDocuments.some(
    (document) => document.isDirty && document.uri.toString() === file.uri.toString(),
  );
  if (dirty || session.changes.get(relativePath)) {
    const message = caveatMessage('uncommitted', relativePath, session.head, undefined);
    if ((await vscode.window.showWarningMessage(message, anyway)) !== anyway) return undefined;
  }
  return permalinkUrl({
    serverUrl: account.serverUrl,
    owner: session.location.owner,
    repo: session.location.repo,
    sha: session.head,
    path: relativePath,
    lines: file.lines,
  });
}

/** How long "Permalink copied" stays in the status bar. */
const copiedMessageMs = 4_000;

export function registerPermalinkCommands(services: Services): vscode.Disposable[] {
  const { errors } = services;
  return [
    registerCommand(errors, 'teahouse.copyPermalink', async (arg) => {
      const url = await permalink(services, arg, vscode.l10n.t('Copy Anyway'));
      if (!url) return undefined;
      await vscode.env.clipboard.writeText(url);
      // a copy is routine: a note in the status bar that hides itself, not a notification left to dismiss
      vscode.window.setStatusBarMessage(`$(check) ${vscode.l10n.t('Permalink copied')}`, copiedMessageMs);
      return url;
    }),
    registerCommand(errors, 'teahouse.openOnServer', async (arg) => {
      const url = await permalink(services, arg, vscode.l10n.t('Open Anyway'));
      if (url) await openInBrowser(services, url);
      return url;
    }),
  ];
}
