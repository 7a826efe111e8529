import * as vscode from 'vscode';
import type { Release, Repository } from '../../api/types';
import type { Account } from '../accounts/account';
import { registerCommand } from './errorReporter';
import { viewOf, type Services } from './services';
import { commandOptions, findAccount, isTreeNode, resolveRepository, type RepoTarget } from './targets';

/** Progress where the work started: the view of the node, else a notification. */
function progressLocation(services: Services, target: RepoTarget): vscode.ProgressOptions['location'] {
  const view = target.node && viewOf(services, target.node);
  return view ? { viewId: view.viewId } : vscode.ProgressLocation.Notification;
}

/** The account itself (`''`) or one of its organizations; asks only when there is a choice. */
export async function pickOwner(
  services: Services,
  account: Account,
  title: string,
): Promise<string | undefined> {
  const client = await services.accounts.client(account);
  const orgs = await client.page('orgListCurrentUserOrgs', { limit: 50 });
  const items = [
    { label: account.username, description: vscode.l10n.t('your account'), owner: '' },
    ...orgs.items.map((org) => ({
      label: org.username ?? org.name,
      description: org.full_name,
      owner: org.username ?? org.name,
    })),
  ];
  if (items.length === 1) return '';
  return (await vscode.window.showQuickPick(items, { title, ignoreFocusOut: true }))?.owner;
}

async function fork(services: Services, first: unknown, second: unknown): Promise<Repository | undefined> {
  const target = await resolveRepository(services, first);
  if (!target) return undefined;
  const options = commandOptions<{ organization: string; name: string }>(first, second);
  const organization =
    options.organization ??
    (await pickOwner(
      services,
      target.account,
      vscode.l10n.t('Fork {0}/{1} into', target.ref.owner, target.ref.repo),
    ));
  if (organization === undefined) return undefined;
  const forked = await vscode.window.withProgress(
    {
      location: progressLocation(services, target),
      title: vscode.l10n.t('Forking {0}/{1}…', target.ref.owner, target.ref.repo),
    },
    () =>
      target.client.api.createFork({
        ...target.ref,
        body: { ...(organization ? { organization } : {}), ...(options.name ? { name: options.name } : {}) },
      }),
  );
  services.trees.repositories.refresh();
  void vscode.window.showInformationMessage(vscode.l10n.t('Forked into {0}', forked.full_name));
  return forked;
}

async function toggle(
  services: Services,
  arg: unknown,
  action: 'star' | 'unstar' | 'watch' | 'unwatch',
): Promise<boolean | undefined> {
  const target = await resolveRepository(services, arg);
  if (!target) return undefined;
  const { client, ref } = target;
  if (action === 'star') await client.api.userCurrentPutStar(ref);
  if (action === 'unstar') await client.api.userCurrentDeleteStar(ref);
  if (action === 'watch') await client.api.userCurrentPutSubscription(ref);
  if (action === 'unwatch') await client.api.userCurrentDeleteSubscription(ref);
  services.trees.repositories.refresh();
  return true;
}

async function clone(services: Services, first: unknown, second: unknown): Promise<string | undefined> {
  const target = await resolveRepository(services, first);
  if (!target) return undefined;
  const repository =
    isTreeNode(first) && first.kind === 'repository'
      ? first.repository
      : await target.client.api.repoGet(target.ref);
  const { parentPath } = commandOptions<{ parentPath: string }>(first, second);
  // VS Code's own clone: it asks for the folder (unless given) and offers to open the result
  await vscode.window.withProgress(
    {
      location: progressLocation(services, target),
      title: vscode.l10n.t('Cloning {0}…', repository.full_name),
    },
    () => Promise.resolve(vscode.commands.executeCommand('git.clone', repository.clone_url, parentPath)),
  );
  return repository.clone_url;
}

interface CreateRepositoryOptions {
  account: string;
  organization: string;
  name: string;
  description: string;
  private: boolean;
  autoInit: boolean;
}

