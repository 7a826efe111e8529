import * as vscode from 'vscode';
import type { OperationSpec } from '../../api/operationSpec';
import { presentResult, type ListEntry, type Presentation } from './resultPresentation';
import type { ResultDocuments } from './resultDocuments';

/** How to fetch the pages after the first of a paged list. */
export interface Paging {
  readonly limit: number;
  readonly firstPage: number;
  loadPage(page: number): Promise<unknown>;
}

interface EntryItem extends vscode.QuickPickItem {
  readonly entry?: ListEntry;
}

/** A list in a quick pick, "Load more…" fetching the next page while the last one was full; a pick opens its JSON. */
async function showList(
  documents: ResultDocuments,
  operation: OperationSpec,
  first: readonly ListEntry[],
  paging: Paging | undefined,
): Promise<void> {
  const entries = [...first];
  let page = paging?.firstPage ?? 1;
  let lastCount = first.length;
  for (;;) {
    const more = paging !== undefined && lastCount >= paging.limit;
    const items: EntryItem[] = entries.map((entry) => ({
      label: entry.label,
      description: entry.description,
      entry,
    }));
    if (more) items.push({ label: vscode.l10n.t('$(more) Load more…'), alwaysShow: true });
    const picked = await vscode.window.showQuickPick(items, {
      title: vscode.l10n.t('{0} ({1} items)', operation.summary, entries.length),
      matchOnDescription: true,
    });
    if (!picked) return;
    if (picked.entry) {
      await documents.open(operation.operationId, `${JSON.stringify(picked.entry.value, null, 2)}\n`, 'json');
      return;
    }
    if (!paging) return;
    page += 1;
    const next = presentResult(operation, await paging.loadPage(page));
    lastCount = next.kind === 'list' ? next.entries.length : 0;
    if (next.kind === 'list') entries.push(...next.entries);
  }
}

/** Shows a result the way its presentation says: a message, a list to pick from, a document, a file. */
export async function showResult(
  documents: ResultDocuments,
  operation: OperationSpec,
  presentation: Presentation,
  paging?: Paging,
): Promise<void> {
  const name = operation.operationId;
  switch (presentation.kind) {
    case 'empty':
      void vscode.window.showInformationMessage(presentation.message);
      return;
    case 'document':
      await documents.open(name, presentation.text, presentation.extension);
      return;
    case 'list':
      await showList(documents, operation, presentation.entries, paging);
      return;
    case 'binary': {
      const folder = vscode.workspace.workspaceFolders?.[0]?.uri;
      const target = await vscode.window.showSaveDialog({
        title: vscode.l10n.t('Save {0}', presentation.fileName),
        ...(folder && { defaultUri: vscode.Uri.joinPath(folder, presentation.fileName) }),
      });
      if (!target) return;
      await vscode.workspace.fs.writeFile(target, presentation.bytes);
      const open = vscode.l10n.t('Open');
      const choice = await vscode.window.showInformationMessage(
        vscode.l10n.t('Saved {0} ({1} bytes).', target.fsPath, presentation.bytes.byteLength),
        open,
      );
      if (choice === open) await vscode.commands.executeCommand('vscode.open', target);
      return;
    }
  }
}
