import * as vscode from 'vscode';

/** The extension's one log: View → Output → "Teahouse". Never a token or password in it. */
export type Log = vscode.LogOutputChannel;

export function createLog(): Log {
  return vscode.window.createOutputChannel('Teahouse', { log: true });
}
