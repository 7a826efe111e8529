import * as vscode from 'vscode';
import { ApiError } from '../../api/client';
import { accountLabel, type Account } from '../accounts/account';
import type { OperationSpec } from '../../api/operationSpec';
import { findAccount, isTreeNode, commandOptions } from '../commands/targets';
import type { Services } from '../commands/services';
import type { TreeNode } from '../views/nodes';
import { Cancelled, gatherArguments } from './argumentGathering';
import { nodeContext, type RoleValues } from './contextValues';
import { commandIdOf } from './operationChoices';
import { OperationPrompter } from './operationPrompter';
import { presentResult } from './resultPresentation';
import type { ResultDocuments } from './resultDocuments';
import { showResult, type Paging } from './resultPresenter';

const listPageSize = 50;
/** Operations that delete the very token they were sent with. */
const revokesOwnToken = new Set(['deleteCurrentToken']);

/** What a `teahouse.api.*` command returns: the success status and data, or the server's error. */
export interface OperationCommandResult {
  readonly operationId: string;
  readonly status: number;
  readonly data?: unknown;
  readonly error?: { readonly message: string; readonly url?: string };
}

interface CommandOptions {
  readonly account?: string;
  /** `false`: no prompts and no result shown; a missing argument is an error, the result is only returned. */
  readonly interactive?: boolean;
}

async function signedOut(services: Services, account: Account, interactive: boolean): Promise<void> {
  await services.accounts.tokenRevoked(account);
  if (!interactive || account.kind === 'local') return;
  const signIn = vscode.l10n.t('Add Server…');
  const choice = await vscode.window.showInformationMessage(
    vscode.l10n.t(
      'The token of {0} was deleted on its server: add the server again to sign in.',
      accountLabel(account),
    ),
    signIn,
  );
  if (choice === signIn)
    await vscode.commands.executeCommand('teahouse.addServer', { url: account.serverUrl });
}

/**
 * Runs one catalogue operation as a command: arguments from the command's arguments object, the tree item
 * and the workspace repository, then prompts; the result shown (when interactive) and returned.
 */
export async function runOperation(
  services: Services,
  documents: ResultDocuments,
  operation: OperationSpec,
  first: unknown,
  second: unknown,
): Promise<OperationCommandResult | undefined> {
  const given = commandOptions<Record<string, unknown> & CommandOptions>(first, second);
  const interactive = given.interactive !== false;
  const commandId = commandIdOf(operation);
  try {
    const node: TreeNode | undefined = isTreeNode(first) ? first : undefined;
    const fromNode = node ? nodeContext(node) : undefined;
    const account = findAccount(
      services,
      typeof given.account === 'string' ? given.account : fromNode?.accountId,
    );
    const workspaceRepository = await services.workspace.current(account);
    const context: RoleValues[] = [
      ...(fromNode ? [fromNode.values] : []),
      ...(workspaceRepository ? [{ owner: workspaceRepository.owner, repo: workspaceRepository.repo }] : []),
    ];
    const client = await services.accounts.client(account);
    const prompter = interactive ? new OperationPrompter(client, services.log) : undefined;
    const args = await gatherArguments(operation, { given, context, prompter });
    // a list shown in a picker asks for the largest page Gitea serves, and "Load more…" for the next
    if (interactive && operation.paged === true) args['limit'] ??= listPageSize;
    let answer: { status: number; data: unknown };
    try {
      answer = interactive
        ? await vscode.window.withProgress(
            { location: vscode.ProgressLocation.Window, title: operation.summary },
            () => client.sendForStatus(operation, args),
          )
        : await client.sendForStatus(operation, args);
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      if (interactive) services.errors.report(commandId, error);
      else services.log.info(`${commandId}: ${error.message}`);
      return {
        operationId: operation.operationId,
        status: error.status,
        error: { message: error.serverMessage, ...(error.url !== undefined && { url: error.url }) },
      };
    }
    if (revokesOwnToken.has(operation.operationId)) await signedOut(services, account, interactive);
    if (interactive) {
      const paging: Paging | undefined =
        operation.paged === true
          ? {
              limit: Number(args['limit']),
              firstPage: typeof args['page'] === 'number' ? args['page'] : 1,
              loadPage: (page) => client.send(operation, { ...args, page }),
            }
          : undefined;
      await showResult(documents, operation, presentResult(operation, answer.data, args), paging);
    }
    return { operationId: operation.operationId, status: answer.status, data: answer.data };
  } catch (error) {
    if (error instanceof Cancelled) return undefined;
    if (!interactive) throw error;
    services.errors.report(commandId, error);
    return undefined;
  }
}
