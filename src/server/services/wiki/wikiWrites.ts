/**
 * Writing a repository's wiki as Gitea's services/wiki/wiki.go does: a page added, edited (and renamed when
 * its title changes) or deleted is one commit on the wiki's branch by the doer, made with plumbing and moved
 * in by compare-and-swap (git/wikiRepository.ts), so two writes at once cannot lose a page. Each write
 * announces Gitea's `wiki` webhook event.
 */

import type { HookWikiAction } from '../../../api/types/hookPayload';
import { toRepository } from '../../convert/repository';
import { toUser } from '../../convert/user';
import type { ViewContext } from '../../convert/viewContext';
import { conflict, malformed, notFound } from '../../domain/errors';
import type { FileChange } from '../../git/fileCommit';
import { normalizeTreePath, touchesGitDir } from '../../git/validate';
import { commitWiki, initWiki, wikiBlob, wikiTip } from '../../git/wikiRepository';
import type { Database } from '../../store/database';
import type { RepositoryRow } from '../../store/repositories';
import type { UserRow } from '../../store/users';
import type { EventBus } from '../events';
import { commitPeople } from '../fileChanges';
import { validateWebPath, webPathToGitPath } from './wikiPath';
import { wikiPlace, type WikiPlace, type WikiReadServices } from './wikiPages';

export interface WikiWriteServices extends WikiReadServices {
  readonly db: Database;
  readonly rootUrl: string;
  readonly events: EventBus;
}

/** Go's %q of a plain string, as Gitea's default commit messages quote page names. */
const goQuote = (s: string): string => JSON.stringify(s);

/** How many times a write is redone when another write moved the branch first. */
const attempts = 5;

/**
 * The file a page is (or is to be) in: the unescaped `{name}.md` when it exists, else the escaped git path
 * (Gitea's prepareGitPath, which keeps wikis written by older Giteas readable).
 */
async function pageFile(
  place: WikiPlace,
  tip: string | undefined,
  webPath: string,
): Promise<{ exists: boolean; gitPath: string }> {
  const gitPath = webPathToGitPath(webPath);
  if (tip === undefined) return { exists: false, gitPath };
  const unescaped = `${webPath}.md`;
  if ((await wikiBlob(place.dir, tip, unescaped)) !== undefined) return { exists: true, gitPath: unescaped };
  return { exists: (await wikiBlob(place.dir, tip, gitPath)) !== undefined, gitPath };
}

/** A page's file must be a plain path in the tree: names that cannot be one are refused before git sees them. */
function assertPagePath(gitPath: string): void {
  if (normalizeTreePath(gitPath) !== gitPath || touchesGitDir(gitPath) || gitPath.startsWith('-'))
    throw malformed(`invalid wiki page name: ${gitPath}`);
}

/**
 * Runs `plan` against the branch's tip and commits what it answers, again from the new tip when another
 * write moved the branch meanwhile.
 */
async function commitOnTip(
  services: WikiWriteServices,
  doer: UserRow,
  repo: RepositoryRow,
  place: WikiPlace,
  message: string,
  plan: (tip: string | undefined) => Promise<FileChange[]>,
): Promise<void> {
  const [author] = commitPeople({ signoff: false }, doer, new URL(services.rootUrl).hostname);
  const objectFormat = objectFormatOf(repo);
  for (let attempt = 0; attempt < attempts; attempt++) {
    const tip = await wikiTip(place.dir, place.branch);
    const changes = await plan(tip);
    const moved = await commitWiki(place.dir, tip, {
      branch: place.branch,
      objectFormat,
      changes,
      // as `git commit-tree -m`, which Gitea commits with, ends the message with a newline
      message: message.endsWith('\n') ? message : `${message}\n`,
      author,
    });
    if (moved) return;
  }
  throw conflict('the wiki was changed by another write meanwhile; try again');
}

function announce(
  services: WikiWriteServices,
  doer: UserRow,
  repo: RepositoryRow,
  action: HookWikiAction,
  page: string,
  comment: string,
): void {
  // Gitea shapes the payload's repository as its owner sees it.
  const view: ViewContext = { db: services.db, user: null, rootUrl: services.rootUrl };
  services.events.emit({
    event: 'wiki',
    repoId: repo.id,
    senderId: doer.id,
    payload: {
      action,
      repository: toRepository(view, repo, 'owner'),
      sender: toUser(view, doer),
      page,
      comment,
    },
  });
}

