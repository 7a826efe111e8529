import * as vscode from 'vscode';
import { statusLetter } from './changeTree';

export const changeScheme = 'teahouse-change';

/** The resource a Changes tree file item stands for: its path, with its status and viewed mark. */
export function changeUri(path: string, status: string, viewed: boolean): vscode.Uri {
  return vscode.Uri.from({
    scheme: changeScheme,
    path: `/${path}`,
    query: new URLSearchParams({ status, ...(viewed && { viewed: '1' }) }).toString(),
  });
}

const colors: Record<ReturnType<typeof statusLetter>, string> = {
  A: 'gitDecoration.addedResourceForeground',
  M: 'gitDecoration.modifiedResourceForeground',
  D: 'gitDecoration.deletedResourceForeground',
  R: 'gitDecoration.renamedResourceForeground',
};

/** A, M, D, R badges (in git's colours) on the Changes tree's files; viewed files are dimmed. */
export class ChangeDecorations implements vscode.FileDecorationProvider {
  provideFileDecoration(uri: vscode.Uri): vscode.FileDecoration | undefined {
    if (uri.scheme !== changeScheme || uri.query === '') return undefined;
    const query = new URLSearchParams(uri.query);
    const letter = statusLetter(query.get('status') ?? '');
    const viewed = query.get('viewed') === '1';
    const statusText = {
      A: vscode.l10n.t('Added'),
      M: vscode.l10n.t('Modified'),
      D: vscode.l10n.t('Deleted'),
      R: vscode.l10n.t('Renamed'),
    }[letter];
    return new vscode.FileDecoration(
      letter,
      viewed ? `${statusText}, ${vscode.l10n.t('viewed')}` : statusText,
      new vscode.ThemeColor(viewed ? 'disabledForeground' : colors[letter]),
    );
  }
}
