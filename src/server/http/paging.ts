import type { ServerResponse } from 'node:http';
import { defaultPageSize, maxPageSize, type Paging } from '../domain/paging';

export type { Paging };

// Pages past this would make an offset SQLite cannot take as an integer; no list is that long.
const maxPage = Math.floor(Number.MAX_SAFE_INTEGER / maxPageSize);

function integerOr(value: string | null, fallback: number): number {
  if (value === null || !/^\s*-?\d+\s*$/.test(value)) return fallback;
  const parsed = Number.parseInt(value, 10);
  // Gitea's Atoi fails on overflow and the page falls back to its default; so does ours.
  return Number.isSafeInteger(parsed) ? parsed : fallback;
}

/** Gitea's paging: page < 1 → 1; limit <= 0 → 30; limit > 50 → 50. Nonsense is treated like absent. */
export function parsePaging(query: URLSearchParams): Paging {
  const page = Math.min(maxPage, Math.max(1, integerOr(query.get('page'), 1)));
  const asked = integerOr(query.get('limit'), 0);
  const limit = asked <= 0 ? defaultPageSize : Math.min(asked, maxPageSize);
  return { page, limit, offset: (page - 1) * limit };
}

/** Query parameters never echoed back in Link URLs: they carry credentials. */
const secretParams = ['token', 'access_token'];

/**
 * `X-Total-Count` and Gitea's `Link` header (next, last, first, prev; other query parameters kept),
 * both exposed to browsers through `Access-Control-Expose-Headers`.
 */
export function setPagingHeaders(res: ServerResponse, pageUrl: URL, total: number, paging: Paging): void {
  res.setHeader('X-Total-Count', String(total));
  res.setHeader('Access-Control-Expose-Headers', 'Link, X-Total-Count');
  const lastPage = Math.max(1, Math.ceil(total / paging.limit));
  const link = (page: number, rel: string): string => {
    const url = new URL(pageUrl);
    for (const name of secretParams) url.searchParams.delete(name);
    url.searchParams.set('page', String(page));
    url.searchParams.set('limit', String(paging.limit));
    return `<${url.href}>; rel="${rel}"`;
  };
  const links: string[] = [];
  if (paging.page < lastPage) links.push(link(paging.page + 1, 'next'), link(lastPage, 'last'));
  if (paging.page > 1) links.push(link(1, 'first'), link(Math.min(paging.page - 1, lastPage), 'prev'));
  if (links.length > 0) res.setHeader('Link', links.join(','));
}
