import * as vscode from 'vscode';
import type { RepoSession } from './repoSession';
import { repoUri } from './repoSessions';

/** Teahouse: Go to File in Repository… — a quick pick over the branch's files; opens the one picked. */
export async function goToFile(session: RepoSession, path?: string): Promise<vscode.Uri | undefined> {
  const items = session.allFiles().then((paths) =>
    paths.map((file): vscode.QuickPickItem & { path: string } => ({
      label: file.split('/').at(-1) ?? file,
      description: file,
      path: file,
    })),
  );
  const title = vscode.l10n.t(
    'Go to File in {0}/{1} ({2})',
    session.location.owner,
    session.location.repo,
    session.branch,
  );
  const chosen =
    path ?? (await vscode.window.showQuickPick(items, { title, matchOnDescription: true }))?.path;
  if (chosen === undefined) return undefined;
  const uri = repoUri({ ...session.location, path: chosen });
  await vscode.window.showTextDocument(uri, { preview: true });
  return uri;
}
