import * as vscode from 'vscode';
import type { Services } from '../commands/services';
import { codeLanguages, proseLanguages } from './commentSyntax';
import { completionLanguages, ReferenceCompletionProvider } from './referenceCompletionProvider';
import { ReferenceHoverProvider } from './referenceHoverProvider';
import { ReferenceLookups } from './referenceLookups';
import { registerTodoCodeActions } from './todoCodeActions';

/** Hovers and completions for issue, pull request and user references; "Create Issue from TODO". */
export function registerEditorIntegration(services: Services): vscode.Disposable[] {
  const { accounts, workspace, log } = services;
  const lookups = new ReferenceLookups(accounts);
  const hoverSelector = [...proseLanguages, ...codeLanguages].map((language) => ({ language }));
  const completionSelector = completionLanguages.map((language) => ({ language }));
  return [
    vscode.languages.registerHoverProvider(
      hoverSelector,
      new ReferenceHoverProvider(lookups, workspace, log),
    ),
    vscode.languages.registerCompletionItemProvider(
      completionSelector,
      new ReferenceCompletionProvider(lookups, workspace, log),
      '#',
      '@',
    ),
    registerTodoCodeActions(),
    // another account or server: what was cached may belong to someone else
    accounts.onDidChangeAccounts(() => lookups.clear()),
  ];
}
