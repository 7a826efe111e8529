import * as vscode from 'vscode';
import { accountLabel, type Account } from '../accounts/account';
import { PublishFailed, runPublish, type PublishSummary } from '../local/publishProcess';
import { targetShortfall } from '../publish/publishNeeds';
import { connectionSettings } from '../util/settings';
import { registerCommand } from './errorReporter';
import { pickOwner } from './repositoryCommands';
import type { Services } from './services';
import { commandOptions, isTreeNode, resolveRepository } from './targets';
import { requirementText } from '../util/requirementText';

/** Arguments that skip the prompts (tests, keybindings): the local repository, the target account and place. */
interface PublishOptions {
  readonly repository: string;
  /** The id of the account to publish to. */
  readonly to: string;
  /** The user or organisation there; the account's own user by default. */
  readonly owner: string;
  readonly name: string;
  /** Publish into a repository of that name that exists there already. */
  readonly existing: boolean;
}

const phaseTitles: Record<string, string> = {
  repository: vscode.l10n.t('creating the repository'),
  git: vscode.l10n.t('pushing branches and tags'),
  labels: vscode.l10n.t('labels'),
  milestones: vscode.l10n.t('milestones'),
  issues: vscode.l10n.t('issues and pull requests'),
  releases: vscode.l10n.t('releases'),
};

/** The local repository to publish: the node's (it must be under the Local account), the arguments', or a pick. */
async function localRepository(services: Services, first: unknown, options: Partial<PublishOptions>) {
  if (isTreeNode(first)) {
    const target = await resolveRepository(services, first);
    if (target && target.account.kind !== 'local') {
      throw new Error(
        vscode.l10n.t(
          'Publish works on repositories of the local server; {0} is on {1}.',
          `${target.ref.owner}/${target.ref.repo}`,
          accountLabel(target.account),
        ),
      );
    }
    return target && `${target.ref.owner}/${target.ref.repo}`;
  }
  if (options.repository) return options.repository;
  const local = await services.local.start();
  const client = await services.accounts.client(local);
  const repos = await client.page('userCurrentListRepos', { limit: 50 });
  const picked = await vscode.window.showQuickPick(
    repos.items.map((repo) => ({ label: repo.full_name, description: repo.description })),
    { title: vscode.l10n.t('Publish which repository of the local server?'), ignoreFocusOut: true },
  );
  return picked?.label;
}

async function targetAccount(
  services: Services,
  options: Partial<PublishOptions>,
): Promise<Account | undefined> {
  if (options.to) {
    const account = services.accounts.get(options.to);
    if (!account) throw new Error(vscode.l10n.t('There is no Teahouse account "{0}".', options.to));
    return account;
  }
  const remotes = services.accounts.list().filter((account) => account.kind === 'remote');
  if (remotes.length === 0) {
    const add = vscode.l10n.t('Add Server…');
    const answer = await vscode.window.showInformationMessage(
      vscode.l10n.t('Add the server to publish to first: a Gitea, Forgejo or Teahouse your team uses.'),
      add,
    );
    if (answer === add) await vscode.commands.executeCommand('teahouse.addServer');
    return undefined;
  }
  const picked = await vscode.window.showQuickPick(
    remotes.map((account) => ({
      label: accountLabel(account),
      description: account.profile ? `${account.profile.kind} ${account.profile.version}` : undefined,
      account,
    })),
    { title: vscode.l10n.t('Publish to which server?'), ignoreFocusOut: true },
  );
  return picked?.account;
}

function describe(summary: PublishSummary): string {
  const { created, updated } = summary;
  const parts = [
    vscode.l10n.t('{0} issues and pull requests', created.issue + updated.issue),
    vscode.l10n.t('{0} comments', created.comment + updated.comment + created.review + updated.review),
    vscode.l10n.t('{0} releases', created.release + updated.release),
  ];
  return parts.join(', ');
}

