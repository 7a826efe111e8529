import * as vscode from 'vscode';
import { registerCommand } from '../commands/errorReporter';
import { announceTrackerChange, type Services } from '../commands/services';
import { commandOptions, resolveIssue, type IssueTarget } from '../commands/targets';
import { requirementText } from '../util/requirementText';
import { reviewRequestShortfall } from './reviewNeeds';

function checkServer(services: Services, target: IssueTarget): void {
  const missing = reviewRequestShortfall(services.accounts.capabilities(target.account));
  if (missing !== undefined) throw new Error(vscode.l10n.t('Review requests {0}.', requirementText(missing)));
}

/** "Request Reviewers…": the repository's collaborators to pick from, or `reviewers` given. */
async function requestReviewers(
  services: Services,
  first: unknown,
  second: unknown,
): Promise<string[] | undefined> {
  const target = await resolveIssue(services, first, true);
  if (!target) return undefined;
  checkServer(services, target);
  const { client, ref, index } = target;
  let reviewers = commandOptions<{ reviewers: string[] }>(first, second).reviewers;
  if (reviewers === undefined) {
    const pull = await client.api.repoGetPullRequest({ ...ref, index });
    const requested = new Set(pull.requested_reviewers.map((user) => user.login));
    const candidates = [];
    for await (const user of client.paginate('repoListCollaborators', { ...ref })) {
      if (user.login !== pull.user.login && !requested.has(user.login)) candidates.push(user);
    }
    const picked = await vscode.window.showQuickPick(
      candidates.map((user) => ({ label: user.login, description: user.full_name || undefined })),
      { title: vscode.l10n.t('Request reviewers for #{0}', index), canPickMany: true, ignoreFocusOut: true },
    );
    if (!picked || picked.length === 0) return undefined;
    reviewers = picked.map((item) => item.label);
  }
  await client.api.repoCreatePullReviewRequests({ ...ref, index, body: { reviewers } });
  announceTrackerChange(services, target);
  void vscode.window.showInformationMessage(
    vscode.l10n.t('Requested a review of #{0} from {1}', index, reviewers.join(', ')),
  );
  return reviewers;
}

/** "Remove Reviewers…": of the pull request's requested reviewers, or `reviewers` given. */
async function removeReviewers(
  services: Services,
  first: unknown,
  second: unknown,
): Promise<string[] | undefined> {
  const target = await resolveIssue(services, first, true);
  if (!target) return undefined;
  checkServer(services, target);
  const { client, ref, index } = target;
  let reviewers = commandOptions<{ reviewers: string[] }>(first, second).reviewers;
  if (reviewers === undefined) {
    const pull = await client.api.repoGetPullRequest({ ...ref, index });
    if (pull.requested_reviewers.length === 0) {
      void vscode.window.showInformationMessage(vscode.l10n.t('No reviews are requested on #{0}.', index));
      return undefined;
    }
    const picked = await vscode.window.showQuickPick(
      pull.requested_reviewers.map((user) => ({ label: user.login })),
      { title: vscode.l10n.t('Remove reviewers from #{0}', index), canPickMany: true, ignoreFocusOut: true },
    );
    if (!picked || picked.length === 0) return undefined;
    reviewers = picked.map((item) => item.label);
  }
  await client.api.repoDeletePullReviewRequests({ ...ref, index, body: { reviewers } });
  announceTrackerChange(services, target);
  return reviewers;
}

export function registerReviewerCommands(services: Services): vscode.Disposable[] {
  const { errors } = services;
  return [
    registerCommand(errors, 'teahouse.requestReviewers', (first, second) =>
      requestReviewers(services, first, second),
    ),
    registerCommand(errors, 'teahouse.removeReviewers', (first, second) =>
      removeReviewers(services, first, second),
    ),
  ];
}
