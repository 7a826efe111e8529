import { randomUUID } from 'node:crypto';
import path from 'node:path';
import * as vscode from 'vscode';
import type { WindowRegistration } from '../../api/localServer/controlProtocol';
import { localAccountId, type Account } from '../accounts/account';
import type { AccountService } from '../accounts/accountService';
import { Disposable } from '../util/disposable';
import type { Log } from '../util/log';
import {
  localServerAllowedHostsSetting,
  localServerKeepRunning,
  localServerNodePath,
} from '../util/settings';
import { localServerAllowedHosts, type AllowedHostsList } from './allowedHosts';
import { ensureLocalAccount } from './localAccount';
import { LocalServer, type LocalServerLaunch } from './localServer';
import { findRuntime, runtimeCandidates, type NodeRuntime } from './nodeRuntime';

/** How long the shared server outlives the last window, unless `teahouse.localServer.keepRunning`. */
export const stopWhenUnusedSeconds = 180;

/**
 * The local server for this window: joins the one the profile's windows share (or starts it), registers this
 * window's folders and hosts with it as they change, and keeps the "Local" account pointing at it.
 */
export class LocalServerController extends Disposable {
  readonly server: LocalServer;
  /** This window's id on the server's control path, for the life of the extension host. */
  readonly #windowId = randomUUID();
  #runtime: Promise<NodeRuntime> | undefined;

  constructor(
    private readonly context: vscode.ExtensionContext,
    private readonly accounts: AccountService,
    private readonly log: Log,
  ) {
    super();
    this.server = this._register(new LocalServer(log));
    this._register(this.server.onDidCrash((info) => void this.#reportCrash(info.reason)));
    this._register(
      this.server.onDidStopElsewhere(() =>
        vscode.window.setStatusBarMessage(
          vscode.l10n.t('The local server was stopped in another window.'),
          5_000,
        ),
      ),
    );
    this._register(
      this.server.onDidJoinStarted(({ url }) => {
        this.#signIn(url).catch((error: unknown) =>
          log.warn(`local server: signing the Local account in failed: ${String(error)}`),
        );
      }),
    );
    // the Local account's token deleted through an operation: the server makes it a new one at once
    this._register(
      accounts.onDidRevokeToken((account) => {
        const url = this.server.url;
        if (account.id !== localAccountId || url === undefined) return;
        this.#signIn(url).catch((error: unknown) =>
          log.warn(`local server: signing the Local account in again failed: ${String(error)}`),
        );
      }),
    );
    const changed = (): void => void this.#sendRegistration();
    this._register(vscode.workspace.onDidChangeWorkspaceFolders(changed));
    this._register(accounts.onDidChangeAccounts(changed));
    this._register(
      vscode.workspace.onDidChangeConfiguration((event) => {
        if (event.affectsConfiguration('teahouse.localServer.nodePath')) this.#runtime = undefined;
        if (
          event.affectsConfiguration('teahouse.localServer.allowedHosts') ||
          event.affectsConfiguration('teahouse.localServer.keepRunning')
        )
          changed();
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

  /** The Node.js that runs the bundled CLI here (found once; the setting's change finds it again). */
  runtime(): Promise<NodeRuntime> {
    this.#runtime ??= this.#findRuntime().catch((error: unknown) => {
      this.#runtime = undefined;
      throw error;
    });
    return this.#runtime;
  }

  async #findRuntime(): Promise<NodeRuntime> {
    const candidates = runtimeCandidates({
      configured: localServerNodePath(),
      hostExecutable: process.execPath,
      pathVariable: process.env['PATH'],
      platform: process.platform,
    });
    const found = await findRuntime(candidates, this.cliPath);
    if ('runtime' in found) {
      this.log.info(`local server: runs on ${found.runtime.command} (${found.runtime.origin})`);
      return found.runtime;
    }
    const reasons = found.problems.map(({ problem }) => problem).join(' ');
    throw new Error(
      localServerNodePath()
        ? vscode.l10n.t(
            'The local server cannot run on the Node.js that teahouse.localServer.nodePath names: {0} Point the setting at Node.js 22.13 or later.',
            reasons,
          )
        : vscode.l10n.t(
            'The local server needs Node.js 22.13 or later with node:sqlite, and none was found: {0} Install Node.js 22.13 or later (or update VS Code to 1.101 or later), or set teahouse.localServer.nodePath.',
            reasons,
          ),
    );
  }

  /** The remote accounts' hosts and the setting's entries, which the server allows while this window uses it. */
  #allowedHosts(): AllowedHostsList {
    const remotes = this.accounts
      .list()
      .filter((account) => account.kind === 'remote')
      .map((account) => account.serverUrl);
    return localServerAllowedHosts(remotes, localServerAllowedHostsSetting());
  }

