import { headerValue, type ResponseHeaders } from './responseHeaders';

/** One page of a list, with what the server said about the rest. */
export interface Page<Item> {
  readonly items: Item[];
  readonly page: number;
  /** The page size asked for; `undefined` when the server's default was used. */
  readonly limit: number | undefined;
  /** From `X-Total-Count`, which Gitea 1.3 sends only on repository search. */
  readonly totalCount: number | undefined;
  readonly hasNext: boolean;
  readonly nextPage: number | undefined;
  readonly lastPage: number | undefined;
}

/** The pages a caller may walk through before `paginate` stops: a guard, not a limit anyone should reach. */
export const defaultMaxPages = 1000;

/** `<https://h/api/v1/x?page=2>; rel="next",<…?page=5>; rel="last"` → rel → URL text. */
export function parseLinkHeader(value: string | undefined): Map<string, string> {
  const links = new Map<string, string>();
  if (value === undefined) return links;
  // each link is `<url>` then `;`-separated parameters; commas inside the URL's query stay in `<…>`
  for (const match of value.matchAll(/<([^>]*)>([^<]*)/g)) {
    const [, href = '', parameters = ''] = match;
    const rel = /(?:^|;)\s*rel\s*=\s*"?([^";,]+)"?/i.exec(parameters)?.[1];
    for (const name of rel?.trim().split(/\s+/) ?? []) {
      if (!links.has(name.toLowerCase())) links.set(name.toLowerCase(), href);
    }
  }
  return links;
}

function pageNumberIn(href: string | undefined): number | undefined {
  if (href === undefined) return undefined;
  const page = Number(new URL(href, 'http://link.invalid').searchParams.get('page') ?? Number.NaN);
  return Number.isInteger(page) && page > 0 ? page : undefined;
}

export function toPage<Item>(
  items: Item[],
  headers: ResponseHeaders,
  requested: { readonly page: number; readonly limit: number | undefined },
): Page<Item> {
  const linkHeader = headerValue(headers, 'link');
  const links = parseLinkHeader(linkHeader);
  const total = Number(headerValue(headers, 'x-total-count') ?? Number.NaN);
  const totalCount = Number.isInteger(total) && total >= 0 ? total : undefined;
  const nextPage = pageNumberIn(links.get('next'));
  const { page, limit } = requested;
  let hasNext: boolean;
  if (linkHeader !== undefined) {
    // Gitea sends `Link` on every paged list: no rel="next" means this is the last page
    hasNext = links.has('next');
  } else if (totalCount !== undefined && limit !== undefined) {
    hasNext = page * limit < totalCount;
  } else {
    hasNext = limit !== undefined && items.length >= limit && items.length > 0;
  }
  return {
    items,
    page,
    limit,
    totalCount,
    hasNext,
    nextPage: hasNext ? (nextPage ?? page + 1) : undefined,
    lastPage: pageNumberIn(links.get('last')),
  };
}

/**
 * Walks the pages from `firstPage`, yielding their items in order. Stops at the last page, at an
 * empty page, when a page repeats the one before (a server that ignores `page` would otherwise loop
 * forever), or after `maxPages`.
 */
export async function* walkPages<Item>(
  fetchPage: (page: number) => Promise<Page<Item>>,
  firstPage: number,
  maxPages: number = defaultMaxPages,
): AsyncGenerator<Item, void, undefined> {
  let pageNumber = firstPage;
  let previous: string | undefined;
  for (let fetched = 0; fetched < maxPages; fetched += 1) {
    const page = await fetchPage(pageNumber);
    if (page.items.length === 0) return;
    const fingerprint = JSON.stringify(page.items);
    if (fingerprint === previous) return;
    previous = fingerprint;
    yield* page.items;
    if (page.nextPage === undefined || page.nextPage <= pageNumber) return;
    pageNumber = page.nextPage;
  }
}
