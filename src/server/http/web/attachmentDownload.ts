import { createReadStream } from 'node:fs';
import type { ServerResponse } from 'node:http';
import { pipeline } from 'node:stream/promises';
import { contentDisposition } from '../../convert/contents';
import {
  attachmentDownloadByTag,
  attachmentDownloadByUuid,
  type AttachmentDownload,
} from '../../services/attachments';
import type { AppServices } from '../../services/appServices';
import { findRepositoryByName } from '../../store/repositories';
import type { SiteRoute } from '../requestHandler';
import { pageIdentity } from './session/pageIdentity';
import { readVisitor } from './session/visitor';

const decode = (segment: string): string | undefined => {
  try {
    return decodeURIComponent(segment);
  } catch {
    return undefined;
  }
};

async function serve(res: ServerResponse, download: AttachmentDownload, head: boolean): Promise<void> {
  const { attachment, file } = download;
  res.setHeader('Content-Type', 'application/octet-stream');
  res.setHeader('Content-Length', String(attachment.size));
  res.setHeader('Content-Disposition', contentDisposition('attachment', attachment.name));
  res.setHeader('X-Content-Type-Options', 'nosniff');
  res.setHeader('Cache-Control', 'private, max-age=300');
  if (head) {
    res.end();
    return;
  }
  // Opened before the status goes out, so a missing file is still an error answer, not a cut stream.
  const stream = createReadStream(file);
  await new Promise<void>((resolve, reject) => {
    stream.once('open', () => resolve());
    stream.once('error', reject);
  });
  res.statusCode = 200;
  await pipeline(stream, res);
}

/**
 * Release attachment downloads at Gitea's web paths, which `browser_download_url` names:
 * `/attachments/{uuid}` and `/{owner}/{repo}/releases/download/{tag}/{name}` (a tag may hold slashes).
 * The caller's credentials decide as for the API: readers of the repository's releases, drafts to writers,
 * anything else 404. Each GET counts a download.
 */
export function attachmentDownloadRoute(app: AppServices): SiteRoute {
  const services = { db: app.db, dataDir: app.dataDir };
  return async (req, res, path) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return false;
    const segments = path.split('/').slice(1);
    const byUuid = segments.length === 2 && segments[0] === 'attachments';
    const byTag = segments.length >= 6 && segments[2] === 'releases' && segments[3] === 'download' && !byUuid;
    if (!byUuid && !byTag) return false;
    const decoded = segments.map(decode);
    if (decoded.some((segment) => segment === undefined || segment === '')) return false;
    const parts = decoded as string[];
    const rawUrl = req.url ?? '';
    const query = new URLSearchParams(rawUrl.includes('?') ? rawUrl.slice(rawUrl.indexOf('?') + 1) : '');
    // a browser signed in on the pages downloads a private release's files too
    const identity = await pageIdentity(app, req, query, readVisitor(app, req));
    const head = req.method === 'HEAD';
    const download = byUuid
      ? attachmentDownloadByUuid(services, identity.user, parts[1]!, !head)
      : attachmentDownloadByTag(
          services,
          identity.user,
          findRepositoryByName(app.db, parts[0]!, parts[1]!),
          parts.slice(4, -1).join('/'),
          parts.at(-1)!,
          !head,
        );
    await serve(res, download, head);
    return true;
  };
}
