import * as vscode from 'vscode';
import { ServerCapabilities } from '../../api/capabilities';
import { TeahouseClient, type Auth, type HttpStats } from '../../api/client';
import { readServerProfile } from '../../api/readServerProfile';
import { Disposable } from '../util/disposable';
import type { Log } from '../util/log';
import { affectsConnection, connectionSettings } from '../util/settings';
import { accountLabel, type Account } from './account';
import type { AccountStore } from './accountStore';

/** The account exists but its token is gone from the keychain (cleared, or another machine's settings sync). */
export class MissingTokenError extends Error {
  override readonly name = 'MissingTokenError';
}

/**
 * The accounts and one client per account. Everything that talks to a server asks here for a client, so
 * settings (CA file, proxy) and tokens are applied in one place.
 */
export class AccountService extends Disposable {
  readonly #changed = this._register(new vscode.EventEmitter<void>());
  /** Accounts added, removed, switched, or the local server's address changed. */
  readonly onDidChangeAccounts = this.#changed.event;
  readonly #revoked = this._register(new vscode.EventEmitter<Account>());
  /** An account's token was deleted on its server (through this window): it must sign in again. */
  readonly onDidRevokeToken = this.#revoked.event;
  readonly #clients = new Map<string, Promise<TeahouseClient>>();

