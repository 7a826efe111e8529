import * as vscode from 'vscode';
import { need } from '../../api/capabilities';
import { ApiError } from '../../api/client';
import { operationNamed } from '../../api/operations';
import type { PullRequest } from '../../api/types';
import { mergeStyles, type MergeStyle } from '../util/mergeStyles';
import { runGit as git } from '../workspace/runGit';
import { branchIssueConfigKey, parseBranchIssue, pullRequestBodyFor } from '../workspace/workBranch';
import { openCreatePullForm, type BranchFormOptions } from './createPullFromBranch';
import { registerCommand } from './errorReporter';
import { requireCapabilities } from './requireCapabilities';
import { announceTrackerChange, viewOf, type Services } from './services';
import { commandOptions, resolveIssue, resolveRepository, type RepoTarget } from './targets';

interface CreatePullOptions {
  head: string;
  base: string;
  title: string;
  body: string;
}

async function pickBranch(
  names: readonly string[],
  title: string,
  preferred?: string,
): Promise<string | undefined> {
  const ordered =
    preferred && names.includes(preferred) ? [preferred, ...names.filter((n) => n !== preferred)] : names;
  const picked = await vscode.window.showQuickPick(
    ordered.map((label) => ({ label })),
    { title, ignoreFocusOut: true },
  );
  return picked?.label;
}

/** The issue "Start Working on Issue" remembered for `branch` in the workspace's copy of the repository. */
async function issueOfBranch(
  services: Services,
  target: RepoTarget,
  branch: string,
): Promise<number | undefined> {
  const folder = await services.workspace.folderOf(target.account, target.ref.owner, target.ref.repo);
  if (!folder) return undefined;
  const value = await git(folder.rootPath, ['config', '--get', branchIssueConfigKey(branch)]).catch(
    () => undefined,
  );
  return parseBranchIssue(value);
}

async function scmRepository(services: Services, arg: unknown): Promise<RepoTarget | undefined> {
  const rootUri = typeof arg === 'object' && arg !== null && 'rootUri' in arg ? arg.rootUri : undefined;
  if (!(rootUri instanceof vscode.Uri)) return undefined;
  const match = (await services.workspace.matches()).find(
    (candidate) => candidate.rootPath === rootUri.fsPath,
  );
  if (!match) throw new Error(vscode.l10n.t('{0} is not a repository of a Teahouse server.', rootUri.fsPath));
  return {
    account: match.account,
    ref: { owner: match.owner, repo: match.repo },
    client: await services.accounts.client(match.account),
    node: undefined,
  };
}

/**
 * With a title (scripts, tests, Start Working on Issue's callers) the pull request is made at once, the
 * branches picked where not given; without one the form opens (createPullFromBranch.ts).
 */
async function createPullRequest(
  services: Services,
  first: unknown,
  second: unknown,
): Promise<PullRequest | undefined> {
  // from the Source Control title bar: the SourceControl of a git repository, named by its root
  const fromScm = await scmRepository(services, first);
  const target = fromScm ?? (await resolveRepository(services, first));
  if (!target) return undefined;
  const options = fromScm ? {} : commandOptions<CreatePullOptions & BranchFormOptions>(first, second);
  if (options.title === undefined) {
    await openCreatePullForm(services, target, options, (branch) => issueOfBranch(services, target, branch));
    return undefined;
  }
  const { client, ref } = target;
  let { head, base } = options;
  if (head === undefined || base === undefined) {
    const repository = await client.api.repoGet(ref);
    const branches: string[] = [];
    for await (const branch of client.paginate('repoListBranches', { ...ref, limit: 50 }))
      branches.push(branch.name);
    head ??= await pickBranch(
      branches.filter((name) => name !== repository.default_branch),
      vscode.l10n.t('Merge from (head branch)'),
    );
    if (head === undefined) return undefined;
    const baseChoices = branches.filter((name) => name !== head);
    base ??= await pickBranch(baseChoices, vscode.l10n.t('Into (base branch)'), repository.default_branch);
    if (base === undefined) return undefined;
  }
  const { title } = options;
  const body = options.body ?? pullRequestBodyFor(await issueOfBranch(services, target, head));
  const pull = await client.api.repoCreatePullRequest({ ...ref, body: { head, base, title, body } });
  announceTrackerChange(services, target);
  void vscode.window.showInformationMessage(vscode.l10n.t('Created pull request #{0}', pull.number));
  return pull;
}

