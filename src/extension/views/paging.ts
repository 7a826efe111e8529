import type { Page } from '../../api/client';
import type { TreeNode } from './nodes';
import type { ChildSource } from './treeModel';

/** Tree pages: Gitea's default page size, so one request fills a screen. */
export const treePageSize = 30;

/** A paged source from a page fetcher and a mapping of each item to its node. */
export function pagedSource<Item>(
  fetch: (page: number, limit: number) => Promise<Page<Item>>,
  toNode: (item: Item) => TreeNode,
  empty?: string,
): ChildSource {
  return {
    kind: 'paged',
    empty,
    fetch: async (page) => {
      const result = await fetch(page, treePageSize);
      return { ...result, items: result.items.map(toNode) };
    },
  };
}

export function staticSource(nodes: readonly TreeNode[]): ChildSource {
  return { kind: 'static', nodes };
}
