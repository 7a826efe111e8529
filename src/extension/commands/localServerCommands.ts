import * as vscode from 'vscode';
import type { Account } from '../accounts/account';
import { registerCommand } from './errorReporter';
import type { Services } from './services';

/** Starts the local server (or joins a start) with progress in the status bar; returns the Local account. */
export async function startLocalServer(services: Services): Promise<Account> {
  const account = await vscode.window.withProgress(
    { location: vscode.ProgressLocation.Window, title: vscode.l10n.t('Starting the local Teahouse server…') },
    () => services.local.start(),
  );
  services.workspace.invalidate();
  return account;
}

async function menu(services: Services): Promise<void> {
  const server = services.local.server;
  type Choice = { label: string; run: () => Thenable<unknown> };
  const running = server.state === 'running' && server.url;
  const choices: Choice[] = running
    ? [
        {
          label: vscode.l10n.t('$(globe) Open in Browser'),
          run: () => vscode.env.openExternal(vscode.Uri.parse(server.url ?? '')),
        },
        {
          label: vscode.l10n.t('$(debug-stop) Stop'),
          run: () => vscode.commands.executeCommand('teahouse.stopLocalServer'),
        },
        {
          label: vscode.l10n.t('$(debug-restart) Restart'),
          run: () => vscode.commands.executeCommand('teahouse.restartLocalServer'),
        },
      ]
    : [
        {
          label: vscode.l10n.t('$(play) Start'),
          run: () => vscode.commands.executeCommand('teahouse.startLocalServer'),
        },
      ];
  choices.push({
    label: vscode.l10n.t('$(output) Show Log'),
    run: () => Promise.resolve(server.output.show()),
  });
  const picked = await vscode.window.showQuickPick(choices, {
    title: running
      ? vscode.l10n.t('Local server at {0}', server.url ?? '')
      : vscode.l10n.t('Local server ({0})', server.state),
  });
  await picked?.run();
}

export function registerLocalServerCommands(services: Services): vscode.Disposable[] {
  const { errors, local } = services;
  return [
    registerCommand(
      errors,
      'teahouse.startLocalServer',
      async () => (await startLocalServer(services)).serverUrl,
    ),
    registerCommand(errors, 'teahouse.stopLocalServer', async () => {
      await local.stop();
      return local.server.state;
    }),
    registerCommand(errors, 'teahouse.restartLocalServer', async () => {
      await local.stop();
      return (await startLocalServer(services)).serverUrl;
    }),
    registerCommand(errors, 'teahouse.localServerMenu', () => menu(services)),
    registerCommand(errors, 'teahouse.showLocalServerLog', () => local.server.output.show()),
  ];
}
