import * as vscode from 'vscode';
import { ApiError, TeahouseClient } from '../../api/client';
import type { Repository } from '../../api/types';
import { accountLabel, type Account } from '../accounts/account';
import { failedPart, isAddressRefusal, sourceShortfall, takeOfflineBody } from '../offline/takeOffline';
import { describeError } from '../util/errors';
import { revealRepository } from '../views/revealRepository';
import { registerCommand } from './errorReporter';
import { startLocalServer } from './localServerCommands';
import { pickOwner } from './repositoryCommands';
import type { Services } from './services';
import { commandOptions, isTreeNode } from './targets';
import { requirementText } from '../util/requirementText';

/**
 * "Teahouse: Take Repository Offline…": a repository of a remote account, with its issues, pull requests,
 * labels, milestones and releases, copied into the local server by the local server's own migration.
 * Arguments skip the prompts: `{ account: '<remote account id>', repository: 'owner/name', owner?: '<local
 * user or organization>', name?: '<local name>' }`; a Repositories view node gives the account and repository.
 */
interface TakeOfflineOptions {
  account: string;
  repository: string;
  owner: string;
  name: string;
}

/** A migration of a large repository answers long after the client's usual 30 s. */
const migrationTimeoutMs = 60 * 60_000;

async function pickRemoteAccount(services: Services, id: string | undefined): Promise<Account | undefined> {
  if (id !== undefined) {
    const account = services.accounts.get(id);
    if (!account) throw new Error(vscode.l10n.t('There is no Teahouse account "{0}".', id));
    return account;
  }
  const remotes = services.accounts.list().filter((account) => account.kind === 'remote');
  if (remotes.length === 0) {
    throw new Error(vscode.l10n.t('Add the server the repository is on first ("Teahouse: Add Server…").'));
  }
  if (remotes.length === 1) return remotes[0];
  const picked = await vscode.window.showQuickPick(
    remotes.map((account) => ({ label: accountLabel(account), description: account.serverUrl, account })),
    { title: vscode.l10n.t('Take a repository offline from'), ignoreFocusOut: true },
  );
  return picked?.account;
}

/** A quick pick of the account's repositories that searches the server as the user types. */
async function pickRemoteRepository(services: Services, account: Account): Promise<Repository | undefined> {
  const client = await services.accounts.client(account);
  type Item = vscode.QuickPickItem & { repository: Repository };
  const pick = vscode.window.createQuickPick<Item>();
  pick.title = vscode.l10n.t('Repository on {0} to take offline', accountLabel(account));
  pick.placeholder = vscode.l10n.t('Type to search');
  pick.matchOnDescription = true;
  pick.ignoreFocusOut = true;
  let latest = 0;
  const search = async (query: string): Promise<void> => {
    const asked = ++latest;
    pick.busy = true;
    try {
      const result = await client.api.repoSearch({
        q: query.trim() === '' ? undefined : query.trim(),
        limit: 50,
        sort: 'updated',
        order: 'desc',
      });
      if (asked !== latest) return;
      pick.items = (result.data ?? []).map((repository) => ({
        label: repository.full_name,
        description: repository.description || undefined,
        detail: repository.private ? vscode.l10n.t('private') : undefined,
        repository,
      }));
    } catch (error) {
      if (asked === latest) pick.items = [];
      services.log.warn(`take offline: searching ${accountLabel(account)} failed: ${String(error)}`);
    } finally {
      if (asked === latest) pick.busy = false;
    }
  };
  try {
    return await new Promise<Repository | undefined>((resolve) => {
      pick.onDidChangeValue((value) => void search(value));
      pick.onDidAccept(() => resolve(pick.selectedItems[0]?.repository));
      pick.onDidHide(() => resolve(undefined));
      pick.show();
      void search('');
    });
  } finally {
    pick.dispose();
  }
}

async function sourceOf(
  services: Services,
  first: unknown,
  options: Partial<TakeOfflineOptions>,
): Promise<{ account: Account; repository: Repository } | undefined> {
  if (isTreeNode(first) && first.kind === 'repository')
    return { account: first.account, repository: first.repository };
  const account = await pickRemoteAccount(services, options.account);
  if (!account) return undefined;
  if (options.repository === undefined) {
    const repository = await pickRemoteRepository(services, account);
    return repository && { account, repository };
  }
  const [owner = '', repo = ''] = options.repository.split('/');
  const client = await services.accounts.client(account);
  return { account, repository: await client.api.repoGet({ owner, repo }) };
}

async function localNameTaken(client: TeahouseClient, owner: string, name: string): Promise<boolean> {
  try {
    await client.api.repoGet({ owner, repo: name });
    return true;
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return false;
    throw error;
  }
}

