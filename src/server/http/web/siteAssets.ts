import { createHash } from 'node:crypto';
import type { SiteRoute } from '../requestHandler';
import { siteStyles } from './siteStyles';

const stylesTag = `"${createHash('sha256').update(siteStyles).digest('base64url').slice(0, 22)}"`;

/** `/assets/teahouse.css`: the pages' stylesheet, revalidated by its ETag. */
export const siteAssetsRoute: SiteRoute = (req, res, path) => {
  if (path !== '/assets/teahouse.css' || (req.method !== 'GET' && req.method !== 'HEAD')) return false;
  res.setHeader('ETag', stylesTag);
  res.setHeader('Cache-Control', 'public, max-age=3600');
  res.setHeader('X-Content-Type-Options', 'nosniff');
  if (req.headers['if-none-match'] === stylesTag) {
    res.statusCode = 304;
    res.end();
    return true;
  }
  res.setHeader('Content-Type', 'text/css; charset=utf-8');
  res.setHeader('Content-Length', Buffer.byteLength(siteStyles));
  res.end(req.method === 'HEAD' ? undefined : siteStyles);
  return true;
};
