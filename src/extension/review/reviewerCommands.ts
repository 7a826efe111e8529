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

/** What one of the reviewer commands offers to pick, and what it sends for the reviewers picked. */
interface ReviewerChange {
  /** The reviewers picked, or undefined when there was nothing to pick or the user cancelled. */
  pick(target: IssueTarget): Promise<string[] | undefined>;
  send(target: IssueTarget, reviewers: string[]): Promise<void>;
}

/** A reviewer command on a pull request: `reviewers` given in the options, or picked. */
async function changeReviewers(
  services: Services,
  first: unknown,
  second: unknown,
  change: ReviewerChange,
): Promise<string[] | undefined> {
  const target = await resolveIssue(services, first, true);
  if (!target) return undefined;
  checkServer(services, target);
  const given = commandOptions<{ reviewers: string[] }>(first, second).reviewers;
  const reviewers = given ?? (await change.pick(target));
  if (!reviewers || reviewers.length === 0) return undefined;
  await change.send(target, reviewers);
  announceTrackerChange(services, target);
  return reviewers;
}

const pickedLabels = (picked: readonly vscode.QuickPickItem[] | undefined): string[] | undefined =>
  picked?.map((item) => item.label);

/** "Request Reviewers…": the repository's collaborators who are neither the author nor asked already. */
const requestReviewers: ReviewerChange = {
  async pick({ client, ref, index }) {
    const pull = await client.api.repoGetPullRequest({ ...ref, index });
    const requested = new Set(pull.requested_reviewers.map((user) => user.login));
    const candidates = [];
    for await (const user of client.paginate('repoListCollaborators', { ...ref })) {
      if (user.login !== pull.user.login && !requested.has(user.login)) candidates.push(user);
    }
    return pickedLabels(
      await vscode.window.showQuickPick(
        candidates.map((user) => ({ label: user.login, description: user.full_name || undefined })),
        {
          title: vscode.l10n.t('Request reviewers for #{0}', index),
          canPickMany: true,
          ignoreFocusOut: true,
        },
      ),
    );
  },
  async send({ client, ref, index }, reviewers) {
    await client.api.repoCreatePullReviewRequests({ ...ref, index, body: { reviewers } });
    void vscode.window.showInformationMessage(
      vscode.l10n.t('Requested a review of #{0} from {1}', index, reviewers.join(', ')),
    );
  },
};

/** "Remove Reviewers…": of the pull request's requested reviewers. */
const removeReviewers: ReviewerChange = {
  async pick({ client, ref, index }) {
    const pull = await client.api.repoGetPullRequest({ ...ref, index });
    if (pull.requested_reviewers.length === 0) {
      void vscode.window.showInformationMessage(vscode.l10n.t('No reviews are requested on #{0}.', index));
      return undefined;
    }
    return pickedLabels(
      await vscode.window.showQuickPick(
        pull.requested_reviewers.map((user) => ({ label: user.login })),
        {
          title: vscode.l10n.t('Remove reviewers from #{0}', index),
          canPickMany: true,
          ignoreFocusOut: true,
        },
      ),
    );
  },
  async send({ client, ref, index }, reviewers) {
    await client.api.repoDeletePullReviewRequests({ ...ref, index, body: { reviewers } });
  },
};

export function registerReviewerCommands(services: Services): vscode.Disposable[] {
  const { errors } = services;
  return [
    registerCommand(errors, 'teahouse.requestReviewers', (first, second) =>
      changeReviewers(services, first, second, requestReviewers),
    ),
    registerCommand(errors, 'teahouse.removeReviewers', (first, second) =>
      changeReviewers(services, first, second, removeReviewers),
    ),
  ];
}
