import * as vscode from 'vscode';
import type { Page } from '../../api/client';
import { Disposable } from '../util/disposable';
import type { Log } from '../util/log';
import { describeError } from '../util/errors';
import { childId, type TreeNode } from './nodes';

/** Where a node's children come from: a fixed list, or a paged list fetched page by page. */
export type ChildSource =
  | { readonly kind: 'static'; readonly nodes: readonly TreeNode[] }
  | {
      readonly kind: 'paged';
      readonly fetch: (page: number) => Promise<Page<TreeNode>>;
      readonly empty?: string;
    };

/** A view's knowledge of what each node holds; `undefined` is the root. */
export type ChildResolver = (parent: TreeNode | undefined) => Promise<ChildSource>;

interface Loaded {
  readonly source: ChildSource;
  readonly parent: TreeNode | undefined;
  nodes: TreeNode[];
  nextPage: number | undefined;
  /** Pages fetched so far, so a refresh fetches as many. */
  pages: number;
}

/**
 * Fetches, caches and pages a tree's children; knows nothing of TreeItems. A paged list shows what was
 * loaded so far plus a "Load more…" node while the server says there is a next page.
 */
export class TreeModel extends Disposable {
  readonly #changed = this._register(new vscode.EventEmitter<TreeNode | undefined>());
  /** `undefined`: the whole tree changed. */
  readonly onDidChange = this.#changed.event;
  readonly #loaded = new Map<string, Promise<Loaded>>();
  readonly #owned = new WeakSet<TreeNode>();
  #changes = 0;

  constructor(
    private readonly resolve: ChildResolver,
    private readonly log: Log,
  ) {
    super();
  }

  async children(parent: TreeNode | undefined): Promise<TreeNode[]> {
    const key = parent?.id ?? '';
    let loaded = this.#loaded.get(key);
    if (loaded === undefined) {
      loaded = this.#load(parent);
      this.#loaded.set(key, loaded);
    }
    const { nodes, nextPage } = await loaded;
    const shown: TreeNode[] =
      nextPage === undefined ? nodes : [...nodes, { kind: 'loadMore', id: childId(parent, '…more'), parent }];
    for (const node of shown) this.#owned.add(node);
    return shown;
  }

  /** How many change events fired, i.e. how often VS Code was told to render part of the tree again. */
  get changeCount(): number {
    return this.#changes;
  }

  /** Whether this model produced `node` (so a command knows which view a node came from). */
  owns(node: TreeNode): boolean {
    return this.#owned.has(node);
  }

  /** Appends the next page of `parent`'s children. */
  async loadMore(parent: TreeNode | undefined): Promise<void> {
    const loaded = await this.#loaded.get(parent?.id ?? '');
    if (!loaded || loaded.source.kind !== 'paged' || loaded.nextPage === undefined) return;
    await this.#loadNextPage(loaded);
    this.#fire(parent);
  }

  async #loadNextPage(loaded: Loaded): Promise<void> {
    if (loaded.source.kind !== 'paged' || loaded.nextPage === undefined) return;
    try {
      const page = await loaded.source.fetch(loaded.nextPage);
      const known = new Set(loaded.nodes.map((node) => node.id));
      // a list that shifted between pages could repeat an item: ids must stay unique
      loaded.nodes.push(...page.items.filter((node) => !known.has(node.id)));
      loaded.nextPage = page.hasNext ? page.nextPage : undefined;
      loaded.pages += 1;
    } catch (error) {
      loaded.nextPage = undefined;
      loaded.nodes.push(this.#errorNode(loaded.parent, error));
    }
  }

  /** Loads `node`'s children (and everything loaded below) again; see `reload`. */
  refresh(node?: TreeNode): void {
    void this.reload(node);
  }

