import * as vscode from 'vscode';
import { ApiError } from '../../api/client';
import { Disposable } from '../util/disposable';
import type { RepoSession } from './repoSession';
import { repoPathOf, repoUri, type RepoSessions } from './repoSessions';
import { joinPath, parentPath, repoHeadScheme, repoScheme } from './repoUri';

const fileType = {
  file: vscode.FileType.File,
  folder: vscode.FileType.Directory,
  symlink: vscode.FileType.File,
};

/** The server's "not found" as the file system's, anything else as it came. */
function fileError(uri: vscode.Uri, error: unknown): unknown {
  if (error instanceof ApiError && error.status === 404) return vscode.FileSystemError.FileNotFound(uri);
  return error;
}

/**
 * A repository on a server as a folder of the editor, read through the API. `teahouse-repo:` shows the
 * branch head with the pending changes and takes writes as pending changes (refused for accounts without
 * push permission: the stat says read-only, so VS Code shows its read-only message); `teahouse-repo-head:`
 * is the head alone, read-only, for diffs.
 */
export class RepoFileSystem extends Disposable implements vscode.FileSystemProvider {
  readonly #changed = this._register(new vscode.EventEmitter<vscode.FileChangeEvent[]>());
  readonly onDidChangeFile = this.#changed.event;

  constructor(
    private readonly sessions: RepoSessions,
    private readonly headOnly: boolean,
  ) {
    super();
  }

  /** Tells VS Code that paths of a session changed (an edit, a discard, a branch switched). */
  announce(session: RepoSession, paths: readonly string[], type = vscode.FileChangeType.Changed): void {
    const scheme = this.headOnly ? repoHeadScheme : repoScheme;
    this.#changed.fire(paths.map((path) => ({ type, uri: repoUri({ ...session.location, path }, scheme) })));
  }

  watch(): vscode.Disposable {
    // the server is not watched: changes come from this window (announced) or a branch switch / refresh
    return new vscode.Disposable(() => undefined);
  }

