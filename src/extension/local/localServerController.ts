import path from 'node:path';
import * as vscode from 'vscode';
import type { Account } from '../accounts/account';
import type { AccountService } from '../accounts/accountService';
import { Disposable } from '../util/disposable';
import type { Log } from '../util/log';
import { localServerAllowedHostsSetting } from '../util/settings';
import { localServerAllowedHosts, namesHost, type AllowedHostsList } from './allowedHosts';
import { ensureLocalAccount } from './localAccount';
import { LocalServer, type LocalServerLaunch } from './localServer';

/** Starts and stops the local server for the workspace, and keeps the "Local" account pointing at it. */
export class LocalServerController extends Disposable {
  readonly server: LocalServer;

  constructor(
    private readonly context: vscode.ExtensionContext,
    private readonly accounts: AccountService,
    private readonly log: Log,
  ) {
    super();
    this.server = this._register(new LocalServer(log));
    this._register(this.server.onDidCrash((info) => void this.#reportCrash(info.code ?? info.signal)));
    this._register(
      vscode.workspace.onDidChangeConfiguration((event) => {
        if (event.affectsConfiguration('teahouse.localServer.allowedHosts')) void this.#offerRestart();
      }),
    );
  }

  get dataDir(): string {
    return path.join(this.context.globalStorageUri.fsPath, 'local-server');
  }

  /** The bundled CLI, which also runs `teahouse publish` on the data folder. */
  get cliPath(): string {
    return this.context.asAbsolutePath(path.join('dist', 'cli.js'));
  }

  /** The remote accounts' hosts and the setting's entries, as `--allowed-hosts`. */
  #allowedHosts(): AllowedHostsList {
    const remotes = this.accounts
      .list()
      .filter((account) => account.kind === 'remote')
      .map((account) => account.serverUrl);
    return localServerAllowedHosts(remotes, localServerAllowedHostsSetting());
  }

  #launch(): LocalServerLaunch {
    const workspaces = (vscode.workspace.workspaceFolders ?? [])
      .filter((folder) => folder.uri.scheme === 'file')
      .map((folder) => folder.uri.fsPath);
    const { hosts, rejected } = this.#allowedHosts();
    if (rejected.length > 0) {
      const message = vscode.l10n.t(
        'teahouse.localServer.allowedHosts: ignoring {0} (not a host name, address, range or loopback/private/external/*)',
        rejected.join(', '),
      );
      this.log.warn(message);
      void vscode.window.showWarningMessage(message);
    }
    return {
      cliPath: this.cliPath,
      dataDir: this.dataDir,
      workspaces,
      allowedHosts: hosts,
    };
  }

  /**
   * Whether a restart would let the running server migrate from `host`: it started before the account of
   * that host was added (or before the setting named it).
   */
  restartAllows(host: string): boolean {
    if (this.server.state !== 'running' || namesHost(this.server.allowedHosts, host)) return false;
    return namesHost(this.#allowedHosts().hosts, host);
  }

  /** Starts the server and returns the Local account, signed in. */
  async start(): Promise<Account> {
    const launch = this.#launch();
    const { url, credentials } = await this.server.start(launch);
    return ensureLocalAccount(
      { accounts: this.accounts, log: this.log, cliPath: launch.cliPath, dataDir: launch.dataDir },
      url,
      credentials,
    );
  }

  async stop(): Promise<void> {
    await this.server.stop();
    this.log.info('local server stopped');
  }

  async restart(): Promise<Account> {
    await this.server.stop();
    return this.start();
  }

  async #offerRestart(): Promise<void> {
    if (this.server.state !== 'running') return;
    const restart = vscode.l10n.t('Restart');
    const choice = await vscode.window.showInformationMessage(
      vscode.l10n.t('The local server reads its allowed hosts when it starts. Restart it now?'),
      restart,
    );
    if (choice === restart) await vscode.commands.executeCommand('teahouse.restartLocalServer');
  }

  async #reportCrash(exit: number | string | null): Promise<void> {
    const restart = vscode.l10n.t('Restart');
    const showLog = vscode.l10n.t('Show Log');
    const choice = await vscode.window.showErrorMessage(
      vscode.l10n.t('The local Teahouse server stopped unexpectedly (exit {0}).', String(exit)),
      restart,
      showLog,
    );
    if (choice === restart) await vscode.commands.executeCommand('teahouse.restartLocalServer');
    if (choice === showLog) this.server.output.show();
  }
}