/** The remote name, unless the local owner has it already: then another, asked for (or refused with arguments). */
async function localName(
  client: TeahouseClient,
  owner: string,
  wanted: string,
  given: boolean,
): Promise<string | undefined> {
  if (!(await localNameTaken(client, owner, wanted))) return wanted;
  if (given) throw new Error(vscode.l10n.t('The local server already has {0}/{1}.', owner, wanted));
  return vscode.window.showInputBox({
    title: vscode.l10n.t('{0}/{1} exists on the local server already', owner, wanted),
    prompt: vscode.l10n.t('Name of the local copy'),
    value: `${wanted}-offline`,
    ignoreFocusOut: true,
    validateInput: async (value) => {
      if (!/^[\w.-]+$/.test(value)) return vscode.l10n.t('Letters, digits, "-", "_" and "." only');
      return (await localNameTaken(client, owner, value))
        ? vscode.l10n.t('{0}/{1} exists already', owner, value)
        : undefined;
    },
  });
}

/** The failed migration in words that say which part failed, and what to do when the address was refused. */
function failureMessage(source: Repository, error: unknown): string {
  const { message } = describeError(error);
  if (!(error instanceof ApiError))
    return vscode.l10n.t('Taking {0} offline failed: {1}', source.full_name, message);
  const part = failedPart(message);
  const explained = part
    ? vscode.l10n.t('Taking {0} offline failed at {1}: {2}', source.full_name, part, message)
    : vscode.l10n.t('Taking {0} offline failed: {1}', source.full_name, message);
  return isAddressRefusal(message)
    ? `${explained} ${vscode.l10n.t('Add the host to the setting "teahouse.localServer.allowedHosts".')}`
    : explained;
}

async function takeOffline(
  services: Services,
  first: unknown,
  second: unknown,
): Promise<Repository | undefined> {
  const options = commandOptions<TakeOfflineOptions>(first, second);
  const source = await sourceOf(services, first, options);
  if (!source) return undefined;
  const { account, repository } = source;
  if (account.kind === 'local')
    throw new Error(vscode.l10n.t('{0} is on the local server already.', repository.full_name));
  const shortfall = sourceShortfall(services.accounts.capabilities(account));
  if (shortfall) {
    throw new Error(
      vscode.l10n.t(
        'The server of {0} cannot be read by the local server’s migration ({1}).',
        accountLabel(account),
        requirementText(shortfall),
      ),
    );
  }
  const remoteToken = await services.accounts.token(account);
  const local = await startLocalServer(services);
  const localClient = await services.accounts.client(local);
  const chosenOwner =
    options.owner ??
    (await pickOwner(services, local, vscode.l10n.t('Owner of the local copy of {0}', repository.full_name)));
  if (chosenOwner === undefined) return undefined;
  const owner = chosenOwner === '' ? local.username : chosenOwner;
  const name = await localName(
    localClient,
    owner,
    options.name ?? repository.name,
    options.name !== undefined,
  );
  if (!name) return undefined;
  const body = takeOfflineBody(repository, remoteToken, { owner, name });

  const migrated = await vscode.window.withProgress(
    {
      location: vscode.ProgressLocation.Notification,
      title: vscode.l10n.t('Taking {0} offline', repository.full_name),
      cancellable: true,
    },
    async (progress, cancellation) => {
      progress.report({
        message: vscode.l10n.t(
          'copying the git data, issues, pull requests and releases into {0}/{1}…',
          owner,
          name,
        ),
      });
      const migrate = async (): Promise<Repository> => {
        const client = new TeahouseClient({
          baseUrl: local.serverUrl,
          auth: { kind: 'token', token: await services.accounts.token(local) },
          proxy: 'none',
          retries: 0,
          timeout: { headersMs: migrationTimeoutMs, bodyMs: migrationTimeoutMs },
        });
        try {
          return await client.api.repoMigrate({ body });
        } finally {
          await client.close();
        }
      };
      // the server allows this window's accounts' hosts: an account added a moment ago must be among them
      await services.local.syncRegistration();
      let result: Repository;
      try {
        result = await migrate();
      } catch (error) {
        throw new Error(failureMessage(repository, error));
      }
      if (cancellation.isCancellationRequested) {
        // the server cannot stop a migration half-way: the finished copy is removed instead
        const client = await services.accounts.client(local);
        await client.api.repoDelete({ owner: result.owner.login, repo: result.name });
        return undefined;
      }
      return result;
    },
  );
  services.trees.repositories.refresh();
  services.trees.organizations.refresh();
  if (!migrated) {
    void vscode.window.showInformationMessage(
      vscode.l10n.t('Cancelled: the local copy of {0} was removed.', repository.full_name),
    );
    return undefined;
  }
  await revealRepository(services.trees.repositories, local, migrated.owner.login, migrated.name).catch(
    (error: unknown) =>
      services.log.warn(`take offline: revealing ${migrated.full_name} failed: ${String(error)}`),
  );
  void vscode.window.showInformationMessage(
    vscode.l10n.t(
      '{0} is offline: {1} on the local server, with its issues, pull requests and releases.',
      repository.full_name,
      migrated.full_name,
    ),
  );
  return migrated;
}

export function registerTakeOfflineCommand(services: Services): vscode.Disposable[] {
  return [
    registerCommand(services.errors, 'teahouse.takeRepositoryOffline', (first, second) =>
      takeOffline(services, first, second),
    ),
  ];
}
