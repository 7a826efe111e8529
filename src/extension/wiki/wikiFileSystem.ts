import * as vscode from 'vscode';
import { ApiError } from '../../api/client';
import type { Repository, WikiPage } from '../../api/types';
import type { AccountService } from '../accounts/accountService';
import { gitApi } from '../workspace/gitExtension';
import { readWikiPageAt } from './wikiGit';
import { canWriteWiki, decodeContent, encodeContent, resolvePage, type ResolvedPage } from './wikiPages';
import { wikiScheme, wikiUriParts, type WikiPageLocation } from './wikiUri';

/** What the editor holds of a page: the wiki commit it was read at, so a save can tell whether it moved. */
interface OpenedPage {
  readonly sha: string;
  readonly title: string;
  readonly mtime: number;
  readonly size: number;
}

/** Answers given before a save (by a command's arguments), so the save asks nothing. */
export interface SaveAnswers {
  readonly message?: string;
  /** When the page changed on the server since it was opened: write over it, or keep it and fail the save. */
  readonly onConflict?: 'overwrite' | 'keep';
}

/** Asked when a save would commit: the message, and what to do when the page moved on the server. */
export interface WikiSavePrompts {
  commitMessage(page: ResolvedPage, creating: boolean): Promise<string | undefined>;
  /** The page changed on the server since it was opened: overwrite it, or not (after offering a diff). */
  overwriteChanged(page: ResolvedPage, current: WikiPage): Promise<boolean>;
}

export function wikiUri(location: WikiPageLocation): vscode.Uri {
  return vscode.Uri.from({ scheme: wikiScheme, ...wikiUriParts(location) });
}

function pageKey(uri: vscode.Uri): string {
  return uri.with({ query: '', fragment: '' }).toString();
}

function isNotFound(error: unknown): boolean {
  return error instanceof ApiError && error.status === 404;
}

/**
 * Wiki pages as files: reading one GETs it through the wiki API, saving one commits it (PATCH, or POST for a
 * page made by "New Wiki Page…"), and a revision (`?rev=<sha>`) is the page as it was at a wiki commit,
 * read-only. A reader's pages are read-only too, so VS Code says so instead of failing on save.
 */
export class WikiFileSystem implements vscode.FileSystemProvider {
  readonly #changed = new vscode.EventEmitter<vscode.FileChangeEvent[]>();
  readonly onDidChangeFile = this.#changed.event;
  readonly #committed = new vscode.EventEmitter<ResolvedPage>();
  /** A save committed a page (created or changed it): the views listing the wiki follow. */
  readonly onDidCommit = this.#committed.event;
  readonly #opened = new Map<string, OpenedPage>();
  /** Pages created in the editor and not yet saved: their first save creates them. */
  readonly #unsaved = new Set<string>();
  readonly #repositories = new Map<string, Promise<Repository>>();
  /** Contents at a commit, by `<page>@<sha>` (a revision never changes). */
  readonly #revisions = new Map<string, Uint8Array>();
  readonly #answers = new Map<string, SaveAnswers>();
  #clock = 0;

  constructor(
    private readonly accounts: AccountService,
    private readonly storage: vscode.Uri,
    private readonly prompts: WikiSavePrompts,
  ) {}

  dispose(): void {
    this.#changed.dispose();
    this.#committed.dispose();
  }

  /** Marks a page as new (not on the server yet): it reads empty, and saving it creates it. */
  markUnsaved(uri: vscode.Uri): void {
    this.#unsaved.add(pageKey(uri));
  }

  /** Answers for the next save of a page (one save: they are forgotten once it ends). */
  answerNextSave(uri: vscode.Uri, answers: SaveAnswers): void {
    this.#answers.set(pageKey(uri), answers);
  }

  /** The wiki commit the editor's copy of a page was read or saved at. */
  openedRevision(uri: vscode.Uri): string | undefined {
    return this.#opened.get(pageKey(uri))?.sha;
  }

  /** Tells VS Code a page is gone or changed (after a rename or a delete by command). */
  announce(uri: vscode.Uri, type: vscode.FileChangeType): void {
    if (type === vscode.FileChangeType.Deleted) this.#opened.delete(pageKey(uri));
    this.#changed.fire([{ type, uri }]);
  }

