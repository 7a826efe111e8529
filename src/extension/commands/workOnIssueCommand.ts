import * as vscode from 'vscode';
import {
  branchIssueConfigKey,
  defaultWorkBranchPattern,
  workBranchName,
  workBranchSetting,
} from '../workspace/workBranch';
import { gitFailure, runGit } from '../workspace/runGit';
import { registerCommand } from './errorReporter';
import { announceTrackerChange, type Services } from './services';
import { resolveIssue } from './targets';

async function branchExists(cwd: string, branch: string): Promise<boolean> {
  return runGit(cwd, ['rev-parse', '--verify', '--quiet', `refs/heads/${branch}`]).then(
    () => true,
    () => false,
  );
}

async function gitOrExplain(cwd: string, args: readonly string[]): Promise<string> {
  try {
    return await runGit(cwd, args);
  } catch (error) {
    throw new Error(gitFailure(error));
  }
}

/**
 * Creates (or switches to) the branch for an issue in its workspace repository, assigns the issue to the
 * account's user and remembers the issue in the branch's git config for the pull request. Resolves to the
 * branch name, or undefined when the user stopped.
 */
async function startWorkingOnIssue(services: Services, arg: unknown): Promise<string | undefined> {
  const target = await resolveIssue(services, arg, false);
  if (!target) return undefined;
  const { account, client, ref, index } = target;
  const folder = await services.workspace.folderOf(account, ref.owner, ref.repo);
  if (!folder) {
    throw new Error(
      vscode.l10n.t(
        '{0}/{1} is not open in this workspace: open or clone it to work on #{2}.',
        ref.owner,
        ref.repo,
        index,
      ),
    );
  }
  const issue = await client.api.issueGetIssue({ ...ref, index });
  const pattern = vscode.workspace
    .getConfiguration()
    .get<string>(workBranchSetting, defaultWorkBranchPattern);
  const result = workBranchName(pattern, { user: account.username, number: index, title: issue.title });
  if ('problem' in result) {
    throw new Error(
      vscode.l10n.t(
        'The setting {0} ("{1}") does not make a branch name: {2}',
        workBranchSetting,
        pattern,
        result.problem,
      ),
    );
  }
  const branch = result.name;
  const cwd = folder.rootPath;
  const current = await runGit(cwd, ['rev-parse', '--abbrev-ref', 'HEAD']).catch(() => '');
  if (current !== branch) {
    if (await branchExists(cwd, branch)) {
      const switchTo = vscode.l10n.t('Switch to It');
      const answer = await vscode.window.showInformationMessage(
        vscode.l10n.t('The branch {0} exists already.', branch),
        switchTo,
      );
      if (answer !== switchTo) return undefined;
      // with uncommitted changes in the way git refuses, and its message says why
      await gitOrExplain(cwd, ['checkout', branch, '--']);
    } else {
      // a new branch from HEAD keeps uncommitted changes
      await gitOrExplain(cwd, ['checkout', '-b', branch, '--']);
    }
  }
  await runGit(cwd, ['config', branchIssueConfigKey(branch), String(index)]);
  const assignees = (issue.assignees ?? []).map((user) => user.login);
  const me = account.username;
  if (!assignees.some((login) => login.toLowerCase() === me.toLowerCase())) {
    await client.api.issueEditIssue({ ...ref, index, body: { assignees: [...assignees, me] } });
    announceTrackerChange(services, target);
  }
  services.workspace.invalidate();
  void vscode.window.showInformationMessage(vscode.l10n.t('Working on #{0} on branch {1}', index, branch));
  return branch;
}

export function registerWorkOnIssueCommand(services: Services): vscode.Disposable[] {
  return [
    registerCommand(services.errors, 'teahouse.startWorkingOnIssue', (arg) =>
      startWorkingOnIssue(services, arg),
    ),
  ];
}
