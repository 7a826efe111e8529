import * as vscode from 'vscode';
import type { AccountService } from '../accounts/accountService';
import { Disposable } from '../util/disposable';
import type { Log } from '../util/log';

/** Keeps the `teahouse.isAdmin` context key on the active account's `is_admin`, for the palette and pickers. */
export class AdminContext extends Disposable {
  #isAdmin = false;
  #refreshing: Promise<boolean> = Promise.resolve(false);

  constructor(
    private readonly accounts: AccountService,
    private readonly log: Log,
  ) {
    super();
    this._register(accounts.onDidChangeAccounts(() => void this.refresh()));
    void this.refresh();
  }

  /** Whether the active account is a site administrator, once the last check finished. */
  async isAdmin(): Promise<boolean> {
    await this.#refreshing;
    return this.#isAdmin;
  }

  refresh(): Promise<boolean> {
    this.#refreshing = this.#check().then((isAdmin) => {
      this.#isAdmin = isAdmin;
      void vscode.commands.executeCommand('setContext', 'teahouse.isAdmin', isAdmin);
      return isAdmin;
    });
    return this.#refreshing;
  }

  async #check(): Promise<boolean> {
    const account = this.accounts.defaultAccount();
    if (!account) return false;
    try {
      const client = await this.accounts.client(account);
      return (await client.request('userGetCurrent')).is_admin === true;
    } catch (error) {
      this.log.warn(`could not tell whether ${account.username} is an administrator: ${String(error)}`);
      return false;
    }
  }
}
