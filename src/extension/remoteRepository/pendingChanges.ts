import { joinPath, parentPath, splitPath } from './repoUri';

/** A change not yet committed; `baseSha` is the blob it replaces at the head the changes are based on. */
export type PendingChange =
  | { readonly kind: 'added'; readonly path: string; readonly content: Uint8Array }
  | {
      readonly kind: 'modified';
      readonly path: string;
      readonly content: Uint8Array;
      readonly baseSha: string;
    }
  | { readonly kind: 'deleted'; readonly path: string; readonly baseSha: string };

/** What the branch head holds at a path, as far as the pending changes care. */
export interface BaseFile {
  readonly sha: string;
}

/** The changes as workspace storage keeps them (JSON: contents in base64). */
export interface StoredChanges {
  readonly changes: readonly (
    | { kind: 'added'; path: string; content: string }
    | { kind: 'modified'; path: string; content: string; baseSha: string }
    | { kind: 'deleted'; path: string; baseSha: string }
  )[];
  readonly folders: readonly string[];
  readonly deletedFolders: readonly string[];
}

/** What the pending changes add to, or take from, one folder of the branch head. */
export interface FolderOverlay {
  /** Files written there that the head lacks (or has deleted beneath a deleted folder), with sizes. */
  readonly files: ReadonlyMap<string, number>;
  /** Folders that exist only through the changes: new files under them, or created empty. */
  readonly folders: ReadonlySet<string>;
  /** Names of the head's files and folders the changes removed. */
  readonly removed: ReadonlySet<string>;
}

function isUnder(path: string, folder: string): boolean {
  return folder === '' || path.startsWith(`${folder}/`);
}

/**
 * The edits, creations, renames and deletions made in a repository opened without cloning, kept until they
 * are committed or discarded. Pure: the file system provider asks the head for `BaseFile`s and hands them in.
 */
export class PendingChanges {
  readonly #changes = new Map<string, PendingChange>();
  /** Empty folders made in the explorer: they live until a file is written in them or they are deleted. */
  readonly #folders = new Set<string>();
  /** Head folders deleted whole, so a listing hides them even before every file under them is known. */
  readonly #deletedFolders = new Set<string>();

  get size(): number {
    return this.#changes.size;
  }

  list(): PendingChange[] {
    return [...this.#changes.values()].sort((a, b) => a.path.localeCompare(b.path));
  }

  get(path: string): PendingChange | undefined {
    return this.#changes.get(path);
  }

  /** A save or a creation: an added file stays added; a file of the head becomes (or stays) modified. */
  write(path: string, content: Uint8Array, base: BaseFile | undefined): void {
    splitPath(path);
    const previous = this.#changes.get(path);
    const baseSha = previous && previous.kind !== 'added' ? previous.baseSha : base?.sha;
    this.#changes.set(
      path,
      baseSha === undefined ? { kind: 'added', path, content } : { kind: 'modified', path, content, baseSha },
    );
    this.#revive(path);
  }

  /** A deletion: an added file is simply forgotten; a head file is recorded as deleted. */
  delete(path: string, base: BaseFile | undefined): void {
    const previous = this.#changes.get(path);
    const baseSha = previous && previous.kind !== 'added' ? previous.baseSha : base?.sha;
    if (baseSha === undefined) this.#changes.delete(path);
    else this.#changes.set(path, { kind: 'deleted', path, baseSha });
  }

