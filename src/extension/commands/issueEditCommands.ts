import * as vscode from 'vscode';
import type { Issue } from '../../api/types';
import { registerCommand } from './errorReporter';
import { editIssueText } from './issueEdit';
import { announceTrackerChange, type Services } from './services';
import { commandOptions, resolveIssue } from './targets';

/** "Edit Title…": an input box with the current title; `{ title }` sets it without asking. */
async function editTitle(services: Services, first: unknown, second: unknown): Promise<Issue | undefined> {
  const target = await resolveIssue(services, first, false);
  if (!target) return undefined;
  const { client, ref, index } = target;
  const current = target.issue?.title ?? (await client.api.issueGetIssue({ ...ref, index })).title;
  const title =
    commandOptions<{ title: string }>(first, second).title ??
    (await vscode.window.showInputBox({
      title: vscode.l10n.t('Title of #{0}', index),
      value: current,
      ignoreFocusOut: true,
      validateInput: (value) => (value.trim() === '' ? vscode.l10n.t('The title is required') : undefined),
    }));
  if (title === undefined || title.trim() === current) return undefined;
  const issue = await editIssueText({ client, ...ref, index }, { title });
  announceTrackerChange(services, target);
  return issue;
}

export function registerIssueEditCommands(services: Services): vscode.Disposable[] {
  return [
    registerCommand(services.errors, 'teahouse.editIssueTitle', (first, second) =>
      editTitle(services, first, second),
    ),
  ];
}