  constructor(
    private readonly store: AccountStore,
    private readonly log: Log,
    private readonly version: string,
  ) {
    super();
    this._register(
      vscode.workspace.onDidChangeConfiguration((event) => {
        if (!affectsConnection(event)) return;
        this.#dropClients();
        this.#changed.fire();
      }),
    );
    this._register(store.onDidChangeToken((id) => this.#dropClient(id)));
    this._register({ dispose: () => this.#dropClients() });
  }

  list(): readonly Account[] {
    return [...this.store.list()].sort(
      (a, b) =>
        Number(b.kind === 'local') - Number(a.kind === 'local') ||
        accountLabel(a).localeCompare(accountLabel(b)),
    );
  }

  get(id: string): Account | undefined {
    return this.store.list().find((account) => account.id === id);
  }

  /** The account commands use when nothing else says which: the one last switched to, else the first. */
  defaultAccount(): Account | undefined {
    const id = this.store.defaultAccountId();
    return (id !== undefined ? this.get(id) : undefined) ?? this.list()[0];
  }

  /** The account used for a server with several accounts: the one switched to, else the first added. */
  activeFor(serverUrl: string): Account | undefined {
    const id = this.store.activeByServer()[serverUrl];
    const onServer = this.list().filter((account) => account.serverUrl === serverUrl);
    return onServer.find((account) => account.id === id) ?? onServer[0];
  }

  async add(account: Account, token: string): Promise<Account> {
    await this.store.save(account, token);
    this.#dropClient(account.id);
    await this.store.setActive(account);
    this.log.info(`account added: ${accountLabel(account)}`);
    this.#changed.fire();
    return account;
  }

  /** Updates metadata only (the local server's address changes on each start). */
  async update(account: Account): Promise<void> {
    await this.store.saveMetadata(account);
    this.#dropClient(account.id);
    this.#changed.fire();
  }

  async remove(id: string): Promise<void> {
    const account = this.get(id);
    await this.store.remove(id);
    this.#dropClient(id);
    if (account) this.log.info(`account removed: ${accountLabel(account)}`);
    this.#changed.fire();
  }

  /** The server deleted the account's token: it leaves the keychain, the account stays to sign in again. */
  async tokenRevoked(account: Account): Promise<void> {
    await this.store.forgetToken(account.id);
    this.#dropClient(account.id);
    this.log.info(`the token of ${accountLabel(account)} was deleted on its server`);
    this.#revoked.fire(account);
    this.#changed.fire();
  }

  async setActive(account: Account): Promise<void> {
    await this.store.setActive(account);
    this.#changed.fire();
  }

  /** What the account's server offers, from the profile read at sign-in or window start. */
  capabilities(account: Account): ServerCapabilities {
    return new ServerCapabilities((this.get(account.id) ?? account).profile);
  }

  /** Reads the account's server profile again and keeps it; a server out of reach keeps the last one. */
  async refreshProfile(account: Account): Promise<Account> {
    try {
      const profile = await readServerProfile(await this.client(account), {
        local: account.kind === 'local',
      });
      const current = this.get(account.id) ?? account;
      const { readAt: _previousRead, ...previous } = current.profile ?? { readAt: '' };
      const { readAt: _read, ...next } = profile;
      if (JSON.stringify(previous) === JSON.stringify(next)) return current;
      const updated = { ...current, profile };
      await this.update(updated);
      this.log.info(`server profile of ${accountLabel(account)}: ${profile.kind} ${profile.version}`);
      return updated;
    } catch (error) {
      this.log.warn(
        `server profile of ${accountLabel(account)} not read: ${error instanceof Error ? error.message : String(error)}`,
      );
      return account;
    }
  }

  /** At window start: every remote account's profile (the local server's is read when it starts). */
  async refreshProfiles(): Promise<void> {
    await Promise.all(
      this.list()
        .filter((account) => account.kind !== 'local')
        .map((account) => this.refreshProfile(account)),
    );
  }

  /** Whether SecretStorage holds a token for the account (without handing the token out). */
  async hasToken(id: string): Promise<boolean> {
    return Boolean(await this.store.token(id));
  }

  async token(account: Account): Promise<string> {
    const token = await this.store.token(account.id);
    if (token === undefined || token === '') {
      throw new MissingTokenError(
        vscode.l10n.t(
          'The token of {0} is not in the keychain any more. Remove the account and add it again.',
          accountLabel(account),
        ),
      );
    }
    return token;
  }

  /** The account's client (cached until its token or the connection settings change). */
  client(account: Account): Promise<TeahouseClient> {
    const key = `${account.id} ${account.serverUrl}`;
    let client = this.#clients.get(key);
    if (client === undefined) {
      client = this.token(account).then((token) =>
        this.createClient(
          account.serverUrl,
          { kind: 'token', token },
          account.kind === 'local',
          (this.get(account.id) ?? account).profile?.limits.max_response_items,
          true,
        ),
      );
      client.catch(() => this.#clients.delete(key));
      this.#clients.set(key, client);
    }
    return client;
  }

  /** A client outside the cache, for signing in; the caller closes it. */
  createClient(
    serverUrl: string,
    auth: Auth,
    local = false,
    maxPageSize?: number,
    httpCache = false,
  ): TeahouseClient {
    const settings = connectionSettings();
    return new TeahouseClient({
      baseUrl: serverUrl,
      auth,
      version: this.version,
      // one private cache per account's client: refreshing unchanged lists costs a 304 each
      httpCache,
      ...(maxPageSize !== undefined && { maxPageSize }),
      // the local server is on loopback: neither a proxy nor extra certificates apply
      ...(local
        ? { proxy: 'none' as const }
        : {
            caFile: settings.caFile,
            ignoreCertificateErrors: settings.ignoreCertificateErrors,
            proxy: settings.proxy,
          }),
    });
  }

  /** The exchanges and 304s of the account clients alive now (for the tests' API). */
  async httpStats(): Promise<HttpStats> {
    const stats = await Promise.all(
      [...this.#clients.values()].map((client) =>
        client.then(
          (c) => c.httpStats,
          () => undefined,
        ),
      ),
    );
    return stats.reduce<HttpStats>(
      (sum, one) => ({
        sent: sum.sent + (one?.sent ?? 0),
        notModified: sum.notModified + (one?.notModified ?? 0),
      }),
      { sent: 0, notModified: 0 },
    );
  }

  #dropClient(accountId: string): void {
    for (const [key, client] of this.#clients) {
      if (key.startsWith(`${accountId} `)) {
        this.#clients.delete(key);
        void client.then((c) => c.close()).catch(() => undefined);
      }
    }
  }

  #dropClients(): void {
    for (const [key, client] of this.#clients) {
      this.#clients.delete(key);
      void client.then((c) => c.close()).catch(() => undefined);
    }
  }
}
