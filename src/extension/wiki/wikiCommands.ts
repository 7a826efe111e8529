import * as vscode from 'vscode';
import { ApiError } from '../../api/client';
import { registerCommand } from '../commands/errorReporter';
import type { Services } from '../commands/services';
import { commandOptions, resolveRepository } from '../commands/targets';
import type { SaveAnswers, WikiFileSystem } from './wikiFileSystem';
import { webPathOf } from './wikiPages';
import { pageUri, refreshWikiFolders, resolvePageTarget } from './wikiTargets';

/** The title given as `{ title }`, else asked in a box; undefined when the box is dismissed or left empty. */
async function pageTitle(
  given: string | undefined,
  box: { readonly title: string; readonly prompt: string; readonly value?: string },
): Promise<string | undefined> {
  const title =
    given ??
    (await vscode.window.showInputBox({
      ...box,
      ignoreFocusOut: true,
      validateInput: (value) => (value.trim() === '' ? vscode.l10n.t('A page needs a title') : undefined),
    }));
  return title?.trim() || undefined;
}

async function openPage(services: Services, files: WikiFileSystem, arg: unknown): Promise<string> {
  const { uri } = await resolvePageTarget(services, files, arg);
  await vscode.window.showTextDocument(uri, { preview: false });
  return uri.toString();
}

/** "New Wiki Page…": a title, then the empty page in the editor; its first save creates it (POST). */
async function newPage(
  services: Services,
  files: WikiFileSystem,
  first: unknown,
  second: unknown,
): Promise<string | undefined> {
  const target = await resolveRepository(services, first);
  if (!target) return undefined;
  const options = commandOptions<{ title: string }>(first, second);
  const title = await pageTitle(options.title, {
    title: vscode.l10n.t('New wiki page in {0}/{1}', target.ref.owner, target.ref.repo),
    prompt: vscode.l10n.t('Title'),
  });
  if (!title) return undefined;
  try {
    await target.client.api.repoGetWikiPage({ ...target.ref, pageName: webPathOf(title) });
    throw new Error(vscode.l10n.t('The wiki already has a page "{0}".', title));
  } catch (error) {
    if (!(error instanceof ApiError && error.status === 404)) throw error;
  }
  const uri = pageUri(target.account, target.ref, title);
  files.markUnsaved(uri);
  await vscode.window.showTextDocument(uri, { preview: false });
  return uri.toString();
}

/** "Rename Wiki Page…": one commit that moves the page to its new title (PATCH with the text as it is). */
async function renamePage(
  services: Services,
  files: WikiFileSystem,
  first: unknown,
  second: unknown,
): Promise<string | undefined> {
  const { uri, page } = await resolvePageTarget(services, files, first);
  const oldTitle = page.location.title;
  const options = commandOptions<{ title: string }>(first, second);
  const title = await pageTitle(options.title, {
    title: vscode.l10n.t('Rename wiki page "{0}"', oldTitle),
    prompt: vscode.l10n.t('New title'),
    value: oldTitle,
  });
  if (!title || title === oldTitle) return undefined;
  const current = await page.client.api.repoGetWikiPage({ ...page.ref, pageName: page.webPath });
  await page.client.api.repoEditWikiPage({
    ...page.ref,
    pageName: page.webPath,
    body: {
      title,
      content_base64: current.content_base64,
      message: `Rename ${oldTitle} to ${title}`,
    },
  });
  const renamed = pageUri(page.account, page.ref, title);
  const wasOpen = vscode.window.tabGroups.all.some((group) =>
    group.tabs.some(
      (tab) => tab.input instanceof vscode.TabInputText && tab.input.uri.toString() === uri.toString(),
    ),
  );
  files.announce(uri, vscode.FileChangeType.Deleted);
  await refreshWikiFolders(services, page.account, page.ref);
  if (wasOpen) await vscode.window.showTextDocument(renamed, { preview: false });
  return renamed.toString();
}

async function deletePage(
  services: Services,
  files: WikiFileSystem,
  first: unknown,
  second: unknown,
): Promise<boolean | undefined> {
  const { uri, page } = await resolvePageTarget(services, files, first);
  if (commandOptions<{ confirm: boolean }>(first, second).confirm !== false) {
    const remove = vscode.l10n.t('Delete');
    const answer = await vscode.window.showWarningMessage(
      vscode.l10n.t('Delete the wiki page "{0}"?', page.location.title),
      {
        modal: true,
        detail: vscode.l10n.t(
          "The page leaves the wiki in a new commit; its history stays in the wiki's git repository.",
        ),
      },
      remove,
    );
    if (answer !== remove) return undefined;
  }
  await page.client.api.repoDeleteWikiPage({ ...page.ref, pageName: page.webPath });
  files.announce(uri, vscode.FileChangeType.Deleted);
  await refreshWikiFolders(services, page.account, page.ref);
  return true;
}

/**
 * Saves a page's document with its answers given (`{ message, onConflict: 'overwrite' | 'keep' }`), so
 * scripts and tests commit without the message box; answers whether the save went through.
 */
async function savePage(
  services: Services,
  files: WikiFileSystem,
  first: unknown,
  second: unknown,
): Promise<boolean> {
  const { uri } = await resolvePageTarget(services, files, first);
  files.answerNextSave(uri, commandOptions<SaveAnswers>(first, second));
  const document = await vscode.workspace.openTextDocument(uri);
  return document.save();
}

/** The page rendered by its server (POST /markdown), in the markdown preview beside it. */
async function previewPage(services: Services, files: WikiFileSystem, arg: unknown): Promise<unknown> {
  const { uri } = await resolvePageTarget(services, files, arg);
  await vscode.window.showTextDocument(uri, { preview: false });
  return vscode.commands.executeCommand('teahouse.previewMarkdown', uri);
}

export function registerWikiCommands(services: Services, files: WikiFileSystem): vscode.Disposable[] {
  const { errors } = services;
  return [
    registerCommand(errors, 'teahouse.openWikiPage', (arg) => openPage(services, files, arg)),
    registerCommand(errors, 'teahouse.previewWikiPage', (arg) => previewPage(services, files, arg)),
    registerCommand(errors, 'teahouse.newWikiPage', (first, second) =>
      newPage(services, files, first, second),
    ),
    registerCommand(errors, 'teahouse.renameWikiPage', (first, second) =>
      renamePage(services, files, first, second),
    ),
    registerCommand(errors, 'teahouse.saveWikiPage', (first, second) =>
      savePage(services, files, first, second),
    ),
    registerCommand(errors, 'teahouse.deleteWikiPage', (first, second) =>
      deletePage(services, files, first, second),
    ),
  ];
}
