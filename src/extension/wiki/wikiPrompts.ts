import * as vscode from 'vscode';
import type { WikiPage } from '../../api/types';
import type { WikiSavePrompts } from './wikiFileSystem';
import { wikiUri } from './wikiFileSystem';
import type { ResolvedPage } from './wikiPages';

/** The questions a save asks: the commit message, and what to do when the page moved on the server. */
export const wikiSavePrompts: WikiSavePrompts = {
  commitMessage(page: ResolvedPage, creating: boolean): Promise<string | undefined> {
    const { title } = page.location;
    return Promise.resolve(
      vscode.window.showInputBox({
        title: creating
          ? vscode.l10n.t('Create wiki page "{0}"', title)
          : vscode.l10n.t('Save wiki page "{0}"', title),
        prompt: vscode.l10n.t('Commit message'),
        // the message goes into the wiki's history, which the whole team reads: as Gitea writes its own, in English
        value: creating ? `Add ${title}` : `Update ${title}`,
        ignoreFocusOut: true,
        validateInput: (value) => (value.trim() === '' ? vscode.l10n.t('Say what changed') : undefined),
      }),
    ).then((message) => message?.trim());
  },

  async overwriteChanged(page: ResolvedPage, current: WikiPage): Promise<boolean> {
    const compare = vscode.l10n.t('Compare');
    const overwrite = vscode.l10n.t('Overwrite');
    const commit = current.last_commit;
    const answer = await vscode.window.showWarningMessage(
      vscode.l10n.t('"{0}" changed on the server since you opened it.', page.location.title),
      {
        modal: true,
        detail: vscode.l10n.t(
          '{0} committed "{1}". Saving now would replace that change; your text stays in the editor until you choose.',
          commit?.author?.name || '?',
          (commit?.message ?? '').split('\n')[0] ?? '',
        ),
      },
      compare,
      overwrite,
    );
    if (answer === compare) {
      const theirs = wikiUri({ ...page.location, revision: commit.sha });
      const mine = wikiUri({ ...page.location, revision: undefined });
      await vscode.commands.executeCommand(
        'vscode.diff',
        theirs,
        mine,
        vscode.l10n.t('{0} (server) ↔ yours', page.location.title),
      );
    }
    return answer === overwrite;
  },
};
