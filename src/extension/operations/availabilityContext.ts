import * as vscode from 'vscode';
import { operations } from '../../api/operations';
import type { OperationSpec } from '../../api/operationSpec';
import type { AccountService } from '../accounts/accountService';
import { Disposable } from '../util/disposable';
import { lacksOperationKey } from './commandContributions';

/**
 * Keeps one `teahouse.lacks.<operationId>` context key per operation the active account's server does
 * not have (from its profile and the capability table), so the palette hides those commands.
 */
export class OperationAvailabilityContext extends Disposable {
  #lacking = new Set<string>();

  constructor(private readonly accounts: AccountService) {
    super();
    this._register(accounts.onDidChangeAccounts(() => this.refresh()));
    this.refresh();
  }

  /** Whether the active account's server has the operation. */
  available(operation: OperationSpec): boolean {
    const account = this.accounts.defaultAccount();
    return account === undefined || this.accounts.capabilities(account).has(operation);
  }

  refresh(): void {
    const lacking = new Set(
      operations.filter((operation) => !this.available(operation)).map((op) => op.operationId),
    );
    for (const operation of operations) {
      const id = operation.operationId;
      if (lacking.has(id) !== this.#lacking.has(id)) {
        void vscode.commands.executeCommand('setContext', lacksOperationKey(operation), lacking.has(id));
      }
    }
    this.#lacking = lacking;
  }
}
