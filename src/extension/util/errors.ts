import * as vscode from 'vscode';
import { ApiError, ApiNetworkError } from '../../api/client';
import { describeMissingScope } from '../../api/tokenScopes';

/** What the user reads (Gitea's message, never a stack) and what the log gets. */
export function describeError(error: unknown): { message: string; detail: string } {
  if (error instanceof ApiError) {
    // a token without the scope: say which one, not a bare 403
    const scope = error.status === 403 ? describeMissingScope(error.serverMessage) : undefined;
    const message = scope ?? (error.serverMessage || error.message);
    return { message, detail: `${error.message}${error.url ? ` (${error.url})` : ''}` };
  }
  if (error instanceof ApiNetworkError) {
    return {
      message: vscode.l10n.t(
        'Cannot reach {0} ({1}). Check the address, the network and the proxy settings.',
        error.host,
        error.code,
      ),
      detail: error.stack ?? error.message,
    };
  }
  if (error instanceof Error) return { message: error.message, detail: error.stack ?? error.message };
  return { message: String(error), detail: String(error) };
}
