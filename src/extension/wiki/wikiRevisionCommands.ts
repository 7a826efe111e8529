import * as vscode from 'vscode';
import { registerCommand } from '../commands/errorReporter';
import type { Services } from '../commands/services';
import { commandOptions } from '../commands/targets';
import { wikiUri, type WikiFileSystem } from './wikiFileSystem';
import { parseRevisionPage, type WikiRevision } from './wikiRevisions';
import { resolvePageTarget, type PageTarget } from './wikiTargets';

type RevisionItem = vscode.QuickPickItem & { readonly revision?: WikiRevision; readonly more?: true };

const compareButton = (): vscode.QuickInputButton => ({
  iconPath: new vscode.ThemeIcon('diff'),
  tooltip: vscode.l10n.t('Compare with the current page'),
});

function revisionItem(revision: WikiRevision): RevisionItem {
  return {
    label: revision.summary || revision.shortSha,
    description: `${revision.author} · ${revision.date ? new Date(revision.date).toLocaleString() : ''}`,
    detail: revision.shortSha,
    buttons: [compareButton()],
    revision,
  };
}

/** The page at a revision: a read-only document. */
async function openRevision(target: PageTarget, sha: string): Promise<vscode.Uri> {
  const uri = wikiUri({ ...target.page.location, revision: sha });
  await vscode.window.showTextDocument(uri, { preview: true });
  return uri;
}

async function compareRevision(
  target: PageTarget,
  revision: { sha: string; shortSha: string },
): Promise<vscode.Uri> {
  const uri = wikiUri({ ...target.page.location, revision: revision.sha });
  await vscode.commands.executeCommand(
    'vscode.diff',
    uri,
    target.uri,
    vscode.l10n.t('{0} ({1}) ↔ current', target.page.location.title, revision.shortSha),
  );
  return uri;
}

/**
 * A quick pick of the page's revisions, newest first, a page of the server's at a time ("Load more…");
 * choosing one opens it read-only, its button compares it with the current page.
 */
function pickRevision(target: PageTarget): Promise<{ revision: WikiRevision; compare: boolean } | undefined> {
  const { page } = target;
  const pick = vscode.window.createQuickPick<RevisionItem>();
  pick.title = vscode.l10n.t('Revisions of "{0}"', page.location.title);
  pick.placeholder = vscode.l10n.t('Open a revision (read-only), or compare it with the current page');
  const revisions: WikiRevision[] = [];
  let next = 1;
  const load = async (): Promise<void> => {
    pick.busy = true;
    try {
      const answer = await page.client.api.repoGetWikiPageRevisions({
        ...page.ref,
        pageName: page.webPath,
        page: next,
      });
      const parsed = parseRevisionPage(answer, revisions.length);
      revisions.push(...parsed.revisions);
      next += 1;
      const more: RevisionItem[] = parsed.hasMore
        ? [
            {
              label: vscode.l10n.t('$(more) Load more… ({0} of {1})', revisions.length, parsed.total),
              more: true,
            },
          ]
        : [];
      pick.items = [...revisions.map(revisionItem), ...more];
    } catch (error) {
      pick.hide();
      throw error;
    } finally {
      pick.busy = false;
    }
  };
  return new Promise((resolve, reject) => {
    let settled = false;
    const finish = (value: { revision: WikiRevision; compare: boolean } | undefined): void => {
      settled = true;
      resolve(value);
      pick.hide();
    };
    pick.onDidTriggerItemButton((event) => {
      if (event.item.revision) finish({ revision: event.item.revision, compare: true });
    });
    pick.onDidAccept(() => {
      const [chosen] = pick.selectedItems;
      if (chosen?.more) load().catch(reject);
      else if (chosen?.revision) finish({ revision: chosen.revision, compare: false });
    });
    pick.onDidHide(() => {
      pick.dispose();
      if (!settled) resolve(undefined);
    });
    pick.show();
    load().catch(reject);
  });
}

/**
 * "Show Wiki Page Revisions": `{ sha, compare }` skips the pick (for scripts and tests); it answers the
 * URI of the revision's document.
 */
async function showRevisions(
  services: Services,
  files: WikiFileSystem,
  first: unknown,
  second: unknown,
): Promise<string | undefined> {
  const target = await resolvePageTarget(services, files, first);
  const options = commandOptions<{ sha: string; compare: boolean }>(first, second);
  const chosen = options.sha
    ? {
        revision: { sha: options.sha, shortSha: options.sha.slice(0, 10) },
        compare: options.compare === true,
      }
    : await pickRevision(target);
  if (!chosen) return undefined;
  const uri = chosen.compare
    ? await compareRevision(target, chosen.revision)
    : await openRevision(target, chosen.revision.sha);
  return uri.toString();
}

export function registerWikiRevisionCommands(services: Services, files: WikiFileSystem): vscode.Disposable[] {
  return [
    registerCommand(services.errors, 'teahouse.showWikiPageRevisions', (first, second) =>
      showRevisions(services, files, first, second),
    ),
  ];
}