/** Scheduling a merge and cancelling it (Gitea ≥ 1.17; the table knows it from 1.22). */
const scheduledMergeNeeds = [need(operationNamed('repoCancelScheduledAutoMerge'))];
const scheduledMergeTitle = () => vscode.l10n.t('Merging when the checks succeed');

const styleLabels: Record<MergeStyle, string> = {
  merge: 'Create a merge commit',
  rebase: 'Rebase and fast-forward',
  'rebase-merge': 'Rebase, then create a merge commit',
  squash: 'Squash and merge',
  'fast-forward-only': 'Fast-forward only',
};

async function mergePullRequest(
  services: Services,
  first: unknown,
  second: unknown,
): Promise<boolean | undefined> {
  const target = await resolveIssue(services, first, true);
  if (!target) return undefined;
  const { client, ref, index } = target;
  const options = commandOptions<{
    style: MergeStyle;
    title: string;
    message: string;
    deleteBranch: boolean;
    /** Gitea ≥ 1.17: schedule the merge for when the head's required checks succeed. */
    whenChecksSucceed: boolean;
  }>(first, second);
  const scheduled = options.whenChecksSucceed === true;
  if (scheduled) {
    requireCapabilities(services, target.account, scheduledMergeNeeds, scheduledMergeTitle());
  }
  let style = options.style;
  if (style === undefined) {
    const repository = await client.api.repoGet(ref);
    const picked = await vscode.window.showQuickPick(
      mergeStyles(repository).map((value) => ({
        label: vscode.l10n.t(styleLabels[value]),
        description: value,
        value,
      })),
      { title: vscode.l10n.t('Merge pull request #{0}', index), ignoreFocusOut: true },
    );
    if (!picked) return undefined;
    style = picked.value;
  }
  const mergeStyle = style;
  const view = target.node && viewOf(services, target.node);
  const merge = () =>
    client.api.repoMergePullRequest({
      ...ref,
      index,
      body: {
        do: mergeStyle,
        ...(options.title ? { merge_title_field: options.title } : {}),
        ...(options.message ? { merge_message_field: options.message } : {}),
        ...(options.deleteBranch !== undefined ? { delete_branch_after_merge: options.deleteBranch } : {}),
        ...(scheduled && { merge_when_checks_succeed: true }),
      },
    });
  try {
    await vscode.window.withProgress(
      {
        location: view ? { viewId: view.viewId } : vscode.ProgressLocation.Notification,
        title: scheduled
          ? vscode.l10n.t('Scheduling the merge of #{0}…', index)
          : vscode.l10n.t('Merging #{0}…', index),
      },
      merge,
    );
  } catch (error) {
    // 405: Gitea's reason the pull request cannot be merged (conflicts, checks, not allowed style…)
    if (error instanceof ApiError && (error.status === 405 || error.status === 409)) {
      services.errors.report('teahouse.mergePullRequest', error, vscode.l10n.t('Cannot merge #{0}', index));
      return false;
    }
    throw error;
  }
  announceTrackerChange(services, target);
  // a scheduled merge whose checks already succeed is carried out at once
  const merged = !scheduled || (await client.api.repoGetPullRequest({ ...ref, index })).merged;
  void vscode.window.showInformationMessage(
    merged
      ? vscode.l10n.t('Merged pull request #{0}', index)
      : vscode.l10n.t('Pull request #{0} will be merged when its checks succeed', index),
  );
  return true;
}

