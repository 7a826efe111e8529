import type { ServerResponse } from 'node:http';
import type { JSX } from 'hono/jsx/jsx-runtime';

/**
 * The pages' CSP: styles and images from this server only (images also as data: URLs for inline SVG
 * avatars), no script but the Swagger UI's own files, forms posting only here, never framed.
 */
export const pageCsp =
  "default-src 'none'; style-src 'self'; img-src 'self' data:; font-src 'self'; " +
  "form-action 'self'; base-uri 'none'; frame-ancestors 'none'";

/** Headers every HTML answer carries, whatever wrote it. */
export function setPageHeaders(res: ServerResponse, csp: string = pageCsp): void {
  res.setHeader('Content-Type', 'text/html; charset=utf-8');
  res.setHeader('Content-Security-Policy', csp);
  res.setHeader('X-Content-Type-Options', 'nosniff');
  res.setHeader('X-Frame-Options', 'DENY');
  res.setHeader('Referrer-Policy', 'same-origin');
  res.setHeader('Cache-Control', 'private, no-cache');
}

/** Renders a document (hono/jsx escapes every text and attribute) and sends it. */
export async function sendDocument(
  res: ServerResponse,
  status: number,
  document: JSX.Element,
): Promise<void> {
  // a tree with async components renders to a promise of the string (hono/jsx), a plain one to the string
  const rendered: string | Promise<string> = document.toString();
  const html = `<!doctype html>\n${await rendered}\n`;
  res.statusCode = status;
  setPageHeaders(res);
  res.setHeader('Content-Length', Buffer.byteLength(html));
  res.end(res.req.method === 'HEAD' ? undefined : html);
}