/** The wiki a page is written to, made when it has none yet (Gitea's InitWiki), once the name is allowed. */
async function openForWrite(
  services: WikiWriteServices,
  repo: RepositoryRow,
  webPath: string,
): Promise<WikiPlace> {
  validateWebPath(webPath);
  const place = wikiPlace(services.dataDir, repo);
  await initWiki(place.dir, place.branch, objectFormatOf(repo));
  return place;
}

const objectFormatOf = (repo: RepositoryRow): 'sha1' | 'sha256' =>
  repo.object_format_name === 'sha256' ? 'sha256' : 'sha1';

export interface WikiPageWrite {
  readonly content: Buffer;
  /** The commit message; Gitea's default when empty. */
  readonly message: string;
}

/** Adds a page (Gitea's AddWikiPage): 400 when it exists or its name is reserved. */
export async function addWikiPage(
  services: WikiWriteServices,
  doer: UserRow,
  repo: RepositoryRow,
  webPath: string,
  title: string,
  write: WikiPageWrite,
): Promise<void> {
  const message = write.message || `Add ${goQuote(title)}`;
  const place = await openForWrite(services, repo, webPath);
  await commitOnTip(services, doer, repo, place, message, async (tip) => {
    const target = await pageFile(place, tip, webPath);
    assertPagePath(target.gitPath);
    if (target.exists) throw malformed(`wiki page already exists [title: ${target.gitPath}]`);
    return [{ kind: 'write', path: target.gitPath, content: write.content, mode: '100644' }];
  });
  announce(services, doer, repo, 'created', webPath, message);
}

/**
 * Edits a page (Gitea's EditWikiPage): the old file goes when the page is renamed, the new one is written;
 * a page that did not exist is simply added, as in Gitea.
 */
export async function editWikiPage(
  services: WikiWriteServices,
  doer: UserRow,
  repo: RepositoryRow,
  oldWebPath: string,
  newWebPath: string,
  write: WikiPageWrite,
): Promise<void> {
  const message = write.message || `Update ${goQuote(newWebPath)}`;
  const place = await openForWrite(services, repo, newWebPath);
  await commitOnTip(services, doer, repo, place, message, async (tip) => {
    const target = await pageFile(place, tip, newWebPath);
    assertPagePath(target.gitPath);
    const old = oldWebPath === newWebPath ? target : await pageFile(place, tip, oldWebPath);
    const changes: FileChange[] = [];
    if (old.exists && old.gitPath !== target.gitPath) changes.push({ kind: 'delete', path: old.gitPath });
    changes.push({ kind: 'write', path: target.gitPath, content: write.content, mode: '100644' });
    return changes;
  });
  announce(services, doer, repo, 'edited', newWebPath, message);
}

/** Deletes a page (Gitea's DeleteWikiPage): 404 when there is no such page. */
export async function deleteWikiPage(
  services: WikiWriteServices,
  doer: UserRow,
  repo: RepositoryRow,
  webPath: string,
): Promise<void> {
  const place = wikiPlace(services.dataDir, repo);
  await commitOnTip(services, doer, repo, place, `Delete page ${goQuote(webPath)}`, async (tip) => {
    const target = await pageFile(place, tip, webPath);
    if (!target.exists) throw notFound('file does not exist');
    return [{ kind: 'delete', path: target.gitPath }];
  });
  announce(services, doer, repo, 'deleted', webPath, '');
}

/**
 * Go's base64.StdEncoding.DecodeString, which Gitea decodes `content_base64` with: padded, the standard
 * alphabet, line breaks skipped; anything else is a 400 with Go's message.
 */
export function decodeGoBase64(text: string): Buffer {
  const plain = text.replace(/[\r\n]/g, '');
  const bad = /[^A-Za-z0-9+/=]|=[^=]|={3}/.exec(plain);
  if (bad)
    throw malformed(`illegal base64 data at input byte ${bad.index + (bad[0].startsWith('=') ? 1 : 0)}`);
  if (plain.length % 4 !== 0)
    throw malformed(`illegal base64 data at input byte ${plain.length - (plain.length % 4)}`);
  return Buffer.from(plain, 'base64');
}
