import * as vscode from 'vscode';
import type { Issue, Label, Milestone } from '../../api/types';
import { registerCommand } from './errorReporter';
import { registerIssueEditCommands } from './issueEditCommands';
import { registerPinLockCommands } from './pinLockCommands';
import { announceTrackerChange, type Services } from './services';
import type { IssueTemplateChoice } from './issueTemplateFiles';
import { issueTemplates } from './issueTemplates';
import {
  commandOptions,
  resolveIssue,
  resolveRepository,
  type IssueTarget,
  type RepoTarget,
} from './targets';

interface CreateIssueOptions {
  title: string;
  body: string;
  labels: string[];
  /** A template's name: title, description and labels from it, without asking. */
  template: string;
}

async function labelIds(
  target: { client: IssueTarget['client']; ref: IssueTarget['ref'] },
  names: readonly string[],
  missingAllowed = false,
): Promise<Label[]> {
  const all: Label[] = [];
  for await (const label of target.client.paginate('issueListLabels', { ...target.ref, limit: 50 }))
    all.push(label);
  const wanted = new Set(names.map((name) => name.toLowerCase()));
  const found = all.filter((label) => wanted.has(label.name.toLowerCase()));
  const missing = names.filter(
    (name) => !found.some((label) => label.name.toLowerCase() === name.toLowerCase()),
  );
  if (missing.length > 0 && !missingAllowed)
    throw new Error(
      vscode.l10n.t('No such label in {0}/{1}: {2}', target.ref.owner, target.ref.repo, missing.join(', ')),
    );
  return found;
}

/**
 * The template to start from: the one named in the options, else a pick when the repository has any
 * ("Blank issue" first). Undefined for a blank issue; null when the pick was dismissed.
 */
async function chooseTemplate(
  services: Services,
  target: RepoTarget,
  options: Partial<CreateIssueOptions>,
): Promise<IssueTemplateChoice | undefined | null> {
  if (options.template === undefined && options.title !== undefined) return undefined;
  let templates: IssueTemplateChoice[];
  try {
    templates = await issueTemplates(
      target.client,
      services.accounts.capabilities(target.account),
      target.ref,
    );
  } catch (error) {
    if (options.template !== undefined) throw error;
    services.log.warn(`issue templates of ${target.ref.owner}/${target.ref.repo}: ${String(error)}`);
    return undefined;
  }
  if (options.template !== undefined) {
    const named = templates.find((template) => template.name === options.template);
    if (!named)
      throw new Error(
        vscode.l10n.t(
          '{0}/{1} has no issue template "{2}"',
          target.ref.owner,
          target.ref.repo,
          options.template,
        ),
      );
    return named;
  }
  if (templates.length === 0) return undefined;
  const blank = { label: vscode.l10n.t('Blank issue'), description: '', template: undefined };
  const picked = await vscode.window.showQuickPick(
    [
      blank,
      ...templates.map((template) => ({ label: template.name, description: template.about, template })),
    ],
    { title: vscode.l10n.t('New issue in {0}/{1}', target.ref.owner, target.ref.repo), ignoreFocusOut: true },
  );
  return picked ? picked.template : null;
}

