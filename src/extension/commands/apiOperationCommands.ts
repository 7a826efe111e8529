import * as vscode from 'vscode';
import { operations } from '../../api/operations';
import type { OperationGroup } from '../../api/operationSpec';
import { AdminContext } from '../operations/adminContext';
import { OperationAvailabilityContext } from '../operations/availabilityContext';
import { commandIdOf, operationChoices } from '../operations/operationChoices';
import { runOperation } from '../operations/operationRunner';
import { ResultDocuments } from '../operations/resultDocuments';
import type { Services } from './services';

/**
 * One command per catalogue operation (`teahouse.api.<operationId>`), and "Run API Operation…" to find
 * any of them by summary, method or path. Each takes an arguments object (`{ owner, repo, index, body,
 * interactive: false }`) or a tree item, and returns `{ status, data }` or `{ status, error }`.
 */
function groupTitle(group: OperationGroup): string {
  const titles: Record<OperationGroup, string> = {
    admin: vscode.l10n.t('Admin'),
    miscellaneous: vscode.l10n.t('Miscellaneous'),
    organization: vscode.l10n.t('Organization'),
    repository: vscode.l10n.t('Repository'),
    issue: vscode.l10n.t('Issue'),
    user: vscode.l10n.t('User'),
    package: vscode.l10n.t('Package'),
  };
  return titles[group];
}

export function registerApiOperationCommands(services: Services): vscode.Disposable[] {
  const documents = new ResultDocuments();
  const admin = new AdminContext(services.accounts, services.log);
  const availability = new OperationAvailabilityContext(services.accounts);
  const commands = operations.map((operation) =>
    vscode.commands.registerCommand(commandIdOf(operation), (first: unknown, second: unknown) =>
      runOperation(services, documents, operation, first, second),
    ),
  );
  const runAny = vscode.commands.registerCommand(
    'teahouse.runApiOperation',
    async (first: unknown, second: unknown) => {
      const choices = operationChoices(operations, await admin.isAdmin(), (operation) =>
        availability.available(operation),
      );
      const picked = await vscode.window.showQuickPick(
        choices.map((choice) =>
          choice.kind === 'separator'
            ? { label: groupTitle(choice.group), kind: vscode.QuickPickItemKind.Separator }
            : { ...choice, kind: vscode.QuickPickItemKind.Default },
        ),
        {
          title: vscode.l10n.t('Run API Operation'),
          placeHolder: vscode.l10n.t('Search by summary, method or path'),
          matchOnDescription: true,
          matchOnDetail: true,
          ignoreFocusOut: true,
        },
      );
      if (!picked || !('operationId' in picked)) return undefined;
      return vscode.commands.executeCommand(`teahouse.api.${picked.operationId}`, first, second);
    },
  );
  return [documents, admin, availability, ...commands, runAny];
}
