import * as vscode from 'vscode';
import { localAccountId } from '../accounts/account';
import type { AccountService } from '../accounts/accountService';
import { Disposable } from '../util/disposable';
import type { LocalServer, LocalServerState } from './localServer';

/**
 * `$(server) Teahouse` in the status bar while the local server is in use; a click opens its menu. Every
 * window shows the one server the profile's windows share, and which other windows use it.
 */
export class LocalServerStatusBar extends Disposable {
  readonly #item = this._register(
    vscode.window.createStatusBarItem('teahouse.localServer', vscode.StatusBarAlignment.Left, 10),
  );

  constructor(
    private readonly server: LocalServer,
    private readonly accounts: AccountService,
  ) {
    super();
    this.#item.name = vscode.l10n.t('Teahouse Local Server');
    this.#item.command = 'teahouse.localServerMenu';
    this._register(server.onDidChangeState(() => this.#render()));
    this._register(accounts.onDidChangeAccounts(() => this.#render()));
    this.#render();
  }

  #render(): void {
    const state: LocalServerState = this.server.state;
    const text: Record<LocalServerState, string> = {
      stopped: vscode.l10n.t('$(debug-stop) Teahouse'),
      starting: vscode.l10n.t('$(loading~spin) Teahouse'),
      running: vscode.l10n.t('$(server) Teahouse'),
      stopping: vscode.l10n.t('$(loading~spin) Teahouse'),
      crashed: vscode.l10n.t('$(error) Teahouse'),
    };
    const others = this.server.otherWindows;
    const sharing =
      others.length === 0
        ? vscode.l10n.t('Used by this window only.')
        : vscode.l10n.t(
            'Shared with {0} other window(s): {1}.',
            others.length,
            others.map((window) => window.label).join(', '),
          );
    const problem = this.server.problem;
    const tooltip: Record<LocalServerState, string> = {
      stopped: problem
        ? vscode.l10n.t('Local server not started: {0}', problem)
        : vscode.l10n.t('Local server stopped. Click to start it.'),
      starting: vscode.l10n.t('Local server starting…'),
      running: `${vscode.l10n.t('Local server running at {0}', this.server.url ?? '')} (pid ${this.server.pid ?? '?'}). ${sharing}`,
      stopping: vscode.l10n.t('Local server stopping…'),
      crashed: vscode.l10n.t('Local server stopped unexpectedly. Click for options.'),
    };
    this.#item.text =
      state === 'running' && others.length > 0
        ? vscode.l10n.t('$(server) Teahouse ({0} windows)', others.length + 1)
        : text[state];
    this.#item.tooltip = tooltip[state];
    this.#item.accessibilityInformation = {
      label:
        state === 'running'
          ? vscode.l10n.t('Teahouse local server running at {0}', this.server.url ?? '')
          : tooltip[state],
    };
    this.#item.backgroundColor =
      state === 'crashed' || (state === 'stopped' && problem)
        ? new vscode.ThemeColor('statusBarItem.errorBackground')
        : undefined;
    void vscode.commands.executeCommand('setContext', 'teahouse.localServer.running', state === 'running');
    const inUse = state !== 'stopped' || this.accounts.get(localAccountId) !== undefined;
    if (inUse) this.#item.show();
    else this.#item.hide();
  }
}