async function createIssue(services: Services, first: unknown, second: unknown): Promise<Issue | undefined> {
  const target = await resolveRepository(services, first);
  if (!target) return undefined;
  const options = commandOptions<CreateIssueOptions>(first, second);
  const template = await chooseTemplate(services, target, options);
  if (template === null) return undefined;
  const fromTemplate = options.template !== undefined;
  const title =
    options.title ??
    (fromTemplate && template?.title ? template.title : undefined) ??
    (await vscode.window.showInputBox({
      title: vscode.l10n.t('New issue in {0}/{1}', target.ref.owner, target.ref.repo),
      prompt: vscode.l10n.t('Title'),
      value: template?.title ?? '',
      ignoreFocusOut: true,
      validateInput: (value) => (value.trim() === '' ? vscode.l10n.t('The title is required') : undefined),
    }));
  if (title === undefined) return undefined;
  // a template's description is many lines: it is taken as it is (edit it afterwards in the issue's view)
  const body =
    options.body ??
    template?.body ??
    (options.title === undefined
      ? await vscode.window.showInputBox({
          prompt: vscode.l10n.t('Description (optional, Markdown)'),
          ignoreFocusOut: true,
        })
      : '');
  if (body === undefined) return undefined;
  const labelNames = options.labels ?? (template && template.labels.length > 0 ? template.labels : undefined);
  const labels = labelNames
    ? (await labelIds(target, labelNames, options.labels === undefined)).map((label) => label.id)
    : undefined;
  const issue = await target.client.api.issueCreateIssue({
    ...target.ref,
    body: { title: title.trim(), body, ...(labels ? { labels } : {}) },
  });
  services.log.info(`created issue ${target.ref.owner}/${target.ref.repo}#${issue.number}`);
  announceTrackerChange(services, target);
  void vscode.window.showInformationMessage(
    vscode.l10n.t('Created issue #{0}: {1}', issue.number, issue.title),
  );
  return issue;
}

async function setState(
  services: Services,
  arg: unknown,
  state: 'open' | 'closed',
  pulls: boolean,
): Promise<Issue | undefined> {
  const target = await resolveIssue(services, arg, pulls);
  if (!target) return undefined;
  const issue = await target.client.api.issueEditIssue({
    ...target.ref,
    index: target.index,
    body: { state },
  });
  announceTrackerChange(services, target);
  return issue;
}

async function comment(services: Services, first: unknown, second: unknown): Promise<unknown> {
  const target = await resolveIssue(services, first, false);
  if (!target) return undefined;
  const body =
    commandOptions<{ body: string }>(first, second).body ??
    (await vscode.window.showInputBox({
      title: vscode.l10n.t('Comment on #{0}', target.index),
      prompt: vscode.l10n.t('Comment (Markdown)'),
      ignoreFocusOut: true,
      validateInput: (value) => (value.trim() === '' ? vscode.l10n.t('Write something first') : undefined),
    }));
  if (body === undefined) return undefined;
  const created = await target.client.api.issueCreateComment({
    ...target.ref,
    index: target.index,
    body: { body },
  });
  announceTrackerChange(services, target);
  return created;
}

/** Sets the issue's labels to exactly `labels` (names), adding and removing only what differs. */
async function editLabels(services: Services, first: unknown, second: unknown): Promise<Label[] | undefined> {
  const target = await resolveIssue(services, first, false);
  if (!target) return undefined;
  const { client, ref, index } = target;
  const current = await client.api.issueGetLabels({ ...ref, index });
  let wanted: Label[];
  const requested = commandOptions<{ labels: string[] }>(first, second).labels;
  if (requested) wanted = await labelIds(target, requested);
  else {
    const all: Label[] = [];
    for await (const label of client.paginate('issueListLabels', { ...ref, limit: 50 })) all.push(label);
    if (all.length === 0) {
      void vscode.window.showInformationMessage(
        vscode.l10n.t('{0}/{1} has no labels yet.', ref.owner, ref.repo),
      );
      return undefined;
    }
    const currentIds = new Set(current.map((label) => label.id));
    const picked = await vscode.window.showQuickPick(
      all.map((label) => ({
        label: label.name,
        description: label.description,
        picked: currentIds.has(label.id),
        value: label,
      })),
      { title: vscode.l10n.t('Labels of #{0}', index), canPickMany: true, ignoreFocusOut: true },
    );
    if (!picked) return undefined;
    wanted = picked.map((item) => item.value);
  }
  const wantedIds = new Set(wanted.map((label) => label.id));
  const toAdd = wanted.filter((label) => !current.some((existing) => existing.id === label.id));
  const toRemove = current.filter((label) => !wantedIds.has(label.id));
  let result = current;
  if (toAdd.length > 0)
    result = await client.api.issueAddLabel({
      ...ref,
      index,
      body: { labels: toAdd.map((label) => label.id) },
    });
  for (const label of toRemove) await client.api.issueRemoveLabel({ ...ref, index, id: label.id });
  if (toRemove.length > 0) result = await client.api.issueGetLabels({ ...ref, index });
  announceTrackerChange(services, target);
  return result;
}

