import { createHash } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import type { SiteRoute } from '../../requestHandler';
import { setPageHeaders } from '../htmlResponse';
import { swaggerUiAsset, swaggerUiAssets } from './swaggerUiFiles';
import { swaggerUiInit } from './swaggerUiInit';

/** The Swagger UI page's CSP: its scripts and styles from this server only, the description fetched here. */
export const swaggerUiCsp =
  "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; font-src 'self'; " +
  "connect-src 'self'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'";

const initName = 'teahouse-init.js';

function SwaggerUiPage({ base, specUrl }: { readonly base: string; readonly specUrl: string }) {
  return (
    <html lang="en">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>Teahouse API</title>
        <link rel="stylesheet" href={`${base}/swagger-ui.css`} />
        <link rel="icon" type="image/png" href={`${base}/favicon-32x32.png`} />
      </head>
      <body>
        <div id="swagger-ui" data-url={specUrl}>
          <noscript>
            The API description: <a href={specUrl}>swagger.v1.json</a>
          </noscript>
        </div>
        <script src={`${base}/swagger-ui-bundle.js`}></script>
        <script src={`${base}/${initName}`}></script>
      </body>
    </html>
  );
}

function sendAsset(
  res: ServerResponse,
  method: string,
  type: string,
  bytes: Buffer | string,
  etag: string,
  ifNoneMatch?: string,
) {
  res.setHeader('ETag', etag);
  res.setHeader('Cache-Control', 'public, max-age=86400');
  res.setHeader('X-Content-Type-Options', 'nosniff');
  if (ifNoneMatch === etag) {
    res.statusCode = 304;
    res.end();
    return;
  }
  res.setHeader('Content-Type', type);
  res.setHeader('Content-Length', Buffer.byteLength(bytes));
  res.end(method === 'HEAD' ? undefined : bytes);
}

const tagOf = (bytes: Buffer | string): string =>
  `"${createHash('sha256').update(bytes).digest('base64url').slice(0, 22)}"`;

/**
 * `/api/swagger`: the Swagger UI (the `swagger-ui-dist` package, served from this server, no CDN) showing
 * `/swagger.v1.json`. Error bodies' `url` points here, as Gitea's do.
 */
export function swaggerUiRoute(rootUrl: string): SiteRoute {
  const rootPath = new URL(rootUrl).pathname.replace(/\/$/, '');
  const base = `${rootPath}/api/swagger`;
  const tags = new Map<string, string>();
  return async (req, res, path) => {
    const method = req.method ?? 'GET';
    if (method !== 'GET' && method !== 'HEAD') return false;
    if (path === '/api/swagger' || path === '/api/swagger/') {
      const html = `<!doctype html>\n${await (<SwaggerUiPage base={base} specUrl={`${rootPath}/swagger.v1.json`} />).toString()}\n`;
      setPageHeaders(res, swaggerUiCsp);
      res.setHeader('Content-Length', Buffer.byteLength(html));
      res.end(method === 'HEAD' ? undefined : html);
      return true;
    }
    if (!path.startsWith('/api/swagger/')) return false;
    const name = path.slice('/api/swagger/'.length);
    const ifNoneMatch = req.headers['if-none-match'];
    if (name === initName) {
      sendAsset(
        res,
        method,
        'text/javascript; charset=utf-8',
        swaggerUiInit,
        tagOf(swaggerUiInit),
        ifNoneMatch,
      );
      return true;
    }
    const bytes = swaggerUiAsset(name);
    if (!bytes) return false;
    let tag = tags.get(name);
    if (!tag) tags.set(name, (tag = tagOf(bytes)));
    sendAsset(res, method, swaggerUiAssets[name]!, bytes, tag, ifNoneMatch);
    return true;
  };
}