  async #session(uri: vscode.Uri): Promise<{ session: RepoSession; path: string }> {
    const target = repoPathOf(uri);
    try {
      return { session: await this.sessions.get(target), path: target.path };
    } catch (error) {
      throw fileError(uri, error);
    }
  }

  async stat(uri: vscode.Uri): Promise<vscode.FileStat> {
    const { session, path } = await this.#session(uri);
    try {
      const view = this.headOnly ? await this.#headView(session, path) : await session.view(path);
      if (!view) throw vscode.FileSystemError.FileNotFound(uri);
      const readonly = this.headOnly || !session.facts.canPush;
      return {
        type: view.kind === 'folder' ? vscode.FileType.Directory : vscode.FileType.File,
        ctime: 0,
        mtime: view.kind === 'file' && view.pending ? session.changedAt(path) : session.headTime,
        size: view.kind === 'file' ? view.size : 0,
        ...(readonly && { permissions: vscode.FilePermission.Readonly }),
      };
    } catch (error) {
      throw fileError(uri, error);
    }
  }

  async #headView(session: RepoSession, path: string) {
    const entry = await session.headEntry(path);
    if (!entry) return undefined;
    return entry.kind === 'folder' || entry.kind === 'submodule'
      ? ({ kind: 'folder' } as const)
      : ({ kind: 'file', size: entry.size, pending: false } as const);
  }

  async readDirectory(uri: vscode.Uri): Promise<[string, vscode.FileType][]> {
    const { session, path } = await this.#session(uri);
    try {
      if (this.headOnly) {
        const tree = await session.listing.folder(session.head, path);
        if (!tree) throw vscode.FileSystemError.FileNotFound(uri);
        return [...tree.values()].map((entry) => [
          entry.name,
          entry.kind === 'folder' || entry.kind === 'submodule'
            ? vscode.FileType.Directory
            : vscode.FileType.File,
        ]);
      }
      const entries = await session.folder(path);
      if (!entries) throw vscode.FileSystemError.FileNotFound(uri);
      return [...entries].map(([name, kind]) => [name, fileType[kind]]);
    } catch (error) {
      throw fileError(uri, error);
    }
  }

  async readFile(uri: vscode.Uri): Promise<Uint8Array> {
    const { session, path } = await this.#session(uri);
    try {
      const bytes = this.headOnly
        ? await session
            .headEntry(path)
            .then((entry) =>
              entry && entry.kind !== 'folder' && entry.kind !== 'submodule'
                ? session.headBytes(path, entry)
                : undefined,
            )
        : await session.read(path);
      if (!bytes) throw vscode.FileSystemError.FileNotFound(uri);
      return bytes;
    } catch (error) {
      throw fileError(uri, error);
    }
  }

  async #writable(uri: vscode.Uri): Promise<{ session: RepoSession; path: string }> {
    const found = await this.#session(uri);
    if (this.headOnly || !found.session.facts.canPush) throw vscode.FileSystemError.NoPermissions(uri);
    return found;
  }

  async writeFile(
    uri: vscode.Uri,
    content: Uint8Array,
    options: { readonly create: boolean; readonly overwrite: boolean },
  ): Promise<void> {
    const { session, path } = await this.#writable(uri);
    const view = await session.view(path);
    if (view?.kind === 'folder') throw vscode.FileSystemError.FileIsADirectory(uri);
    if (!view && !options.create) throw vscode.FileSystemError.FileNotFound(uri);
    if (view && !options.overwrite) throw vscode.FileSystemError.FileExists(uri);
    const parent = await session.view(parentPath(path));
    if (parent?.kind !== 'folder')
      throw vscode.FileSystemError.FileNotFound(uri.with({ path: parentPath(uri.path) }));
    const base = await session.headEntry(path).catch(() => undefined);
    session.changes.write(path, content, base && base.kind !== 'folder' ? base : undefined);
    session.touch(path);
    await this.sessions.save(session);
    this.announce(session, [path], view ? vscode.FileChangeType.Changed : vscode.FileChangeType.Created);
  }

  async createDirectory(uri: vscode.Uri): Promise<void> {
    const { session, path } = await this.#writable(uri);
    if (await session.view(path)) throw vscode.FileSystemError.FileExists(uri);
    session.changes.createFolder(path);
    await this.sessions.save(session);
    this.announce(session, [path], vscode.FileChangeType.Created);
  }

  async delete(uri: vscode.Uri): Promise<void> {
    const { session, path } = await this.#writable(uri);
    await this.#remove(session, path, uri);
    await this.sessions.save(session);
    this.announce(session, [path], vscode.FileChangeType.Deleted);
  }

  async #remove(session: RepoSession, path: string, uri: vscode.Uri): Promise<void> {
    const view = await session.view(path);
    if (!view) throw vscode.FileSystemError.FileNotFound(uri);
    if (view.kind === 'folder') {
      const headFiles = session.changes.removed(path)
        ? []
        : await session.headFilesUnder(path).catch(() => []);
      session.changes.deleteFolder(path, headFiles);
    } else {
      const base = await session.headEntry(path);
      session.changes.delete(path, base && base.kind !== 'folder' ? base : undefined);
    }
  }

  async rename(
    oldUri: vscode.Uri,
    newUri: vscode.Uri,
    options: { readonly overwrite: boolean },
  ): Promise<void> {
    const { session, path: from } = await this.#writable(oldUri);
    const to = repoPathOf(newUri).path;
    if (
      repoPathOf(newUri).account !== session.location.account ||
      repoPathOf(newUri).repo !== session.location.repo
    )
      throw vscode.FileSystemError.NoPermissions(newUri);
    const view = await session.view(from);
    if (!view) throw vscode.FileSystemError.FileNotFound(oldUri);
    if ((await session.view(to)) && !options.overwrite) throw vscode.FileSystemError.FileExists(newUri);
    // git has no renames: a renamed file is the old path deleted and the new one written
    const files = view.kind === 'folder' ? await session.filesUnder(from) : [from];
    for (const file of files) {
      const bytes = await session.read(file);
      if (!bytes) continue;
      const target = view.kind === 'folder' ? joinPath(to, file.slice(from.length + 1)) : to;
      const base = await session.headEntry(target).catch(() => undefined);
      session.changes.write(target, bytes, base && base.kind !== 'folder' ? base : undefined);
      session.touch(target);
    }
    await this.#remove(session, from, oldUri);
    await this.sessions.save(session);
    this.announce(session, [from], vscode.FileChangeType.Deleted);
    this.announce(session, [to], vscode.FileChangeType.Created);
  }
}

export function registerRepoFileSystems(sessions: RepoSessions): {
  files: RepoFileSystem;
  head: RepoFileSystem;
  disposables: vscode.Disposable[];
} {
  const files = new RepoFileSystem(sessions, false);
  const head = new RepoFileSystem(sessions, true);
  return {
    files,
    head,
    disposables: [
      files,
      head,
      // write access is decided per file (the stat's Readonly for accounts without push), not per scheme
      vscode.workspace.registerFileSystemProvider(repoScheme, files, { isCaseSensitive: true }),
      vscode.workspace.registerFileSystemProvider(repoHeadScheme, head, {
        isCaseSensitive: true,
        isReadonly: true,
      }),
    ],
  };
}