async function setMilestone(services: Services, first: unknown, second: unknown): Promise<Issue | undefined> {
  const target = await resolveIssue(services, first, false);
  if (!target) return undefined;
  const { client, ref, index } = target;
  const options = commandOptions<{ milestone: string | number | null }>(first, second);
  let milestoneId: number;
  if (options.milestone === null) milestoneId = 0;
  else {
    const milestones: Milestone[] = [];
    for await (const milestone of client.paginate('issueGetMilestones', { ...ref, state: 'open', limit: 50 }))
      milestones.push(milestone);
    if (options.milestone !== undefined) {
      const found = milestones.find((m) => m.id === options.milestone || m.title === options.milestone);
      if (!found)
        throw new Error(
          vscode.l10n.t('No open milestone "{0}" in {1}/{2}', String(options.milestone), ref.owner, ref.repo),
        );
      milestoneId = found.id;
    } else {
      const none = { label: vscode.l10n.t('$(circle-slash) No milestone'), id: 0 };
      const picked = await vscode.window.showQuickPick(
        [none, ...milestones.map((m) => ({ label: m.title, description: m.due_on ?? '', id: m.id }))],
        {
          title: vscode.l10n.t('Milestone of #{0}', index),
        },
      );
      if (!picked) return undefined;
      milestoneId = picked.id;
    }
  }
  // Gitea clears the milestone when given 0
  const issue = await client.api.issueEditIssue({ ...ref, index, body: { milestone: milestoneId } });
  announceTrackerChange(services, target);
  return issue;
}

async function assign(services: Services, first: unknown, second: unknown): Promise<Issue | undefined> {
  const target = await resolveIssue(services, first, false);
  if (!target) return undefined;
  const { client, ref, index } = target;
  let assignees = commandOptions<{ assignees: string[] }>(first, second).assignees;
  if (!assignees) {
    const issue = await client.api.issueGetIssue({ ...ref, index });
    const current = new Set((issue.assignees ?? []).map((user) => user.login));
    const candidates = new Map<string, string>();
    for await (const user of client.paginate('repoListCollaborators', { ...ref, limit: 50 }))
      candidates.set(user.login, user.full_name);
    candidates.set(ref.owner, '');
    candidates.set(target.account.username, '');
    for (const login of current) candidates.set(login, candidates.get(login) ?? '');
    const picked = await vscode.window.showQuickPick(
      [...candidates].map(([login, fullName]) => ({
        label: login,
        description: fullName,
        picked: current.has(login),
      })),
      { title: vscode.l10n.t('Assignees of #{0}', index), canPickMany: true, ignoreFocusOut: true },
    );
    if (!picked) return undefined;
    assignees = picked.map((item) => item.label);
  }
  const issue = await client.api.issueEditIssue({ ...ref, index, body: { assignees } });
  announceTrackerChange(services, target);
  return issue;
}

export function registerIssueCommands(services: Services): vscode.Disposable[] {
  const { errors } = services;
  return [
    registerCommand(errors, 'teahouse.createIssue', (first, second) => createIssue(services, first, second)),
    registerCommand(errors, 'teahouse.closeIssue', (arg) => setState(services, arg, 'closed', false)),
    registerCommand(errors, 'teahouse.reopenIssue', (arg) => setState(services, arg, 'open', false)),
    registerCommand(errors, 'teahouse.closePullRequest', (arg) => setState(services, arg, 'closed', true)),
    registerCommand(errors, 'teahouse.commentOnIssue', (first, second) => comment(services, first, second)),
    registerCommand(errors, 'teahouse.editLabels', (first, second) => editLabels(services, first, second)),
    registerCommand(errors, 'teahouse.setMilestone', (first, second) =>
      setMilestone(services, first, second),
    ),
    registerCommand(errors, 'teahouse.assignIssue', (first, second) => assign(services, first, second)),
    ...registerIssueEditCommands(services),
    ...registerPinLockCommands(services),
  ];
}
