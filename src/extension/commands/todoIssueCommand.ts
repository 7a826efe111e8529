import path from 'node:path';
import * as vscode from 'vscode';
import type { Issue } from '../../api/types';
import { commitState } from '../editor/commitState';
import { permalinkUrl } from '../editor/permalink';
import { todoOnLine, todoTriggers } from '../editor/todoCodeActions';
import { snippetLines, todoIssueBody, todoReplacement, type TodoMatch } from '../editor/todoComments';
import { gitApi } from '../workspace/gitExtension';
import { registerCommand } from './errorReporter';
import { repositoryHolding } from './permalinkCommands';
import { announceTrackerChange, type Services } from './services';
import { optionsArg } from './targets';

/** Lines of context on each side of the TODO in the issue's snippet. */
const snippetContext = 2;

function replacementPattern(): string {
  const value = vscode.workspace.getConfiguration('teahouse').get<string>('createIssueReplacement');
  return value && value.includes('{number}') ? value : '{trigger}(#{number})';
}

interface TodoOptions {
  readonly uri: string;
  readonly line: number;
  /** The issue's title without asking. */
  readonly title: string;
}

export interface CreatedFromTodo {
  readonly number: number;
  readonly url: string;
}

/** The document and line the command runs on: its arguments (from the code action), else the cursor's. */
async function location(
  first: unknown,
  second: unknown,
): Promise<{ document: vscode.TextDocument; line: number }> {
  if (first instanceof vscode.Uri && typeof second === 'number')
    return { document: await vscode.workspace.openTextDocument(first), line: second };
  const options = optionsArg<TodoOptions>(first);
  if (options.uri !== undefined && typeof options.line === 'number')
    return {
      document: await vscode.workspace.openTextDocument(vscode.Uri.parse(options.uri, true)),
      line: options.line,
    };
  const editor = vscode.window.activeTextEditor;
  if (!editor) throw new Error(vscode.l10n.t('Open a file with a TODO comment first.'));
  return { document: editor.document, line: editor.selection.active.line };
}

async function createIssueFromTodo(
  services: Services,
  first: unknown,
  second: unknown,
): Promise<CreatedFromTodo | undefined> {
  const { document, line } = await location(first, second);
  const todo = todoOnLine(document, line);
  if (!todo) {
    throw new Error(
      vscode.l10n.t('Line {0} has no {1} comment.', line + 1, todoTriggers().join('/') || 'TODO'),
    );
  }
  const holding = await repositoryHolding(services, document.uri);
  if (!holding) {
    throw new Error(
      vscode.l10n.t(
        '{0} is not in a workspace repository whose remote is on a connected server: add the server ("Teahouse: Add Server…") first.',
        path.basename(document.uri.fsPath),
      ),
    );
  }
  const { match, relativePath } = holding;
  const title =
    optionsArg<TodoOptions>(first).title ??
    (await vscode.window.showInputBox({
      title: vscode.l10n.t('New issue in {0}/{1}', match.owner, match.repo),
      prompt: vscode.l10n.t('Title'),
      value: todo.title,
      ignoreFocusOut: true,
      validateInput: (value) => (value.trim() === '' ? vscode.l10n.t('The title is required') : undefined),
    }));
  if (title === undefined) return undefined;

  const gitPath = (await gitApi())?.git.path ?? 'git';
  const state = await commitState(gitPath, match.rootPath, relativePath, match.remoteName);
  // a link pinned to HEAD shows this line only when the file is as committed and the commit is pushed
  const exact = state.caveats.length === 0 && !document.isDirty;
  const lines = document.getText().split(/\r?\n/);
  const snippet = snippetLines(lines, line, snippetContext);
  const body = todoIssueBody({
    path: relativePath,
    line: line + 1,
    permalink: exact
      ? permalinkUrl({
          serverUrl: match.account.serverUrl,
          owner: match.owner,
          repo: match.repo,
          sha: state.sha,
          path: relativePath,
          lines: { start: line + 1, end: line + 1 },
        })
      : undefined,
    noPermalinkReason: vscode.l10n.t('changed since the last pushed commit, so no permalink'),
    snippet: snippet.text,
    language: document.languageId,
  });
  if (!exact) {
    void vscode.window.showWarningMessage(
      vscode.l10n.t(
        '{0} has changes the server does not have: the issue names the file and line instead of a permalink.',
        relativePath,
      ),
    );
  }

  const client = await services.accounts.client(match.account);
  const issue: Issue = await client.api.issueCreateIssue({
    owner: match.owner,
    repo: match.repo,
    body: { title: title.trim(), body },
  });
  services.log.info(`created issue ${match.owner}/${match.repo}#${issue.number} from a TODO`);
  announceTrackerChange(services, { account: match.account, ref: { owner: match.owner, repo: match.repo } });

  await replaceTrigger(
    document,
    line,
    todo,
    todoReplacement(replacementPattern(), todo.trigger, issue.number, issue.html_url),
  );
  void vscode.window.showInformationMessage(
    vscode.l10n.t('Created issue #{0}: {1}', issue.number, issue.title),
  );
  return { number: issue.number, url: issue.html_url };
}

/** Replaces the trigger with the reference, if the line still has that TODO (it may have changed meanwhile). */
async function replaceTrigger(
  document: vscode.TextDocument,
  line: number,
  before: TodoMatch,
  replacement: string,
): Promise<void> {
  const now = todoOnLine(document, line);
  if (!now || now.trigger !== before.trigger || now.start !== before.start) {
    void vscode.window.showWarningMessage(
      vscode.l10n.t('Line {0} changed meanwhile: add the reference {1} yourself.', line + 1, replacement),
    );
    return;
  }
  const edit = new vscode.WorkspaceEdit();
  edit.replace(document.uri, new vscode.Range(line, now.start, line, now.end), replacement);
  await vscode.workspace.applyEdit(edit);
}

export function registerTodoIssueCommand(services: Services): vscode.Disposable[] {
  return [
    registerCommand(services.errors, 'teahouse.createIssueFromTodo', (first, second) =>
      createIssueFromTodo(services, first, second),
    ),
  ];
}
