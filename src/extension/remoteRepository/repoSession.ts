import type { TeahouseClient } from '../../api/client';
import { BlobCache } from './blobCache';
import { PendingChanges, type StoredChanges } from './pendingChanges';
import { joinPath, splitPath, type RepoLocation } from './repoUri';
import { TreeListing, type TreeEntry } from './treeListing';

/** What workspace storage keeps of an opened repository: the branch, the head its changes rest on, the changes. */
export interface SessionState {
  readonly branch: string;
  readonly head: string;
  readonly changes: StoredChanges;
}

/** What the session knows of the repository on the server, read when it is opened. */
export interface RepositoryFacts {
  readonly defaultBranch: string;
  /** The repository's `permissions.push` for this account. */
  readonly canPush: boolean;
  readonly htmlUrl: string;
  readonly cloneUrl: string;
}

/** A file as the repository shows it now: the head's blob, or a pending change's bytes. */
export type FileView =
  | { readonly kind: 'file'; readonly size: number; readonly pending: boolean; readonly sha?: string }
  | { readonly kind: 'folder' };

/**
 * One repository opened without cloning, on one branch: its head commit (which every read goes through,
 * so a listing never mixes two states of the branch), its trees and blobs read lazily, and the pending
 * changes. Vscode-free: the file system provider and the Source Control view are thin adapters over it.
 */
export class RepoSession {
  readonly listing: TreeListing;
  readonly blobs = new BlobCache();
  readonly changes: PendingChanges;
  #branch: string;
  #head: string;
  /** When the head last changed (ms): the modification time of every unchanged file. */
  headTime = Date.now();
  /** When each pending file was last written (ms), so VS Code sees a save as newer than what it read. */
  readonly #written = new Map<string, number>();

  constructor(
    readonly location: RepoLocation,
    readonly client: TeahouseClient,
    readonly facts: RepositoryFacts,
    state: SessionState,
    listing?: TreeListing,
  ) {
    const ref = { owner: location.owner, repo: location.repo };
    this.listing =
      listing ?? new TreeListing((sha, page) => client.api.GetTree({ ...ref, sha, page, per_page: 1000 }));
    this.#branch = state.branch;
    this.#head = state.head;
    this.changes = PendingChanges.restore(state.changes);
  }

  get ref(): { owner: string; repo: string } {
    return { owner: this.location.owner, repo: this.location.repo };
  }

  get branch(): string {
    return this.#branch;
  }

  /** The commit the view and the pending changes are based on. */
  get head(): string {
    return this.#head;
  }

