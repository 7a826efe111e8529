import type { GitEntry, GitTreeResponse } from '../../api/types';
import { cachedPromise } from '../util/promiseCache';
import { splitPath } from './repoUri';

/** One entry of a folder as the server's git tree lists it. */
export interface TreeEntry {
  readonly name: string;
  readonly kind: 'file' | 'folder' | 'symlink' | 'submodule';
  /** The blob's (or tree's, or submodule commit's) object id. */
  readonly sha: string;
  readonly size: number;
}

/** `GET /repos/{o}/{r}/git/trees/{sha}` for one page; the caller owns the client. */
export type FetchTree = (sha: string, page: number) => Promise<GitTreeResponse>;

function entryOf(entry: GitEntry): TreeEntry {
  const kind =
    entry.type === 'tree'
      ? 'folder'
      : entry.type === 'commit'
        ? 'submodule'
        : entry.mode === '120000'
          ? 'symlink'
          : 'file';
  return { name: entry.path, kind, sha: entry.sha, size: entry.size };
}

/**
 * Folders read one tree at a time, as the explorer opens them, and kept by object id: a tree's id names
 * its content, so a cached listing never goes stale and the same folder on two branches is read once.
 */
export class TreeListing {
  readonly #trees = new Map<string, Promise<ReadonlyMap<string, TreeEntry>>>();

  constructor(private readonly fetchTree: FetchTree) {}

  /** The entries of the tree with this id (a commit id gives its root tree), every page of it. */
  tree(sha: string): Promise<ReadonlyMap<string, TreeEntry>> {
    return cachedPromise(this.#trees, sha, () => this.#read(sha));
  }

  async #read(sha: string): Promise<ReadonlyMap<string, TreeEntry>> {
    const entries = new Map<string, TreeEntry>();
    // Gitea pages a tree by its default of 1,000 entries and says `truncated` while more follow
    for (let page = 1; ; page++) {
      const answer = await this.fetchTree(sha, page);
      for (const entry of answer.tree) entries.set(entry.path, entryOf(entry));
      if (!answer.truncated || answer.tree.length === 0) return entries;
    }
  }

  /** The folder's entries at a commit, reading each tree on the way once; undefined when there is none. */
  async folder(commit: string, path: string): Promise<ReadonlyMap<string, TreeEntry> | undefined> {
    let tree = await this.tree(commit);
    for (const segment of splitPath(path)) {
      const entry = tree.get(segment);
      if (entry?.kind !== 'folder') return undefined;
      tree = await this.tree(entry.sha);
    }
    return tree;
  }

  /** The entry at a path (its parent folder's listing), or undefined; the root is a folder without id. */
  async entry(commit: string, path: string): Promise<TreeEntry | undefined> {
    const segments = splitPath(path);
    const name = segments.pop();
    if (name === undefined) return { name: '', kind: 'folder', sha: commit, size: 0 };
    return (await this.folder(commit, segments.join('/')))?.get(name);
  }
}
