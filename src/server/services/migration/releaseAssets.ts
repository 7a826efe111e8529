import { randomUUID } from 'node:crypto';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { insertAttachment } from '../../store/attachments';
import { attachmentFile } from '../attachments';
import type { MigrationArea } from './area';
import { mapLimited } from '../../domain/mapLimited';
import { unixOf, type SourceAsset, type SourceRelease } from './sourceTypes';

/** One asset is read whole before it is written: a bound on what one migration may hold per file. */
const maxAssetBytes = 256 * 1024 * 1024;

interface LoadedAsset {
  readonly tag: string;
  readonly name: string;
  readonly created: number;
  readonly bytes: Buffer;
  readonly uploader: SourceRelease['author'];
}

const downloadable = (asset: SourceAsset): asset is SourceAsset & { browser_download_url: string } =>
  typeof asset.browser_download_url === 'string' && (asset.name ?? '') !== '';

/**
 * Release assets, after the releases they belong to: each file is downloaded from its
 * `browser_download_url` (as Gitea's migrator does), written under the data folder with the rows, and
 * removed again if the placing transaction fails.
 */
export const releaseAssetsArea: MigrationArea = {
  name: 'release assets',
  wanted: (flags) => flags.releases,
  async load(source) {
    const releases = await source.sharedList<SourceRelease>('/releases');
    const wanted = releases.flatMap((release) =>
      (release.assets ?? []).filter(downloadable).map((asset) => ({ release, asset })),
    );
    const assets: LoadedAsset[] = await mapLimited(wanted, 4, async ({ release, asset }) => ({
      tag: release.tag_name ?? '',
      name: asset.name!,
      created: unixOf(asset.created_at),
      bytes: await source.api.download(asset.browser_download_url, maxAssetBytes),
      uploader: release.author,
    }));
    const written: string[] = [];
    return {
      counts: { releaseAssets: assets.length },
      write(target) {
        for (const asset of assets) {
          const releaseId = target.releaseIds.get(asset.tag.toLowerCase());
          if (releaseId === undefined) continue;
          const uuid = randomUUID();
          const file = attachmentFile(target.dataDir, uuid);
          mkdirSync(path.dirname(file), { recursive: true });
          writeFileSync(file, asset.bytes, { flag: 'wx' });
          written.push(file);
          insertAttachment(target.db, {
            uuid,
            repo_id: target.repoId,
            release_id: releaseId,
            uploader_id: Math.max(0, target.authors.localId(asset.uploader) ?? 0),
            name: asset.name,
            size: asset.bytes.byteLength,
            created: asset.created || target.now,
          });
        }
      },
      discard() {
        for (const file of written.splice(0)) rmSync(file, { force: true });
      },
    };
  },
};
