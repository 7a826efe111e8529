import type { WebPage } from '../../webPage';

/** Answers with plain text (a `.diff` or `.patch`), never rendered as HTML by a browser. */
export function sendText(page: WebPage, text: string): void {
  const { res } = page;
  res.statusCode = 200;
  res.setHeader('Content-Type', 'text/plain; charset=utf-8');
  res.setHeader('X-Content-Type-Options', 'nosniff');
  res.setHeader('Content-Security-Policy', "default-src 'none'; sandbox");
  res.end(page.req.method === 'HEAD' ? undefined : text);
}