  get state(): SessionState {
    return { branch: this.#branch, head: this.#head, changes: this.changes.store() };
  }

  /** Moves to another commit (a switched branch, a commit made, changes carried onto a moved head). */
  moveTo(branch: string, head: string): void {
    this.#branch = branch;
    if (head !== this.#head) this.headTime = Date.now();
    this.#head = head;
  }

  touch(path: string): void {
    // two saves within one millisecond must still differ
    this.#written.set(path, Math.max(Date.now(), (this.#written.get(path) ?? 0) + 1));
  }

  changedAt(path: string): number {
    return this.#written.get(path) ?? this.headTime;
  }

  /** The branch's head on the server now (one request). */
  async branchHead(branch = this.#branch): Promise<string> {
    return (await this.client.api.repoGetBranch({ ...this.ref, branch })).commit.id;
  }

  /** The head's entry at a path (ignoring the pending changes). */
  headEntry(path: string, head = this.#head): Promise<TreeEntry | undefined> {
    return this.listing.entry(head, path);
  }

  /** The head's bytes of a file: one raw request per blob id, at the head commit. */
  async headBytes(path: string, entry: TreeEntry): Promise<Uint8Array> {
    return this.blobs.get(entry.sha, () =>
      this.client.api.repoGetRawFile({ ...this.ref, filepath: path, ref: this.#head }),
    );
  }

  /** What the path is with the pending changes applied, or undefined when it does not exist. */
  async view(path: string): Promise<FileView | undefined> {
    const change = this.changes.get(path);
    if (change && change.kind !== 'deleted')
      return { kind: 'file', size: change.content.byteLength, pending: true };
    if (change?.kind === 'deleted' || (path !== '' && this.changes.removed(path))) return undefined;
    const entry = await this.headEntry(path).catch((error: unknown) => {
      // a path under a folder that only the changes made: the head has no tree there
      if (this.changes.madeFolder(path)) return undefined;
      throw error;
    });
    if (entry?.kind === 'folder' || entry?.kind === 'submodule') return { kind: 'folder' };
    if (entry) return { kind: 'file', size: entry.size, pending: false, sha: entry.sha };
    return this.changes.madeFolder(path) ? { kind: 'folder' } : undefined;
  }

  /** A folder's entries with the pending changes applied; undefined when the folder does not exist. */
  async folder(path: string): Promise<Map<string, 'file' | 'folder' | 'symlink'> | undefined> {
    const head = this.changes.removed(path) ? undefined : await this.listing.folder(this.#head, path);
    const overlay = this.changes.overlay(path);
    if (head === undefined && !this.changes.madeFolder(path) && path !== '') return undefined;
    const entries = new Map<string, 'file' | 'folder' | 'symlink'>();
    for (const [name, entry] of head ?? []) {
      if (overlay.removed.has(name)) continue;
      entries.set(name, entry.kind === 'symlink' ? 'symlink' : entry.kind === 'file' ? 'file' : 'folder');
    }
    for (const name of overlay.folders) entries.set(name, 'folder');
    for (const name of overlay.files.keys()) entries.set(name, 'file');
    return entries;
  }

  /** The bytes of a file with the pending changes applied; undefined when it does not exist. */
  async read(path: string): Promise<Uint8Array | undefined> {
    const change = this.changes.get(path);
    if (change) return change.kind === 'deleted' ? undefined : change.content;
    if (this.changes.removed(path)) return undefined;
    const entry = await this.headEntry(path);
    if (!entry || entry.kind === 'folder' || entry.kind === 'submodule') return undefined;
    return this.headBytes(path, entry);
  }

  /** Every head file under a folder (each tree on the way read once), for a folder deleted or renamed whole. */
  async headFilesUnder(folder: string): Promise<{ path: string; sha: string }[]> {
    const tree = await this.listing.folder(this.#head, folder);
    const files: { path: string; sha: string }[] = [];
    for (const [name, entry] of tree ?? []) {
      const path = joinPath(folder, name);
      if (entry.kind === 'folder') files.push(...(await this.headFilesUnder(path)));
      else if (entry.kind !== 'submodule') files.push({ path, sha: entry.sha });
    }
    return files;
  }

  /** Every file path of the view under a folder, pending ones included (for a folder renamed whole). */
  async filesUnder(folder: string): Promise<string[]> {
    const entries = await this.folder(folder);
    const files: string[] = [];
    for (const [name, kind] of entries ?? []) {
      const path = joinPath(folder, name);
      if (kind === 'folder') files.push(...(await this.filesUnder(path)));
      else files.push(path);
    }
    return files;
  }

  /**
   * Every file path of the view, from one recursive tree request (paged as Gitea pages big trees, by its
   * largest page of 1,000): "Go to File" searches the whole branch, which the lazy listing never reads.
   */
  async allFiles(): Promise<string[]> {
    const paths: string[] = [];
    for (let page = 1; ; page++) {
      const answer = await this.client.api.GetTree({
        ...this.ref,
        sha: this.#head,
        recursive: true,
        page,
        per_page: 1000,
      });
      for (const entry of answer.tree) if (entry.type === 'blob') paths.push(entry.path);
      if (!answer.truncated || answer.tree.length === 0) break;
    }
    const changes = this.changes.list();
    const deleted = new Set(
      changes.filter((change) => change.kind === 'deleted').map((change) => change.path),
    );
    const added = changes.filter((change) => change.kind === 'added').map((change) => change.path);
    return [...paths.filter((path) => !deleted.has(path) && !this.changes.removed(path)), ...added].sort();
  }

  /** The blob ids at another head for the given paths (for carrying changes onto a moved branch). */
  async shasAt(head: string, paths: readonly string[]): Promise<Map<string, string | undefined>> {
    const shas = new Map<string, string | undefined>();
    for (const path of paths) {
      splitPath(path);
      const entry = await this.listing.entry(head, path).catch(() => undefined);
      shas.set(path, entry && entry.kind !== 'folder' ? entry.sha : undefined);
    }
    return shas;
  }
}
