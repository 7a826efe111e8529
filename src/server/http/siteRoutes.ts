import { createHash } from 'node:crypto';
import type { OperationSpec } from '../../api/operationSpec';
import type { SiteRoute } from './requestHandler';
import { sendJson } from './respond';
import { buildSwagger } from './swagger';

/** `/swagger.v1.json` (where Gitea serves it) and `/api/swagger.v1.json`: the catalogue as Swagger 2.0. */
export function swaggerRoute(
  operations: readonly OperationSpec[],
  version: string,
  rootUrl: string,
): SiteRoute {
  let document: unknown;
  return (req, res, path) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return false;
    if (path === '/swagger.v1.json' || path === '/api/swagger.v1.json') {
      document ??= buildSwagger(operations, version, rootUrl);
      sendJson(res, 200, document);
      return true;
    }
    return false;
  };
}

/** `/avatars/<hash>`: a generated square in a colour taken from the hash, for accounts without an avatar. */
export const avatarRoute: SiteRoute = (req, res, path) => {
  const match = /^\/avatars\/([0-9a-f]{32})$/.exec(path);
  if (!match || (req.method !== 'GET' && req.method !== 'HEAD')) return false;
  const hue = parseInt(createHash('sha256').update(match[1]!).digest('hex').slice(0, 4), 16) % 360;
  res.setHeader('Content-Type', 'image/svg+xml');
  res.setHeader('Cache-Control', 'public, max-age=86400');
  res.end(
    `<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64"><rect width="64" height="64" fill="hsl(${hue},55%,55%)"/></svg>\n`,
  );
  return true;
};

/** `/api/teahouse/v1/version`: Teahouse's own version, which `/version` carries only as build metadata. */
export function teahouseVersionRoute(version: string): SiteRoute {
  return (req, res, path) => {
    if (path !== '/api/teahouse/v1/version' || (req.method !== 'GET' && req.method !== 'HEAD')) return false;
    sendJson(res, 200, { version });
    return true;
  };
}
