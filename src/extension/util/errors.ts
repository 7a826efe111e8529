import * as vscode from 'vscode';
import { ApiError, ApiNetworkError } from '../../api/client';

/** What the user reads (Gitea's message, never a stack) and what the log gets. */
export function describeError(error: unknown): { message: string; detail: string } {
  if (error instanceof ApiError) {
    const message = error.serverMessage || error.message;
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
