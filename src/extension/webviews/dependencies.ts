import * as vscode from 'vscode';
import { ApiError, type TeahouseClient } from '../../api/client';
import type { Issue } from '../../api/types';
import type { DependenciesModel, PanelTarget } from '../../webview/protocol';

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
