import * as vscode from 'vscode';
import type { Services } from '../commands/services';
import { registerWikiCommands } from './wikiCommands';
import { WikiFileSystem } from './wikiFileSystem';
import { wikiSavePrompts } from './wikiPrompts';
import { registerWikiRevisionCommands } from './wikiRevisionCommands';
import { refreshWikiFolders } from './wikiTargets';
import { wikiScheme } from './wikiUri';

/** The wiki in the editor: its pages as `teahouse-wiki:` files, and the commands on them. */
export function registerWiki(services: Services): vscode.Disposable[] {
  const files = new WikiFileSystem(services.accounts, services.context.globalStorageUri, wikiSavePrompts);
  return [
    files,
    vscode.workspace.registerFileSystemProvider(wikiScheme, files, { isCaseSensitive: true }),
    ...registerWikiCommands(services, files),
    ...registerWikiRevisionCommands(services, files),
    files.onDidCommit((page) => void refreshWikiFolders(services, page.account, page.ref)),
  ];
}
