import * as vscode from 'vscode';
import { ApiError } from '../../api/client';
import type { PullRequest } from '../../api/types';
import { createFormPanel, CreatePullPanel, problemMessage } from '../webviews/createPullPanel';
import { loadCreatePullModel } from '../webviews/createPullModel';
import { linkDestination } from '../webviews/links';
import {
  commitsAhead,
  commitsSince,
  currentBranch,
  pushBranch,
  resolves,
  upstreamOf,
} from '../workspace/branchState';
import { defaultBase, draftFromCommits, type CommitMessage } from '../workspace/pullRequestDraft';
import type { MatchedRepository } from '../workspace/workspaceRepositories';
import { announceTrackerChange, type Services } from './services';
import type { RepoTarget } from './targets';

export interface BranchFormOptions {
  /** The head branch, when not the workspace's current branch. */
  readonly head?: string;
  readonly base?: string;
  /** Push or publish without asking (scripts and tests). */
  readonly push?: boolean;
}

/** The ref the base branch has in the working copy: the remote's copy when there is one, else the local branch. */
async function baseRefIn(folder: MatchedRepository, base: string): Promise<string | undefined> {
  const candidates = folder.remoteName
    ? [`refs/remotes/${folder.remoteName}/${base}`, `refs/heads/${base}`]
    : [`refs/heads/${base}`];
  for (const candidate of candidates) if (await resolves(folder.rootPath, candidate)) return candidate;
  return undefined;
}

async function commitsOver(
  folder: MatchedRepository,
  base: string,
  head: string,
): Promise<CommitMessage[] | undefined> {
  const baseRef = await baseRefIn(folder, base);
  return baseRef === undefined ? undefined : commitsSince(folder.rootPath, baseRef, `refs/heads/${head}`);
}

async function branchOnServer(target: RepoTarget, branch: string): Promise<boolean> {
  try {
    await target.client.api.repoGetBranch({ ...target.ref, branch });
    return true;
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return false;
    throw error;
  }
}

/**
 * A branch must be on the server before a pull request can name it: offers "Publish Branch" when the
 * server lacks it and "Push" when the working copy is ahead of its upstream. Resolves to false when the
 * user declined a publish the pull request needs.
 */
async function offerPush(
  target: RepoTarget,
  folder: MatchedRepository,
  branch: string,
  always: boolean,
): Promise<boolean> {
  const remote = folder.remoteName;
  // the local server hosts the folder itself: its branches are the server's
  if (remote === undefined) return true;
  const cwd = folder.rootPath;
  const published = await branchOnServer(target, branch);
  const upstream = await upstreamOf(cwd, branch);
  const ahead = upstream ? await commitsAhead(cwd, upstream, `refs/heads/${branch}`) : undefined;
  if (published && !(ahead !== undefined && ahead > 0)) return true;
  const action = published ? vscode.l10n.t('Push') : vscode.l10n.t('Publish Branch');
  if (!always) {
    const question = published
      ? vscode.l10n.t(
          '{0} has {1} commits that {2} does not have yet. Push them first?',
          branch,
          ahead ?? 0,
          remote,
        )
      : vscode.l10n.t(
          'The branch {0} is not on {1} yet. Publish it to create a pull request?',
          branch,
          remote,
        );
    const skip = vscode.l10n.t('Continue Without Pushing');
    const answer = await vscode.window.showInformationMessage(
      question,
      { modal: true },
      action,
      ...(published ? [skip] : []),
    );
    if (answer === skip) return true;
    if (answer !== action) return false;
  }
  try {
    await vscode.window.withProgress(
      {
        location: vscode.ProgressLocation.Notification,
        title: vscode.l10n.t('Pushing {0} to {1}…', branch, remote),
      },
      () => pushBranch(cwd, remote, branch),
    );
  } catch (error) {
    throw new Error(
      vscode.l10n.t(
        'Cannot push {0} to {1}: {2}',
        branch,
        remote,
        error instanceof Error ? error.message : String(error),
      ),
    );
  }
  return true;
}

