import { migrations } from '../../store/migrations';
import { teahouseVersion } from '../../version';
import { CliError } from '../cliCommand';

/** A git repository in the archive, at `path` below the data folder. */
export interface DumpRepository {
  readonly owner: string;
  readonly name: string;
  readonly path: string;
}

/** The archive's first entry: what it holds and what wrote it. */
export interface DumpManifest {
  readonly format: 'teahouse-dump';
  readonly formatVersion: 1;
  readonly teahouseVersion: string;
  /** The database's applied schema migrations (`schema_migration`). */
  readonly schemaVersions: readonly number[];
  /** When the database snapshot was taken (ISO 8601). */
  readonly created: string;
  /** Rows per table in the snapshot. */
  readonly counts: Readonly<Record<string, number>>;
  /** Repositories archived under `repositories/<owner>/<name>.git/`, as the snapshot's rows name them. */
  readonly repositories: readonly DumpRepository[];
  /** Wikis archived under `repositories/<owner>/<name>.wiki.git/` (absent from archives before them). */
  readonly wikis?: readonly DumpRepository[];
  /** Workspace repositories hosted in place (outside the data folder): rows kept, git folders not archived. */
  readonly skippedWorkspaceRepositories: readonly {
    readonly owner: string;
    readonly name: string;
    readonly gitPath: string;
  }[];
  /** Release assets archived under `attachments/<uuid>`. */
  readonly attachments: readonly string[];
  /** Uploaded avatars, `avatars/<hash>` and `repo-avatars/<hash>` (absent from archives before them). */
  readonly avatars?: readonly string[];
}

/** The archive's last entry: proof it is complete, and what went missing while it was written. */
export interface DumpEnd {
  readonly finished: string;
  /** Repositories of the manifest whose folder was gone by the time it was copied (deleted meanwhile). */
  readonly missingRepositories: readonly string[];
  /** Assets of the manifest whose file was gone (their release deleted meanwhile). */
  readonly missingAttachments: readonly string[];
  /** Avatars of the manifest whose file was gone (replaced or deleted meanwhile). */
  readonly missingAvatars?: readonly string[];
}

/** An avatar's path in the archive and the data folder: its folder and its 64-digit hash. */
export const avatarEntry = /^(avatars|repo-avatars)\/[0-9a-f]{64}$/;

/** `repositories/<owner>/<name>.git`: plain segments, no dot segments. */
const repositoryPath = /^repositories\/(?!\.\.?\/)[^/\\]+\/(?!\.\.?\.git$)[^/\\]+\.git$/;

export const manifestEntry = 'manifest.json';
export const endEntry = 'end.json';
export const databaseEntry = 'teahouse.db';

/** The migration versions of `schemaVersions` this release does not know (a newer Teahouse wrote them). */
export function unknownSchemaVersions(schemaVersions: readonly number[]): number[] {
  const known = new Set(migrations.map((m) => m.version));
  return schemaVersions.filter((v) => !known.has(v));
}

/** The manifest of an archive, checked: a Teahouse dump this release can restore. */
export function parseManifest(text: string): DumpManifest {
  let manifest: Partial<DumpManifest>;
  try {
    manifest = JSON.parse(text) as Partial<DumpManifest>;
  } catch {
    throw new CliError('the archive has an unreadable manifest.json; it is not a Teahouse dump');
  }
  if (manifest.format !== 'teahouse-dump' || !Array.isArray(manifest.schemaVersions)) {
    throw new CliError('the archive manifest is not a Teahouse dump manifest');
  }
  if (manifest.formatVersion !== 1) {
    throw new CliError(
      `the archive has dump format ${String(manifest.formatVersion)}, which Teahouse ${teahouseVersion} cannot read; upgrade Teahouse`,
    );
  }
  const unknown = unknownSchemaVersions(manifest.schemaVersions);
  if (unknown.length > 0) {
    const newestKnown = Math.max(...migrations.map((m) => m.version));
    throw new CliError(
      `the archive was written by Teahouse ${String(manifest.teahouseVersion)}, whose database has schema ` +
        `versions ${unknown.join(', ')} that this release (Teahouse ${teahouseVersion}, versions up to ` +
        `${newestKnown}) does not know. Restore it with that Teahouse or a newer one; nothing was written.`,
    );
  }
  if (
    !Array.isArray(manifest.repositories) ||
    !Array.isArray(manifest.attachments) ||
    !Array.isArray(manifest.skippedWorkspaceRepositories)
  ) {
    throw new CliError('the archive manifest lists no repositories or attachments');
  }
  // The paths the manifest announces are where restore writes (and what it runs git fsck on).
  const wikis: unknown = manifest.wikis ?? [];
  if (!Array.isArray(wikis)) throw new CliError('the archive manifest lists its wikis wrongly');
  const badRepo = [...manifest.repositories, ...(wikis as DumpRepository[])].find(
    (r) => typeof r.path !== 'string' || !repositoryPath.test(r.path) || r.path.includes('/../'),
  );
  if (badRepo) throw new CliError(`the archive manifest names an unsafe repository path ("${badRepo.path}")`);
  const badAsset = manifest.attachments.find((uuid) => !/^[0-9a-zA-Z-]+$/.test(uuid));
  if (badAsset !== undefined)
    throw new CliError(`the archive manifest names an unsafe asset ("${badAsset}")`);
  const avatars: unknown = manifest.avatars ?? [];
  if (
    !Array.isArray(avatars) ||
    avatars.some((entry) => typeof entry !== 'string' || !avatarEntry.test(entry))
  )
    throw new CliError('the archive manifest names an unsafe avatar');
  return manifest as DumpManifest;
}

/** Every git repository an archive holds: the repositories, then the wikis (older archives have none). */
export const archivedRepositories = (manifest: DumpManifest): DumpRepository[] => [
  ...manifest.repositories,
  ...(manifest.wikis ?? []),
];
