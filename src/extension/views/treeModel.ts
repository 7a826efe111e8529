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
  nodes: TreeNode[];
  nextPage: number | undefined;
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

  /** Whether this model produced `node` (so a command knows which view a node came from). */
  owns(node: TreeNode): boolean {
    return this.#owned.has(node);
  }

  /** Appends the next page of `parent`'s children. */
  async loadMore(parent: TreeNode | undefined): Promise<void> {
    const loaded = await this.#loaded.get(parent?.id ?? '');
    if (!loaded || loaded.source.kind !== 'paged' || loaded.nextPage === undefined) return;
    try {
      const page = await loaded.source.fetch(loaded.nextPage);
      const known = new Set(loaded.nodes.map((node) => node.id));
      // a list that shifted between pages could repeat an item: ids must stay unique
      loaded.nodes.push(...page.items.filter((node) => !known.has(node.id)));
      loaded.nextPage = page.hasNext ? page.nextPage : undefined;
    } catch (error) {
      loaded.nextPage = undefined;
      loaded.nodes.push(this.#errorNode(parent, error));
    }
    this.#changed.fire(parent);
  }

  /** Forgets `node`'s children (and everything below) so the next look fetches them again. */
  refresh(node?: TreeNode): void {
    if (node === undefined) this.#loaded.clear();
    else {
      for (const key of [...this.#loaded.keys()]) {
        if (key === node.id || key.startsWith(`${node.id}/`)) this.#loaded.delete(key);
      }
    }
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
      if (!below) this.refresh(parent);
    }
  }

  async #load(parent: TreeNode | undefined): Promise<Loaded> {
    try {
      const source = await this.resolve(parent);
      if (source.kind === 'static') return { source, nodes: [...source.nodes], nextPage: undefined };
      const page = await source.fetch(1);
      const nodes =
        page.items.length === 0 && source.empty ? [messageNode(parent, source.empty)] : page.items;
      return { source, nodes, nextPage: page.hasNext ? page.nextPage : undefined };
    } catch (error) {
      return {
        source: { kind: 'static', nodes: [] },
        nodes: [this.#errorNode(parent, error)],
        nextPage: undefined,
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

export function messageNode(parent: TreeNode | undefined, text: string): TreeNode {
  return { kind: 'message', id: childId(parent, '…message'), parent, text, severity: 'info' };
}