  #registration(): WindowRegistration {
    const folders = (vscode.workspace.workspaceFolders ?? [])
      .filter((folder) => folder.uri.scheme === 'file')
      .map((folder) => folder.uri.fsPath);
    return {
      id: this.#windowId,
      label: vscode.workspace.name ?? vscode.l10n.t('a window without a folder'),
      folders,
      allowedHosts: this.#allowedHosts().hosts,
      keepRunning: localServerKeepRunning(),
    };
  }

  #launch(): LocalServerLaunch {
    const { rejected } = this.#allowedHosts();
    if (rejected.length > 0) {
      const message = vscode.l10n.t(
        'teahouse.localServer.allowedHosts: ignoring {0} (not a host name, address, range or loopback/private/external/*)',
        rejected.join(', '),
      );
      this.log.warn(message);
      void vscode.window.showWarningMessage(message);
    }
    return {
      dataDir: this.dataDir,
      registration: () => this.#registration(),
      ownVersion: String((this.context.extension.packageJSON as { version?: unknown }).version ?? '0.0.0'),
      launch: async () => ({
        cliPath: this.cliPath,
        runtime: await this.runtime(),
        stopWhenUnusedSeconds,
      }),
    };
  }

  /** Joins (or starts) the shared server and returns the Local account, signed in. */
  async start(): Promise<Account> {
    const { url } = await this.server.start(this.#launch());
    return this.#signIn(url);
  }

  /**
   * When this window opens in a profile that has the Local account: joins the server the other windows
   * share (so its folders are hosted at once), or waits for one to start; it never starts one itself.
   */
  async attach(): Promise<void> {
    if (!this.accounts.get(localAccountId)) return;
    const started = await this.server.attach(this.#launch());
    if (started) await this.#signIn(started.url);
  }

  #signIn(url: string): Promise<Account> {
    return ensureLocalAccount(
      { accounts: this.accounts, log: this.log, mintToken: (name) => this.server.mintToken(name) },
      url,
    );
  }

  /**
   * Sends this window's folders and hosts now (they go on every change anyway): for a command about to ask
   * the server to reach a host of an account added a moment ago.
   */
  async syncRegistration(): Promise<void> {
    await this.#sendRegistration();
  }

  async #sendRegistration(): Promise<void> {
    try {
      await this.server.update(this.#registration());
    } catch (error) {
      this.log.warn(`local server: updating this window's folders and hosts failed: ${String(error)}`);
    }
  }

  async stop(): Promise<void> {
    await this.server.stop();
    this.log.info('local server stopped');
  }

  async restart(): Promise<Account> {
    await this.server.stop();
    return this.start();
  }

  async #reportCrash(reason: string): Promise<void> {
    const restart = vscode.l10n.t('Restart');
    const showLog = vscode.l10n.t('Show Log');
    const choice = await vscode.window.showErrorMessage(
      vscode.l10n.t('The local Teahouse server stopped unexpectedly: {0}.', reason),
      restart,
      showLog,
    );
    if (choice === restart) await vscode.commands.executeCommand('teahouse.restartLocalServer');
    if (choice === showLog) this.server.output.show();
  }
}
