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
  const others = server.otherWindows.length;
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
      ? others > 0
        ? vscode.l10n.t('Local server at {0}, shared with {1} other window(s)', server.url ?? '', others)
        : vscode.l10n.t('Local server at {0}', server.url ?? '')
      : vscode.l10n.t('Local server ({0})', server.state),
  });
  await picked?.run();
}

/** Stopping the shared server stops it for every window: asked first when other windows use it. */
async function confirmStop(services: Services): Promise<boolean> {
  const others = services.local.server.otherWindows;
  if (others.length === 0) return true;
  const stop = vscode.l10n.t('Stop for All Windows');
  const choice = await vscode.window.showWarningMessage(
    vscode.l10n.t(
      'The local server is also used by {0} other window(s): {1}.',
      others.length,
      others.map((w) => w.label).join(', '),
    ),
    {
      modal: true,
      detail: vscode.l10n.t(
        'Stopping it stops it for them too; their repositories are hidden until a window starts it again.',
      ),
    },
    stop,
  );
  return choice === stop;
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
      if (await confirmStop(services)) await local.stop();
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
