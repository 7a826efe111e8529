import * as vscode from 'vscode';
import { Disposable } from '../util/disposable';
import { accountLabel, type Account } from './account';
import type { AccountService } from './accountService';

export const authenticationProviderId = 'teahouse';

/**
 * Exposes the accounts as sessions, so other extensions can ask `vscode.authentication.getSession('teahouse')`
 * for a token. Creating a session runs "Add Server"; removing one removes the account.
 */
export class TeahouseAuthenticationProvider extends Disposable implements vscode.AuthenticationProvider {
  readonly #changed = this._register(
    new vscode.EventEmitter<vscode.AuthenticationProviderAuthenticationSessionsChangeEvent>(),
  );
  readonly onDidChangeSessions = this.#changed.event;
  #known: Map<string, vscode.AuthenticationSession> = new Map();

  constructor(
    private readonly accounts: AccountService,
    private readonly addAccount: () => Promise<Account | undefined>,
  ) {
    super();
    this._register(
      vscode.authentication.registerAuthenticationProvider(authenticationProviderId, 'Teahouse', this, {
        supportsMultipleAccounts: true,
      }),
    );
    this._register(accounts.onDidChangeAccounts(() => void this.#announceChanges()));
    void this.#announceChanges();
  }

  async getSessions(
    _scopes: readonly string[] | undefined,
    options?: vscode.AuthenticationProviderSessionOptions,
  ): Promise<vscode.AuthenticationSession[]> {
    const sessions: vscode.AuthenticationSession[] = [];
    for (const account of this.accounts.list()) {
      if (options?.account && options.account.id !== account.id) continue;
      const session = await this.#sessionOf(account);
      if (session) sessions.push(session);
    }
    return sessions;
  }

  async createSession(): Promise<vscode.AuthenticationSession> {
    const account = await this.addAccount();
    const session = account ? await this.#sessionOf(account) : undefined;
    if (!session) throw new Error(vscode.l10n.t('No Teahouse account was added.'));
    return session;
  }

  async removeSession(sessionId: string): Promise<void> {
    await this.accounts.remove(sessionId);
  }

  async #sessionOf(account: Account): Promise<vscode.AuthenticationSession | undefined> {
    try {
      const accessToken = await this.accounts.token(account);
      return {
        id: account.id,
        accessToken,
        account: { id: account.id, label: accountLabel(account) },
        scopes: [],
      };
    } catch {
      return undefined; // a missing token is reported where the account is used
    }
  }

  async #announceChanges(): Promise<void> {
    const current = new Map((await this.getSessions(undefined)).map((session) => [session.id, session]));
    const added = [...current.values()].filter((session) => !this.#known.has(session.id));
    const removed = [...this.#known.values()].filter((session) => !current.has(session.id));
    const changed = [...current.values()].filter((session) => {
      const before = this.#known.get(session.id);
      return before !== undefined && before.accessToken !== session.accessToken;
    });
    this.#known = current;
    if (added.length + removed.length + changed.length > 0) this.#changed.fire({ added, removed, changed });
  }
}