  /** The repository, for its permissions and clone URL (asked once per window). */
  repository(page: ResolvedPage): Promise<Repository> {
    const key = `${page.account.id}\n${page.ref.owner}\n${page.ref.repo}`;
    let repository = this.#repositories.get(key);
    if (!repository) {
      repository = page.client.api.repoGet(page.ref);
      repository.catch(() => this.#repositories.delete(key));
      this.#repositories.set(key, repository);
    }
    return repository;
  }

  async resolve(uri: vscode.Uri): Promise<ResolvedPage> {
    const page = await resolvePage(this.accounts, uri);
    if (!page) throw vscode.FileSystemError.FileNotFound(uri);
    return page;
  }

  watch(): vscode.Disposable {
    // pages change by this window's saves (announced) or on the server, which is asked at each save
    return new vscode.Disposable(() => undefined);
  }

  async stat(uri: vscode.Uri): Promise<vscode.FileStat> {
    const page = await resolvePage(this.accounts, uri);
    if (!page) return { type: vscode.FileType.Directory, ctime: 0, mtime: 0, size: 0 };
    const readonly = page.location.revision !== undefined || !canWriteWiki(await this.repository(page));
    const permissions = readonly ? { permissions: vscode.FilePermission.Readonly } : {};
    if (page.location.revision !== undefined)
      return { type: vscode.FileType.File, ctime: 0, mtime: 0, size: 0, ...permissions };
    const key = pageKey(uri);
    if (this.#unsaved.has(key))
      return { type: vscode.FileType.File, ctime: 0, mtime: 0, size: 0, ...permissions };
    let opened = this.#opened.get(key);
    if (!opened) {
      await this.readFile(uri);
      opened = this.#opened.get(key);
    }
    const { mtime = 0, size = 0 } = opened ?? {};
    return { type: vscode.FileType.File, ctime: 0, mtime, size, ...permissions };
  }

  async readFile(uri: vscode.Uri): Promise<Uint8Array> {
    const page = await this.resolve(uri);
    const revision = page.location.revision;
    if (revision !== undefined) return this.#readRevision(page, revision);
    const key = pageKey(uri);
    if (this.#unsaved.has(key)) return new Uint8Array();
    let answer: WikiPage;
    try {
      answer = await page.client.api.repoGetWikiPage({ ...page.ref, pageName: page.webPath });
    } catch (error) {
      if (isNotFound(error)) throw vscode.FileSystemError.FileNotFound(uri);
      throw error;
    }
    const content = decodeContent(answer);
    this.#remember(uri, answer, content);
    return content;
  }

  /** Keeps a page as read now; its text at that commit is a revision too, for a later diff. */
  #remember(uri: vscode.Uri, answer: WikiPage, content: Uint8Array): void {
    const sha = answer.last_commit?.sha ?? '';
    this.#clock = Math.max(this.#clock + 1, Date.now());
    this.#opened.set(pageKey(uri), {
      sha,
      title: answer.title,
      mtime: this.#clock,
      size: content.byteLength,
    });
    if (sha) this.#revisions.set(`${pageKey(uri)}@${sha}`, content);
  }

  async #readRevision(page: ResolvedPage, sha: string): Promise<Uint8Array> {
    const key = `${pageKey(wikiUri({ ...page.location, revision: undefined }))}@${sha}`;
    const known = this.#revisions.get(key);
    if (known) return known;
    const repository = await this.repository(page);
    const content = await readWikiPageAt(
      {
        cloneUrl: repository.clone_url,
        token: await this.accounts.token(page.account),
        gitPath: (await gitApi())?.git.path ?? 'git',
        cacheRoot: vscode.Uri.joinPath(this.storage, 'wiki-git').fsPath,
      },
      page.webPath,
      sha,
    );
    this.#revisions.set(key, content);
    return content;
  }

  async writeFile(uri: vscode.Uri, content: Uint8Array): Promise<void> {
    const page = await this.resolve(uri);
    if (page.location.revision !== undefined || !canWriteWiki(await this.repository(page)))
      throw vscode.FileSystemError.NoPermissions(uri);
    const key = pageKey(uri);
    const answers = this.#answers.get(key) ?? {};
    this.#answers.delete(key);
    const creating = this.#unsaved.has(key);
    const opened = this.#opened.get(key);
    if (!creating && opened) {
      const current = await page.client.api.repoGetWikiPage({ ...page.ref, pageName: page.webPath });
      const moved = current.last_commit?.sha !== opened.sha;
      if (moved) {
        this.#revisions.set(`${key}@${current.last_commit.sha}`, decodeContent(current));
        const overwrite =
          answers.onConflict !== undefined
            ? answers.onConflict === 'overwrite'
            : await this.prompts.overwriteChanged(page, current);
        if (!overwrite)
          throw vscode.FileSystemError.Unavailable(
            vscode.l10n.t('Not saved: the page changed on the server. Your text is still in the editor.'),
          );
      }
    }
    const message = answers.message ?? (await this.prompts.commitMessage(page, creating));
    if (message === undefined)
      throw vscode.FileSystemError.Unavailable(vscode.l10n.t('Not saved: no commit message was given.'));
    const body = {
      // Gitea renames a page PATCHed without a title (to "unnamed"), so the title always goes along
      title: opened?.title ?? page.location.title,
      content_base64: encodeContent(content),
      message,
    };
    const answer = creating
      ? await page.client.api.repoCreateWikiPage({ ...page.ref, body })
      : await page.client.api.repoEditWikiPage({ ...page.ref, pageName: page.webPath, body });
    this.#unsaved.delete(key);
    this.#remember(uri, answer, content);
    this.#changed.fire([
      { type: creating ? vscode.FileChangeType.Created : vscode.FileChangeType.Changed, uri },
    ]);
    this.#committed.fire(page);
  }

  readDirectory(): [string, vscode.FileType][] {
    return [];
  }

  createDirectory(uri: vscode.Uri): void {
    throw vscode.FileSystemError.NoPermissions(uri);
  }

  delete(uri: vscode.Uri): void {
    // deleting a page is a commit with a confirmation: the "Delete Wiki Page" command
    throw vscode.FileSystemError.NoPermissions(uri);
  }

  rename(oldUri: vscode.Uri): void {
    throw vscode.FileSystemError.NoPermissions(oldUri);
  }
}
