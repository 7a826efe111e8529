import * as vscode from 'vscode';
import type { Need } from '../../api/capabilities';
import { featureNeeds } from '../features/featureNeeds';
import { registerCommand } from './errorReporter';
import { requireCapabilities } from './requireCapabilities';
import { announceTrackerChange, type Services } from './services';
import { commandOptions, resolveIssue, type IssueTarget } from './targets';

/** Gitea's default `[repository.issue] LOCK_REASONS`. */
export const lockReasons = ['Too heated', 'Off-topic', 'Resolved', 'Spam'] as const;

const { pins: pinNeeds, locks: lockNeeds } = featureNeeds;

/** The issue a command acts on, when its server has the operations; else says which Gitea has them. */
async function targetWith(
  services: Services,
  arg: unknown,
  needs: readonly Need[],
  what: string,
): Promise<IssueTarget | undefined> {
  const target = await resolveIssue(services, arg, false);
  if (!target) return undefined;
  requireCapabilities(services, target.account, needs, what);
  return target;
}

async function setPinned(services: Services, arg: unknown, pinned: boolean): Promise<boolean> {
  const target = await targetWith(services, arg, pinNeeds, vscode.l10n.t('Pinning'));
  if (!target) return false;
  const where = { ...target.ref, index: target.index };
  if (pinned) await target.client.api.pinIssue(where);
  else await target.client.api.unpinIssue(where);
  announceTrackerChange(services, target);
  return true;
}

async function lock(services: Services, first: unknown, second: unknown): Promise<boolean> {
  const target = await targetWith(services, first, lockNeeds, vscode.l10n.t('Locking'));
  if (!target) return false;
  const given = commandOptions<{ reason: string }>(first, second).reason;
  const reason =
    given ??
    (
      await vscode.window.showQuickPick(
        [
          ...lockReasons.map((label) => ({ label, reason: label as string })),
          { label: vscode.l10n.t('No reason'), reason: '' },
        ],
        { title: vscode.l10n.t('Lock the conversation of #{0}', target.index), ignoreFocusOut: true },
      )
    )?.reason;
  if (reason === undefined) return false;
  await target.client.api.issueLockIssue({
    ...target.ref,
    index: target.index,
    body: reason === '' ? {} : { lock_reason: reason },
  });
  announceTrackerChange(services, target);
  return true;
}

async function unlock(services: Services, arg: unknown): Promise<boolean> {
  const target = await targetWith(services, arg, lockNeeds, vscode.l10n.t('Unlocking'));
  if (!target) return false;
  await target.client.api.issueUnlockIssue({ ...target.ref, index: target.index });
  announceTrackerChange(services, target);
  return true;
}

/** Pin and Unpin (Gitea ≥ 1.22), Lock Conversation… and Unlock (Gitea ≥ 1.27 and the local server). */
export function registerPinLockCommands(services: Services): vscode.Disposable[] {
  const { errors } = services;
  return [
    registerCommand(errors, 'teahouse.pinIssue', (arg) => setPinned(services, arg, true)),
    registerCommand(errors, 'teahouse.unpinIssue', (arg) => setPinned(services, arg, false)),
    registerCommand(errors, 'teahouse.lockIssue', (first, second) => lock(services, first, second)),
    registerCommand(errors, 'teahouse.unlockIssue', (arg) => unlock(services, arg)),
  ];
}
