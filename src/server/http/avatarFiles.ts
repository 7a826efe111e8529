import { readFile } from 'node:fs/promises';
import { avatarContentTypes, readImageHeader } from '../services/avatarImage';
import { avatarFile, avatarHashPattern, type AvatarFolder } from '../services/avatars';
import type { SiteRoute } from './requestHandler';

/**
 * `/avatars/<hash>` and `/repo-avatars/<hash>` with a 64-digit hash: an uploaded avatar from the data
 * folder (the 32-digit `/avatars/<md5>` are the generated ones, siteRoutes.ts). The hash changes with the
 * image, so the answer may be cached for long.
 */
export function uploadedAvatarRoute(dataDir: string): SiteRoute {
  return async (req, res, path) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return false;
    const match = /^\/(avatars|repo-avatars)\/([^/]+)$/.exec(path);
    if (!match || !avatarHashPattern.test(match[2]!)) return false;
    let data: Buffer;
    try {
      data = await readFile(avatarFile(dataDir, match[1] as AvatarFolder, match[2]!));
    } catch {
      return false; // no such avatar: the site's own 404
    }
    const header = readImageHeader(data);
    res.setHeader('Content-Type', header ? avatarContentTypes[header.type] : 'application/octet-stream');
    res.setHeader('Content-Length', String(data.length));
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.setHeader('Cache-Control', 'public, max-age=86400');
    res.end(req.method === 'HEAD' ? undefined : data);
    return true;
  };
}