async function publish(
  services: Services,
  first: unknown,
  second: unknown,
): Promise<PublishSummary | undefined> {
  const options = commandOptions<PublishOptions>(first, second);
  const repository = await localRepository(services, first, options);
  if (!repository) return undefined;
  const account = await targetAccount(services, options);
  if (!account) return undefined;
  const unable = targetShortfall(services.accounts.capabilities(account));
  if (unable) {
    throw new Error(
      vscode.l10n.t('Cannot publish to {0}: publishing {1}.', accountLabel(account), requirementText(unable)),
    );
  }
  const owner =
    options.owner ??
    (await pickOwner(
      services,
      account,
      vscode.l10n.t('Publish {0} to {1} as', repository, accountLabel(account)),
    ));
  if (owner === undefined) return undefined;
  const localName = repository.split('/')[1] ?? repository;
  // called with arguments (scripts, keybindings, tests), the name defaults to the local one without asking
  const name =
    options.name ??
    (options.to !== undefined ? localName : undefined) ??
    (await vscode.window.showInputBox({
      title: vscode.l10n.t('Name on {0}', accountLabel(account)),
      value: localName,
      ignoreFocusOut: true,
      validateInput: (value) =>
        /^[\w.-]+$/.test(value.trim()) ? undefined : vscode.l10n.t('Letters, digits, "-", "_" and "." only'),
    }));
  if (!name) return undefined;
  const settings = connectionSettings();
  const launch = {
    cliPath: services.local.cliPath,
    runtime: await services.local.runtime(),
    dataDir: services.local.dataDir,
    repository,
    serverUrl: account.serverUrl,
    token: await services.accounts.token(account),
    owner: owner || account.username,
    name: name.trim(),
    existing: options.existing ?? false,
    insecure: settings.ignoreCertificateErrors,
    caFile: settings.caFile,
    proxy: typeof settings.proxy === 'object' ? settings.proxy.url : undefined,
  };
  const run = (existing: boolean): Thenable<PublishSummary> =>
    vscode.window.withProgress(
      {
        location: vscode.ProgressLocation.Notification,
        title: vscode.l10n.t('Publishing {0} to {1}', repository, accountLabel(account)),
        cancellable: true,
      },
      (progress, token) => {
        const abort = new AbortController();
        token.onCancellationRequested(() => abort.abort());
        let shown = 0;
        return runPublish(
          { ...launch, existing },
          ({ phase, done, total }) => {
            const percent = Math.floor((done / Math.max(total, 1)) * 100);
            progress.report({
              message: `${phaseTitles[phase] ?? phase} ${done}/${total}`,
              increment: phase === 'issues' ? Math.max(0, percent - shown) * 0.8 : undefined,
            });
            if (phase === 'issues') shown = Math.max(shown, percent);
          },
          abort.signal,
        );
      },
    );
  let summary: PublishSummary;
  try {
    summary = await run(launch.existing);
  } catch (error) {
    if (!(error instanceof PublishFailed) || !error.nameTaken || launch.existing) throw error;
    const into = vscode.l10n.t('Publish Into It');
    const answer = await vscode.window.showWarningMessage(
      vscode.l10n.t(
        '{0}/{1} already exists on {2}. Publish into it? Labels, milestones and releases of the same name are reused; issues are added after the ones there.',
        launch.owner,
        launch.name,
        accountLabel(account),
      ),
      { modal: true },
      into,
    );
    if (answer !== into) return undefined;
    summary = await run(true);
  }
  services.trees.repositories.refresh();
  void announce(summary, account);
  return summary;
}

async function announce(summary: PublishSummary, account: Account): Promise<void> {
  const open = vscode.l10n.t('Open on Server');
  const message = summary.cancelled
    ? vscode.l10n.t(
        'Publishing to {0} stopped; what was sent stays there, and publishing again goes on from there.',
        summary.htmlUrl,
      )
    : summary.warnings.length + summary.refsRejected.length > 0
      ? vscode.l10n.t(
          'Published {0} to {1} ({2}), with warnings: {3}',
          summary.remoteFullName,
          accountLabel(account),
          describe(summary),
          [...summary.refsRejected, ...summary.warnings].join('; '),
        )
      : vscode.l10n.t(
          'Published {0} to {1} ({2}).',
          summary.remoteFullName,
          accountLabel(account),
          describe(summary),
        );
  const show =
    summary.cancelled || summary.warnings.length > 0
      ? vscode.window.showWarningMessage
      : vscode.window.showInformationMessage;
  if ((await show(message, open)) === open) await vscode.env.openExternal(vscode.Uri.parse(summary.htmlUrl));
}

export function registerPublishCommands(services: Services): vscode.Disposable[] {
  return [
    registerCommand(services.errors, 'teahouse.publishRepository', (first, second) =>
      publish(services, first, second),
    ),
  ];
}