  /** A folder deleted whole: every head file under it (the caller lists them) and every change under it. */
  deleteFolder(folder: string, headFiles: readonly { path: string; sha: string }[]): void {
    for (const path of [...this.#changes.keys()]) if (isUnder(path, folder)) this.delete(path, undefined);
    for (const file of headFiles) this.delete(file.path, { sha: file.sha });
    for (const made of [...this.#folders])
      if (made === folder || isUnder(made, folder)) this.#folders.delete(made);
    this.#deletedFolders.add(folder);
  }

  createFolder(folder: string): void {
    splitPath(folder);
    this.#folders.add(folder);
    this.#revive(folder);
  }

  /** Drops the change at a path (the head's version shows again); a folder drops every change under it. */
  discard(path: string): void {
    this.#changes.delete(path);
    for (const key of [...this.#changes.keys()]) if (isUnder(key, path)) this.#changes.delete(key);
    this.#deletedFolders.delete(path);
  }

  clear(): void {
    this.#changes.clear();
    this.#folders.clear();
    this.#deletedFolders.clear();
  }

  /** Whether the changes removed a head path (a deleted file, or a folder deleted whole above it). */
  removed(path: string): boolean {
    if (this.#changes.get(path)?.kind === 'deleted') return true;
    return [...this.#deletedFolders].some(
      (folder) => (path === folder || isUnder(path, folder)) && !this.#hasLiving(path),
    );
  }

  /** A path written, or created as a folder, under (or at) `path`. */
  #hasLiving(path: string): boolean {
    for (const change of this.#changes.values())
      if (change.kind !== 'deleted' && (change.path === path || isUnder(change.path, path))) return true;
    return [...this.#folders].some((made) => made === path || isUnder(made, path));
  }

  /** A write inside a deleted folder brings that folder (and its parents) back. */
  #revive(path: string): void {
    for (const folder of [...this.#deletedFolders])
      if (isUnder(path, folder)) this.#deletedFolders.delete(folder);
  }

  /** What the changes make of one folder: added files and folders, removed names. */
  overlay(folder: string): FolderOverlay {
    const files = new Map<string, number>();
    const folders = new Set<string>();
    const removed = new Set<string>();
    const childOf = (path: string): string | undefined =>
      isUnder(path, folder) ? splitPath(path.slice(folder === '' ? 0 : folder.length + 1))[0] : undefined;
    for (const change of this.#changes.values()) {
      const name = childOf(change.path);
      if (name === undefined) continue;
      const direct = joinPath(folder, name) === change.path;
      if (change.kind === 'deleted') {
        if (direct) removed.add(name);
      } else if (direct) files.set(name, change.content.byteLength);
      // a modified file's folder is the head's already; only added files make folders
      else if (change.kind === 'added') folders.add(name);
    }
    for (const made of this.#folders) {
      const name = childOf(made);
      if (name !== undefined) folders.add(name);
    }
    for (const deleted of this.#deletedFolders)
      if (parentPath(deleted) === folder && !this.#hasLiving(deleted))
        removed.add(splitPath(deleted).at(-1) ?? '');
    for (const name of [...files.keys(), ...folders]) removed.delete(name);
    return { files, folders, removed };
  }

  /** Whether the changes made a folder that the head may not have (a created one, or one with new files). */
  madeFolder(path: string): boolean {
    return (
      [...this.#folders].some((made) => made === path || isUnder(made, path)) ||
      [...this.#changes.values()].some((change) => change.kind !== 'deleted' && isUnder(change.path, path))
    );
  }

  store(): StoredChanges {
    return {
      changes: this.list().map((change) =>
        change.kind === 'deleted'
          ? { kind: 'deleted', path: change.path, baseSha: change.baseSha }
          : change.kind === 'added'
            ? { kind: 'added', path: change.path, content: Buffer.from(change.content).toString('base64') }
            : {
                kind: 'modified',
                path: change.path,
                content: Buffer.from(change.content).toString('base64'),
                baseSha: change.baseSha,
              },
      ),
      folders: [...this.#folders],
      deletedFolders: [...this.#deletedFolders],
    };
  }

  static restore(stored: StoredChanges | undefined): PendingChanges {
    const changes = new PendingChanges();
    for (const change of stored?.changes ?? []) {
      changes.#changes.set(
        change.path,
        change.kind === 'deleted'
          ? change
          : { ...change, content: new Uint8Array(Buffer.from(change.content, 'base64')) },
      );
    }
    for (const folder of stored?.folders ?? []) changes.#folders.add(folder);
    for (const folder of stored?.deletedFolders ?? []) changes.#deletedFolders.add(folder);
    return changes;
  }
}
