import * as vscode from 'vscode';
import type { RepoSession } from './repoSession';
import { repoUri } from './repoSessions';

/** Gitea's trees page by 1,000 entries (its default and largest page). */
const treePage = 1000;

/**
 * Every file path of the head, from one recursive tree request (paged as Gitea pages big trees):
 * "Go to File" is a search of the whole branch, which the explorer's lazy listing never reads.
 */
export async function headFilePaths(session: RepoSession): Promise<string[]> {
  const paths: string[] = [];
  for (let page = 1; ; page++) {
    const answer = await session.client.api.GetTree({
      ...session.ref,
      sha: session.head,
      recursive: true,
      page,
      per_page: treePage,
    });
    for (const entry of answer.tree) if (entry.type === 'blob') paths.push(entry.path);
    if (!answer.truncated || answer.tree.length === 0) break;
  }
  const removed = new Set(
    session.changes
      .list()
      .filter((change) => change.kind === 'deleted')
      .map((c) => c.path),
  );
  const added = session.changes
    .list()
    .filter((change) => change.kind === 'added')
    .map((change) => change.path);
  return [...paths.filter((path) => !removed.has(path)), ...added].sort();
}

/** Teahouse: Go to File in Repository… — a quick pick over the branch's files; opens the one picked. */
export async function goToFile(session: RepoSession, path?: string): Promise<vscode.Uri | undefined> {
  const items = headFilePaths(session).then((paths) =>
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
