import path from 'node:path';
import * as vscode from 'vscode';
import type { Account } from '../accounts/account';
import type { AccountService } from '../accounts/accountService';
import { Disposable } from '../util/disposable';
import type { Log } from '../util/log';
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
  }

  get dataDir(): string {
    return path.join(this.context.globalStorageUri.fsPath, 'local-server');
  }

  /** The bundled CLI, which also runs `teahouse publish` on the data folder. */
  get cliPath(): string {
    return this.context.asAbsolutePath(path.join('dist', 'cli.js'));
  }

  #launch(): LocalServerLaunch {
    const workspaces = (vscode.workspace.workspaceFolders ?? [])
      .filter((folder) => folder.uri.scheme === 'file')
      .map((folder) => folder.uri.fsPath);
    return {
      cliPath: this.cliPath,
      dataDir: this.dataDir,
      workspaces,
    };
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
