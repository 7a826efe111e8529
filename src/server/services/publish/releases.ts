import { readFile } from 'node:fs/promises';
import { sourceAssets, sourceReleases, type SourceAsset } from '../../store/publishSource';
import { attachmentFile } from '../attachments';
import { deleteGone, LedgerKind, syncItem, type PublishRun } from './run';
import { credited, fingerprint } from './text';

interface RemoteRelease {
  readonly id: number;
}

/** Releases with their assets (after the push, so their tags are there). */
export async function publishReleases(run: PublishRun): Promise<void> {
  const releases = sourceReleases(run.db, run.localRepo.id);
  const assets = sourceAssets(run.db, run.localRepo.id);
  const ledger = new LedgerKind(run.db, run.targetId, 'release');
  const assetLedger = new LedgerKind(run.db, run.targetId, 'asset');
  const path = `${run.remotePath}/releases`;
  let done = 0;
  for (const release of releases) {
    const body = async () => {
      await run.hasAccount(release.author);
      return {
        tag_name: release.tag_name,
        target_commitish: release.target,
        name: release.title,
        body: credited(release.note, release.author, release.created, run.names),
        draft: release.is_draft,
        prerelease: release.is_prerelease,
      };
    };
    const print = fingerprint([
      release.tag_name,
      release.target,
      release.title,
      release.note,
      release.author,
      release.is_draft,
      release.is_prerelease,
    ]);
    const remoteId = await syncItem(
      run,
      ledger,
      release.id,
      print,
      async () => {
        // a release of that tag may be there already (the target was not empty): adopt it
        const existing = run.summary.repositoryCreated
          ? undefined
          : await run.api.find<RemoteRelease>(`${path}/tags/${encodeURIComponent(release.tag_name)}`);
        if (existing) {
          await run.api.call('PATCH', `${path}/${existing.id}`, await body());
          return existing.id;
        }
        return (await run.api.call<RemoteRelease>('POST', path, await body())).id;
      },
      async (id) => {
        await run.api.call('PATCH', `${path}/${id}`, await body());
      },
    );
    for (const asset of assets.filter((a) => a.release_id === release.id)) {
      await publishAsset(run, assetLedger, path, remoteId, asset);
    }
    run.progress('releases', ++done, releases.length);
  }
  await deleteGone(
    run,
    assetLedger,
    new Set(assets.map((a) => a.id)),
    (id, release) => `${path}/${release}/assets/${id}`,
  );
  await deleteGone(run, ledger, new Set(releases.map((r) => r.id)), (id) => `${path}/${id}`);
}

async function publishAsset(
  run: PublishRun,
  ledger: LedgerKind,
  releasesPath: string,
  releaseId: number,
  asset: SourceAsset,
): Promise<void> {
  const path = `${releasesPath}/${releaseId}/assets`;
  await syncItem(
    run,
    ledger,
    asset.id,
    fingerprint([asset.uuid, asset.name, asset.size]),
    async () => {
      const file = await readFile(attachmentFile(run.dataDir, asset.uuid));
      return (await run.api.uploadAsset<{ id: number }>(path, asset.name, file)).id;
    },
    async (id) => {
      // the same file under a new name: only the name changes
      await run.api.call('PATCH', `${path}/${id}`, { name: asset.name });
    },
    releaseId,
  );
}
