import type { ServerCapabilities } from '../../api/capabilities';
import type { Page } from '../../api/client';
import { operationNamed, type OperationId } from '../../api/operations';
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

/** How a server pages one list: page and limit, by page at its own size (Gitea before 1.12), or not at all. */
export type ListPaging = 'full' | 'pageOnly' | 'none';

export function listPaging(capabilities: ServerCapabilities, operationId: OperationId): ListPaging {
  const operation = operationNamed(operationId);
  if (capabilities.has(operation, ['page', 'limit'])) return 'full';
  return capabilities.has(operation, ['page']) ? 'pageOnly' : 'none';
}

/**
 * A paged source that asks a list only as the server can page it: a server that ignores `limit` gets
 * `page` alone, and is walked until an empty page; one that ignores both is asked once for the whole list
 * (asking it for page 2 would answer page 1 again, shown twice).
 */
export function serverPagedSource<Item>(
  paging: ListPaging,
  fetch: (paging: { page?: number; limit?: number }) => Promise<Page<Item>>,
  toNode: (item: Item) => TreeNode,
  empty?: string,
): ChildSource {
  if (paging === 'full') return pagedSource((page, limit) => fetch({ page, limit }), toNode, empty);
  return {
    kind: 'paged',
    empty,
    fetch: async (page) => {
      const result = await fetch(paging === 'pageOnly' ? { page } : {});
      const hasNext = paging === 'pageOnly' && result.items.length > 0;
      return {
        ...result,
        items: result.items.map(toNode),
        hasNext,
        nextPage: hasNext ? page + 1 : undefined,
      };
    },
  };
}
