import * as vscode from 'vscode';
import { codeLanguages, commentSyntaxOf } from './commentSyntax';
import { findTodo, type TodoMatch } from './todoComments';

/** `teahouse.createIssueTriggers`: the words that make a comment a TODO. */
export function todoTriggers(): string[] {
  const value = vscode.workspace.getConfiguration('teahouse').get<unknown>('createIssueTriggers');
  return Array.isArray(value) ? value.filter((entry): entry is string => typeof entry === 'string') : [];
}

/** The TODO on a line of a document, when the line has one in a comment. */
export function todoOnLine(document: vscode.TextDocument, line: number): TodoMatch | undefined {
  const syntax = commentSyntaxOf(document.languageId);
  if (!syntax || line < 0 || line >= document.lineCount) return undefined;
  const lineText = document.lineAt(line).text;
  const triggers = todoTriggers();
  // the comment scan reads the file from its start: only for a line that has a trigger at all
  if (!triggers.some((trigger) => trigger.trim() !== '' && lineText.includes(trigger.trim())))
    return undefined;
  const lineStart = document.offsetAt(new vscode.Position(line, 0));
  return findTodo(document.getText(), lineStart, lineText, triggers, syntax);
}

/** "Create Issue from TODO" on a line whose comment holds a trigger word. */
export class TodoCodeActionProvider implements vscode.CodeActionProvider {
  static readonly kinds = [vscode.CodeActionKind.QuickFix];

  provideCodeActions(document: vscode.TextDocument, range: vscode.Range): vscode.CodeAction[] {
    if (document.uri.scheme !== 'file') return [];
    const line = range.start.line;
    const todo = todoOnLine(document, line);
    if (!todo) return [];
    const action = new vscode.CodeAction(
      vscode.l10n.t('Create Issue from {0}', todo.trigger),
      vscode.CodeActionKind.QuickFix,
    );
    action.command = {
      command: 'teahouse.createIssueFromTodo',
      title: action.title,
      arguments: [document.uri, line],
    };
    return [action];
  }
}

export function registerTodoCodeActions(): vscode.Disposable {
  return vscode.languages.registerCodeActionsProvider(
    codeLanguages.map((language) => ({ language, scheme: 'file' })),
    new TodoCodeActionProvider(),
    { providedCodeActionKinds: TodoCodeActionProvider.kinds },
  );
}