  /**
   * Fetches every list loaded at or below `node` again (as many pages as were shown) and tells VS Code
   * only about the lists whose content changed: an unchanged tree is not rendered again. Whoever looks
   * meanwhile waits for the new lists. A changed list forgets the lists below it.
   */
  async reload(node?: TreeNode): Promise<void> {
    const keys = [...this.#loaded.keys()].filter(
      (key) => node === undefined || key === node.id || key.startsWith(`${node.id}/`),
    );
    if (keys.length === 0) {
      this.#fire(node);
      return;
    }
    const decisions = new Map<string, Promise<{ loaded: Loaded; changed: boolean }>>();
    for (const key of keys) {
      const previous = this.#loaded.get(key) as Promise<Loaded>;
      const decision = previous.then(async (old) => {
        const fresh = await this.#load(old.parent, old.pages);
        const changed = fingerprint(fresh) !== fingerprint(old);
        return { loaded: changed ? fresh : old, changed };
      });
      decisions.set(key, decision);
      this.#loaded.set(
        key,
        decision.then((decided) => decided.loaded),
      );
    }
    const changed: string[] = [];
    for (const key of [...keys].sort((a, b) => a.length - b.length)) {
      const decided = await (decisions.get(key) as Promise<{ loaded: Loaded; changed: boolean }>);
      if (changed.some((above) => above === '' || key.startsWith(`${above}/`))) {
        // its parent list changed: its nodes are new, so this list loads again when shown
        if (this.#loaded.get(key) !== undefined) this.#loaded.delete(key);
        continue;
      }
      if (!decided.changed) continue;
      changed.push(key);
      this.#fire(decided.loaded.parent);
    }
  }

  #fire(node: TreeNode | undefined): void {
    this.#changes += 1;
    this.#changed.fire(node);
  }

  /**
   * Loads again every loaded list holding a node `matches` picks, so the node itself is fetched anew (a
   * repository's counts live in its JSON, which only its list fetches). A list below another one refreshed
   * goes with it.
   */
  async refreshListsHolding(matches: (node: TreeNode) => boolean): Promise<void> {
    const parents = new Map<string, TreeNode | undefined>();
    for (const [key, loaded] of [...this.#loaded]) {
      const hit = (await loaded).nodes.find(matches);
      if (hit) parents.set(key, hit.parent);
    }
    const keys = [...parents.keys()];
    for (const [key, parent] of parents) {
      const below = keys.some((other) => other !== key && (other === '' || key.startsWith(`${other}/`)));
      if (!below) await this.reload(parent);
    }
  }

  async #load(parent: TreeNode | undefined, pages = 1): Promise<Loaded> {
    try {
      const source = await this.resolve(parent);
      if (source.kind === 'static') {
        return { source, parent, nodes: [...source.nodes], nextPage: undefined, pages: 1 };
      }
      const page = await source.fetch(1);
      const nodes =
        page.items.length === 0 && source.empty ? [messageNode(parent, source.empty)] : page.items;
      const loaded: Loaded = {
        source,
        parent,
        nodes,
        nextPage: page.hasNext ? page.nextPage : undefined,
        pages: 1,
      };
      while (loaded.pages < pages && loaded.nextPage !== undefined) await this.#loadNextPage(loaded);
      return loaded;
    } catch (error) {
      return {
        source: { kind: 'static', nodes: [] },
        parent,
        nodes: [this.#errorNode(parent, error)],
        nextPage: undefined,
        pages: 1,
      };
    }
  }

  #errorNode(parent: TreeNode | undefined, error: unknown): TreeNode {
    const { message, detail } = describeError(error);
    this.log.error(`tree: loading ${parent?.id ?? 'the root'} failed: ${detail}`);
    return {
      kind: 'message',
      id: childId(parent, '…error'),
      parent,
      text: message,
      severity: 'error',
      detail,
    };
  }
}

/** What a list shows, parents left out (they are the same objects, and make cycles). */
function fingerprint(loaded: Loaded): string {
  return JSON.stringify([loaded.nodes, loaded.nextPage], (key, value: unknown) =>
    key === 'parent' ? undefined : value,
  );
}

export function messageNode(parent: TreeNode | undefined, text: string): TreeNode {
  return { kind: 'message', id: childId(parent, '…message'), parent, text, severity: 'info' };
}
