import * as vscode from 'vscode';
import { accountLabel, type Account } from '../accounts/account';
import { promptForServer } from '../accounts/addServerPrompt';
import { signIn, type Credentials } from '../accounts/signIn';
import { registerCommand } from './errorReporter';
import type { Services } from './services';
import { isTreeNode } from './targets';

/** `{ url, token }` or `{ url, username, password }`: adds the account without prompts. */
interface AddServerArgs {
  url?: string;
  token?: string;
  username?: string;
  password?: string;
}

function credentialsOf(args: AddServerArgs): Credentials | undefined {
  if (args.token) return { token: args.token };
  if (args.username && args.password !== undefined)
    return { username: args.username, password: args.password };
  return undefined;
}

/** Adds a server account: from arguments, else by asking. Shared with the AuthenticationProvider. */
export async function addServer(services: Services, arg?: unknown): Promise<Account | undefined> {
  const args: AddServerArgs =
    typeof arg === 'object' && arg !== null && !isTreeNode(arg) ? (arg as AddServerArgs) : {};
  const given = args.url !== undefined ? credentialsOf(args) : undefined;
  const answers = given && args.url ? { url: args.url, credentials: given } : await promptForServer(args.url);
  if (!answers) return undefined;
  const account = await vscode.window.withProgress(
    {
      location: vscode.ProgressLocation.Notification,
      title: vscode.l10n.t('Signing in to {0}…', answers.url),
    },
    () => signIn(services.accounts, answers),
  );
  if (!given)
    void vscode.window.showInformationMessage(vscode.l10n.t('Signed in as {0}', accountLabel(account)));
  return account;
}

async function pickAccount(services: Services, arg: unknown, title: string): Promise<Account | undefined> {
  if (isTreeNode(arg) && arg.kind === 'account') return arg.account;
  if (typeof arg === 'string') return services.accounts.get(arg);
  if (typeof arg === 'object' && arg !== null && 'account' in arg && typeof arg.account === 'string')
    return services.accounts.get(arg.account);
  const items = services.accounts
    .list()
    .map((account) => ({ label: accountLabel(account), description: account.serverUrl, account }));
  return (await vscode.window.showQuickPick(items, { title }))?.account;
}

export function registerAccountCommands(services: Services): vscode.Disposable[] {
  const { errors, accounts } = services;
  return [
    registerCommand(errors, 'teahouse.addServer', (arg) => addServer(services, arg)),
    registerCommand(errors, 'teahouse.removeAccount', async (arg) => {
      const account = await pickAccount(services, arg, vscode.l10n.t('Remove which account?'));
      if (!account) return false;
      await accounts.remove(account.id);
      return true;
    }),
    registerCommand(errors, 'teahouse.switchAccount', async (arg) => {
      const account = await pickAccount(
        services,
        arg,
        vscode.l10n.t('Use which account by default (and for its server)?'),
      );
      if (!account) return undefined;
      await accounts.setActive(account);
      vscode.window.setStatusBarMessage(vscode.l10n.t('Teahouse: using {0}', accountLabel(account)), 3000);
      return account.id;
    }),
  ];
}
