import * as vscode from 'vscode';
import { shortfall, type Need } from '../../api/capabilities';
import type { Account } from '../accounts/account';
import type { Services } from './services';

/** Refuses a command on a server without the operations it needs, saying which Gitea has them. */
export function requireCapabilities(
  services: Services,
  account: Account,
  needs: readonly Need[],
  what: string,
): void {
  const missing = shortfall(services.accounts.capabilities(account), needs);
  if (missing !== undefined)
    throw new Error(vscode.l10n.t('{0} is not possible on this server: {1}.', what, missing));
}