async function cancelScheduledMerge(services: Services, first: unknown): Promise<boolean | undefined> {
  const target = await resolveIssue(services, first, true);
  if (!target) return undefined;
  requireCapabilities(services, target.account, scheduledMergeNeeds, scheduledMergeTitle());
  await target.client.api.repoCancelScheduledAutoMerge({ ...target.ref, index: target.index });
  announceTrackerChange(services, target);
  return true;
}

const safeRef = /^(?!-)(?!.*\.\.)[\w./-]+$/;

/** Checks out a pull request's branch in the workspace folder of its repository. */
async function checkoutPullRequest(services: Services, first: unknown): Promise<string | undefined> {
  const target = await resolveIssue(services, first, true);
  if (!target) return undefined;
  const pull = await target.client.api.repoGetPullRequest({ ...target.ref, index: target.index });
  const folder = await services.workspace.folderOf(target.account, target.ref.owner, target.ref.repo);
  if (!folder) {
    throw new Error(
      vscode.l10n.t(
        '{0}/{1} is not open in this workspace: clone it first.',
        target.ref.owner,
        target.ref.repo,
      ),
    );
  }
  const headRef = pull.head.ref;
  if (!safeRef.test(headRef)) throw new Error(vscode.l10n.t('Refusing the branch name "{0}".', headRef));
  const sameRepository = pull.head.repo_id === pull.base.repo_id || pull.head.repo?.id === pull.base.repo?.id;
  const localBranch = sameRepository ? headRef : `pr-${pull.number}-${headRef}`.replace(/\//g, '-');
  const exists = await git(folder.rootPath, [
    'rev-parse',
    '--verify',
    '--quiet',
    `refs/heads/${localBranch}`,
  ]).then(
    () => true,
    () => false,
  );
  const cwd = folder.rootPath;
  if (exists) await git(cwd, ['checkout', localBranch, '--']);
  else if (folder.remoteName === undefined) {
    throw new Error(vscode.l10n.t('The branch {0} is not in {1}.', headRef, cwd));
  } else if (sameRepository) {
    const remote = folder.remoteName;
    await git(cwd, ['fetch', '--', remote, `+refs/heads/${headRef}:refs/remotes/${remote}/${headRef}`]);
    await git(cwd, ['checkout', '-b', localBranch, '--track', `${remote}/${headRef}`, '--']);
  } else {
    // a fork's branch: Gitea keeps every pull request's head at `refs/pull/N/head` of the base repository
    await git(cwd, [
      'fetch',
      '--',
      folder.remoteName,
      `+refs/pull/${pull.number}/head:refs/heads/${localBranch}`,
    ]);
    await git(cwd, ['checkout', localBranch, '--']);
  }
  // its review threads show on the workspace's files now
  await vscode.commands.executeCommand('teahouse.review.loadThreads', {
    account: target.account.id,
    ...target.ref,
    index: target.index,
  });
  void vscode.window.showInformationMessage(
    vscode.l10n.t('Checked out {0} in {1}', localBranch, folder.rootPath),
  );
  return localBranch;
}

export function registerPullRequestCommands(services: Services): vscode.Disposable[] {
  const { errors } = services;
  return [
    registerCommand(errors, 'teahouse.createPullRequest', (first, second) =>
      createPullRequest(services, first, second),
    ),
    registerCommand(errors, 'teahouse.mergePullRequest', (first, second) =>
      mergePullRequest(services, first, second),
    ),
    registerCommand(errors, 'teahouse.checkoutPullRequest', (first) => checkoutPullRequest(services, first)),
    registerCommand(errors, 'teahouse.mergeWhenChecksSucceed', (first, second) =>
      mergePullRequest(services, first, { ...commandOptions(first, second), whenChecksSucceed: true }),
    ),
    registerCommand(errors, 'teahouse.cancelScheduledMerge', (first) =>
      cancelScheduledMerge(services, first),
    ),
  ];
}
