import type { BrowserContext, Page } from 'playwright-core';

/** One answer the crawler got. */
export interface Visit {
  readonly url: string;
  readonly status: number;
  readonly contentType: string;
  readonly csp: string | undefined;
  /** The page that linked here (the start has none). */
  readonly from: string | undefined;
}

export interface CrawlOptions {
  readonly start: string;
  readonly limit: number;
  /** Called on every HTML page after it loaded in the browser (XSS checks, screenshots). */
  readonly onPage?: (page: Page, visit: Visit) => Promise<void>;
  /** Links not to follow. */
  readonly skip?: (url: URL) => boolean;
}

/** A link's identity for the crawl: no fragment; every sign-in link (its redirect_to differs) counts once. */
function crawlKey(url: URL): string {
  const copy = new URL(url);
  copy.hash = '';
  if (copy.pathname.endsWith('/user/login')) copy.search = '';
  return copy.href;
}

/**
 * Breadth-first from `start` over every same-site `<a href>` (bounded by `limit`): each URL is fetched
 * with the context's cookies (status and headers, also for downloads) and HTML answers are loaded in the
 * browser, whose links are followed. Forms are never submitted (so a signed-in crawl stays signed in).
 */
export async function crawl(context: BrowserContext, page: Page, options: CrawlOptions): Promise<Visit[]> {
  const origin = new URL(options.start).origin;
  const queue: { url: string; from: string | undefined }[] = [{ url: options.start, from: undefined }];
  const seen = new Set([crawlKey(new URL(options.start))]);
  const visits: Visit[] = [];
  while (queue.length > 0 && visits.length < options.limit) {
    const { url, from } = queue.shift()!;
    const answer = await context.request.get(url, { maxRedirects: 0, failOnStatusCode: false });
    const headers = answer.headers();
    const visit: Visit = {
      url,
      status: answer.status(),
      contentType: headers['content-type'] ?? '',
      csp: headers['content-security-policy'],
      from,
    };
    visits.push(visit);
    await answer.dispose();
    if (!visit.contentType.startsWith('text/html') || visit.status >= 300) continue;
    await page.goto(url);
    await options.onPage?.(page, visit);
    const hrefs = await page
      .locator('a[href]')
      .evaluateAll((anchors) => anchors.map((anchor) => anchor.getAttribute('href') ?? ''));
    for (const href of hrefs) {
      let target: URL;
      try {
        target = new URL(href, page.url());
      } catch {
        continue;
      }
      if (target.origin !== origin) continue;
      // the API is not a page and never takes the browser's session (its own tests cover it)
      if (target.pathname.startsWith('/api/v1/')) continue;
      if (options.skip?.(target)) continue;
      const key = crawlKey(target);
      if (seen.has(key)) continue;
      seen.add(key);
      target.hash = '';
      queue.push({ url: target.href, from: url });
    }
  }
  return visits;
}