async function pickServerBranch(target: RepoTarget, defaultBranch: string): Promise<string | undefined> {
  const names: string[] = [];
  for await (const branch of target.client.paginate('repoListBranches', { ...target.ref, limit: 50 }))
    if (branch.name !== defaultBranch) names.push(branch.name);
  const picked = await vscode.window.showQuickPick(
    names.map((label) => ({ label })),
    { title: vscode.l10n.t('Merge from (head branch)'), ignoreFocusOut: true },
  );
  return picked?.label;
}

async function announce(services: Services, target: RepoTarget, pull: PullRequest): Promise<void> {
  announceTrackerChange(services, target);
  await vscode.commands.executeCommand('teahouse.openPullRequest', {
    account: target.account.id,
    ...target.ref,
    index: pull.number,
  });
  const openInBrowser = vscode.l10n.t('Open in Browser');
  void vscode.window
    .showInformationMessage(vscode.l10n.t('Created pull request #{0}', pull.number), openInBrowser)
    .then((answer) => {
      if (answer === openInBrowser && pull.html_url)
        void vscode.env.openExternal(vscode.Uri.parse(pull.html_url));
    });
}

/**
 * "Create Pull Request" without a title: the form, from the workspace's current branch when the repository
 * is open here (pushed or published first), else from a branch picked on the server.
 */
export async function openCreatePullForm(
  services: Services,
  target: RepoTarget,
  options: BranchFormOptions,
  issueOfBranch: (branch: string) => Promise<number | undefined>,
): Promise<void> {
  const { account, client, ref } = target;
  const folder = await services.workspace.folderOf(account, ref.owner, ref.repo);
  const repository = await client.api.repoGet(ref);
  const defaultBranch = repository.default_branch;
  let head = options.head;
  if (head === undefined && folder) {
    head = await currentBranch(folder.rootPath);
    if (head === undefined)
      throw new Error(
        vscode.l10n.t('{0} is not on a branch (detached HEAD): check out a branch first.', folder.rootPath),
      );
  }
  head ??= await pickServerBranch(target, defaultBranch);
  if (head === undefined) return;
  const headBranch = head;
  const branches: string[] = [];
  for await (const branch of client.paginate('repoListBranches', { ...ref, limit: 50 }))
    branches.push(branch.name);
  const hostedHere = folder !== undefined && folder.remoteName === undefined;
  const base = options.base ?? defaultBase(headBranch, defaultBranch, branches, !hostedHere);
  const sameBranch = problemMessage(headBranch, base, undefined);
  if (sameBranch) throw new Error(sameBranch);
  const local = folder && (await resolves(folder.rootPath, `refs/heads/${headBranch}`)) ? folder : undefined;
  const commits = local ? await commitsOver(local, base, headBranch) : undefined;
  const none = problemMessage(headBranch, base, commits?.length);
  if (none) throw new Error(none);
  if (local && !(await offerPush(target, local, headBranch, options.push === true))) {
    void vscode.window.showInformationMessage(
      vscode.l10n.t('{0} is not on the server, so no pull request can name it yet.', headBranch),
    );
    return;
  }
  const model = await loadCreatePullModel({
    client,
    capabilities: services.accounts.capabilities(account),
    serverUrl: account.serverUrl,
    me: account.username,
    ref,
    head: headBranch,
    base,
    branches,
    templateBranch: hostedHere ? base : defaultBranch,
    draft: draftFromCommits(headBranch, commits ?? []),
    issue: await issueOfBranch(headBranch),
  });
  const aheadOf = async (candidate: string) =>
    local ? (await commitsOver(local, candidate, headBranch))?.length : undefined;
  const form = new CreatePullPanel(
    createFormPanel(services.context.extensionUri),
    model,
    {
      account,
      client,
      ref,
      log: services.log,
      extensionUri: services.context.extensionUri,
      created: (pull) => announce(services, target, pull),
      openLink: async (href) => {
        const destination = linkDestination(href, account);
        if (destination.kind === 'view')
          await vscode.commands.executeCommand(
            destination.target.kind === 'pullRequest' ? 'teahouse.openPullRequest' : 'teahouse.openIssue',
            { ...destination.target },
          );
        else if (destination.kind === 'external') await vscode.env.openExternal(destination.uri);
      },
    },
    aheadOf,
  );
  services.pullForms.adopt(form);
}
