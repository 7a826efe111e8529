import * as vscode from 'vscode';
import type { Account } from './account';

const accountsKey = 'teahouse.accounts';
const defaultAccountKey = 'teahouse.defaultAccount';
const activeByServerKey = 'teahouse.activeAccountByServer';
const tokenKey = (id: string) => `teahouse.token:${id}`;

/** SecretStorage failed: no keyring daemon, a locked keychain, or a headless Linux without one. */
export class KeychainUnavailableError extends Error {
  override readonly name = 'KeychainUnavailableError';
}

function keychainError(cause: unknown): KeychainUnavailableError {
  const detail = cause instanceof Error ? cause.message : String(cause);
  return new KeychainUnavailableError(
    vscode.l10n.t(
      'The system keychain is not available, so Teahouse cannot keep the token safely ({0}). On Linux, install and unlock a keyring (e.g. gnome-keyring) or set "password-store" in argv.json, then try again.',
      detail,
    ),
    { cause },
  );
}

/** Account metadata in globalState, tokens in SecretStorage (the OS keychain): nothing secret in settings. */
export class AccountStore {
  constructor(
    private readonly state: vscode.Memento,
    private readonly secrets: vscode.SecretStorage,
  ) {}

  list(): Account[] {
    return this.state.get<Account[]>(accountsKey, []);
  }

  /** Stores the token first: metadata without a token would be an account that cannot sign in. */
  async save(account: Account, token: string): Promise<void> {
    try {
      await this.secrets.store(tokenKey(account.id), token);
    } catch (error) {
      throw keychainError(error);
    }
    await this.saveMetadata(account);
  }

  async saveMetadata(account: Account): Promise<void> {
    const others = this.list().filter((existing) => existing.id !== account.id);
    await this.state.update(accountsKey, [...others, account]);
  }

  async remove(id: string): Promise<void> {
    await this.state.update(
      accountsKey,
      this.list().filter((account) => account.id !== id),
    );
    if (this.defaultAccountId() === id) await this.state.update(defaultAccountKey, undefined);
    const active = { ...this.activeByServer() };
    for (const [server, accountId] of Object.entries(active)) if (accountId === id) delete active[server];
    await this.state.update(activeByServerKey, active);
    try {
      await this.secrets.delete(tokenKey(id));
    } catch (error) {
      throw keychainError(error);
    }
  }

  /** Deletes the account's token from the keychain and keeps the account (it signs in again). */
  async forgetToken(id: string): Promise<void> {
    try {
      await this.secrets.delete(tokenKey(id));
    } catch (error) {
      throw keychainError(error);
    }
  }

  async token(id: string): Promise<string | undefined> {
    try {
      return await this.secrets.get(tokenKey(id));
    } catch (error) {
      throw keychainError(error);
    }
  }

  defaultAccountId(): string | undefined {
    return this.state.get<string>(defaultAccountKey);
  }

  activeByServer(): Readonly<Record<string, string>> {
    return this.state.get<Record<string, string>>(activeByServerKey, {});
  }

  async setActive(account: Account): Promise<void> {
    await this.state.update(activeByServerKey, { ...this.activeByServer(), [account.serverUrl]: account.id });
    await this.state.update(defaultAccountKey, account.id);
  }

  /** Fires when another window changed a token. */
  onDidChangeToken(listener: (accountId: string) => void): vscode.Disposable {
    return this.secrets.onDidChange((event) => {
      if (event.key.startsWith('teahouse.token:')) listener(event.key.slice('teahouse.token:'.length));
    });
  }
}
