import * as vscode from 'vscode';
import type { Issue, User } from '../../api/types';
import type { Log } from '../util/log';
import type { WorkspaceRepositories } from '../workspace/workspaceRepositories';
import { repositoryOf } from './documentRepository';
import { issueState } from './hoverContent';
import type { ReferenceLookups } from './referenceLookups';
import { completionTrigger } from './references';

/** Where completions are offered: the commit message box, commit message files and markdown. */
export const completionLanguages: readonly string[] = ['scminput', 'git-commit', 'markdown'];

function issueItem(issue: Issue, range: vscode.Range, order: number): vscode.CompletionItem {
  const state = issueState(issue);
  const item = new vscode.CompletionItem(
    { label: `#${issue.number}`, description: issue.title },
    vscode.CompletionItemKind.Issue,
  );
  item.insertText = `#${issue.number}`;
  // searchable by title as well as by number
  item.filterText = `#${issue.number} ${issue.title}`;
  item.sortText = String(order).padStart(4, '0');
  item.range = range;
  const kind = issue.pull_request ? vscode.l10n.t('Pull request') : vscode.l10n.t('Issue');
  const labels = (issue.labels ?? []).map((label) => label.name).join(', ');
  item.detail = [kind, state, labels].filter(Boolean).join(' · ');
  return item;
}

function userItem(user: User, range: vscode.Range, order: number): vscode.CompletionItem {
  const item = new vscode.CompletionItem(
    { label: `@${user.login}`, description: user.full_name || undefined },
    vscode.CompletionItemKind.User,
  );
  item.insertText = `@${user.login}`;
  item.filterText = `@${user.login} ${user.full_name ?? ''}`;
  item.sortText = String(order).padStart(4, '0');
  item.range = range;
  return item;
}

/** `#` offers the repository's issues and pull requests, `@` its people and the server's users. */
export class ReferenceCompletionProvider implements vscode.CompletionItemProvider {
  constructor(
    private readonly lookups: ReferenceLookups,
    private readonly workspace: WorkspaceRepositories,
    private readonly log: Log,
  ) {}

  async provideCompletionItems(
    document: vscode.TextDocument,
    position: vscode.Position,
    token: vscode.CancellationToken,
  ): Promise<vscode.CompletionList | undefined> {
    try {
      const before = document.lineAt(position.line).text.slice(0, position.character);
      const trigger = completionTrigger(before);
      if (!trigger) return undefined;
      const repository = await repositoryOf(document, this.workspace);
      if (!repository || token.isCancellationRequested) return undefined;
      const range = new vscode.Range(position.line, trigger.start, position.line, position.character);
      const ref = { owner: repository.owner, repo: repository.repo };
      const items =
        trigger.trigger === '#'
          ? (await this.lookups.issueCandidates(repository.account, ref, trigger.query)).map((issue, order) =>
              issueItem(issue, range, order),
            )
          : (await this.lookups.userCandidates(repository.account, ref, trigger.query)).map((user, order) =>
              userItem(user, range, order),
            );
      if (token.isCancellationRequested) return undefined;
      // incomplete: typing more asks again, and the server searches titles and names
      return new vscode.CompletionList(items, true);
    } catch (error) {
      this.log.warn(`completion: ${String(error)}`);
      return undefined;
    }
  }
}
