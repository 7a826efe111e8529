import * as vscode from 'vscode';
import { commentSyntaxOf, isInsideComment, proseLanguages } from './commentSyntax';

/** How far back the comment scan starts: enough for a long block comment, cheap on a big file. */
const scanLines = 200;

/** Whether a reference at `position` counts: anywhere in prose, only inside comments in code. */
export function inReferenceContext(document: vscode.TextDocument, position: vscode.Position): boolean {
  if (proseLanguages.includes(document.languageId)) return true;
  const syntax = commentSyntaxOf(document.languageId);
  if (!syntax) return false;
  const from = new vscode.Position(Math.max(0, position.line - scanLines), 0);
  const text = document.getText(new vscode.Range(from, position));
  return isInsideComment(text, text.length, syntax);
}