async function createRepository(
  services: Services,
  first: unknown,
  second: unknown,
): Promise<Repository | undefined> {
  const options = commandOptions<CreateRepositoryOptions>(first, second);
  const account =
    isTreeNode(first) && 'account' in first ? first.account : findAccount(services, options.account);
  const client = await services.accounts.client(account);
  const organization =
    options.organization ??
    (isTreeNode(first) && first.kind === 'organization' ? first.organization.username : undefined) ??
    (options.name === undefined
      ? await pickOwner(services, account, vscode.l10n.t('Owner of the new repository'))
      : '');
  if (organization === undefined) return undefined;
  const name =
    options.name ??
    (await vscode.window.showInputBox({
      title: vscode.l10n.t('New repository'),
      prompt: vscode.l10n.t('Name'),
      ignoreFocusOut: true,
      validateInput: (value) =>
        /^[\w.-]+$/.test(value) ? undefined : vscode.l10n.t('Letters, digits, "-", "_" and "." only'),
    }));
  if (name === undefined) return undefined;
  let isPrivate = options.private;
  if (isPrivate === undefined && options.name === undefined) {
    const visibility = await vscode.window.showQuickPick(
      [
        { label: vscode.l10n.t('$(globe) Public'), value: false },
        { label: vscode.l10n.t('$(lock) Private'), value: true },
      ],
      { title: vscode.l10n.t('Visibility of {0}', name) },
    );
    if (!visibility) return undefined;
    isPrivate = visibility.value;
  }
  const body = {
    name,
    description: options.description ?? '',
    private: isPrivate ?? false,
    auto_init: options.autoInit ?? true,
  };
  const created = organization
    ? await client.api.createOrgRepo({ org: organization, body })
    : await client.api.createCurrentUserRepo({ body });
  services.trees.repositories.refresh();
  services.trees.organizations.refresh();
  void vscode.window.showInformationMessage(vscode.l10n.t('Created {0}', created.full_name));
  return created;
}

async function deleteRepository(
  services: Services,
  first: unknown,
  second: unknown,
): Promise<boolean | undefined> {
  const target = await resolveRepository(services, first);
  if (!target) return undefined;
  const fullName = `${target.ref.owner}/${target.ref.repo}`;
  if (commandOptions<{ confirm: boolean }>(first, second).confirm !== false) {
    const remove = vscode.l10n.t('Delete');
    const answer = await vscode.window.showWarningMessage(
      vscode.l10n.t('Delete {0}?', fullName),
      {
        modal: true,
        detail: vscode.l10n.t(
          'Its issues, pull requests, releases and wiki are deleted with it. This cannot be undone.',
        ),
      },
      remove,
    );
    if (answer !== remove) return undefined;
  }
  await target.client.api.repoDelete(target.ref);
  services.trees.repositories.refresh();
  services.trees.organizations.refresh();
  return true;
}

async function addCollaborator(
  services: Services,
  first: unknown,
  second: unknown,
): Promise<boolean | undefined> {
  const target = await resolveRepository(services, first);
  if (!target) return undefined;
  const options = commandOptions<{ username: string; permission: 'read' | 'write' | 'admin' }>(first, second);
  const username =
    options.username ??
    (await vscode.window.showInputBox({
      title: vscode.l10n.t('Add a collaborator to {0}/{1}', target.ref.owner, target.ref.repo),
      prompt: vscode.l10n.t('Username'),
      ignoreFocusOut: true,
    }));
  if (!username) return undefined;
  let permission = options.permission;
  if (permission === undefined) {
    const picked = await vscode.window.showQuickPick(
      (['read', 'write', 'admin'] as const).map((value) => ({ label: value, value })),
      { title: vscode.l10n.t('Permission of {0}', username) },
    );
    if (!picked) return undefined;
    permission = picked.value;
  }
  await target.client.api.repoAddCollaborator({
    ...target.ref,
    collaborator: username.trim(),
    body: { permission },
  });
  void vscode.window.showInformationMessage(
    vscode.l10n.t('{0} can now {1} {2}/{3}', username, permission, target.ref.owner, target.ref.repo),
  );
  return true;
}

