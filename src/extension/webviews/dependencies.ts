import * as vscode from 'vscode';
import { need, shortfall } from '../../api/capabilities';
import { ApiError, type TeahouseClient } from '../../api/client';
import { operationNamed } from '../../api/operations';
import type { Issue } from '../../api/types';
import type { DependenciesModel, DependencyRelation, PanelTarget } from '../../webview/protocol';
import { referenceTo } from './timelineModel';
import type { ViewSource } from './viewModel';

const dependencyNeeds = [
  need(operationNamed('issueListIssueDependencies')),
  need(operationNamed('issueListBlocks')),
];

async function all(items: AsyncIterable<Issue>): Promise<Issue[]> {
  const found: Issue[] = [];
  for await (const item of items) found.push(item);
  return found;
}

/** What the issue depends on and blocks, where the server has dependencies (Gitea ≥ 1.22), else a note. */
export async function loadDependencies(
  source: ViewSource,
  target: PanelTarget,
): Promise<{ readonly model?: DependenciesModel; readonly note?: string }> {
  const missing = shortfall(source.capabilities, dependencyNeeds);
  if (missing !== undefined) return { note: missing };
  const { owner, repo, index } = target;
  try {
    const [dependsOn, blocks] = await Promise.all([
      all(source.client.paginate('issueListIssueDependencies', { owner, repo, index })),
      all(source.client.paginate('issueListBlocks', { owner, repo, index })),
    ]);
    return { model: { dependsOn: dependsOn.map(referenceTo), blocks: blocks.map(referenceTo) } };
  } catch (error) {
    // dependencies switched off for the repository (Gitea answers 404), or not allowed to read them
    if (!(error instanceof ApiError) || error.status >= 500) throw error;
    source.log.info(`webview: dependencies unavailable (${error.status} ${error.serverMessage})`);
    return {};
  }
}

/**
 * An issue of the repository, picked in VS Code's quick pick: the open ones at first, then what the server
 * finds for what is typed (its `q` search), the view's own issue left out.
 */
export async function pickIssue(
  client: TeahouseClient,
  target: PanelTarget,
  title: string,
): Promise<Issue | undefined> {
  const { owner, repo, index } = target;
  const pick = vscode.window.createQuickPick<vscode.QuickPickItem & { issue: Issue }>();
  pick.title = title;
  pick.placeholder = vscode.l10n.t('Search the issues of {0}/{1}', owner, repo);
  pick.matchOnDescription = true;
  let asked = 0;
  const search = async (text: string): Promise<void> => {
    const mine = ++asked;
    pick.busy = true;
    try {
      const page = await client.page('issueListIssues', {
        owner,
        repo,
        state: text === '' ? 'open' : 'all',
        limit: 50,
        ...(text !== '' && { q: text }),
      });
      if (mine !== asked) return;
      pick.items = page.items
        .filter((issue) => issue.number !== index)
        .map((issue) => ({
          label: `#${issue.number} ${issue.title}`,
          description: issue.state === 'closed' ? vscode.l10n.t('closed') : '',
          issue,
        }));
    } finally {
      if (mine === asked) pick.busy = false;
    }
  };
  let timer: NodeJS.Timeout | undefined;
  pick.onDidChangeValue((text) => {
    clearTimeout(timer);
    timer = setTimeout(() => void search(text.replace(/^#/, '')), 250);
  });
  const chosen = new Promise<Issue | undefined>((resolve) => {
    pick.onDidAccept(() => resolve(pick.selectedItems[0]?.issue));
    pick.onDidHide(() => resolve(undefined));
  });
  pick.show();
  await search('');
  const issue = await chosen;
  clearTimeout(timer);
  pick.dispose();
  return issue;
}

/** Links `other` to the view's issue: the issue depends on it, or blocks it. */
export async function addDependency(
  client: TeahouseClient,
  target: PanelTarget,
  relation: DependencyRelation,
  other: { readonly owner: string; readonly repo: string; readonly index: number },
): Promise<void> {
  const { owner, repo, index } = target;
  if (relation === 'dependsOn')
    await client.api.issueCreateIssueDependencies({ owner, repo, index, body: other });
  else await client.api.issueCreateIssueBlocking({ owner, repo, index, body: other });
}

export async function removeDependency(
  client: TeahouseClient,
  target: PanelTarget,
  relation: DependencyRelation,
  other: { readonly owner: string; readonly repo: string; readonly index: number },
): Promise<void> {
  const { owner, repo, index } = target;
  if (relation === 'dependsOn')
    await client.api.issueRemoveIssueDependencies({ owner, repo, index, body: other });
  else await client.api.issueRemoveIssueBlocking({ owner, repo, index, body: other });
}

/** Gitea's 412 on closing an issue with open dependencies, said with the list of them. */
export function closeRefusal(error: unknown, dependencies: DependenciesModel | undefined): Error | undefined {
  if (!(error instanceof ApiError) || error.status !== 412) return undefined;
  const open = (dependencies?.dependsOn ?? []).filter((reference) => reference.state === 'open');
  if (open.length === 0) return undefined;
  return new Error(
    vscode.l10n.t(
      'This cannot be closed while it depends on open issues: {0}',
      open.map((reference) => `#${reference.number} ${reference.title}`).join(', '),
    ),
  );
}
