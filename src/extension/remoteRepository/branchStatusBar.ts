import * as vscode from 'vscode';
import { Disposable } from '../util/disposable';
import { repoScheme } from './repoUri';
import { RepoSessions } from './repoSessions';
import type { RepoSession } from './repoSession';

export const switchBranchCommand = 'teahouse.remoteRepository.switchBranch';

/**
 * The branch of the repository opened without cloning that the active editor shows (or the first such
 * folder): shown while one is open, a click switches the branch.
 */
export class BranchStatusBar extends Disposable {
  readonly #item = this._register(
    vscode.window.createStatusBarItem('teahouse.remoteRepositoryBranch', vscode.StatusBarAlignment.Left, 99),
  );

  constructor(private readonly sessions: RepoSessions) {
    super();
    this.#item.name = vscode.l10n.t('Teahouse Repository Branch');
    this._register(sessions.onDidChange(() => void this.update()));
    this._register(sessions.onDidOpen(() => void this.update()));
    this._register(vscode.window.onDidChangeActiveTextEditor(() => void this.update()));
    this._register(vscode.workspace.onDidChangeWorkspaceFolders(() => void this.update()));
    void this.update();
  }

  /** The session the status bar is about: the active editor's repository, else the first folder's. */
  async current(): Promise<RepoSession | undefined> {
    const active = vscode.window.activeTextEditor?.document.uri;
    const uri = active?.scheme === repoScheme ? active : RepoSessions.folders()[0]?.uri;
    return uri ? this.sessions.forUri(uri).catch(() => undefined) : undefined;
  }

  async update(): Promise<void> {
    const session = await this.current();
    void vscode.commands.executeCommand('setContext', 'teahouse.remoteRepositoryOpen', session !== undefined);
    if (!session) {
      this.#item.hide();
      return;
    }
    const { owner, repo } = session.location;
    const pending = session.changes.size > 0 ? ` ${session.changes.size}*` : '';
    this.#item.text = `$(git-branch) ${session.branch}${pending}`;
    this.#item.tooltip = vscode.l10n.t(
      '{0}/{1} on the server, branch {2}: click to switch the branch',
      owner,
      repo,
      session.branch,
    );
    this.#item.command = {
      command: switchBranchCommand,
      title: vscode.l10n.t('Switch Branch'),
      arguments: [],
    };
    this.#item.show();
  }
}