async function createRelease(
  services: Services,
  first: unknown,
  second: unknown,
): Promise<Release | undefined> {
  const target = await resolveRepository(services, first);
  if (!target) return undefined;
  const options = commandOptions<{
    tagName: string;
    name: string;
    body: string;
    target: string;
    draft: boolean;
    prerelease: boolean;
  }>(first, second);
  const tagName =
    options.tagName ??
    (await vscode.window.showInputBox({
      title: vscode.l10n.t('New release of {0}/{1}', target.ref.owner, target.ref.repo),
      prompt: vscode.l10n.t('Tag (created on the default branch if missing)'),
      placeHolder: 'v1.0.0',
      ignoreFocusOut: true,
    }));
  if (!tagName) return undefined;
  const name =
    options.name ??
    (options.tagName === undefined
      ? await vscode.window.showInputBox({ prompt: vscode.l10n.t('Title'), value: tagName })
      : tagName);
  if (name === undefined) return undefined;
  const release = await target.client.api.repoCreateRelease({
    ...target.ref,
    body: {
      tag_name: tagName,
      name,
      body: options.body ?? '',
      draft: options.draft ?? false,
      prerelease: options.prerelease ?? false,
      ...(options.target ? { target_commitish: options.target } : {}),
    },
  });
  services.trees.repositories.refresh(target.node);
  return release;
}

async function migrate(services: Services, first: unknown, second: unknown): Promise<Repository | undefined> {
  const options = commandOptions<{
    account: string;
    cloneAddress: string;
    name: string;
    mirror: boolean;
    private: boolean;
  }>(first, second);
  const account = findAccount(services, options.account);
  const client = await services.accounts.client(account);
  const cloneAddress =
    options.cloneAddress ??
    (await vscode.window.showInputBox({
      title: vscode.l10n.t('Migrate a repository'),
      prompt: vscode.l10n.t('Clone address (http(s))'),
      ignoreFocusOut: true,
    }));
  if (!cloneAddress) return undefined;
  const suggested =
    cloneAddress
      .replace(/\.git$/, '')
      .split('/')
      .pop() ?? '';
  const name =
    options.name ??
    (await vscode.window.showInputBox({
      prompt: vscode.l10n.t('Name of the new repository'),
      value: suggested,
    }));
  if (!name) return undefined;
  const me = await client.api.userGetCurrent();
  const migrated = await vscode.window.withProgress(
    { location: vscode.ProgressLocation.Notification, title: vscode.l10n.t('Migrating {0}…', cloneAddress) },
    () =>
      client.api.repoMigrate({
        body: {
          clone_addr: cloneAddress,
          repo_name: name,
          uid: me.id,
          mirror: options.mirror ?? false,
          private: options.private ?? false,
        },
      }),
  );
  services.trees.repositories.refresh();
  return migrated;
}

export function registerRepositoryCommands(services: Services): vscode.Disposable[] {
  const { errors } = services;
  return [
    registerCommand(errors, 'teahouse.forkRepository', (first, second) => fork(services, first, second)),
    registerCommand(errors, 'teahouse.starRepository', (arg) => toggle(services, arg, 'star')),
    registerCommand(errors, 'teahouse.unstarRepository', (arg) => toggle(services, arg, 'unstar')),
    registerCommand(errors, 'teahouse.watchRepository', (arg) => toggle(services, arg, 'watch')),
    registerCommand(errors, 'teahouse.unwatchRepository', (arg) => toggle(services, arg, 'unwatch')),
    registerCommand(errors, 'teahouse.cloneRepository', (first, second) => clone(services, first, second)),
    registerCommand(errors, 'teahouse.createRepository', (first, second) =>
      createRepository(services, first, second),
    ),
    registerCommand(errors, 'teahouse.deleteRepository', (first, second) =>
      deleteRepository(services, first, second),
    ),
    registerCommand(errors, 'teahouse.addCollaborator', (first, second) =>
      addCollaborator(services, first, second),
    ),
    registerCommand(errors, 'teahouse.createRelease', (first, second) =>
      createRelease(services, first, second),
    ),
    registerCommand(errors, 'teahouse.migrateRepository', (first, second) =>
      migrate(services, first, second),
    ),
  ];
}
