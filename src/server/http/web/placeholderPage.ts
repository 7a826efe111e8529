import type { ServerResponse } from 'node:http';

const htmlEscapes: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

export const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (c) => htmlEscapes[c]!);

/** Nothing loads, runs, frames or submits: the page is text and one link. */
export const placeholderCsp =
  "default-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

export interface PlaceholderPage {
  /** What the object is: "Issue", "Repository", … */
  readonly kind: string;
  readonly title: string;
  /** The object's API form (absolute URL). */
  readonly apiUrl: string;
}

/**
 * Answers the stand-in for an object's web page until real pages exist: its title and a link to its API
 * form, every text escaped, under a CSP that allows nothing.
 */
export function sendPlaceholderPage(res: ServerResponse, page: PlaceholderPage): void {
  const title = escapeHtml(page.title || page.kind);
  const kind = escapeHtml(page.kind);
  const apiUrl = escapeHtml(page.apiUrl);
  const html =
    `<!doctype html>\n<html lang="en">\n<meta charset="utf-8">\n<title>${title} · Teahouse</title>\n` +
    `<h1>${title}</h1>\n<p>${kind} · <a href="${apiUrl}">${apiUrl}</a></p>\n` +
    `<p>Teahouse has no web pages yet; the link above is this object's API form.</p>\n</html>\n`;
  res.statusCode = 200;
  res.setHeader('Content-Type', 'text/html; charset=utf-8');
  res.setHeader('Content-Security-Policy', placeholderCsp);
  res.setHeader('X-Content-Type-Options', 'nosniff');
  res.setHeader('Referrer-Policy', 'no-referrer');
  res.setHeader('Cache-Control', 'private, no-cache');
  res.setHeader('Content-Length', Buffer.byteLength(html));
  res.end(html);
}
