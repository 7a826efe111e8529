import * as vscode from 'vscode';
import type { Branch, Repository } from '../../api/types';
import { accountLabel, type Account } from '../accounts/account';
import type { Services } from '../commands/services';
import { findAccount, isTreeNode, resolveRepository } from '../commands/targets';
import { RepoSessions, repoUri } from './repoSessions';
import type { RepoLocation } from './repoUri';

/** What the command takes instead of prompts: `{ account?, repository: 'owner/repo', branch? }`, or a tree node. */
export interface OpenRepositoryArgs {
  readonly account?: string;
  readonly repository?: string;
  readonly branch?: string;
}

async function pickAccount(services: Services): Promise<Account | undefined> {
  const accounts = services.accounts.list();
  if (accounts.length <= 1) return findAccount(services, undefined);
  const picked = await vscode.window.showQuickPick(
    accounts.map((account) => ({ label: accountLabel(account), account })),
    { title: vscode.l10n.t('Open Repository: account'), ignoreFocusOut: true },
  );
  return picked?.account;
}

/** The account's own repositories to pick from, or one typed as owner/name. */
async function pickRepository(services: Services, account: Account): Promise<string | undefined> {
  const client = await services.accounts.client(account);
  const mine = await client.page('userCurrentListRepos', { limit: 50 });
  const typed = { label: vscode.l10n.t('$(edit) Type owner/name…'), name: undefined };
  const picked = await vscode.window.showQuickPick(
    [
      ...mine.items.map((repository) => ({
        label: repository.full_name,
        description: repository.description,
        name: repository.full_name as string | undefined,
      })),
      typed,
    ],
    {
      title: vscode.l10n.t('Open Repository on {0}', accountLabel(account)),
      matchOnDescription: true,
      ignoreFocusOut: true,
    },
  );
  if (!picked) return undefined;
  return (
    picked.name ??
    (
      await vscode.window.showInputBox({
        title: vscode.l10n.t('Repository on {0}', accountLabel(account)),
        placeHolder: 'owner/name',
        validateInput: (value) =>
          /^[^/\s]+\/[^/\s]+$/.test(value.trim()) ? undefined : vscode.l10n.t('Type owner/name'),
      })
    )?.trim()
  );
}

/** The repository's branches, the default one first; one page of 50 is what a picker shows. */
export async function pickBranch(
  branches: readonly Branch[],
  current: string,
  title: string,
): Promise<Branch | undefined> {
  const sorted = [...branches].sort((a, b) => Number(b.name === current) - Number(a.name === current));
  const picked = await vscode.window.showQuickPick(
    sorted.map((branch) => ({
      label: branch.name,
      description: branch.name === current ? vscode.l10n.t('current') : branch.commit.message.split('\n')[0],
      branch,
    })),
    { title, ignoreFocusOut: true },
  );
  return picked?.branch;
}

/**
 * Teahouse: Open Repository… — a repository of a server as a workspace folder of ours, without cloning:
 * the account, the repository and the branch are picked (or given), and the folder is added to the window.
 */
export async function openRepository(
  services: Services,
  sessions: RepoSessions,
  arg: unknown,
): Promise<vscode.Uri | undefined> {
  const args = typeof arg === 'object' && arg !== null && !isTreeNode(arg) ? (arg as OpenRepositoryArgs) : {};
  let account: Account | undefined;
  let name: string | undefined;
  if (isTreeNode(arg) || args.repository !== undefined) {
    const target = await resolveRepository(
      services,
      isTreeNode(arg) ? arg : { account: args.account, repository: args.repository },
    );
    if (!target) return undefined;
    account = target.account;
    name = `${target.ref.owner}/${target.ref.repo}`;
  } else {
    account = args.account !== undefined ? findAccount(services, args.account) : await pickAccount(services);
    if (!account) return undefined;
    name = await pickRepository(services, account);
  }
  if (!name) return undefined;
  const [owner = '', repo = ''] = name.split('/');
  const client = await services.accounts.client(account);
  const repository: Repository = await client.api.repoGet({ owner, repo });
  let branch: Branch | undefined;
  if (args.branch !== undefined)
    branch = await client.api.repoGetBranch({ owner, repo, branch: args.branch });
  else {
    const branches = await client.page('repoListBranches', { owner, repo, limit: 50 });
    if (branches.items.length === 0)
      throw new Error(
        vscode.l10n.t('{0} has no branch yet: push to it first, or clone it.', repository.full_name),
      );
    branch =
      branches.items.length === 1
        ? branches.items[0]
        : await pickBranch(
            branches.items,
            repository.default_branch,
            vscode.l10n.t('Branch of {0}', repository.full_name),
          );
  }
  if (!branch) return undefined;
  // the server's spelling of owner and name, so the folder's URI is the same however it was typed
  const location: RepoLocation = {
    account: account.id,
    owner: repository.owner.login,
    repo: repository.name,
  };
  await sessions.open(location, repository, branch.name, branch.commit.id);
  const uri = repoUri({ ...location, path: '' });
  const open = RepoSessions.folders().find((folder) => folder.uri.toString() === uri.toString());
  if (!open) {
    const at = vscode.workspace.workspaceFolders?.length ?? 0;
    const added = vscode.workspace.updateWorkspaceFolders(at, 0, { uri, name: repository.full_name });
    if (!added)
      throw new Error(vscode.l10n.t('VS Code did not add {0} to the window.', repository.full_name));
  }
  await vscode.commands.executeCommand('workbench.view.explorer');
  return uri;
}
